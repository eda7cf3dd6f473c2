#include "InvoiceToPayDossier.h"

#include "DocumentChecks.h"
#include "InvoiceExamination.h"
#include "InvoiceToPayDecision.h"
#include "InvoiceToPayInput.h"
#include "InvoiceToPayResult.h"
#include "LiveChecks.h"
#include "PayeeIbanMatch.h"
#include "core/Clock.h"
#include "ops/eu/counterparty/CounterpartyFindings.h"
#include "ops/eu/sanctions/SanctionsScreen.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QPair>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
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
    const std::optional<QJsonObject> args = CounterpartyFindings::screeningArgs(name, run->screenedKeys);
    if (!args)
        return;
    // Synchronous: the screening index is in memory.
    m_sanctions(*args, {}, [run, name](Outcome outcome) {
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
    // The VIES calls' own snapshots (URL, time, content hash), seller and buyer.
    QJsonArray viesSnapshots;
    for (const std::optional<Outcome> *outcome : { &run.sellerVies, &run.buyerVies }) {
        if (*outcome && (*outcome)->ok()) {
            for (const QJsonValue &s : (*outcome)->value().data.value(u"source_snapshots"_s).toArray())
                viesSnapshots.append(s);
        }
    }
    const QJsonObject result = InvoiceToPayResult::build(
        { run.input, run.exam, run.documentSha256, viesSnapshots, now }, checks, decision);
    run.done(OperationResult { result, u"invoice-to-pay "_s + run.input.fingerprint });
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
