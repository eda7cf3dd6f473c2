// Fuzz target: a document as the invoice-to-pay operations read it (InvoiceContainer: XML, or the one
// invoice XML of a hybrid PDF; then EinvoiceValidator and InvoiceFacts) and the local checks that read
// what came out (totals, expectations, the payee IBAN comparison and its mask). Input: the raw file bytes,
// as document_base64 carries them. A crash, a hang, or a full IBAN in a check's evidence is what it looks
// for.
//
// Seeds (seeds/InvoiceToPay/): the test invoice of tests/data/invoicetopay, a minimal CII invoice with a
// payee IBAN, and the minimal hybrid PDF of seeds/PdfInvoice.

#include "ops/eu/iban/IbanValidator.h"
#include "ops/eu/invoicetopay/DocumentChecks.h"
#include "ops/eu/invoicetopay/InvoiceExamination.h"
#include "ops/eu/invoicetopay/InvoiceToPayDecision.h"
#include "ops/eu/invoicetopay/InvoiceToPayInput.h"
#include "ops/eu/invoicetopay/PayeeIbanMatch.h"

#include <QDateTime>
#include <QJsonDocument>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::eu;
    const QByteArray document(reinterpret_cast<const char *>(data), qsizetype(size));
    const ades::Result<InvoiceExamination> exam
        = InvoiceExamination::examine(document, QStringLiteral("document_base64"));
    if (!exam.ok())
        return 0;
    static const IbanValidator validator;
    const QDateTime at = QDateTime::fromSecsSinceEpoch(1795000000, Qt::UTC);
    const ades::Result<InvoiceToPayInput> input = InvoiceToPayInput::read(QJsonObject {
        { QStringLiteral("invoice_xml"), QStringLiteral("<x/>") },
        { QStringLiteral("buyer_country"), QStringLiteral("DE") },
        { QStringLiteral("expected_amount"), QStringLiteral("1.00") },
        { QStringLiteral("expected_currency"), QStringLiteral("EUR") },
        { QStringLiteral("trusted_payee_iban"), QStringLiteral("GB82WEST12345698765432") },
        { QStringLiteral("expected_supplier_name"), QStringLiteral("S") },
        { QStringLiteral("purchase_order_reference"), QStringLiteral("PO") },
    });
    QList<PayCheck> checks = DocumentChecks::validation(exam.value().report, exam.value().container, at);
    checks += DocumentChecks::expectations(exam.value().facts, input.value(), at);
    const PayCheck iban
        = PayeeIbanMatch::check(exam.value().facts, input.value().trustedPayeeIban, validator, at);
    checks.append(iban);
    // The trusted IBAN, and any account of the invoice long enough to be one, never appears in full.
    const QByteArray shown = QJsonDocument(iban.evidence).toJson() + iban.message.toUtf8();
    if (shown.contains("GB82WEST12345698765432"))
        __builtin_trap();
    for (const PayeeAccount &a : exam.value().facts.accounts) {
        if (a.account.size() >= 12 && shown.contains(a.account.toUtf8()))
            __builtin_trap();
    }
    (void)InvoiceToPayDecision::decide(checks);
    return 0;
}
