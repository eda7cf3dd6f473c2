#include "ops/eu/counterparty/CounterpartyDecision.h"
#include "ops/eu/counterparty/CounterpartyFindings.h"
#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/lei/LeiCode.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::eu;
namespace Findings = ades::eu::CounterpartyFindings;

Q_DECLARE_METATYPE(QList<ades::eu::CounterpartyFinding>)

// The decision table of docs/counterparty.md, one row per line of the table: each check's answer as the
// handlers give it -> CounterpartyFindings -> CounterpartyDecision. The network-facing paths are in
// integration/TestCounterpartyCheck.cpp.
class TestCounterpartyDecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decisionTable_data();
    void decisionTable();
    void missingIsNeverClear_data();
    void missingIsNeverClear();
    void reasonsOrderedBySeverity();
    void sanctionsHitsMergedAcrossNames();
    void endedLeiNamesSuccessor();
};

namespace {

const QDateTime At(QDate(2026, 11, 21), QTime(8, 0), Qt::UTC);

Outcome vatResult(bool formatValid, bool viesChecked, bool registered, const QString &name = {})
{
    QJsonObject d {
        { u"input"_s, u"DE136695976"_s },
        { u"normalized"_s, u"DE136695976"_s },
        { u"country"_s, u"DE"_s },
        { u"format_valid"_s, formatValid },
        { u"vies_checked"_s, viesChecked },
        { u"registered"_s, viesChecked ? QJsonValue(registered) : QJsonValue() },
        { u"name"_s, name.isEmpty() ? QJsonValue() : QJsonValue(name) },
        { u"address"_s, QJsonValue() },
        { u"checked_at"_s, u"2026-11-21T08:00:00.000Z"_s },
        { u"source"_s, viesChecked ? u"vies"_s : u"format"_s },
        { u"consultation_number"_s, QJsonValue() },
        { u"hint"_s, u"hint"_s },
        { u"source_snapshots"_s, QJsonArray() },
    };
    return OperationResult { d, u"DE136695976"_s };
}

Outcome screening(const QList<double> &scores)
{
    QJsonArray hits;
    for (qsizetype i = 0; i < scores.size(); ++i)
        hits.append(QJsonObject { { u"score"_s, scores.at(i) }, { u"name"_s, u"Listed Entity %1"_s.arg(i) },
            { u"list"_s, u"eu"_s }, { u"reference"_s, u"EU.%1.1"_s.arg(i) } });
    const QJsonObject d { { u"hits"_s, hits }, { u"screened_at"_s, u"2026-11-21T08:00:00.000Z"_s },
        { u"lists_screened"_s,
            QJsonArray {
                QJsonObject { { u"list"_s, u"eu"_s }, { u"generation_date"_s, u"2026-11-20"_s } } } } };
    return OperationResult { d, u"name"_s };
}

Outcome ibanResult(bool valid)
{
    return OperationResult { QJsonObject { { u"valid"_s, valid }, { u"message"_s, u"checksum wrong"_s } },
        u"DE89370400440532013000"_s };
}

ServiceError down(const QString &source)
{
    return ServiceError::sourceUnavailable(source, u"%1 could not be reached."_s.arg(source));
}

// A valid LEI derived from a base, so that no LEI is hard-coded.
QString makeLei(const QString &base)
{
    return base + LeiCode::checkDigits(base);
}

GleifRecord record(const QString &registration, const QString &entity,
    const QString &name = u"Acme Trading GmbH"_s, const QString &country = u"DE"_s)
{
    GleifRecord r;
    r.lei = makeLei(u"529900ACMETRADING0"_s);
    r.legalName = name;
    r.legalCountry = country;
    r.registrationStatus = registration;
    r.entityStatus = entity;
    return r;
}

Result<GleifAnswer> answer(const QList<GleifRecord> &records)
{
    GleifAnswer a;
    a.found = !records.isEmpty();
    a.records = records;
    a.publishDate = u"2026-11-20T00:00:00Z"_s;
    a.snapshot
        = QJsonObject { { u"source"_s, u"gleif"_s }, { u"fetched_at"_s, u"2026-11-21T08:00:00.000Z"_s } };
    return a;
}

CounterpartyFinding lookup(
    const Result<GleifAnswer> &a, const QString &name = {}, const QString &country = {})
{
    return Findings::leiLookup(LeiCode::analyse(makeLei(u"529900ACMETRADING0"_s)), a, name, country);
}

CounterpartyFinding noSanctionsHit()
{
    return Findings::sanctions({ { u"Acme Trading GmbH"_s, screening({}) } });
}

CounterpartyFinding notRun(const QString &check)
{
    return Findings::notRun(check, u"not given"_s);
}

// sanctions, vat, lei, iban: the handler's order.
QList<CounterpartyFinding> row(const CounterpartyFinding &sanctions, const CounterpartyFinding &vat,
    const CounterpartyFinding &lei, const CounterpartyFinding &iban)
{
    return { sanctions, vat, lei, iban };
}

} // namespace

