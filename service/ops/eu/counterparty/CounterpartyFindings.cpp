#include "CounterpartyFindings.h"

#include "NameMatch.h"
#include "core/Clock.h"
#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/lei/LeiCode.h"
#include "ops/eu/sanctions/SanctionsScreening.h"

#include <QJsonArray>
#include <QMap>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::eu::CounterpartyFindings {

namespace {

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

CounterpartyFinding ran(const QString &check, const QString &source)
{
    CounterpartyFinding f;
    f.check = check;
    f.state = CounterpartyFinding::State::Ran;
    f.detail.insert(u"source"_s, source);
    return f;
}

void add(CounterpartyFinding &f, const QString &code, Severity severity, const QString &message)
{
    f.reasons.append({ f.check, code, severity, message });
}

QString score(double value)
{
    return QString::number(value, 'f', 2);
}

QStringList recordNames(const GleifRecord &r)
{
    return QStringList { r.legalName } + r.otherNames;
}

QString describe(const GleifRecord &r)
{
    QString where = r.legalCountry.isEmpty() ? QString() : u", %1"_s.arg(r.legalCountry);
    return u"%1 (%2%3)"_s.arg(r.lei, r.legalName, where);
}

QString statusPhrase(const GleifRecord &r)
{
    return u"registration %1, entity %2"_s.arg(
        r.registrationStatus, r.entityStatus.isEmpty() ? u"status not stated"_s : r.entityStatus);
}

// The mapping of ../shared/reference/eu-vat.md §7.2 for an LEI the caller named.
void addStanding(CounterpartyFinding &f, const GleifRecord &r)
{
    switch (r.standing()) {
    case GleifRecord::Standing::Good:
        add(f, u"lei_issued"_s, Severity::Info, u"GLEIF lists %1: %2."_s.arg(describe(r), statusPhrase(r)));
        return;
    case GleifRecord::Standing::Lapsed:
        add(f, u"lei_lapsed"_s, Severity::Review,
            u"GLEIF lists %1 as LAPSED: the LEI was not renewed (next renewal was due %2), so its data is "
            "no longer confirmed."_s.arg(
                describe(r), r.nextRenewalDate.isEmpty() ? u"?"_s : r.nextRenewalDate));
        return;
    case GleifRecord::Standing::Pending:
        add(f, u"lei_pending"_s, Severity::Review,
            u"GLEIF lists %1 with %2: the record is in transition."_s.arg(describe(r), statusPhrase(r)));
        return;
    case GleifRecord::Standing::Ended: {
        QString message = u"GLEIF lists %1 with %2: the entity no longer exists or the LEI is void."_s.arg(
            describe(r), statusPhrase(r));
        QStringList successor;
        if (!r.successorName.isEmpty())
            successor.append(r.successorName);
        if (!r.successorLei.isEmpty())
            successor.append(u"(%1)"_s.arg(r.successorLei));
        if (!successor.isEmpty())
            message += u" GLEIF names the successor %1."_s.arg(successor.join(u' '));
        add(f, u"lei_ended"_s, Severity::Blocked, message);
        return;
    }
    case GleifRecord::Standing::Unknown:
        break;
    }
    add(f, u"lei_status_unknown"_s, Severity::Review,
        u"GLEIF lists %1 with %2, which is not ISSUED and ACTIVE."_s.arg(describe(r), statusPhrase(r)));
}

void addSnapshot(CounterpartyFinding &f, const GleifAnswer &answer)
{
    f.detail.insert(u"checked_at"_s, answer.snapshot.value(u"fetched_at"_s));
    f.detail.insert(u"as_of"_s, orNull(answer.publishDate));
    // A reused answer keeps the time GLEIF gave it: checked_at is when GLEIF was asked.
    f.detail.insert(u"from_cache"_s, answer.fromCache);
    f.detail.insert(u"source_snapshots"_s, QJsonArray { answer.snapshot });
}

} // namespace

double blockScore()
{
    return kDefaultSanctionsThreshold;
}

double reviewScore()
{
    return kDefaultSanctionsThreshold - ReviewMargin;
}

std::optional<QJsonObject> screeningArgs(const QString &name, QStringList &screenedKeys)
{
    const QString key = NameMatch::key(name);
    if (key.size() < 2 || screenedKeys.contains(key))
        return std::nullopt;
    screenedKeys.append(key);
    return QJsonObject { { u"name"_s, name }, { u"threshold"_s, reviewScore() },
        { u"lists"_s, u"eu,un,uk"_s }, { u"limit"_s, 10 } };
}

