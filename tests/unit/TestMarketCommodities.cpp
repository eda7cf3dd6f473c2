// The engines of market.commodities: the Open-Meteo daily parser on the recorded bodies of
// ../shared/data/upstreams/open-meteo/ (one location, several, the archive with a null day, the 400 and 429
// error forms) and on broken ones; the belt and normal settings; and the scoring rule with values pinned by
// hand from fixed inputs.

#include "TestData.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketSources.h"
#include "ops/market/commodities/CoffeeBelts.h"
#include "ops/market/commodities/CommoditiesSettings.h"
#include "ops/market/commodities/OpenMeteoDaily.h"
#include "ops/market/commodities/RainfallNormals.h"
#include "ops/market/commodities/RainfallRequests.h"
#include "ops/market/commodities/StressRule.h"
#include "upstream/UpstreamClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;
using ades::test::sharedDataDir;

namespace {

QByteArray recorded(const QString &name)
{
    QFile f(sharedDataDir() + u"/upstreams/open-meteo/"_s + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<DailyValue> days(const QDate &first, const QList<std::optional<double>> &values)
{
    QList<DailyValue> out;
    for (qsizetype i = 0; i < values.size(); ++i)
        out.append({ first.addDays(i), values.at(i) });
    return out;
}

RainfallNormal normalFrom(const QString &setting)
{
    QString problem;
    const std::optional<RainfallNormals> normals = RainfallNormals::parse(setting, problem);
    if (!normals || !normals->forBelt(u"any"_s))
        qFatal("bad normal in test");
    return *normals->forBelt(u"any"_s);
}

// A body of one location with the given days, for the broken forms.
QByteArray location(const QJsonArray &time, const QJsonArray &values, const QString &unit = u"mm"_s)
{
    return QJsonDocument(
        QJsonObject {
            { u"latitude"_s, -21.5 },
            { u"longitude"_s, -45.5 },
            { u"daily_units"_s, QJsonObject { { u"precipitation_sum"_s, unit } } },
            { u"daily"_s, QJsonObject { { u"time"_s, time }, { u"precipitation_sum"_s, values } } },
        })
        .toJson();
}

} // namespace

class TestMarketCommodities : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesOneLocation();
    void parsesSeveralLocationsInTheirOrder();
    void archiveNullDayIsMissingNotZero();
    void errorFormsNameTheSource_data();
    void errorFormsNameTheSource();
    void brokenBodiesAreUnavailable_data();
    void brokenBodiesAreUnavailable();
    void defaultBeltsParse();
    void beltSetting_data();
    void beltSetting();
    void normals();
    void thresholds();
    void scoreIsPinned();
    void overlapKeepsArchiveAndFillsItsNulls();
    void notScoredForms();
    void aggregateIsWeighted();
    void ruleIsDisclosed();
    void windowFollowsTheDayInSaoPaulo();
};

void TestMarketCommodities::parsesOneLocation()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = OpenMeteoDaily::parse(
        u"open-meteo"_s, 200, recorded(u"forecast-daily-sul-de-minas.constructed.json"_s), 1);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message()));
    QCOMPARE(parsed.value().size(), 1);
    const DailySeries &s = parsed.value().at(0);
    QCOMPARE(s.latitude, -21.5);
    QCOMPARE(s.longitude, -45.5);
    QCOMPARE(s.elevation.value_or(0), 905.0);
    QCOMPARE(s.timezone, u"America/Sao_Paulo"_s);
    QCOMPARE(s.days.size(), 7);
    QCOMPARE(s.days.first().date, QDate(2026, 10, 5));
    QCOMPARE(s.days.last().date, QDate(2026, 10, 11));
    QCOMPARE(s.days.at(3).value.value_or(-1), 11.8);
    QCOMPARE(s.missingDays(), 0);
    // One location asked, two answered: not ours.
    QVERIFY(!OpenMeteoDaily::parse(
        u"open-meteo"_s, 200, recorded(u"forecast-multi-location.constructed.json"_s), 1)
                 .ok());
}

