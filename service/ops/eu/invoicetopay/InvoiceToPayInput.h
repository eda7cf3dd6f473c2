#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades::eu {

// The arguments of both invoice-to-pay operations (docs/interface.md §2.3), read once: which of the two
// document fields was given and its bytes, the buyer's expectations normalised, and the input fingerprint.
// Pure and synchronous.
struct InvoiceToPayInput
{
    QString documentField; // "invoice_xml" or "document_base64": the field errors about the document name
    QByteArray document; // the XML as UTF-8, or the decoded bytes of document_base64
    QString filename;
    QString buyerCountry; // upper case
    QString expectedAmountText; // as given
    QString expectedCurrency; // upper case
    QString trustedPayeeIban; // electronic form (no spaces, upper case)
    QString expectedSupplierVat; // upper case, no spaces; empty: not given
    QString expectedSupplierName;
    QString expectedBuyerVat;
    QString purchaseOrderReference;
    QString supplyType; // a type of eu.vat.rules ("service" by default)
    bool b2b = true;
    // "sha256:" + hex: the same for the same request on every channel (docs/invoice-to-pay.md,
    // "Fingerprint").
    QString fingerprint;

    // Exactly one of invoice_xml and document_base64, an empty value counting as absent (the MCP defaults):
    // 400 naming the field otherwise. The free check's Operation::check: what else is wrong with the
    // document it reports as issues.
    static std::optional<ServiceError> documentChoiceProblem(const QJsonObject &arguments);
    // The choice, and the chosen document a readable invoice (InvoiceExamination::unreadable): 400 naming
    // the field otherwise.
    static std::optional<ServiceError> documentProblem(const QJsonObject &arguments);
    // The paid operation's input check, before any payment is asked for: the document as above, then (422,
    // naming the field) an expected amount that is no plain decimal, a trusted IBAN that fails ISO 13616, a
    // supply type the VAT rules do not know.
    static std::optional<ServiceError> paidInputProblem(const QJsonObject &arguments);
    // What is wrong with the expected amount ("1234.56": digits, optionally '.' and 1 to 4 digits), or empty.
    static QString amountProblem(const QString &amount);

    // The arguments as this struct; 400 invalid_base64 naming document_base64 when it does not decode.
    static Result<InvoiceToPayInput> read(const QJsonObject &arguments);
};

} // namespace ades::eu
