#pragma once

#include "catalog/Operation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace ades::eu {

// eu.einvoice.validate for one document: PDF container (PdfInvoiceExtractor), then EN 16931 validation
// (EinvoiceValidator), then the result object with profile, findings, totals and VAT summary. Shared by
// the catalog handler and `ades einvoice validate`, so both print the same findings. Pure and synchronous.
class EinvoiceCheck
{
public:
    // The result, or the uncharged 400 for input that is no e-invoice at all: neither XML nor PDF, a
    // PDF without embedded files (plain, scanned or image-only), an encrypted or unreadable PDF, XML in
    // an encoding other than UTF-8 or UTF-16, or XML whose root is no UBL 2.1 / CII D16B invoice. An invoice
    // that breaks rules is a result with "valid": false, not an error.
    // `layers` names the extension layers to run instead of the automatic choice from BT-24.
    static Result<QJsonObject> check(
        const QByteArray &document, const QString &filename, const std::optional<QStringList> &layers = {});

    // Findings listed in one result; the counts always cover all of them.
    static constexpr int MaxListedFindings = 1000;
};

// Handler of eu.einvoice.validate: argument "document" (base64 of the file bytes) and "filename". Large
// documents are validated on the global thread pool; `done` runs on the calling thread either way.
Handler makeEinvoiceValidateHandler();

} // namespace ades::eu