void TestMarketCommodities::parsesSeveralLocationsInTheirOrder()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray body = recorded(u"forecast-multi-location.constructed.json"_s);
    const auto parsed = OpenMeteoDaily::parse(u"open-meteo"_s, 200, body, 2);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message()));
    QCOMPARE(parsed.value().size(), 2);
    QCOMPARE(parsed.value().at(0).latitude, -21.5);
    QCOMPARE(parsed.value().at(1).longitude, -47.375);
    QCOMPARE(parsed.value().at(1).elevation.value_or(0), 1010.0);
    // Placed by location_id, not by where they stand in the array.
    QJsonArray reversed = QJsonDocument::fromJson(body).array();
    reversed = QJsonArray { reversed.at(1), reversed.at(0) };
    const auto swapped = OpenMeteoDaily::parse(u"open-meteo"_s, 200, QJsonDocument(reversed).toJson(), 2);
    QVERIFY(swapped.ok());
    QCOMPARE(swapped.value().at(0).latitude, -21.5);
    QCOMPARE(swapped.value().at(1).latitude, -20.5);
    // Three asked, two answered.
    QVERIFY(!OpenMeteoDaily::parse(u"open-meteo"_s, 200, body, 3).ok());
}

void TestMarketCommodities::archiveNullDayIsMissingNotZero()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = OpenMeteoDaily::parse(
        u"open-meteo-archive"_s, 200, recorded(u"archive-daily-cerrado-mineiro.constructed.json"_s), 1);
    QVERIFY(parsed.ok());
    const DailySeries &s = parsed.value().at(0);
    QCOMPARE(s.days.size(), 10);
    QCOMPARE(s.missingDays(), 1);
    QVERIFY(!s.days.last().value.has_value());
    QCOMPARE(s.days.last().date, QDate(2026, 9, 10));
    QCOMPARE(s.days.at(6).value.value_or(-1), 3.2);
}

void TestMarketCommodities::errorFormsNameTheSource_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("429") << u"error-429.constructed.json"_s << 429 << u"Daily API request limit exceeded"_s;
    QTest::newRow("400") << u"error-400.constructed.json"_s << 400 << u"out of allowed range"_s;
}

void TestMarketCommodities::errorFormsNameTheSource()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    QFETCH(int, status);
    QFETCH(QString, reason);
    const auto parsed = OpenMeteoDaily::parse(u"open-meteo-archive"_s, status, recorded(file), 1);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().httpStatus(), 503);
    QCOMPARE(parsed.error().missing(), QStringList { u"open-meteo-archive"_s });
    QVERIFY2(parsed.error().message().contains(reason), qPrintable(parsed.error().message()));
    QVERIFY(parsed.error().message().contains(QString::number(status)));
}

void TestMarketCommodities::brokenBodiesAreUnavailable_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    const QJsonArray twoDays { u"2026-10-05"_s, u"2026-10-06"_s };
    QTest::newRow("not-json") << 200 << QByteArray("<html>");
    QTest::newRow("empty") << 200 << QByteArray();
    QTest::newRow("500") << 500 << location(twoDays, { 1.0, 2.0 });
    QTest::newRow("unequal") << 200 << location(twoDays, { 1.0 });
    QTest::newRow("inch") << 200 << location(twoDays, { 1.0, 2.0 }, u"inch"_s);
    QTest::newRow("negative") << 200 << location(twoDays, { 1.0, -2.0 });
    QTest::newRow("string-value") << 200 << location(twoDays, { 1.0, u"2"_s });
    QTest::newRow("huge") << 200 << location(twoDays, { 1.0, 2500.0 });
    QTest::newRow("same-day-twice") << 200 << location({ u"2026-10-05"_s, u"2026-10-05"_s }, { 1.0, 2.0 });
    QTest::newRow("not-a-date") << 200 << location({ u"2026-10-05"_s, u"2026-13-01"_s }, { 1.0, 2.0 });
    QTest::newRow("datetime") << 200 << location({ u"2026-10-05T00:00"_s }, { 1.0 });
    QTest::newRow("array-of-numbers") << 200 << QByteArray("[1]");
    QTest::newRow("location-id-out-of-range")
        << 200 << QByteArray(R"({"location_id":3,"latitude":1,"longitude":1})");
}

