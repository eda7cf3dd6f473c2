#include "InvoiceToPayDossier.h"

#include "DocumentChecks.h"
#include "InvoiceExamination.h"
#include "InvoiceToPayDecision.h"
#include "InvoiceToPayInput.h"
#include "InvoiceToPayOffer.h"
#include "LiveChecks.h"
#include "PayeeIbanMatch.h"
#include "core/Clock.h"
#include "ops/eu/counterparty/CounterpartyFindings.h"
#include "ops/eu/counterparty/NameMatch.h"
#include "ops/eu/sanctions/SanctionsScreen.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QPair>

using namespace Qt::StringLiterals;

namespace ades::eu {

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

struct InvoiceToPayDossier::Run
{
    InvoiceToPayInput input;
    InvoiceExamination exam;
    QString documentSha256;
    Completion done;
    QDateTime startedAt;
    // One for the start itself, so answers that arrive synchronously cannot finish the run early.
    int pending = 1;
    std::optional<Outcome> sellerVies;
    std::optional<Outcome> buyerVies;
    QList<QPair<QString, Outcome>> screenings;
    QStringList screenedKeys;
};

InvoiceToPayDossier::InvoiceToPayDossier(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies)
    : m_vat(upstream, settings, clock, vies)
    , m_sanctions(makeSanctionsScreenHandler(sanctions, clock))
    , m_clock(clock)
{ }

void InvoiceToPayDossier::run(const QJsonObject &arguments, const Completion &done) const
{
    Result<InvoiceToPayInput> input = InvoiceToPayInput::read(arguments);
    if (!input.ok())
        return done(input.error());
    auto run = std::make_shared<Run>();
    run->input = std::move(input.value());
    run->documentSha256 = sha256Hex(run->input.document);
    run->done = done;
    run->startedAt = m_clock.now();
    const std::shared_ptr<const InvoiceToPayDossier> self = shared_from_this();
    QByteArray document = std::move(run->input.document);
    run->input.document.clear();
    InvoiceExamination::examineAsync(
        std::move(document), run->input.documentField, [self, run](Result<InvoiceExamination> examined) {
            if (!examined.ok())
                return run->done(examined.error());
            run->exam = std::move(examined.value());
            self->start(run);
        });
}

void InvoiceToPayDossier::start(const std::shared_ptr<Run> &run) const
{
    const InvoiceFacts &facts = run->exam.facts;
    const std::shared_ptr<const InvoiceToPayDossier> self = shared_from_this();
    if (!facts.sellerVatId.isEmpty()) {
        ++run->pending;
        m_vat.run(QJsonObject { { u"vat_id"_s, facts.sellerVatId }, { u"vies"_s, true } },
            [self, run](Outcome outcome) {
                // The name VIES registers is screened too: it may differ from the one on the invoice.
                if (outcome.ok() && outcome.value().data.value(u"registered"_s).toBool())
                    self->screen(run, outcome.value().data.value(u"name"_s).toString());
                run->sellerVies = std::move(outcome);
                self->finishOne(run);
            });
    }
    // Reverse charge and the intra-Community exemption rest on the buyer's VAT ID being valid in VIES.
    const QString buyerVat = !facts.buyerVatId.isEmpty() ? facts.buyerVatId : run->input.expectedBuyerVat;
    const QString supplierCountry = !facts.sellerCountry.isEmpty()
        ? facts.sellerCountry
        : InvoiceFacts::countryOfVatId(facts.sellerVatId);
    if (run->input.b2b && !buyerVat.isEmpty() && InvoiceFacts::countryOfVatId(buyerVat) != supplierCountry) {
        ++run->pending;
        m_vat.run(
            QJsonObject { { u"vat_id"_s, buyerVat }, { u"vies"_s, true } }, [self, run](Outcome outcome) {
                run->buyerVies = std::move(outcome);
                self->finishOne(run);
            });
    }
    screen(run, facts.sellerName);
    screen(run, facts.payeeName);
    finishOne(run);
}

void InvoiceToPayDossier::screen(const std::shared_ptr<Run> &run, const QString &name) const
{
    const QString key = NameMatch::key(name);
    if (key.size() < 2 || run->screenedKeys.contains(key))
        return;
    run->screenedKeys.append(key);
    QJsonObject args { { u"name"_s, name }, { u"threshold"_s, CounterpartyFindings::reviewScore() },
        { u"lists"_s, u"eu,un,uk"_s }, { u"limit"_s, 10 } };
    // Synchronous: the screening index is in memory.
    m_sanctions(args, {}, [run, name](Outcome outcome) {
        run->screenings.append({ name, std::move(outcome) });
    });
}

void InvoiceToPayDossier::finishOne(const std::shared_ptr<Run> &run) const
{
    if (--run->pending == 0)
        finish(*run);
}

void InvoiceToPayDossier::finish(Run &run) const
{
    const QDateTime now = m_clock.now();
    const InvoiceFacts &facts = run.exam.facts;
    QList<PayCheck> checks = DocumentChecks::validation(run.exam.report, run.exam.container, now);
    checks.append(PayeeIbanMatch::check(facts, run.input.trustedPayeeIban, m_iban, now));
    checks.append(run.sellerVies ? LiveChecks::supplierVat(*run.sellerVies, facts.sellerName)
                                 : LiveChecks::supplierVatAbsent());
    checks.append(LiveChecks::sanctions(run.screenings));
    std::optional<bool> buyerVatValid;
    if (run.buyerVies && run.buyerVies->ok() && run.buyerVies->value().data.value(u"vies_checked"_s).toBool())
        buyerVatValid = run.buyerVies->value().data.value(u"registered"_s).toBool();
    checks.append(m_vatTreatment.check(facts, run.input, buyerVatValid, now));
    checks.append(DocumentChecks::expectations(facts, run.input, now));

    // A check whose source did not answer was still attempted now: every check cites a time.
    for (PayCheck &c : checks) {
        if (c.status != PayCheck::Status::NotRequested && !c.source.value(u"checked_at"_s).isString())
            c.source.insert(u"checked_at"_s, isoUtc(now));
    }
    const InvoiceToPayDecision decision = InvoiceToPayDecision::decide(checks);
    if (!decision.delivered()) {
        QStringList why;
        for (const PayCheck &c : std::as_const(checks)) {
            if (c.live)
                why.append(u"%1 (%2)"_s.arg(c.id, c.message));
        }
        const QStringList sources = decision.missingSources();
        ServiceError error = ServiceError::sourceUnavailable(sources.value(0, u"vies"_s),
            u"No check against an outside source could run: %1. A dossier without them would be a "
            "validation only; nothing was charged, try again later."_s.arg(why.join(u"; "_s)));
        error.setMissing(sources);
        error.setExtra(u"missing_checks"_s, QJsonArray::fromStringList(decision.missingChecks()));
        return run.done(error);
    }
    run.done(OperationResult { result(run, checks, decision), u"invoice-to-pay "_s + run.input.fingerprint });
}

QJsonObject InvoiceToPayDossier::result(
    const Run &run, const QList<PayCheck> &checks, const InvoiceToPayDecision &decision) const
{
    const InvoiceFacts &f = run.exam.facts;
    const ValidationReport &report = run.exam.report;
    const QDateTime now = m_clock.now();

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
    // The VIES calls' own snapshots (URL, time, content hash), seller and buyer.
    for (const std::optional<Outcome> *outcome : { &run.sellerVies, &run.buyerVies }) {
        if (*outcome && (*outcome)->ok()) {
            for (const QJsonValue &s : (*outcome)->value().data.value(u"source_snapshots"_s).toArray())
                snapshots.append(s);
        }
    }

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

Handler makeInvoiceToPayDossierHandler(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies)
{
    auto dossier = std::make_shared<const InvoiceToPayDossier>(upstream, settings, clock, sanctions, vies);
    return [dossier](const QJsonObject &arguments, const CallContext &, Completion done) {
        dossier->run(arguments, done);
    };
}

} // namespace ades::eu
