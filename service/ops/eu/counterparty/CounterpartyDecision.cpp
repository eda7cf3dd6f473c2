#include "CounterpartyDecision.h"

#include <QHash>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// What to do about each finding that lowers the verdict, in the order a person would act.
QString nextAction(const QString &code)
{
    static const QHash<QString, QString> actions {
        { u"sanctions_match"_s,
            u"Have a person compare the sanctions hit with the listing (list, reference, country, birth "
            u"date, "
            "address). If it is this counterparty, do not make funds or economic resources available to it "
            "and notify the competent national authority; if it is not, record why."_s },
        { u"lei_ended"_s,
            u"The legal entity behind this LEI no longer exists or the LEI is void: do not contract with or "
            u"pay "
            "it under this identity; ask the counterparty which legal entity it is now (GLEIF names a "
            "successor where there is one)."_s },
        { u"sanctions_near_match"_s,
            u"Have a person compare the near sanctions match with the listing before paying, and record the "
            "outcome."_s },
        { u"vat_format_invalid"_s, u"Ask the counterparty for its VAT ID again: this one cannot exist."_s },
        { u"vat_not_registered"_s,
            u"Ask the counterparty for its current VAT ID; do not apply the reverse charge until VIES "
            u"confirms "
            "one."_s },
        { u"vat_not_verifiable"_s,
            u"Check the VAT ID in the register that covers it (HMRC for GB, the UID register for CH, the "
            "Brønnøysund Register Centre for NO)."_s },
        { u"vat_rejected"_s, u"Check the VAT ID with the counterparty: VIES refused to check it."_s },
        { u"vat_name_mismatch"_s,
            u"Check that the VAT ID belongs to this counterparty: VIES registers it to a different name."_s },
        { u"iban_invalid"_s,
            u"Ask for the bank details again before paying: the IBAN is not valid. Confirm changed bank "
            "details by a call to a known contact, never by the e-mail that announced them."_s },
        { u"lei_invalid"_s, u"Ask for the LEI again: its check digits are wrong."_s },
        { u"lei_not_found"_s, u"Ask for the LEI again: GLEIF has no record of it."_s },
        { u"lei_lapsed"_s,
            u"The LEI was not renewed: ask the counterparty to renew it, or identify it by its register "
            "number."_s },
        { u"lei_pending"_s,
            u"The LEI record is being transferred or archived: check again in a few days."_s },
        { u"lei_status_unknown"_s, u"Look the LEI up at gleif.org: GLEIF reports an unusual status."_s },
        { u"lei_name_mismatch"_s,
            u"Check that the LEI belongs to this counterparty: GLEIF registers it to a different name."_s },
        { u"lei_country_mismatch"_s,
            u"Check that the LEI belongs to this counterparty: GLEIF registers it in another country."_s },
        { u"lei_entity_ended_by_name"_s,
            u"Make sure the counterparty still exists: the LEI records with exactly this name belong to "
            "entities that ended or LEIs that were retired."_s },
        { u"sanctions_not_run"_s,
            u"Give the counterparty's name so that it is screened against the EU, UN and UK sanctions "
            "lists."_s },
    };
    return actions.value(code);
}

// "vat", "vat and lei", "sanctions, vat and lei".
QString listed(const QStringList &items)
{
    if (items.size() < 2)
        return items.join(QString());
    return items.mid(0, items.size() - 1).join(u", "_s) + u" and "_s + items.last();
}

int checkOrder(const QString &check)
{
    static const QStringList order { u"sanctions"_s, u"vat"_s, u"lei"_s, u"iban"_s };
    const qsizetype i = order.indexOf(check);
    return i < 0 ? int(order.size()) : int(i);
}

} // namespace

QString CounterpartyReason::severityName(Severity severity)
{
    switch (severity) {
    case Severity::Blocked:
        return u"blocked"_s;
    case Severity::Review:
        return u"review"_s;
    case Severity::Info:
        break;
    }
    return u"info"_s;
}

QJsonObject CounterpartyReason::toJson() const
{
    return QJsonObject {
        { u"check"_s, check },
        { u"code"_s, code },
        { u"severity"_s, severityName(severity) },
        { u"message"_s, message },
    };
}

Severity CounterpartyFinding::worst() const
{
    Severity s = Severity::Info;
    for (const CounterpartyReason &r : reasons)
        s = std::max(s, r.severity);
    return s;
}

QString CounterpartyFinding::status() const
{
    switch (state) {
    case State::NotRun:
        return u"not_run"_s;
    case State::Missing:
        return u"missing"_s;
    case State::Ran:
        break;
    }
    switch (worst()) {
    case Severity::Blocked:
        return u"blocked"_s;
    case Severity::Review:
        return u"review"_s;
    case Severity::Info:
        break;
    }
    return u"ok"_s;
}