CounterpartyFinding notRun(const QString &check, const QString &why)
{
    CounterpartyFinding f;
    f.check = check;
    f.state = CounterpartyFinding::State::NotRun;
    f.detail.insert(u"reason"_s, why);
    return f;
}

CounterpartyFinding missing(const QString &check, const QStringList &sources, const ServiceError &error)
{
    // The source's own error speaks of its own call ("Nothing was charged."); this call goes on.
    QString reason = error.message();
    reason.remove(u" Nothing was charged."_s);
    CounterpartyFinding f;
    f.check = check;
    f.state = CounterpartyFinding::State::Missing;
    // Our source names, not the upstream's own (the sanctions screening names the lists eu, un, uk).
    f.sources = sources.isEmpty() ? error.missing() : sources;
    f.missingReason = reason;
    f.detail = QJsonObject {
        { u"source"_s, sources.join(u","_s) },
        { u"error_code"_s, error.code() },
        { u"error"_s, reason },
    };
    return f;
}

CounterpartyFinding vat(const Outcome &outcome, const QString &givenName)
{
    if (!outcome.ok()) {
        if (outcome.error().kind() == ServiceError::Kind::Unavailable)
            return missing(u"vat"_s, { u"vies"_s }, outcome.error());
        // VIES refused the input (INVALID_INPUT) although our format check passed: a finding, not an outage.
        CounterpartyFinding f = ran(u"vat"_s, u"vies"_s);
        f.detail.insert(u"error_code"_s, outcome.error().code());
        add(f, u"vat_rejected"_s, Severity::Review,
            u"VIES refused to check the VAT ID: %1"_s.arg(outcome.error().message()));
        return f;
    }
    const QJsonObject d = outcome.value().data;
    CounterpartyFinding f = ran(u"vat"_s, d.value(u"source"_s).toString());
    for (const QString &key : { u"input"_s, u"normalized"_s, u"country"_s, u"format_valid"_s,
             u"vies_checked"_s, u"registered"_s, u"name"_s, u"address"_s, u"checked_at"_s,
             u"consultation_number"_s, u"requester_vat_id"_s, u"hint"_s, u"source_snapshots"_s })
        f.detail.insert(key, d.value(key));
    f.detail.insert(u"name_match"_s, QJsonValue::Null);
    const QString normalized = d.value(u"normalized"_s).toString();
    const QString hint = d.value(u"hint"_s).toString();

    if (!d.value(u"format_valid"_s).toBool()) {
        add(f, u"vat_format_invalid"_s, Severity::Review,
            u"%1 is not a possible VAT ID: %2"_s.arg(d.value(u"input"_s).toString(), hint));
        return f;
    }
    if (!d.value(u"vies_checked"_s).toBool()) {
        add(f, u"vat_not_verifiable"_s, Severity::Review, u"%1: %2"_s.arg(normalized, hint));
        return f;
    }
    if (!d.value(u"registered"_s).toBool()) {
        add(f, u"vat_not_registered"_s, Severity::Review,
            u"VIES reports %1 as not valid for intra-EU transactions."_s.arg(normalized));
        return f;
    }
    QString registered = u"VIES confirms %1 is valid for intra-EU transactions"_s.arg(normalized);
    if (const QString number = d.value(u"consultation_number"_s).toString(); !number.isEmpty())
        registered += u" (consultation number %1)"_s.arg(number);
    add(f, u"vat_registered"_s, Severity::Info, registered + u"."_s);

    const QString viesName = d.value(u"name"_s).toString();
    if (!givenName.isEmpty() && !viesName.isEmpty()) {
        const NameMatch::Level level = NameMatch::compare(givenName, viesName);
        f.detail.insert(u"name_match"_s, NameMatch::levelName(level));
        if (level == NameMatch::Level::Different)
            add(f, u"vat_name_mismatch"_s, Severity::Review,
                u"VIES registers %1 to \"%2\", not to \"%3\"."_s.arg(normalized, viesName, givenName));
    }
    return f;
}