void TestCounterpartyDecision::decisionTable_data()
{
    QTest::addColumn<QList<CounterpartyFinding>>("findings");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("code"); // a reason the verdict must carry
    QTest::addColumn<QStringList>("missing");

    const double block = Findings::blockScore();
    const double review = Findings::reviewScore();
    const auto vatOk = Findings::vat(vatResult(true, true, true), {});
    const auto leiNone = Findings::leiSearch(u"Acme Trading GmbH"_s, u"DE"_s, answer({}));
    const auto ibanOk = Findings::iban(ibanResult(true), At);

    // Clear: sanctions screening ran and nothing lowered the verdict.
    QTest::newRow("clear-name-only") << row(noSanctionsHit(), notRun(u"vat"_s), leiNone, notRun(u"iban"_s))
                                     << u"clear"_s << u"sanctions_no_match"_s << QStringList();
    QTest::newRow("clear-all-four") << row(noSanctionsHit(),
        Findings::vat(vatResult(true, true, true, u"ACME TRADING GMBH"_s), u"Acme Trading GmbH"_s),
        lookup(answer({ record(u"ISSUED"_s, u"ACTIVE"_s) }), u"Acme Trading GmbH"_s, u"DE"_s), ibanOk)
                                    << u"clear"_s << u"lei_issued"_s << QStringList();
    QTest::newRow("clear-similar-vies-name") << row(noSanctionsHit(),
        Findings::vat(vatResult(true, true, true, u"ACME TRADING GMBH BERLIN"_s), u"Acme Trading"_s), leiNone,
        notRun(u"iban"_s)) << u"clear"_s << u"vat_registered"_s
                                             << QStringList();
    QTest::newRow("clear-hit-below-review-band")
        << row(Findings::sanctions({ { u"Acme"_s, screening({ review - 0.01 }) } }), vatOk, leiNone, ibanOk)
        << u"clear"_s << u"sanctions_no_match"_s << QStringList();
    // Name search: a lapsed LEI of that name is reported, not held against the company.
    QTest::newRow("clear-name-search-lapsed") << row(noSanctionsHit(), notRun(u"vat"_s),
        Findings::leiSearch(u"Acme Trading GmbH"_s, u"DE"_s, answer({ record(u"LAPSED"_s, u"ACTIVE"_s) })),
        notRun(u"iban"_s)) << u"clear"_s << u"lei_found"_s
                                              << QStringList();
    QTest::newRow("clear-name-search-similar-name-ended") << row(noSanctionsHit(), notRun(u"vat"_s),
        Findings::leiSearch(u"Acme Trading GmbH"_s, u"DE"_s,
            answer({ record(u"RETIRED"_s, u"INACTIVE"_s, u"Acme Trading Holding GmbH"_s) })),
        notRun(u"iban"_s)) << u"clear"_s << u"lei_none_found"_s
                                                          << QStringList();
    QTest::newRow("clear-name-search-good-beside-ended") << row(noSanctionsHit(), notRun(u"vat"_s),
        Findings::leiSearch(u"Acme Trading GmbH"_s, QString(),
            answer({ record(u"RETIRED"_s, u"INACTIVE"_s, u"Acme Trading GmbH"_s, u"AT"_s),
                record(u"ISSUED"_s, u"ACTIVE"_s) })),
        notRun(u"iban"_s)) << u"clear"_s << u"lei_found"_s
                                                         << QStringList();

    // Blocked.
    QTest::newRow("blocked-sanctions-at-threshold")
        << row(Findings::sanctions({ { u"Acme"_s, screening({ block }) } }), vatOk, leiNone, ibanOk)
        << u"blocked"_s << u"sanctions_match"_s << QStringList();
    QTest::newRow("blocked-sanctions-despite-missing-vat")
        << row(Findings::sanctions({ { u"Acme"_s, screening({ 0.97 }) } }),
               Findings::vat(down(u"vies"_s), {}), leiNone, notRun(u"iban"_s))
        << u"blocked"_s << u"sanctions_match"_s << QStringList { u"vat"_s };
    for (const auto &[tag, registration, entity] : { std::tuple { "retired", u"RETIRED"_s, u"ACTIVE"_s },
             std::tuple { "annulled", u"ANNULLED"_s, u"ACTIVE"_s },
             std::tuple { "merged", u"MERGED"_s, u"INACTIVE"_s },
             std::tuple { "duplicate", u"DUPLICATE"_s, u"ACTIVE"_s },
             std::tuple { "entity-inactive", u"ISSUED"_s, u"INACTIVE"_s } })
        QTest::newRow(qPrintable(u"blocked-lei-%1"_s.arg(QLatin1StringView(tag))))
            << row(noSanctionsHit(), vatOk, lookup(answer({ record(registration, entity) })), ibanOk)
            << u"blocked"_s << u"lei_ended"_s << QStringList();

    // Review: a finding a person should look at.
    QTest::newRow("review-sanctions-near-match") << row(
        Findings::sanctions({ { u"Acme"_s, screening({ (block + review) / 2 }) } }), vatOk, leiNone, ibanOk)
                                                 << u"review"_s << u"sanctions_near_match"_s << QStringList();
    QTest::newRow("review-sanctions-at-review-score")
        << row(Findings::sanctions({ { u"Acme"_s, screening({ review }) } }), vatOk, leiNone, ibanOk)
        << u"review"_s << u"sanctions_near_match"_s << QStringList();
    QTest::newRow("review-vat-format-invalid")
        << row(noSanctionsHit(), Findings::vat(vatResult(false, false, false), {}), leiNone, ibanOk)
        << u"review"_s << u"vat_format_invalid"_s << QStringList();
    QTest::newRow("review-vat-not-registered")
        << row(noSanctionsHit(), Findings::vat(vatResult(true, true, false), {}), leiNone, ibanOk)
        << u"review"_s << u"vat_not_registered"_s << QStringList();
    QTest::newRow("review-vat-outside-vies")
        << row(noSanctionsHit(), Findings::vat(vatResult(true, false, false), {}), leiNone, ibanOk)
        << u"review"_s << u"vat_not_verifiable"_s << QStringList();
    QTest::newRow("review-vat-name-differs") << row(noSanctionsHit(),
        Findings::vat(vatResult(true, true, true, u"OTHER HOLDING SE"_s), u"Acme Trading GmbH"_s), leiNone,
        ibanOk) << u"review"_s << u"vat_name_mismatch"_s
                                             << QStringList();
    QTest::newRow("review-vat-refused-by-vies") << row(noSanctionsHit(),
        Findings::vat(ServiceError::unprocessable(u"vies_INVALID_INPUT"_s, u"VIES: invalid input"_s), {}),
        leiNone, ibanOk) << u"review"_s << u"vat_rejected"_s
                                                << QStringList();
    QTest::newRow("review-iban-invalid")
        << row(noSanctionsHit(), vatOk, leiNone, Findings::iban(ibanResult(false), At)) << u"review"_s
        << u"iban_invalid"_s << QStringList();
    const QString badLei = makeLei(u"529900ACMETRADING0"_s).left(19) + u"X"_s;
    QTest::newRow("review-lei-check-digits")
        << row(noSanctionsHit(), vatOk, Findings::leiInvalid(LeiCode::analyse(badLei), At), ibanOk)
        << u"review"_s << u"lei_invalid"_s << QStringList();
    QTest::newRow("review-lei-unknown") << row(noSanctionsHit(), vatOk, lookup(answer({})), ibanOk)
                                        << u"review"_s << u"lei_not_found"_s << QStringList();
    QTest::newRow("review-lei-lapsed")
        << row(noSanctionsHit(), vatOk, lookup(answer({ record(u"LAPSED"_s, u"ACTIVE"_s) })), ibanOk)
        << u"review"_s << u"lei_lapsed"_s << QStringList();
    QTest::newRow("review-lei-pending") << row(
        noSanctionsHit(), vatOk, lookup(answer({ record(u"PENDING_TRANSFER"_s, u"ACTIVE"_s) })), ibanOk)
                                        << u"review"_s << u"lei_pending"_s << QStringList();
    QTest::newRow("review-lei-unknown-status")
        << row(noSanctionsHit(), vatOk, lookup(answer({ record(u"ISSUED"_s, QString()) })), ibanOk)
        << u"review"_s << u"lei_status_unknown"_s << QStringList();
    QTest::newRow("review-lei-name-differs") << row(noSanctionsHit(), vatOk,
        lookup(answer({ record(u"ISSUED"_s, u"ACTIVE"_s) }), u"Other Holding SE"_s), ibanOk)
                                             << u"review"_s << u"lei_name_mismatch"_s << QStringList();
    QTest::newRow("review-lei-country-differs") << row(
        noSanctionsHit(), vatOk, lookup(answer({ record(u"ISSUED"_s, u"ACTIVE"_s) }), {}, u"FR"_s), ibanOk)
                                                << u"review"_s << u"lei_country_mismatch"_s << QStringList();
    QTest::newRow("review-name-search-only-ended") << row(noSanctionsHit(), notRun(u"vat"_s),
        Findings::leiSearch(u"Acme Trading GmbH"_s, u"DE"_s, answer({ record(u"RETIRED"_s, u"INACTIVE"_s) })),
        notRun(u"iban"_s)) << u"review"_s << u"lei_entity_ended_by_name"_s
                                                   << QStringList();
    QTest::newRow("review-no-name-screened")
        << row(notRun(u"sanctions"_s), vatOk, notRun(u"lei"_s), notRun(u"iban"_s)) << u"review"_s
        << u"sanctions_not_run"_s << QStringList();
    QTest::newRow("review-iban-only")
        << row(notRun(u"sanctions"_s), notRun(u"vat"_s), notRun(u"lei"_s), ibanOk) << u"review"_s
        << u"sanctions_not_run"_s << QStringList();

    // Review: a source down, timed out or unusable. Never clear.
    QTest::newRow("review-vies-down")
        << row(noSanctionsHit(), Findings::vat(down(u"vies"_s), {}), leiNone, ibanOk) << u"review"_s
        << u"check_unavailable"_s << QStringList { u"vat"_s };
    QTest::newRow("review-gleif-down")
        << row(noSanctionsHit(), vatOk, Findings::leiSearch(u"Acme"_s, {}, down(u"gleif"_s)), ibanOk)
        << u"review"_s << u"check_unavailable"_s << QStringList { u"lei"_s };
    QTest::newRow("review-gleif-down-lookup")
        << row(noSanctionsHit(), vatOk, lookup(down(u"gleif"_s)), ibanOk) << u"review"_s
        << u"check_unavailable"_s << QStringList { u"lei"_s };
    QTest::newRow("review-sanctions-lists-missing")
        << row(Findings::sanctions({ { u"Acme"_s, down(u"sanctions_lists"_s) } }), vatOk, leiNone, ibanOk)
        << u"review"_s << u"check_unavailable"_s << QStringList { u"sanctions"_s };
    QTest::newRow("review-two-missing")
        << row(noSanctionsHit(), Findings::vat(down(u"vies"_s), {}),
               Findings::leiSearch(u"Acme"_s, {}, down(u"gleif"_s)), notRun(u"iban"_s))
        << u"review"_s << u"check_unavailable"_s << QStringList { u"vat"_s, u"lei"_s };

    // No decision: every check asked for is missing (an uncharged 503 in the handler).
    QTest::newRow("none-vat-only-vies-down") << row(
        notRun(u"sanctions"_s), Findings::vat(down(u"vies"_s), {}), notRun(u"lei"_s), notRun(u"iban"_s))
                                             << QString() << u"check_unavailable"_s
                                             << QStringList { u"vat"_s };
    QTest::newRow("none-all-down") << row(Findings::sanctions({ { u"Acme"_s, down(u"sanctions_lists"_s) } }),
        Findings::vat(down(u"vies"_s), {}), Findings::leiSearch(u"Acme"_s, {}, down(u"gleif"_s)),
        notRun(u"iban"_s)) << QString()
                                   << u"check_unavailable"_s
                                   << QStringList { u"sanctions"_s, u"vat"_s, u"lei"_s };
}