void TestMarketCommodities::brokenBodiesAreUnavailable()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    const auto parsed = OpenMeteoDaily::parse(u"open-meteo"_s, status, body, 1);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().httpStatus(), 503);
    QCOMPARE(parsed.error().missing(), QStringList { u"open-meteo"_s });
}

void TestMarketCommodities::defaultBeltsParse()
{
    QString problem;
    const QList<CoffeeBelt> belts
        = CoffeeBelts::parse(CommoditiesSettings::belts().spec.defaultValue, problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(belts.size(), 5);
    QCOMPARE(belts.at(0).name, u"Sul de Minas (Varginha)"_s);
    QCOMPARE(belts.at(0).latitude, -21.55);
    QCOMPARE(belts.at(0).longitude, -45.43);
    QCOMPARE(belts.at(1).name, u"Cerrado Mineiro (Patrocínio)"_s);
    QCOMPARE(belts.at(4).latitude, -19.54);
    QCOMPARE(belts.at(4).longitude, -40.63);
    for (const CoffeeBelt &b : belts)
        QCOMPARE(b.weight, 1.0);
    QVERIFY(
        CommoditiesSettings::belts().spec.problem(CommoditiesSettings::belts().spec.defaultValue).isEmpty());
    QVERIFY(CommoditiesSettings::normals()
                .spec.problem(CommoditiesSettings::normals().spec.defaultValue)
                .isEmpty());
}

void TestMarketCommodities::beltSetting_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("belts"); // -1: refused
    QTest::newRow("one") << u"A:-1.5:2.25"_s << 1;
    QTest::newRow("weight") << u"A:-1.5:2.25:3, B:0:0"_s << 2;
    QTest::newRow("spaces-and-empty-items") << u" A : -1.5 : 2.25 ,, B:0:0 "_s << 2;
    QTest::newRow("two-parts") << u"A:-1.5"_s << -1;
    QTest::newRow("five-parts") << u"A:1:2:3:4"_s << -1;
    QTest::newRow("no-name") << u":1:2"_s << -1;
    QTest::newRow("latitude-range") << u"A:91:2"_s << -1;
    QTest::newRow("longitude-range") << u"A:1:-181"_s << -1;
    QTest::newRow("exponent") << u"A:1e1:2"_s << -1;
    QTest::newRow("nan") << u"A:nan:2"_s << -1;
    QTest::newRow("zero-weight") << u"A:1:2:0"_s << -1;
    QTest::newRow("duplicate") << u"A:1:2,a:3:4"_s << -1;
    QTest::newRow("only-commas") << u",,"_s << -1;
    QTest::newRow("long-name") << (QString(61, u'x') + u":1:2"_s) << -1;
    QString thirteen;
    for (int i = 0; i < 13; ++i)
        thirteen += u"B%1:1:2,"_s.arg(i);
    QTest::newRow("thirteen") << thirteen << -1;
}

void TestMarketCommodities::beltSetting()
{
    QFETCH(QString, value);
    QFETCH(int, belts);
    QString problem;
    const QList<CoffeeBelt> parsed = CoffeeBelts::parse(value, problem);
    if (belts < 0) {
        QVERIFY(!problem.isEmpty());
        QVERIFY(!CommoditiesSettings::belts().spec.problem(value).isEmpty());
        return;
    }
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(parsed.size(), belts);
    QCOMPARE(parsed.at(0).name, u"A"_s);
    QCOMPARE(parsed.at(0).latitude, -1.5);
    QCOMPARE(parsed.at(0).longitude, 2.25);
    if (value.contains(u":3,"_s))
        QCOMPARE(parsed.at(0).weight, 3.0);
}

