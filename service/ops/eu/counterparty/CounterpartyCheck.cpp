#include "CounterpartyCheck.h"

#include "CounterpartyDecision.h"
#include "CounterpartyFindings.h"
#include "core/Clock.h"
#include "ops/eu/iban/IbanCheck.h"
#include "ops/eu/lei/LeiCode.h"
#include "ops/eu/sanctions/SanctionsScreen.h"

#include <QJsonArray>
#include <QPair>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QStringList &identifyingInputs()
{
    static const QStringList names { u"name"_s, u"vat"_s, u"iban"_s, u"lei"_s };
    return names;
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

// What the result cites for a check that ran: source, time and the source's own reference.
QJsonObject citation(const CounterpartyFinding &f)
{
    QJsonObject c { { u"check"_s, f.check }, { u"source"_s, f.detail.value(u"source"_s) },
        { u"checked_at"_s, f.detail.value(u"checked_at"_s) } };
    if (f.check == u"vat"_s)
        c.insert(u"consultation_number"_s, f.detail.value(u"consultation_number"_s));
    if (f.check == u"lei"_s && f.detail.contains(u"as_of"_s))
        c.insert(u"as_of"_s, f.detail.value(u"as_of"_s));
    if (f.check == u"sanctions"_s) {
        QJsonArray lists;
        const QJsonArray screened = f.detail.value(u"lists_screened"_s).toArray();
        for (const QJsonValue &l : screened)
            lists.append(QJsonObject { { u"list"_s, l.toObject().value(u"list"_s) },
                { u"generation_date"_s, l.toObject().value(u"generation_date"_s) } });
        c.insert(u"lists"_s, lists);
    }
    return c;
}

} // namespace

struct CounterpartyCheck::Run
{
    QString name;
    QString vat;
    QString iban;
    QString lei;
    QString country;
    Completion done;
    // One for the start itself, so answers that arrive synchronously cannot finish the run early.
    int pending = 1;
    std::optional<Outcome> vatOutcome;
    CounterpartyFinding ibanFinding;
    CounterpartyFinding leiFinding;
    QList<QPair<QString, Outcome>> screenings;
    QStringList screenedKeys;
    QString subject;
};

CounterpartyCheck::CounterpartyCheck(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies)
    : m_vat(upstream, settings, clock, vies)
    , m_gleif(upstream, settings, clock)
    , m_iban(makeIbanCheckHandler())
    , m_sanctions(makeSanctionsScreenHandler(sanctions, clock))
    , m_clock(clock)
{ }

QString CounterpartyCheck::disclaimer()
{
    return u"A decision aid drawn from the official sources cited in `sources`, as of the times given there: "
           "VIES (European Commission), the EU, UN and UK sanctions lists, GLEIF and the bundled IBAN and "
           "bank "
           "registries. It does not prove who owns a bank account, and it is not legal advice. "
        + VatCheck::viesTerms();
}

void CounterpartyCheck::run(const QJsonObject &arguments, const Completion &done) const
{
    auto run = std::make_shared<Run>();
    run->name = arguments.value(u"name"_s).toString().simplified();
    run->vat = arguments.value(u"vat"_s).toString().trimmed();
    run->iban = arguments.value(u"iban"_s).toString().trimmed();
    run->lei = arguments.value(u"lei"_s).toString().trimmed();
    run->country = arguments.value(u"country"_s).toString().trimmed().toUpper();
    run->done = done;

    // Empty values count as not given: web forms send every field. The input schema refuses both cases
    // before any payment; kept so that a direct call cannot get past them.
    if (run->name.isEmpty() && run->vat.isEmpty() && run->iban.isEmpty() && run->lei.isEmpty())
        return done(ServiceError::unprocessable(
            u"missing_field"_s, u"at least one of name, vat, iban, lei is required"_s, u"name"_s)
                        .setMissing(identifyingInputs()));
    if (run->name.size() == 1)
        return done(ServiceError::unprocessable(
            u"too_short"_s, u"name: must have at least 2 characters"_s, u"name"_s));

    const std::shared_ptr<const CounterpartyCheck> self = shared_from_this();
    if (!run->vat.isEmpty()) {
        ++run->pending;
        m_vat.run(
            QJsonObject { { u"vat_id"_s, run->vat }, { u"vies"_s, true } }, [self, run](Outcome outcome) {
                if (outcome.ok()) {
                    const QJsonObject d = outcome.value().data;
                    run->subject = outcome.value().subject;
                    // A name VIES discloses is screened too: it may differ from the one given.
                    if (d.value(u"registered"_s).toBool())
                        self->screen(run, d.value(u"name"_s).toString());
                }
                run->vatOutcome = std::move(outcome);
                self->finishOne(run);
            });
    }

    if (!run->lei.isEmpty()) {
        const LeiAnalysis analysis = LeiCode::analyse(run->lei);
        if (!analysis.valid) {
            // ISO 17442 check digits first: a mistyped LEI never reaches GLEIF.
            run->leiFinding = CounterpartyFindings::leiInvalid(analysis, m_clock.now());
        } else {
            ++run->pending;
            m_gleif.lookup(analysis.normalized, [self, run, analysis](Result<GleifAnswer> answer) {
                run->leiFinding = CounterpartyFindings::leiLookup(analysis, answer, run->name, run->country);
                // The legal name GLEIF registers for the LEI is screened too.
                if (answer.ok() && answer.value().found && !answer.value().records.isEmpty())
                    self->screen(run, answer.value().records.first().legalName);
                self->finishOne(run);
            });
        }
    } else if (!run->name.isEmpty()) {
        ++run->pending;
        m_gleif.search(run->name, run->country, [self, run](Result<GleifAnswer> answer) {
            run->leiFinding = CounterpartyFindings::leiSearch(run->name, run->country, answer);
            self->finishOne(run);
        });
    } else {
        run->leiFinding = CounterpartyFindings::notRun(u"lei"_s, u"neither lei nor name given"_s);
    }

    // Local checks run while the upstream requests are in flight.
    if (!run->iban.isEmpty()) {
        m_iban(QJsonObject { { u"iban"_s, run->iban } }, {}, [this, run](Outcome outcome) {
            run->ibanFinding = CounterpartyFindings::iban(outcome, m_clock.now());
        });
    } else {
        run->ibanFinding = CounterpartyFindings::notRun(u"iban"_s, u"iban not given"_s);
    }
    screen(run, run->name);
    finishOne(run);
}

