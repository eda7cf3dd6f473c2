#include "InvoiceToPayPrecheck.h"

#include "InvoiceExamination.h"
#include "InvoiceToPayInput.h"
#include "InvoiceToPayOffer.h"
#include "PayeeIbanMatch.h"
#include "ops/eu/iban/IbanValidator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

enum class Severity
{
    Blocking, // the paid dossier would refuse this input (uncharged) or cannot decide on it
    Warning, // the dossier would run, but will not answer READY_FOR_BUYER_APPROVAL
};

class Issues
{
public:
    void add(Severity severity, const QString &code, const QString &field, const QString &message)
    {
        m_blocking = m_blocking || severity == Severity::Blocking;
        m_list.append(QJsonObject {
            { u"code"_s, code },
            { u"severity"_s, severity == Severity::Blocking ? u"blocking"_s : u"warning"_s },
            { u"field"_s, field.isEmpty() ? QJsonValue() : QJsonValue(field) },
            { u"message"_s, message },
        });
    }
    bool blocking() const { return m_blocking; }
    QJsonArray list() const { return m_list; }

private:
    QJsonArray m_list;
    bool m_blocking = false;
};

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

// The terms without which the dossier cannot decide (docs/invoice-to-pay.md, "Free check").
void requiredTerms(const InvoiceFacts &f, Issues &issues, const QString &field)
{
    const QList<QPair<QString, QString>> required {
        { u"BT-1 invoice number"_s, f.invoiceNumber },
        { u"BT-2 issue date"_s, f.issueDate },
        { u"BT-5 currency"_s, f.currency },
        { u"BT-27 seller name"_s, f.sellerName },
        { u"BT-115 amount due"_s, f.payableAmount },
    };
    for (const auto &[term, value] : required) {
        if (value.trimmed().isEmpty())
            issues.add(Severity::Blocking, u"required_term_absent"_s, field,
                u"The invoice lacks %1, which the dossier needs."_s.arg(term));
    }
}

void expectations(const InvoiceFacts &f, const InvoiceToPayInput &in, Issues &issues)
{
    if (f.sellerVatId.isEmpty())
        issues.add(Severity::Warning, u"supplier_vat_absent"_s, in.documentField,
            u"The invoice has no seller VAT ID (BT-31): VIES cannot be asked, so the dossier will hold."_s);
    if (f.accounts.isEmpty())
        issues.add(Severity::Warning, u"iban_not_on_invoice"_s, in.documentField,
            u"The invoice names no payee account (BT-84): the dossier cannot match it with the trusted IBAN "
            "and will hold."_s);
    else {
        bool anyOther = false;
        for (const PayeeAccount &a : f.accounts)
            anyOther = anyOther || a.account != in.trustedPayeeIban;
        if (anyOther)
            issues.add(Severity::Warning, u"payee_iban_differs"_s, u"trusted_payee_iban"_s,
                u"The invoice names a payee account that is not the trusted IBAN: the dossier will answer "
                "DO_NOT_PAY (or hold, if the trusted one is among them). Confirm bank details only through "
                "a known contact of the supplier."_s);
    }
    if (!f.currency.isEmpty() && f.currency != in.expectedCurrency)
        issues.add(Severity::Warning, u"currency_differs"_s, u"expected_currency"_s,
            u"The invoice is in %1, not %2: the dossier will hold."_s.arg(f.currency, in.expectedCurrency));
    if (!f.buyerCountry.isEmpty() && f.buyerCountry != in.buyerCountry)
        issues.add(Severity::Warning, u"buyer_differs"_s, u"buyer_country"_s,
            u"The invoice's buyer country (BT-55) is %1, not %2: the dossier will hold."_s.arg(
                f.buyerCountry, in.buyerCountry));
}

QJsonObject summary(const Issues &issues, const QJsonObject &detected, const QStringList &checked,
    const QString &fingerprint);

QJsonObject precheckResult(Issues issues, const InvoiceToPayInput &in, const Result<InvoiceExamination> &exam)
{
    QJsonObject detected { { u"document_field"_s, in.documentField } };
    QStringList checked { u"input_fields"_s, u"trusted_payee_iban_format"_s, u"expected_amount_format"_s };
    if (!exam.ok()) {
        issues.add(Severity::Blocking, exam.error().code(), in.documentField, exam.error().message());
    } else {
        const InvoiceExamination &e = exam.value();
        const InvoiceFacts &f = e.facts;
        checked << u"container"_s << u"xml_well_formed"_s << u"invoice_syntax"_s << u"required_terms"_s
                << u"payee_iban_presence"_s;
        requiredTerms(f, issues, in.documentField);
        expectations(f, in, issues);
        QJsonArray ibans;
        for (const PayeeAccount &a : f.accounts)
            ibans.append(PayeeIbanMatch::maskIban(a.account));
        detected = QJsonObject {
            { u"document_field"_s, in.documentField },
            { u"container"_s, e.container.container },
            { u"pdf_attachment"_s, orNull(e.container.attachment) },
            { u"syntax"_s, e.report.syntax },
            { u"document_type"_s, e.report.documentType },
            { u"specification_id"_s, orNull(e.report.specificationId) },
            { u"profile"_s, orNull(e.report.profile) },
            { u"currency"_s, orNull(f.currency) },
            { u"amount_due"_s, orNull(f.payableAmount) },
            { u"seller_country"_s, orNull(f.sellerCountry) },
            { u"seller_vat_present"_s, !f.sellerVatId.isEmpty() },
            { u"payee_ibans_masked"_s, ibans },
            { u"payment_means_codes"_s, QJsonArray::fromStringList(f.paymentMeansCodes) },
        };
    }
    return summary(issues, detected, checked, in.fingerprint);
}