void TestMarketCommodities::normals()
{
    QString problem;
    const auto n = RainfallNormals::parse(u"*:90, Mogiana:10/20/30/40/50/60/70/80/90/100/110/120"_s, problem);
    QVERIFY2(n, qPrintable(problem));
    bool own = true;
    const RainfallNormal *fallback = n->forBelt(u"Sul de Minas"_s, &own);
    QVERIFY(fallback && !own);
    QCOMPARE(fallback->forDay(QDate(2026, 2, 1)), 3.0); // 90 / 30 whatever the month
    const RainfallNormal *mogiana = n->forBelt(u"mogiana"_s, &own);
    QVERIFY(mogiana && own);
    QCOMPARE(mogiana->forDay(QDate(2026, 2, 10)), 20.0 / 28.0);
    QCOMPARE(mogiana->forDay(QDate(2026, 12, 31)), 120.0 / 31.0);
    // Without '*', a belt without its entry has no normal.
    QVERIFY(!RainfallNormals::parse(u"A:10"_s, problem)->forBelt(u"B"_s));
    for (const QString &bad :
        { u"A"_s, u"A:"_s, u"A:-1"_s, u"A:1/2/3"_s, u"A:1,A:2"_s, u"*:1,*:2"_s, u"A:6000"_s, u"A:1e3"_s })
        QVERIFY2(!RainfallNormals::parse(bad, problem), qPrintable(bad));
}

void TestMarketCommodities::thresholds()
{
    double floor = 0;
    double ceiling = 0;
    QVERIFY(CommoditiesSettings::parseThresholds(u"20:80"_s, floor, ceiling));
    QCOMPARE(floor, 0.2);
    QCOMPARE(ceiling, 0.8);
    for (const QString &bad : { u"80:20"_s, u"20:20"_s, u"20:101"_s, u"20"_s, u"-5:50"_s, u"a:b"_s })
        QVERIFY2(!CommoditiesSettings::parseThresholds(bad, floor, ceiling), qPrintable(bad));
}

void TestMarketCommodities::scoreIsPinned()
{
    // Normal 90 mm per 30 days = 3 mm a day. Archive 2026-09-01..30, 1.0 mm each (30 mm); forecast
    // 2026-10-01..16, 2.0 mm each (32 mm). rain 62, normal 46 * 3 = 138; ratio 62 / 138 = 0.449275;
    // deficit 0.550725; score 100 * (0.550725 - 0.20) / 0.60 = 58.45 -> 58, "high".
    const StressRule rule;
    const QList<std::optional<double>> ones(30, 1.0);
    const QList<std::optional<double>> twos(16, 2.0);
    const BeltStress s
        = rule.score(days(QDate(2026, 9, 1), ones), days(QDate(2026, 10, 1), twos), normalFrom(u"*:90"_s));
    QCOMPARE(s.status, BeltStress::Status::Scored);
    QCOMPARE(s.days, 46);
    QCOMPARE(s.missing, 0);
    QCOMPARE(s.rainMm, 62.0);
    QCOMPARE(s.normalMm, 138.0);
    QCOMPARE(s.score.value_or(-1), 58);
    QCOMPARE(StressRule::level(*s.score), u"high"_s);
    QVERIFY(std::abs(*s.deficitRatio - 0.550725) < 1e-6);
    QCOMPARE(s.archive.days, 30);
    QCOMPARE(s.archive.rainMm, 30.0);
    QCOMPARE(s.forecast.days, 16);
    QCOMPARE(s.forecast.first, QDate(2026, 10, 1));
    QCOMPARE(s.forecast.last, QDate(2026, 10, 16));
    // Deterministic: the same inputs give the same disclosed JSON.
    const BeltStress again
        = rule.score(days(QDate(2026, 9, 1), ones), days(QDate(2026, 10, 1), twos), normalFrom(u"*:90"_s));
    QCOMPARE(again.toJson(), s.toJson());
    // Twice the rain of the normal is no deficit at all: score 0, not negative.
    const QList<std::optional<double>> six(46, 6.0);
    QCOMPARE(rule.score(days(QDate(2026, 9, 1), six), {}, normalFrom(u"*:90"_s)).score.value_or(-1), 0);
    // No rain at all: deficit 1, beyond the ceiling: 100.
    const QList<std::optional<double>> dry(46, 0.0);
    QCOMPARE(rule.score(days(QDate(2026, 9, 1), dry), {}, normalFrom(u"*:90"_s)).score.value_or(-1), 100);
}