void TestCounterpartyDecision::decisionTable()
{
    QFETCH(QList<CounterpartyFinding>, findings);
    QFETCH(QString, verdict);
    QFETCH(QString, code);
    QFETCH(QStringList, missing);

    const CounterpartyDecision d = CounterpartyDecision::decide(findings);
    QCOMPARE(d.missingChecks(), missing);
    if (verdict.isEmpty()) {
        QVERIFY(!d.delivered());
        QVERIFY(!d.missingSources().isEmpty());
    } else {
        QVERIFY(d.delivered());
        QCOMPARE(CounterpartyDecision::verdictName(d.verdict()), verdict);
    }
    QStringList codes;
    for (const CounterpartyReason &r : d.reasons())
        codes << r.code;
    QVERIFY2(codes.contains(code), qPrintable(codes.join(u", "_s)));
    QVERIFY(!d.recommendation().isEmpty());
    // A verdict below clear always says what to do.
    if (d.verdict() != CounterpartyDecision::Verdict::Clear)
        QVERIFY(!d.nextActions().isEmpty());
    for (const CounterpartyFinding &f : std::as_const(findings)) {
        if (f.state == CounterpartyFinding::State::NotRun)
            QVERIFY(d.notRun().contains(f.check));
    }
}

void TestCounterpartyDecision::missingIsNeverClear_data()
{
    QTest::addColumn<QString>("missingCheck");
    QTest::newRow("vat") << u"vat"_s;
    QTest::newRow("lei") << u"lei"_s;
    QTest::newRow("sanctions") << u"sanctions"_s;
}

