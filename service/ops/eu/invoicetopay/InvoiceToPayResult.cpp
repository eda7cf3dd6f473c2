#include "InvoiceToPayResult.h"

#include "InvoiceExamination.h"
#include "InvoiceToPayDecision.h"
#include "InvoiceToPayInput.h"
#include "InvoiceToPayOffer.h"
#include "core/Clock.h"

#include <QCryptographicHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu::InvoiceToPayResult {

namespace {

// How long a dossier may be relied on: VIES answers and the sanctions lists change daily.
constexpr qint64 ValiditySeconds = 24 * 3600;

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

const PayCheck *findCheck(const QList<PayCheck> &checks, const QString &id)
{
    for (const PayCheck &c : checks) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

QJsonArray limitations()
{
    return QJsonArray {
        u"It does not prove that the goods or services were delivered or accepted."_s,
        u"It is not the buyer's internal approval: a person or process of the buyer must still approve the "
        "payment."_s,
        u"It does not check for duplicates: whether this invoice was already booked or paid is only known to "
        "the buyer's ledger."_s,
        u"It does not prove who owns the bank account: the IBAN is compared with the buyer's master data and "
        "checked for its structure and bank, nothing more."_s,
        u"The VAT treatment follows the supply type and b2b flag given with the request and the VAT rules' "
        "decision table; it is information, not tax advice."_s,
        u"Sanctions screening is fuzzy name matching against the EU, UN and UK lists of the dates named in "
        "source_snapshots; a match is a candidate for a person to confirm, no match is not a clearance of "
        "other lists or of owners and controllers."_s,
        u"VIES says whether a VAT ID is valid for intra-EU transactions today, not who issued this invoice."_s,
    };
}

QJsonObject privacy()
{
    return QJsonObject {
        { u"raw_document_stored"_s, false },
        { u"full_iban_returned"_s, false },
        { u"invoice_number_returned"_s, false },
        { u"document_text_returned"_s,
            u"only the facts a decision needs: seller name and VAT ID, buyer country and VAT ID, dates, "
            "currency, amounts, VAT categories and the purchase order reference when one was expected"_s },
        { u"stored"_s,
            u"the signed result is kept for identical retries of the same payment (x402 ledger) and the "
            "receipt for verification; VIES answers are archived as for every VAT check; the document, the "
            "IBANs and the invoice number are not stored"_s },
    };
}

} // namespace

QJsonObject build(const Parts &run, const QList<PayCheck> &checks, const InvoiceToPayDecision &decision)
{
    const InvoiceFacts &f = run.exam.facts;
    const ValidationReport &report = run.exam.report;
    const QDateTime &now = run.now;

    QJsonArray checkArray;
    QJsonObject evidence;
    for (const PayCheck &c : checks) {
        checkArray.append(c.toJson());
        evidence.insert(c.id, c.evidence);
    }

    const PayCheck *vies = findCheck(checks, u"supplier_vat_vies"_s);
    const QJsonObject viesEvidence = vies ? vies->evidence : QJsonObject();
    const PayCheck *iban = findCheck(checks, u"payee_iban"_s);
    const QJsonObject ibanEvidence = iban ? iban->evidence : QJsonObject();
    QJsonArray invoiceIbans;
    for (const QJsonValue &a : ibanEvidence.value(u"invoice_accounts"_s).toArray())
        invoiceIbans.append(a.toObject().value(u"iban_masked"_s));

    QJsonArray snapshots;
    for (const PayCheck &c : checks) {
        if (c.status == PayCheck::Status::NotRequested || c.source.isEmpty())
            continue;
        QJsonObject s = c.source;
        s.insert(u"check"_s, c.id);
        snapshots.append(s);
    }
    for (const QJsonValue &s : run.viesSnapshots)
        snapshots.append(s);

    const QString number = f.invoiceNumber.trimmed();
    return QJsonObject {
        { u"contract"_s, InvoiceToPayOffer::Contract },
        { u"policy_version"_s, InvoiceToPayOffer::PolicyVersion },
        { u"decision"_s, InvoiceToPayDecision::valueName(decision.value()) },
        { u"input_fingerprint"_s, run.input.fingerprint },
        { u"invoice"_s,
            QJsonObject {
                { u"number_sha256"_s,
                    number.isEmpty() ? QJsonValue() : QJsonValue(sha256Hex(number.toUtf8())) },
                { u"document_sha256"_s, run.documentSha256 },
                { u"document_field"_s, run.input.documentField },
                { u"container"_s, run.exam.container.container },
                { u"syntax"_s, report.syntax },
                { u"document_type"_s, report.documentType },
                { u"type_code"_s, orNull(f.typeCode) },
                { u"specification_id"_s, orNull(report.specificationId) },
                { u"profile"_s, orNull(report.profile) },
                { u"issue_date"_s, orNull(f.issueDate) },
                { u"due_date"_s, orNull(f.dueDate) },
                { u"currency"_s, orNull(f.currency) },
                { u"amount_due"_s, orNull(f.payableAmount) },
                { u"vat_categories"_s, QJsonArray::fromStringList(f.vatCategories) },
                { u"valid"_s, evidence.value(u"einvoice"_s).toObject().value(u"valid"_s) },
            } },
        { u"supplier"_s,
            QJsonObject {
                { u"name"_s, orNull(f.sellerName) },
                { u"vat_id"_s, orNull(f.sellerVatId) },
                { u"country"_s, orNull(f.sellerCountry) },
                { u"vies_registered"_s, viesEvidence.value(u"registered"_s) },
                { u"vies_name"_s, viesEvidence.value(u"name"_s) },
                { u"vies_name_match"_s, viesEvidence.value(u"name_match"_s) },
            } },
        { u"payment"_s,
            QJsonObject {
                { u"amount_due"_s, orNull(f.payableAmount) },
                { u"currency"_s, orNull(f.currency) },
                { u"due_date"_s, orNull(f.dueDate) },
                { u"expected_amount"_s, run.input.expectedAmountText },
                { u"expected_currency"_s, run.input.expectedCurrency },
                { u"trusted_iban_masked"_s, ibanEvidence.value(u"trusted_iban_masked"_s) },
                { u"invoice_ibans_masked"_s, invoiceIbans },
                { u"iban_match"_s, ibanEvidence.value(u"match"_s) },
                { u"payment_means_codes"_s, QJsonArray::fromStringList(f.paymentMeansCodes) },
                { u"separate_payee"_s, !f.payeeName.isEmpty() },
            } },
        { u"checks"_s, checkArray },
        { u"evidence_coverage"_s, decision.coverage() },
        { u"evidence"_s, evidence },
        { u"source_snapshots"_s, snapshots },
        { u"next_actions"_s, QJsonArray::fromStringList(decision.nextActions()) },
        { u"validity"_s,
            QJsonObject {
                { u"checked_at"_s, isoUtc(now) },
                { u"valid_until"_s, isoUtc(now.addSecs(ValiditySeconds)) },
                { u"note"_s,
                    u"VIES answers and the sanctions lists change daily: run the dossier again before paying "
                    "after valid_until, or when the invoice or the buyer's master data change."_s },
            } },
        { u"limitations"_s, limitations() },
        { u"pricing"_s,
            QJsonObject {
                { u"price_usdc"_s, InvoiceToPayOffer::PriceText },
                { u"amount_atomic_units"_s, QString::number(InvoiceToPayOffer::PriceUnits) },
                { u"asset"_s, u"USDC"_s },
                { u"charged"_s,
                    u"only for a delivered dossier (HTTP 200); answers 400, 422 and 503 are never charged"_s },
                { u"free_check"_s, InvoiceToPayOffer::FreePath },
            } },
        { u"privacy"_s, privacy() },
    };
}

} // namespace ades::eu::InvoiceToPayResult
