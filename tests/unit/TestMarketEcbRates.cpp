// The ECB euro reference rates as market.agent_spend reads them (EcbRates): the recorded daily and history
// files of ../shared/data/upstreams/ecb-fx/, both attribute quotings, the weekend and holiday fallback to
// the latest earlier day, a currency missing on a day, and the documents that must be refused (another
// namespace, a DTD, a malformed rate). Then the euro amounts at those rates (EurAmount), in cents.

#include "TestData.h"
#include "ops/market/agentspend/EcbRates.h"
#include "ops/market/agentspend/EurAmount.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::market;

namespace {

QByteArray recorded(const QString &name)
{
    QFile file(ades::test::sharedDataDir() + u"/upstreams/ecb-fx/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// One line each: moc reads "//" inside a multi-line raw string as a comment.
const QByteArray Envelope
    = R"(<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><Cube>CUBES</Cube></gesmes:Envelope>)";

QByteArray days(const QByteArray &cubes)
{
    QByteArray doc = Envelope;
    return doc.replace("CUBES", cubes);
}

} // namespace

class TestMarketEcbRates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordedDaily();
    void recordedHistory();
    void fallback_data();
    void fallback();
    void missingCurrency();
    void refused_data();
    void refused();
    void cents_data();
    void cents();
    void formats();
};

void TestMarketEcbRates::recordedDaily()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto rates = EcbRates::parse(recorded(u"eurofxref-daily-2024-01-04.xml"_s), u"USD"_s);
    QVERIFY2(rates.ok(), rates.ok() ? "" : qPrintable(rates.error().message()));
    QCOMPARE(rates.value().size(), 1);
    QCOMPARE(rates.value().firstDay(), QDate(2024, 1, 4));
    const auto rate = rates.value().rateOn(QDate(2024, 1, 4));
    QVERIFY(rate);
    QCOMPARE(rate->rate, u"1.0953"_s); // single-quoted attributes in this file
    QVERIFY(!rate->earlierDay);
    // Another currency of the same file: JPY.
    QCOMPARE(EcbRates::parse(recorded(u"eurofxref-daily-2024-01-04.xml"_s), u"JPY"_s)
                 .value()
                 .rateOn(QDate(2024, 1, 4))
                 ->rate,
        u"157.91"_s);
}

void TestMarketEcbRates::recordedHistory()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto rates = EcbRates::parse(recorded(u"eurofxref-hist-excerpt.xml"_s), u"USD"_s);
    QVERIFY(rates.ok());
    QCOMPARE(rates.value().size(), 2);
    QCOMPARE(rates.value().firstDay(), QDate(2019, 6, 13));
    QCOMPARE(rates.value().lastDay(), QDate(2019, 6, 14));
    QCOMPARE(rates.value().rateOn(QDate(2019, 6, 13))->rate, u"1.1289"_s);
    QCOMPARE(rates.value().rateOn(QDate(2019, 6, 14))->rate, u"1.1265"_s);
    // 2019-06-15/16 is a weekend: Friday's rate, said to be of an earlier day.
    const auto saturday = rates.value().rateOn(QDate(2019, 6, 15));
    QCOMPARE(saturday->rate, u"1.1265"_s);
    QCOMPARE(saturday->publishedOn, QDate(2019, 6, 14));
    QVERIFY(saturday->earlierDay);
    // Before the file's first day there is nothing to fall back on (the caller asks the full history).
    QVERIFY(!rates.value().rateOn(QDate(2019, 6, 12)));
}

void TestMarketEcbRates::fallback_data()
{
    QTest::addColumn<QDate>("day");
    QTest::addColumn<QString>("rate");
    QTest::addColumn<QDate>("publishedOn");
    // 2024: Good Friday 29 March and Easter Monday 1 April are TARGET holidays.
    QTest::newRow("thursday") << QDate(2024, 3, 28) << u"1.0811"_s << QDate(2024, 3, 28);
    QTest::newRow("good-friday") << QDate(2024, 3, 29) << u"1.0811"_s << QDate(2024, 3, 28);
    QTest::newRow("saturday") << QDate(2024, 3, 30) << u"1.0811"_s << QDate(2024, 3, 28);
    QTest::newRow("easter-monday") << QDate(2024, 4, 1) << u"1.0811"_s << QDate(2024, 3, 28);
    QTest::newRow("tuesday") << QDate(2024, 4, 2) << u"1.0745"_s << QDate(2024, 4, 2);
    QTest::newRow("after-last") << QDate(2024, 4, 9) << u"1.0745"_s << QDate(2024, 4, 2);
}

void TestMarketEcbRates::fallback()
{
    QFETCH(QDate, day);
    QFETCH(QString, rate);
    QFETCH(QDate, publishedOn);
    // Newest day first, as in the hist files.
    const auto rates
        = EcbRates::parse(days(R"(<Cube time="2024-04-02"><Cube currency="USD" rate="1.0745"/></Cube>
        <Cube time="2024-03-28"><Cube currency="USD" rate="1.0811"/></Cube>
        <Cube time="2024-03-27"><Cube currency="USD" rate="1.0826"/></Cube>)"),
            u"USD"_s);
    QVERIFY(rates.ok());
    const auto found = rates.value().rateOn(day);
    QVERIFY(found);
    QCOMPARE(found->rate, rate);
    QCOMPARE(found->publishedOn, publishedOn);
    QCOMPARE(found->earlierDay, publishedOn != day);
}