CounterpartyFinding sanctions(const QList<QPair<QString, Outcome>> &screenings)
{
    for (const auto &[name, outcome] : screenings) {
        if (!outcome.ok())
            return missing(u"sanctions"_s, { u"sanctions_lists"_s }, outcome.error());
    }
    CounterpartyFinding f = ran(u"sanctions"_s, u"sanctions_lists"_s);
    QJsonArray names;
    // One entry per listing (list + reference), with the best score over the names screened.
    QMap<QString, QJsonObject> hits;
    for (const auto &[name, outcome] : screenings) {
        const QJsonObject d = outcome.value().data;
        names.append(name);
        f.detail.insert(u"checked_at"_s, d.value(u"screened_at"_s));
        f.detail.insert(u"lists_screened"_s, d.value(u"lists_screened"_s));
        const QJsonArray found = d.value(u"hits"_s).toArray();
        for (const QJsonValue &v : found) {
            QJsonObject hit = v.toObject();
            hit.insert(u"screened_name"_s, name);
            const QString key = hit.value(u"list"_s).toString() + u'|' + hit.value(u"reference"_s).toString();
            if (!hits.contains(key)
                || hits.value(key).value(u"score"_s).toDouble() < hit.value(u"score"_s).toDouble())
                hits.insert(key, hit);
        }
    }
    QList<QJsonObject> sorted = hits.values();
    std::stable_sort(sorted.begin(), sorted.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(u"score"_s).toDouble() > b.value(u"score"_s).toDouble();
    });
    QJsonArray hitArray;
    for (const QJsonObject &hit : std::as_const(sorted))
        hitArray.append(hit);
    f.detail.insert(u"names_screened"_s, names);
    f.detail.insert(u"block_score"_s, blockScore());
    f.detail.insert(u"review_score"_s, std::round(reviewScore() * 100.0) / 100.0);
    f.detail.insert(u"hits"_s, hitArray);
    f.detail.insert(u"top_score"_s, sorted.isEmpty() ? QJsonValue() : sorted.first().value(u"score"_s));

    for (const QJsonObject &hit : std::as_const(sorted)) {
        const double s = hit.value(u"score"_s).toDouble();
        const QString what = u"\"%1\" matches %2 on the %3 list (reference %4) with score %5"_s.arg(
            hit.value(u"screened_name"_s).toString(), hit.value(u"name"_s).toString(),
            hit.value(u"list"_s).toString().toUpper(), hit.value(u"reference"_s).toString(), score(s));
        if (s >= blockScore())
            add(f, u"sanctions_match"_s, Severity::Blocked,
                what + u", at or above the blocking score %1."_s.arg(score(blockScore())));
        else if (s >= reviewScore())
            add(f, u"sanctions_near_match"_s, Severity::Review,
                what + u", just below the blocking score %1."_s.arg(score(blockScore())));
    }
    if (f.reasons.isEmpty()) {
        QStringList screened;
        for (const QJsonValue &n : std::as_const(names))
            screened.append(u"\"%1\""_s.arg(n.toString()));
        add(f, u"sanctions_no_match"_s, Severity::Info,
            u"No entry of the EU, UN or UK sanctions lists scores %1 or more for %2."_s.arg(
                score(reviewScore()), screened.join(u", "_s)));
    }
    return f;
}

CounterpartyFinding iban(const Outcome &outcome, const QDateTime &checkedAt)
{
    if (!outcome.ok())
        return missing(u"iban"_s, {}, outcome.error());
    const QJsonObject d = outcome.value().data;
    CounterpartyFinding f = ran(u"iban"_s, u"iban_registry"_s);
    f.detail.insert(u"checked_at"_s, isoUtc(checkedAt));
    for (const QString &key : { u"valid"_s, u"formatted"_s, u"country"_s, u"bic"_s, u"bank_name"_s,
             u"invalid_reason"_s, u"message"_s, u"bank_registry_note"_s })
        f.detail.insert(key, d.value(key));
    if (d.value(u"valid"_s).toBool()) {
        const QString bank = d.value(u"bank_name"_s).toString();
        add(f, u"iban_valid"_s, Severity::Info,
            bank.isEmpty() ? u"The IBAN is valid."_s : u"The IBAN is valid (%1)."_s.arg(bank));
    } else {
        add(f, u"iban_invalid"_s, Severity::Review,
            u"The IBAN is not valid: %1"_s.arg(d.value(u"message"_s).toString()));
    }
    return f;
}

CounterpartyFinding leiInvalid(const LeiAnalysis &analysis, const QDateTime &checkedAt)
{
    CounterpartyFinding f = ran(u"lei"_s, u"format"_s);
    f.detail.insert(u"mode"_s, u"lei"_s);
    f.detail.insert(u"checked_at"_s, isoUtc(checkedAt));
    f.detail.insert(u"lei"_s, analysis.normalized);
    f.detail.insert(u"check_digits_valid"_s, false);
    f.detail.insert(u"format_error"_s, analysis.error);
    add(f, u"lei_invalid"_s, Severity::Review,
        u"%1 is not a valid LEI: %2; GLEIF was not asked."_s.arg(analysis.input, analysis.message));
    return f;
}