QJsonObject summary(
    const Issues &issues, const QJsonObject &detected, const QStringList &checked, const QString &fingerprint)
{
    const bool eligible = !issues.blocking();
    const QJsonValue purchase = !eligible
        ? QJsonValue()
        : QJsonValue(QJsonObject {
            { u"method"_s, u"POST"_s },
            { u"url"_s, InvoiceToPayOffer::PaidPath },
            { u"mcp_tool"_s, InvoiceToPayOffer::PaidTool },
            { u"price_usdc"_s, InvoiceToPayOffer::PriceText },
            { u"amount_atomic_units"_s, QString::number(InvoiceToPayOffer::PriceUnits) },
            { u"asset"_s, u"USDC"_s },
            { u"body"_s, u"the same JSON body as this check"_s },
            { u"input_fingerprint"_s, fingerprint },
        });
    const QJsonObject result {
        { u"contract"_s, InvoiceToPayOffer::Contract },
        { u"chargeable"_s, false },
        { u"eligible_for_paid_dossier"_s, eligible },
        { u"issues"_s, issues.list() },
        { u"purchase"_s, purchase },
        { u"privacy"_s,
            QJsonObject {
                { u"raw_document_stored"_s, false },
                { u"full_iban_returned"_s, false },
                { u"sources_called"_s, QJsonArray() },
            } },
        { u"input_fingerprint"_s, fingerprint },
        { u"detected"_s, detected },
        { u"coverage"_s,
            QJsonObject {
                { u"checked_here"_s, QJsonArray::fromStringList(checked) },
                { u"left_for_paid_dossier"_s,
                    QJsonArray { u"einvoice"_s, u"totals"_s, u"supplier_vat_vies"_s, u"sanctions"_s,
                        u"vat_treatment"_s, u"payee_iban"_s, u"expected_amount"_s, u"expected_supplier"_s,
                        u"purchase_order"_s } },
                { u"note"_s,
                    u"Local checks only: no VIES request, no sanctions screening, no EN 16931 findings. "
                    "Warnings say what the dossier will hold on; they are not its decision."_s },
            } },
        { u"price"_s, u"free"_s },
    };
    return result;
}

} // namespace

Handler makeInvoiceToPayPrecheckHandler()
{
    return [](const QJsonObject &arguments, const CallContext &, Completion done) {
        Issues issues;
        const QString amountProblem
            = InvoiceToPayInput::amountProblem(arguments.value(u"expected_amount"_s).toString());
        if (!amountProblem.isEmpty())
            issues.add(Severity::Blocking, u"invalid_value"_s, u"expected_amount"_s, amountProblem);
        const IbanValidator validator;
        const IbanAnalysis trusted = validator.analyse(arguments.value(u"trusted_payee_iban"_s).toString());
        if (!trusted.isValid())
            issues.add(Severity::Blocking, u"invalid_iban"_s, u"trusted_payee_iban"_s,
                u"The trusted IBAN is not valid (%1 check failed): the paid dossier refuses it."_s.arg(
                    trusted.errorCode()));

        Result<InvoiceToPayInput> input = InvoiceToPayInput::read(arguments);
        if (!input.ok()) {
            // Exactly one document is checked before the quota; bad base64 is an issue like any other.
            if (input.error().code() != u"invalid_base64"_s)
                return done(input.error());
            issues.add(
                Severity::Blocking, input.error().code(), input.error().param(), input.error().message());
            return done(
                OperationResult { summary(issues, QJsonObject(), {}, QString()), u"invoice-to-pay check"_s });
        }
        InvoiceToPayInput in = std::move(input.value());
        QByteArray document = std::move(in.document);
        in.document.clear();
        const QString field = in.documentField;
        InvoiceExamination::examineAsync(std::move(document), field,
            [issues, in = std::move(in), done](Result<InvoiceExamination> exam) mutable {
                done(OperationResult {
                    precheckResult(issues, in, exam), u"invoice-to-pay check "_s + in.fingerprint });
            });
    };
}

} // namespace ades::eu