QString CounterpartyDecision::verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Clear:
        return u"clear"_s;
    case Verdict::Blocked:
        return u"blocked"_s;
    case Verdict::Review:
        break;
    }
    return u"review"_s;
}

CounterpartyDecision CounterpartyDecision::decide(const QList<CounterpartyFinding> &findings)
{
    CounterpartyDecision d;
    bool sanctionsRan = false;
    for (const CounterpartyFinding &f : findings) {
        switch (f.state) {
        case CounterpartyFinding::State::NotRun:
            d.m_notRun.append(f.check);
            break;
        case CounterpartyFinding::State::Missing:
            d.m_missingChecks.append(f.check);
            for (const QString &source : f.sources) {
                if (!d.m_missingSources.contains(source))
                    d.m_missingSources.append(source);
            }
            d.m_reasons.append({ f.check, u"check_unavailable"_s, Severity::Review,
                u"The %1 check could not be run: %2 Missing evidence is never a clearance."_s.arg(
                    f.check, f.missingReason) });
            break;
        case CounterpartyFinding::State::Ran:
            d.m_delivered = true;
            sanctionsRan = sanctionsRan || f.check == u"sanctions"_s;
            d.m_reasons += f.reasons;
            break;
        }
    }
    // The one check a business may not skip: making funds available to a listed party is prohibited
    // (e.g. Council Regulation (EU) No 269/2014, Art. 2). Identity checks alone never clear a counterparty.
    const bool sanctionsMissing = d.m_missingChecks.contains(u"sanctions"_s);
    if (!sanctionsRan && !sanctionsMissing)
        d.m_reasons.append({ u"sanctions"_s, u"sanctions_not_run"_s, Severity::Review,
            u"No name was given, and neither VIES nor GLEIF disclosed one, so the counterparty was not "
            "screened against the sanctions lists."_s });

    std::stable_sort(
        d.m_reasons.begin(), d.m_reasons.end(), [](const CounterpartyReason &a, const CounterpartyReason &b) {
            if (a.severity != b.severity)
                return a.severity > b.severity;
            return checkOrder(a.check) < checkOrder(b.check);
        });
    Severity worst = Severity::Info;
    for (const CounterpartyReason &r : std::as_const(d.m_reasons))
        worst = std::max(worst, r.severity);
    d.m_verdict = worst == Severity::Blocked ? Verdict::Blocked
        : worst == Severity::Review          ? Verdict::Review
                                             : Verdict::Clear;

    QStringList seen;
    for (const CounterpartyReason &r : std::as_const(d.m_reasons)) {
        if (r.severity == Severity::Info || seen.contains(r.code))
            continue;
        seen.append(r.code);
        if (r.code == u"check_unavailable"_s)
            continue;
        if (const QString action = nextAction(r.code); !action.isEmpty())
            d.m_nextActions.append(action);
    }
    const bool plural = d.m_missingChecks.size() > 1;
    if (!d.m_missingChecks.isEmpty())
        d.m_nextActions.append(plural
                ? u"Run the %1 checks again later: their sources were not available, so that evidence is "
                  "missing."_s.arg(listed(d.m_missingChecks))
                : u"Run the %1 check again later: its source was not available, so that evidence is "
                  "missing."_s.arg(listed(d.m_missingChecks)));

    switch (d.m_verdict) {
    case Verdict::Blocked:
        d.m_recommendation = u"Do not proceed: do not pay, deliver to or sign with this counterparty until a "
                             "person has resolved the blocking findings."_s;
        break;
    case Verdict::Review:
        d.m_recommendation = d.m_missingChecks.isEmpty()
            ? u"Hold: resolve the findings listed in reasons before paying or delivering."_s
            : plural ? u"Hold: resolve the findings listed in reasons before paying or delivering; the %1 "
                       "checks could not be run and count as not passed."_s.arg(listed(d.m_missingChecks))
                     : u"Hold: resolve the findings listed in reasons before paying or delivering; the %1 "
                       "check could not be run and counts as not passed."_s.arg(listed(d.m_missingChecks));
        break;
    case Verdict::Clear:
        d.m_recommendation = u"Proceed: the checks that ran found nothing against this counterparty. Keep "
                             "this signed result as evidence of the check."_s;
        break;
    }
    if (!d.m_notRun.isEmpty())
        d.m_recommendation += u" Not checked (not given): %1."_s.arg(listed(d.m_notRun));
    return d;
}

} // namespace ades::eu