void TestCounterpartyDecision::missingIsNeverClear()
{
    // Everything else as good as it gets; the one missing check alone must hold the verdict at review.
    QFETCH(QString, missingCheck);
    CounterpartyFinding sanctions = noSanctionsHit();
    CounterpartyFinding vat = Findings::vat(vatResult(true, true, true), {});
    CounterpartyFinding lei = lookup(answer({ record(u"ISSUED"_s, u"ACTIVE"_s) }));
    if (missingCheck == u"vat"_s)
        vat = Findings::vat(down(u"vies"_s), {});
    else if (missingCheck == u"lei"_s)
        lei = lookup(down(u"gleif"_s));
    else
        sanctions = Findings::sanctions({ { u"Acme"_s, down(u"sanctions_lists"_s) } });
    const CounterpartyDecision d
        = CounterpartyDecision::decide(row(sanctions, vat, lei, Findings::iban(ibanResult(true), At)));
    QCOMPARE(d.verdict(), CounterpartyDecision::Verdict::Review);
    QCOMPARE(d.missingChecks(), QStringList { missingCheck });
    QVERIFY(d.recommendation().contains(missingCheck));
}

void TestCounterpartyDecision::reasonsOrderedBySeverity()
{
    const CounterpartyDecision d
        = CounterpartyDecision::decide(row(Findings::sanctions({ { u"Acme"_s, screening({ 0.95 }) } }),
            Findings::vat(vatResult(true, true, false), {}),
            lookup(answer({ record(u"ISSUED"_s, u"ACTIVE"_s) })), Findings::iban(ibanResult(true), At)));
    QCOMPARE(d.verdict(), CounterpartyDecision::Verdict::Blocked);
    QVERIFY(d.reasons().size() >= 3);
    for (qsizetype i = 1; i < d.reasons().size(); ++i)
        QVERIFY(d.reasons().at(i - 1).severity >= d.reasons().at(i).severity);
    QCOMPARE(d.reasons().first().code, u"sanctions_match"_s);
}

