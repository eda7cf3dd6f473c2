#include "ops/us/dossier/DutyComponent.h"
#include "ops/us/dossier/ImportDecision.h"
#include "ops/us/sources/HtsRate.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::us;

// The decision table of docs/us-import.md and the duty arithmetic, row by row.
class TestUsImportDecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decide_data();
    void decide();
    void duty_data();
    void duty();
    void rate_data();
    void rate();
};

void TestUsImportDecision::decide_data()
{
    QTest::addColumn<QString>("weights"); // one letter per reason: r review, s stop
    QTest::addColumn<QStringList>("missing");
    QTest::addColumn<QString>("decision");
    QTest::newRow("nothing") << QString() << QStringList() << u"PROCEED_TO_CARRIER_QUOTE"_s;
    QTest::newRow("one-review") << u"r"_s << QStringList() << u"REVIEW_REQUIRED"_s;
    QTest::newRow("missing-tariff") << QString() << QStringList { u"tariff"_s } << u"REVIEW_REQUIRED"_s;
    QTest::newRow("missing-recalls") << QString() << QStringList { u"recalls"_s } << u"REVIEW_REQUIRED"_s;
    QTest::newRow("stop") << u"s"_s << QStringList() << u"DO_NOT_FORWARD"_s;
    QTest::newRow("stop-beats-review") << u"rrs"_s << QStringList() << u"DO_NOT_FORWARD"_s;
    QTest::newRow("stop-with-missing") << u"s"_s << QStringList { u"recalls"_s } << u"DO_NOT_FORWARD"_s;
}

void TestUsImportDecision::decide()
{
    QFETCH(QString, weights);
    QFETCH(QStringList, missing);
    QFETCH(QString, decision);
    QList<DecisionReason> reasons;
    for (const QChar w : std::as_const(weights))
        reasons.append(
            DecisionReason { w == u's' ? DecisionReason::Weight::Stop : DecisionReason::Weight::Review,
                u"code"_s, u"part"_s, u"message"_s, w == u's' ? u"stop action"_s : u"review action"_s });
    const ImportDecision d = ImportDecision::decide(reasons, missing);
    QCOMPARE(ImportDecision::valueName(d.value()), decision);
    if (weights.contains(u's'))
        QCOMPARE(d.nextActions().value(0), u"stop action"_s); // the stopping reason leads
    QCOMPARE(d.toJson().value(u"missing_checks"_s).toArray().size(), missing.size());
}

void TestUsImportDecision::duty_data()
{
    QTest::addColumn<qint64>("valueCents");
    QTest::addColumn<QString>("percent");
    QTest::addColumn<QString>("duty"); // empty: not computable
    QTest::newRow("16.5%-of-200") << qint64(20000) << u"16.5"_s << u"33.00"_s;
    QTest::newRow("free") << qint64(20000) << u"0"_s << u"0.00"_s;
    QTest::newRow("round-half-up") << qint64(1) << u"50"_s << u"0.01"_s; // 0.5 cent
    QTest::newRow("round-down") << qint64(1) << u"49.9999"_s << u"0.00"_s;
    QTest::newRow("largest-value") << qint64(99'999'999'999) << u"999.9999"_s << u"9999998999.90"_s;
    QTest::newRow("not-a-number") << qint64(100) << u"1.5c/kg"_s << QString();
    QTest::newRow("five-decimals") << qint64(100) << u"1.00001"_s << QString();
}

void TestUsImportDecision::duty()
{
    QFETCH(qint64, valueCents);
    QFETCH(QString, percent);
    QFETCH(QString, duty);
    const std::optional<qint64> cents = DutyComponent::cents(valueCents, percent);
    QCOMPARE(cents ? DutyComponent::usd(*cents) : QString(), duty);
}

void TestUsImportDecision::rate_data()
{
    QTest::addColumn<QString>("general");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("percent");
    QTest::newRow("free") << u"Free"_s << u"free"_s << u"0"_s;
    QTest::newRow("ad-valorem") << u"16.5%"_s << u"ad_valorem"_s << u"16.5"_s;
    QTest::newRow("specific") << u"1.5\u00a2/kg"_s << u"not_computed"_s << QString();
    QTest::newRow("compound") << u"2.8\u00a2/kg + 5%"_s << u"not_computed"_s << QString();
    QTest::newRow("empty") << QString() << u"absent"_s << QString();
    QTest::newRow("spaced") << u" 6 % "_s << u"ad_valorem"_s << u"6"_s;
}

void TestUsImportDecision::rate()
{
    QFETCH(QString, general);
    QFETCH(QString, kind);
    QFETCH(QString, percent);
    const HtsRate r = HtsRate::parse(general);
    QCOMPARE(HtsRate::kindName(r.kind), kind);
    QCOMPARE(r.percent, percent);
}

QTEST_APPLESS_MAIN(TestUsImportDecision)
#include "TestUsImportDecision.moc"