CounterpartyFinding leiLookup(const LeiAnalysis &analysis, const Result<GleifAnswer> &answer,
    const QString &givenName, const QString &country)
{
    if (!answer.ok())
        return missing(u"lei"_s, { GleifClient::sourceId() }, answer.error());
    const GleifAnswer &a = answer.value();
    CounterpartyFinding f = ran(u"lei"_s, GleifClient::sourceId());
    f.detail.insert(u"mode"_s, u"lei"_s);
    f.detail.insert(u"lei"_s, analysis.normalized);
    f.detail.insert(u"check_digits_valid"_s, true);
    f.detail.insert(u"found"_s, a.found);
    f.detail.insert(u"name_match"_s, QJsonValue::Null);
    addSnapshot(f, a);
    if (!a.found || a.records.isEmpty()) {
        f.detail.insert(u"record"_s, QJsonValue::Null);
        add(f, u"lei_not_found"_s, Severity::Review,
            u"GLEIF has no record of the LEI %1, although its check digits are correct."_s.arg(
                analysis.normalized));
        return f;
    }
    const GleifRecord &r = a.records.first();
    f.detail.insert(u"record"_s, r.toJson());
    addStanding(f, r);
    if (!givenName.isEmpty()) {
        const NameMatch::Level level = NameMatch::best(givenName, recordNames(r));
        f.detail.insert(u"name_match"_s, NameMatch::levelName(level));
        if (level == NameMatch::Level::Different)
            add(f, u"lei_name_mismatch"_s, Severity::Review,
                u"GLEIF registers %1 to \"%2\", not to \"%3\"."_s.arg(r.lei, r.legalName, givenName));
    }
    if (!country.isEmpty() && !r.legalCountry.isEmpty() && r.legalCountry != country)
        add(f, u"lei_country_mismatch"_s, Severity::Review,
            u"GLEIF registers %1 in %2, not in %3."_s.arg(r.lei, r.legalCountry, country));
    return f;
}

CounterpartyFinding leiSearch(const QString &name, const QString &country, const Result<GleifAnswer> &answer)
{
    if (!answer.ok())
        return missing(u"lei"_s, { GleifClient::sourceId() }, answer.error());
    const GleifAnswer &a = answer.value();
    CounterpartyFinding f = ran(u"lei"_s, GleifClient::sourceId());
    f.detail.insert(u"mode"_s, u"name"_s);
    f.detail.insert(u"query"_s, name);
    f.detail.insert(u"candidates"_s, qint64(a.records.size()));
    addSnapshot(f, a);

    // Only a record with the same significant words (and in the country, when given) identifies the
    // counterparty; a similar name is another company as often as not.
    QList<GleifRecord> exact;
    for (const GleifRecord &r : a.records) {
        if ((country.isEmpty() || r.legalCountry == country)
            && NameMatch::best(name, recordNames(r)) == NameMatch::Level::Same)
            exact.append(r);
    }
    QJsonArray matches;
    for (const GleifRecord &r : std::as_const(exact))
        matches.append(r.toJson());
    f.detail.insert(u"matches"_s, matches);
    const QString where = country.isEmpty() ? QString() : u" in %1"_s.arg(country);
    if (exact.isEmpty()) {
        add(f, u"lei_none_found"_s, Severity::Info,
            u"GLEIF has no LEI record named \"%1\"%2; most small businesses have no LEI."_s.arg(name, where));
        return f;
    }
    // A name identifies less surely than an LEI: a good record settles it, ended ones ask for a look, and
    // a lapsed LEI (common among companies that no longer need one) is only reported.
    for (const GleifRecord &r : std::as_const(exact)) {
        if (r.standing() == GleifRecord::Standing::Good) {
            add(f, u"lei_found"_s, Severity::Info,
                u"GLEIF lists %1 for this name: %2."_s.arg(describe(r), statusPhrase(r)));
            return f;
        }
    }
    for (const GleifRecord &r : std::as_const(exact)) {
        if (r.standing() == GleifRecord::Standing::Ended) {
            add(f, u"lei_entity_ended_by_name"_s, Severity::Review,
                u"The LEI record named \"%1\"%2 is %3 with %4: the entity no longer exists or the LEI is "
                "void."_s.arg(name, where, describe(r), statusPhrase(r)));
            return f;
        }
    }
    const GleifRecord &r = exact.first();
    add(f, u"lei_found"_s, Severity::Info,
        u"GLEIF lists %1 for this name: %2 (an LEI that is not renewed says nothing about the company "
        "itself)."_s.arg(describe(r), statusPhrase(r)));
    return f;
}

} // namespace ades::eu::CounterpartyFindings