void TestCounterpartyDecision::sanctionsHitsMergedAcrossNames()
{
    // The same listing hit through two names counts once, with the better score.
    const CounterpartyFinding f = Findings::sanctions(
        { { u"Acme"_s, screening({ 0.62 }) }, { u"ACME TRADING"_s, screening({ 0.81 }) } });
    const QJsonArray hits = f.detail.value(u"hits"_s).toArray();
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits.first().toObject().value(u"score"_s).toDouble(), 0.81);
    QCOMPARE(hits.first().toObject().value(u"screened_name"_s).toString(), u"ACME TRADING"_s);
    QCOMPARE(f.detail.value(u"names_screened"_s).toArray().size(), 2);
    QCOMPARE(f.status(), u"blocked"_s);
}

void TestCounterpartyDecision::endedLeiNamesSuccessor()
{
    GleifRecord r = record(u"MERGED"_s, u"INACTIVE"_s);
    r.successorLei = makeLei(u"529900SUCCESSOR000"_s);
    r.successorName = u"Acme Group AG"_s;
    const CounterpartyFinding f = lookup(answer({ r }));
    QCOMPARE(f.status(), u"blocked"_s);
    QVERIFY(!f.reasons.isEmpty());
    QVERIFY(f.reasons.first().message.contains(r.successorLei));
    QVERIFY(f.reasons.first().message.contains(r.successorName));
}

QTEST_APPLESS_MAIN(TestCounterpartyDecision)
#include "TestCounterpartyDecision.moc"