void TestMarketCommodities::overlapKeepsArchiveAndFillsItsNulls()
{
    // Monthly normals: September 60 mm (2 mm a day), October 93 mm (3 mm a day).
    // Archive 2026-09-25..30: 4, null, 0, 0, 2, null. Forecast 2026-09-30..10-03: 1, 0, 0, 3.
    // 09-30 is in both: the archive has no value, so the forecast's 1 counts (as a forecast day).
    // Window 09-25..10-03 = 9 days, one missing (09-26).
    // rain = 4 + 0 + 0 + 2 (archive) + 1 + 0 + 0 + 3 (forecast) = 10;
    // normal = 4 archive days * 2 + (09-30: 2) + 3 days * 3 = 8 + 2 + 9 = 19;
    // deficit = 1 - 10 / 19 = 0.473684; score = 100 * 0.273684 / 0.6 = 45.61 -> 46, "moderate".
    StressRule rule;
    rule.minNormalMm = 0;
    const RainfallNormal normal = normalFrom(u"*:0/0/0/0/0/0/0/0/60/93/0/0"_s);
    const BeltStress s
        = rule.score(days(QDate(2026, 9, 25), { 4.0, std::nullopt, 0.0, 0.0, 2.0, std::nullopt }),
            days(QDate(2026, 9, 30), { 1.0, 0.0, 0.0, 3.0 }), normal);
    QCOMPARE(s.days, 9);
    QCOMPARE(s.missing, 1);
    QCOMPARE(s.missingDates, QList<QDate> { QDate(2026, 9, 26) });
    QCOMPARE(s.rainMm, 10.0);
    QCOMPARE(s.normalMm, 19.0);
    QCOMPARE(s.score.value_or(-1), 46);
    QCOMPARE(StressRule::level(46), u"moderate"_s);
    QCOMPARE(s.archive.days, 5);
    QCOMPARE(s.archive.missing, 1);
    QCOMPARE(s.archive.rainMm, 6.0);
    QCOMPARE(s.archive.normalMm, 8.0);
    QCOMPARE(s.forecast.days, 4);
    QCOMPARE(s.forecast.first, QDate(2026, 9, 30));
    QCOMPARE(s.forecast.normalMm, 11.0);
    // An archive value wins over the forecast's for the same day.
    const BeltStress kept
        = rule.score(days(QDate(2026, 9, 30), { 5.0 }), days(QDate(2026, 9, 30), { 1.0 }), normal);
    QCOMPARE(kept.rainMm, 5.0);
    QCOMPARE(kept.archive.days, 1);
    QCOMPARE(kept.forecast.days, 0);
}

void TestMarketCommodities::notScoredForms()
{
    const StressRule rule; // 25 % missing at most, 30 mm normal at least
    const RainfallNormal normal = normalFrom(u"*:90"_s);
    // 3 of 10 days missing (30 %): not scored, whatever the rain.
    const BeltStress gaps
        = rule.score(days(QDate(2026, 9, 1),
                         { 0.0, std::nullopt, 0.0, std::nullopt, 0.0, std::nullopt, 0.0, 0.0, 0.0, 0.0 }),
            {}, normal);
    QCOMPARE(gaps.status, BeltStress::Status::InsufficientData);
    QVERIFY(!gaps.score);
    QCOMPARE(gaps.missing, 3);
    // 2 of 10 (20 %) is within the missing-day limit, but eight days of 3 mm expected = 24 mm < 30 mm: the
    // dry season is not scored; with a lower minimum the same days are.
    const QList<DailyValue> twoGaps
        = days(QDate(2026, 9, 1), { 0.0, std::nullopt, 0.0, std::nullopt, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 });
    const BeltStress dry = rule.score(twoGaps, {}, normal);
    QCOMPARE(dry.status, BeltStress::Status::DrySeason);
    QCOMPARE(dry.normalMm, 24.0);
    QVERIFY(!dry.score);
    StressRule lenient = rule;
    lenient.minNormalMm = 24;
    QCOMPARE(lenient.score(twoGaps, {}, normal).status, BeltStress::Status::Scored);
    QCOMPARE(lenient.score(twoGaps, {}, normal).score.value_or(-1), 100);
    // No days at all.
    QCOMPARE(rule.score({}, {}, normal).status, BeltStress::Status::InsufficientData);
}