void CounterpartyCheck::screen(const std::shared_ptr<Run> &run, const QString &name) const
{
    std::optional<QJsonObject> args = CounterpartyFindings::screeningArgs(name, run->screenedKeys);
    if (!args)
        return;
    if (!run->country.isEmpty())
        args->insert(u"country"_s, run->country);
    // Synchronous: the screening index is in memory.
    m_sanctions(*args, {}, [run, name](Outcome outcome) {
        run->screenings.append({ name, std::move(outcome) });
    });
}

void CounterpartyCheck::finishOne(const std::shared_ptr<Run> &run) const
{
    if (--run->pending == 0)
        finish(*run);
}

void CounterpartyCheck::finish(Run &run) const
{
    const CounterpartyFinding sanctions = run.screenings.isEmpty()
        ? CounterpartyFindings::notRun(u"sanctions"_s, u"no name given or disclosed by VIES or GLEIF"_s)
        : CounterpartyFindings::sanctions(run.screenings);
    const CounterpartyFinding vat = run.vatOutcome
        ? CounterpartyFindings::vat(*run.vatOutcome, run.name)
        : CounterpartyFindings::notRun(u"vat"_s, u"vat not given"_s);
    const QList<CounterpartyFinding> findings { sanctions, vat, run.leiFinding, run.ibanFinding };
    const CounterpartyDecision decision = CounterpartyDecision::decide(findings);

    if (!decision.delivered()) {
        QStringList why;
        for (const CounterpartyFinding &f : findings) {
            if (f.state == CounterpartyFinding::State::Missing)
                why.append(u"%1 (%2)"_s.arg(f.check, f.missingReason));
        }
        ServiceError error = ServiceError::sourceUnavailable(decision.missingSources().value(0),
            u"No check of the counterparty could be run: %1. Nothing was charged."_s.arg(why.join(u"; "_s)));
        error.setMissing(decision.missingSources());
        error.setExtra(u"missing_checks"_s, QJsonArray::fromStringList(decision.missingChecks()));
        return run.done(error);
    }

    QJsonObject checks;
    QJsonArray sources;
    for (const CounterpartyFinding &f : findings) {
        QJsonObject detail = f.detail;
        detail.insert(u"status"_s, f.status());
        checks.insert(f.check, detail);
        if (f.state == CounterpartyFinding::State::Ran)
            sources.append(citation(f));
    }
    QJsonArray reasons;
    for (const CounterpartyReason &r : decision.reasons())
        reasons.append(r.toJson());

    const QString subject = !run.subject.isEmpty() ? run.subject
        : !run.lei.isEmpty()                       ? LeiCode::analyse(run.lei).normalized
        : !run.name.isEmpty()                      ? run.name
                                                   : run.iban;
    QJsonObject result {
        { u"verdict"_s, CounterpartyDecision::verdictName(decision.verdict()) },
        { u"reasons"_s, reasons },
        { u"recommendation"_s, decision.recommendation() },
        { u"next_actions"_s, QJsonArray::fromStringList(decision.nextActions()) },
        { u"missing_checks"_s, QJsonArray::fromStringList(decision.missingChecks()) },
        { u"not_run"_s, QJsonArray::fromStringList(decision.notRun()) },
        { u"checks"_s, checks },
        { u"sources"_s, sources },
        { u"input"_s,
            QJsonObject { { u"name"_s, orNull(run.name) }, { u"vat"_s, orNull(run.vat) },
                { u"iban"_s, orNull(run.iban) }, { u"lei"_s, orNull(run.lei) },
                { u"country"_s, orNull(run.country) } } },
        { u"checked_at"_s, isoUtc(m_clock.now()) },
        { u"disclaimer"_s, disclaimer() },
    };
    run.done(OperationResult { result, subject });
}

Handler makeCounterpartyCheckHandler(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies)
{
    auto check = std::make_shared<const CounterpartyCheck>(upstream, settings, clock, sanctions, vies);
    return [check](const QJsonObject &arguments, const CallContext &, Completion done) {
        check->run(arguments, done);
    };
}

} // namespace ades::eu