void TestMarketEcbRates::missingCurrency()
{
    ADES_REQUIRE_SHARED_DATA();
    // The 2019-06-13 day of the excerpt holds only USD and JPY: GBP falls back to nothing earlier.
    const auto gbp = EcbRates::parse(recorded(u"eurofxref-hist-excerpt.xml"_s), u"GBP"_s);
    QVERIFY(gbp.ok());
    QVERIFY(!gbp.value().rateOn(QDate(2019, 6, 13)));
    QCOMPARE(gbp.value().rateOn(QDate(2019, 6, 14))->rate, u"0.89093"_s);
    // HRK ended with 2022: none in the 2024 file.
    const auto hrk = EcbRates::parse(recorded(u"eurofxref-daily-2024-01-04.xml"_s), u"HRK"_s);
    QVERIFY(hrk.ok());
    QCOMPARE(hrk.value().size(), 0);
    QVERIFY(!hrk.value().rateOn(QDate(2024, 1, 4)));
    // A day without the currency between two with it: the earlier day's rate, said so.
    const auto gap
        = EcbRates::parse(days(R"(<Cube time="2024-01-05"><Cube currency="JPY" rate="158.00"/></Cube>
        <Cube time="2024-01-04"><Cube currency="USD" rate="1.0953"/></Cube>)"),
            u"USD"_s);
    QCOMPARE(gap.value().rateOn(QDate(2024, 1, 5))->publishedOn, QDate(2024, 1, 4));
    QVERIFY(gap.value().rateOn(QDate(2024, 1, 5))->earlierDay);
}

void TestMarketEcbRates::refused_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("not-xml") << QByteArray("{\"rates\": {}}");
    QTest::newRow("no-day") << days("");
    QTest::newRow("other-root-namespace") << QByteArray(
        R"(<Envelope xmlns="urn:x"><Cube><Cube time="2024-01-04"><Cube currency="USD" rate="1.1"/></Cube></Cube></Envelope>)");
    QTest::newRow("dtd-with-entity") << QByteArray(
        R"(<?xml version="1.0"?><!DOCTYPE e [<!ENTITY r "1.1">]><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube><Cube time="2024-01-04"><Cube currency="USD" rate="&r;"/></Cube></Cube></gesmes:Envelope>)");
    QTest::newRow("bad-date") << days(R"(<Cube time="2024-13-04"><Cube currency="USD" rate="1.1"/></Cube>)");
    QTest::newRow("negative-rate") << days(
        R"(<Cube time="2024-01-04"><Cube currency="USD" rate="-1.1"/></Cube>)");
    QTest::newRow("zero-rate") << days(
        R"(<Cube time="2024-01-04"><Cube currency="USD" rate="0.0000"/></Cube>)");
    QTest::newRow("exponent-rate") << days(
        R"(<Cube time="2024-01-04"><Cube currency="USD" rate="1e3"/></Cube>)");
    QTest::newRow("rate-outside-day") << days(R"(<Cube currency="USD" rate="1.1"/>)");
    QTest::newRow("truncated")
        << days(R"(<Cube time="2024-01-04"><Cube currency="USD" rate="1.1"/>)").left(300);
}

void TestMarketEcbRates::refused()
{
    QFETCH(QByteArray, xml);
    const auto rates = EcbRates::parse(xml, u"USD"_s);
    QVERIFY(!rates.ok());
    QCOMPARE(rates.error().httpStatus(), 503);
    QCOMPARE(rates.error().missing(), QStringList { u"ecb-fx"_s });
}

void TestMarketEcbRates::cents_data()
{
    QTest::addColumn<qint64>("atomic");
    QTest::addColumn<QString>("rate");
    QTest::addColumn<qint64>("cents");
    QTest::newRow("10-usdc") << qint64(10'000'000) << u"1.0953"_s << qint64(913); // 9.1299...
    QTest::newRow("0.01-usdc") << qint64(10'000) << u"1.0953"_s << qint64(1); // 0.00913
    QTest::newRow("half-up") << qint64(50'000) << u"1"_s << qint64(5); // exactly 0.05
    QTest::newRow("half-cent-rounds-up") << qint64(5'000) << u"1"_s << qint64(1); // 0.005 -> 0.01
    QTest::newRow("below-half-cent") << qint64(4'999) << u"1"_s << qint64(0);
    QTest::newRow("large") << qint64(9'000'000'000'000'000'000) << u"1.0953"_s << qint64(821'692'686'935'086);
    QTest::newRow("nine-places") << qint64(1'000'000) << u"1.123456789"_s << qint64(89);
}

void TestMarketEcbRates::cents()
{
    QFETCH(qint64, atomic);
    QFETCH(QString, rate);
    QFETCH(qint64, cents);
    QCOMPARE(EurAmount::centsOf(atomic, rate), std::optional<qint64>(cents));
}

void TestMarketEcbRates::formats()
{
    for (const QString &bad : { u""_s, u"0"_s, u"-1.1"_s, u"1."_s, u".5"_s, u"1e3"_s, u"1.1234567890"_s })
        QVERIFY2(!EurAmount::centsOf(1'000'000, bad), qPrintable(bad));
    QCOMPARE(EurAmount::format(913).toString(), u"9.13"_s);
    QCOMPARE(EurAmount::format(5).toString(), u"0.05"_s);
    QCOMPARE(EurAmount::format(0).toString(), u"0.00"_s);
    QCOMPARE(EurAmount::format(-120).toString(), u"-1.20"_s);
    QCOMPARE(EurAmount::usdc(10'000).toString(), u"0.01"_s);
    QCOMPARE(EurAmount::usdc(1'500'000).toString(), u"1.5"_s);
    QCOMPARE(EurAmount::usdc(1).toString(), u"0.000001"_s);
    QCOMPARE(EurAmount::usdc(0).toString(), u"0"_s);
}

QTEST_APPLESS_MAIN(TestMarketEcbRates)
#include "TestMarketEcbRates.moc"