void TestMarketCommodities::aggregateIsWeighted()
{
    // (1 * 58 + 2 * 46) / (1 + 2) = 150 / 3 = 50 -> "high"; the unscored belt is left out.
    const AggregateStress a = StressRule().aggregate({ { 1.0, 58 }, { 2.0, 46 }, { 5.0, std::nullopt } });
    QCOMPARE(a.score.value_or(-1), 50);
    QCOMPARE(a.beltsScored, 2);
    QCOMPARE(a.weightTotal, 3.0);
    QCOMPARE(StressRule::level(50), u"high"_s);
    QCOMPARE(StressRule::level(24), u"low"_s);
    QCOMPARE(StressRule::level(75), u"severe"_s);
    QVERIFY(!StressRule().aggregate({ { 1.0, std::nullopt } }).score);
}

void TestMarketCommodities::ruleIsDisclosed()
{
    StressRule rule;
    rule.deficitFloor = 0.1;
    const QJsonObject disclosed = rule.toJson();
    QCOMPARE(disclosed.value(u"deficit_floor"_s).toDouble(), 0.1);
    QCOMPARE(disclosed.value(u"deficit_ceiling"_s).toDouble(), 0.8);
    QCOMPARE(disclosed.value(u"min_normal_mm"_s).toDouble(), 30.0);
    QCOMPARE(disclosed.value(u"max_missing_fraction"_s).toDouble(), 0.25);
    QVERIFY(disclosed.value(u"score"_s).toString().contains(u"deficit_floor"_s));
}

void TestMarketCommodities::windowFollowsTheDayInSaoPaulo()
{
    const Settings settings
        = Settings::fromValues(QString(), { { u"upstream/open-meteo/api_key"_s, u"s3cret&x"_s } });
    const FixedClock clock(
        QDateTime(QDate(2026, 10, 6), QTime(2, 0), Qt::UTC)); // 23:00 on the 5th in São Paulo
    UpstreamClient upstream(settings, clock);
    for (const UpstreamSource &source : MarketSource::all())
        upstream.addSource(source);
    QString problem;
    const QList<CoffeeBelt> belts = CoffeeBelts::parse(u"A:-21.55:-45.43,B:-18.94:-46.99"_s, problem);
    const RainfallRequests r = RainfallRequests::plan(belts, clock.now(), 30, 5, 16, upstream);
    QCOMPARE(r.today, QDate(2026, 10, 5));
    QCOMPARE(r.archiveEnd, QDate(2026, 9, 30));
    QCOMPARE(r.archiveStart, QDate(2026, 9, 1));
    QCOMPARE(r.pastDays, 5);
    QVERIFY(
        r.forecast.path.startsWith(u"/forecast?latitude=-21.5500,-18.9400&longitude=-45.4300,-46.9900"_s));
    QVERIFY(r.archive.path.contains(u"start_date=2026-09-01&end_date=2026-09-30"_s));
    // The key goes to both hosts, percent-encoded, and into no cache key.
    QVERIFY(r.forecast.path.endsWith(u"&apikey=s3cret%26x"_s));
    QVERIFY(r.archive.path.endsWith(u"&apikey=s3cret%26x"_s));
    QVERIFY(!r.forecastCacheKey.contains(u"s3cret"_s) && !r.archiveCacheKey.contains(u"s3cret"_s));
    QVERIFY(r.forecastCacheKey.startsWith(u"open-meteo:"_s));
    QVERIFY(r.archiveCacheKey.startsWith(u"open-meteo-archive:"_s));
    QVERIFY(r.commercialKey);
    QCOMPARE(r.archive.maxResponseBytes, RainfallRequests::MaxResponseBytes);
}

QTEST_APPLESS_MAIN(TestMarketCommodities)
#include "TestMarketCommodities.moc"
