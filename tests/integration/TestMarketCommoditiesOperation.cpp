// market.commodities in a running service against two loopback fakes, one per Open-Meteo host (forecast
// and archive), replaying the recorded bodies of ../shared/data/upstreams/open-meteo/ and their 400 and
// 429 error forms: the scored result with its sources, the partial result when one source fails, the
// uncharged 503 naming both when both fail, the commercial key sent but never echoed, the per-source
// freshness of the cache, the producer floor price, and the x402 and MCP exposures at SPEC.md's price.

#include "CatalogCall.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "catalog/SchemaValidator.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

QByteArray recorded(const QString &name)
{
    QFile f(sharedDataDir() + u"/upstreams/open-meteo/"_s + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The recorded archive location twice, as Open-Meteo answers two coordinates (JSON array, location_id).
QByteArray archiveForTwo()
{
    QJsonObject one
        = QJsonDocument::fromJson(recorded(u"archive-daily-cerrado-mineiro.constructed.json"_s)).object();
    QJsonObject first = one;
    first.insert(u"location_id"_s, 0);
    QJsonObject second = one;
    second.insert(u"location_id"_s, 1);
    return QJsonDocument(QJsonArray { first, second }).toJson();
}

bool hasQuery(const LoopbackHttpServer::Request &request, const QString &name, const QString &value)
{
    return request.query.contains({ name, value });
}

} // namespace

class TestMarketCommoditiesOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void scoresBothBeltsFromBothSources();
    void forecastRefusedGivesPartialResult_data();
    void forecastRefusedGivesPartialResult();
    void archiveRefusedGivesPartialResult();
    void bothRefusedIsUncharged503_data();
    void bothRefusedIsUncharged503();
    void commercialKeyIsSentNeverEchoed();
    void cacheFreshnessPerSource();
    void floorPriceFromSettings();
    void paidExposures();

private:
    void createService(const QHash<QString, QString> &extra = {});
    Outcome call();

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_forecast;
    std::unique_ptr<ReplayServer> m_archive;
    FixedClock *m_clock = nullptr; // owned by m_context
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
};

void TestMarketCommoditiesOperation::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_forecast = std::make_unique<ReplayServer>();
    m_archive = std::make_unique<ReplayServer>();
    QVERIFY(m_forecast->isListening() && m_archive->isListening());
    m_forecast->route(
        "GET", u"/forecast"_s, { 200, recorded(u"forecast-multi-location.constructed.json"_s) });
    m_archive->route("GET", u"/archive"_s, { 200, archiveForTwo() });
}

void TestMarketCommoditiesOperation::cleanup()
{
    m_host.reset();
    m_context.reset();
    m_clock = nullptr;
    m_forecast.reset();
    m_archive.reset();
}

void TestMarketCommoditiesOperation::createService(const QHash<QString, QString> &extra)
{
    QHash<QString, QString> values {
        { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
        { u"upstream/open-meteo/base_url"_s, m_forecast->baseUrl() },
        { u"upstream/open-meteo-archive/base_url"_s, m_archive->baseUrl() },
        { u"upstream/open-meteo/timeout_ms"_s, u"2000"_s },
        { u"upstream/open-meteo-archive/timeout_ms"_s, u"2000"_s },
        // The two coordinates of the recorded multi-location forecast's belts.
        { u"market/commodities/belts"_s, u"Sul de Minas:-21.55:-45.43, Mogiana:-20.54:-47.40"_s },
        { u"market/commodities/normals"_s, u"*:60"_s },
    };
    for (auto it = extra.cbegin(); it != extra.cend(); ++it)
        values.insert(it.key(), it.value());
    // 12:00 in São Paulo: today is 2026-10-05 there.
    auto clock = std::make_unique<FixedClock>(QDateTime(QDate(2026, 10, 5), QTime(15, 0), Qt::UTC));
    m_clock = clock.get();
    m_context = ServiceContext::createForTests(m_dir.path(), values, std::move(clock));
    QVERIFY(m_context);
}

Outcome TestMarketCommoditiesOperation::call()
{
    const Operation *op = m_context->catalog().find(u"market.commodities"_s);
    if (!op)
        return ServiceError::internal(u"no operation market.commodities"_s);
    const std::optional<Outcome> out = callThroughCatalog(m_context->catalog(), u"market.commodities"_s);
    // Every result, whole or partial, is what the declared output schema says.
    if (out && out->ok()) {
        const std::optional<ServiceError> violation
            = SchemaValidator::validate(op->outputSchema, out->value().data.object());
        [&] {
            QVERIFY2(
                !violation, violation ? qPrintable(violation->param() + u": "_s + violation->message()) : "");
        }();
    }
    return out ? *out : Outcome(ServiceError::internal(u"no answer"_s));
}

void TestMarketCommoditiesOperation::scoresBothBeltsFromBothSources()
{
    createService();
    const Outcome r = call();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"contract"_s].toString(), u"market-commodities-stress/1"_s);
    QCOMPARE(d[u"partial"_s].toBool(true), false);
    QCOMPARE(d[u"failed_sources"_s].toArray().size(), 0);

    // Per belt (normal 60 mm per 30 days = 2 mm a day): archive 2026-09-01..10 gives 0.1 + 3.2 = 3.3 mm over
    // 9 days with a value (09-10 is null); forecast 2026-10-05..11 gives 19.6 mm over 7 days. rain 22.9,
    // normal 16 * 2 = 32; deficit 1 - 22.9 / 32 = 0.284375; score 100 * 0.084375 / 0.6 = 14.06 -> 14, low.
    const QJsonArray belts = d[u"belts"_s].toArray();
    QCOMPARE(belts.size(), 2);
    for (const QJsonValue &b : belts) {
        QCOMPARE(b[u"status"_s].toString(), u"scored"_s);
        QCOMPARE(b[u"score"_s].toInt(-1), 14);
        QCOMPARE(b[u"level"_s].toString(), u"low"_s);
        QCOMPARE(b[u"rain_mm"_s].toDouble(), 22.9);
        QCOMPARE(b[u"normal_mm"_s].toDouble(), 32.0);
        QCOMPARE(b[u"deficit_ratio"_s].toDouble(), 0.2844);
        QCOMPARE(b[u"days"_s].toInt(), 17);
        QCOMPARE(b[u"missing_days"_s].toInt(), 1);
        QCOMPARE(b[u"missing_dates"_s][0].toString(), u"2026-09-10"_s);
        QCOMPARE(b[u"archive"_s][u"rain_mm"_s].toDouble(), 3.3);
        QCOMPARE(b[u"forecast"_s][u"rain_mm"_s].toDouble(), 19.6);
        QCOMPARE(b[u"basis"_s].toString(), u"archive_and_forecast"_s);
        QCOMPARE(b[u"normal"_s][u"entry"_s].toString(), u"*"_s);
        // Each belt names both sources with their evidence.
        const QJsonArray sources = b[u"sources"_s].toArray();
        QCOMPARE(sources.size(), 2);
        QCOMPARE(sources[0][u"source"_s].toString(), u"open-meteo-archive"_s);
        QCOMPARE(sources[1][u"source"_s].toString(), u"open-meteo"_s);
        QCOMPARE(sources[1][u"sha256"_s].toString().size(), 64);
        QVERIFY(sources[1][u"age_seconds"_s].isDouble());
    }
    QCOMPARE(belts[0][u"name"_s].toString(), u"Sul de Minas"_s);
    QCOMPARE(belts[1][u"grid"_s][u"forecast"_s][u"longitude"_s].toDouble(), -47.375);
    QCOMPARE(d[u"aggregate"_s][u"score"_s].toInt(-1), 14);
    QCOMPARE(d[u"aggregate"_s][u"belts_scored"_s].toInt(), 2);
    QCOMPARE(d[u"rule"_s][u"deficit_floor"_s].toDouble(), 0.2);
    QCOMPARE(d[u"licence"_s][u"data_licence"_s].toString(), u"CC BY 4.0"_s);
    QCOMPARE(d[u"licence"_s][u"commercial_key_configured"_s].toBool(true), false);
    QCOMPARE(d[u"producer_floor_price"_s][u"configured"_s].toBool(true), false);
    QCOMPARE(d[u"producer_floor_price"_s][u"missing_settings"_s].toArray().size(), 4);

    // One request per host for both belts, with the window computed from today in São Paulo.
    QCOMPARE(m_forecast->requestCount(), 1);
    QCOMPARE(m_archive->requestCount(), 1);
    const auto forecast = m_forecast->requests().first();
    QVERIFY(hasQuery(forecast, u"latitude"_s, u"-21.5500,-20.5400"_s));
    QVERIFY(hasQuery(forecast, u"longitude"_s, u"-45.4300,-47.4000"_s));
    QVERIFY(hasQuery(forecast, u"daily"_s, u"precipitation_sum"_s));
    QVERIFY(hasQuery(forecast, u"timezone"_s, u"America/Sao_Paulo"_s));
    QVERIFY(hasQuery(forecast, u"past_days"_s, u"5"_s));
    QVERIFY(hasQuery(forecast, u"forecast_days"_s, u"16"_s));
    const auto archive = m_archive->requests().first();
    QVERIFY(hasQuery(archive, u"start_date"_s, u"2026-09-01"_s));
    QVERIFY(hasQuery(archive, u"end_date"_s, u"2026-09-30"_s));
    QVERIFY(!forecast.target.contains("apikey") && !archive.target.contains("apikey"));
    QCOMPARE(d[u"window"_s][u"forecast"_s][u"end_date"_s].toString(), u"2026-10-20"_s);
}

void TestMarketCommoditiesOperation::forecastRefusedGivesPartialResult_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("says");
    QTest::newRow("429") << 429 << recorded(u"error-429.constructed.json"_s) << u"HTTP 429"_s;
    QTest::newRow("400") << 400 << recorded(u"error-400.constructed.json"_s) << u"HTTP 400"_s;
    QTest::newRow("html-200") << 200 << QByteArray("<html>busy</html>") << u"not JSON"_s;
}

void TestMarketCommoditiesOperation::forecastRefusedGivesPartialResult()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, says);
    m_forecast->setForced(LoopbackHttpServer::Reply { status, body });
    createService({ { u"market/commodities/min_normal_mm"_s, u"10"_s } });
    const Outcome r = call();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"partial"_s].toBool(), true);
    QCOMPARE(d[u"failed_sources"_s][0][u"source"_s].toString(), u"open-meteo"_s);
    QVERIFY2(d[u"failed_sources"_s][0][u"message"_s].toString().contains(says),
        qPrintable(d[u"failed_sources"_s][0][u"message"_s].toString()));
    QCOMPARE(d[u"sources"_s].toArray().size(), 1);
    // Archive only: rain 3.3 over 9 days of 2 mm (18 mm); deficit 1 - 3.3 / 18 = 0.8167, beyond the
    // ceiling: 100, severe.
    const QJsonObject belt = d[u"belts"_s][0].toObject();
    QCOMPARE(belt[u"basis"_s].toString(), u"archive_only"_s);
    QCOMPARE(belt[u"score"_s].toInt(-1), 100);
    QCOMPARE(belt[u"level"_s].toString(), u"severe"_s);
    QCOMPARE(belt[u"normal_mm"_s].toDouble(), 18.0);
    QCOMPARE(belt[u"forecast"_s][u"days"_s].toInt(), 0);
    QVERIFY(belt[u"grid"_s][u"forecast"_s].isNull());
    QCOMPARE(belt[u"sources"_s].toArray().size(), 1);
}

void TestMarketCommoditiesOperation::archiveRefusedGivesPartialResult()
{
    m_archive->setForced(LoopbackHttpServer::Reply { 400, recorded(u"error-400.constructed.json"_s) });
    createService({ { u"market/commodities/min_normal_mm"_s, u"10"_s } });
    const Outcome r = call();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"failed_sources"_s][0][u"source"_s].toString(), u"open-meteo-archive"_s);
    QVERIFY(d[u"failed_sources"_s][0][u"message"_s].toString().contains(u"out of allowed range"_s));
    // Forecast only: rain 19.6 over 7 days of 2 mm (14 mm): no deficit, 0.
    const QJsonObject belt = d[u"belts"_s][1].toObject();
    QCOMPARE(belt[u"basis"_s].toString(), u"forecast_only"_s);
    QCOMPARE(belt[u"score"_s].toInt(-1), 0);
    QCOMPARE(belt[u"rain_mm"_s].toDouble(), 19.6);
    // With the default minimum (30 mm) 14 mm expected is the dry season: named, not scored, no aggregate.
    cleanup();
    init();
    m_archive->setForced(LoopbackHttpServer::Reply { 429, recorded(u"error-429.constructed.json"_s) });
    createService();
    const Outcome dry = call();
    QVERIFY(dry.ok());
    QCOMPARE(dry.value().data[u"belts"_s][0][u"status"_s].toString(), u"dry_season"_s);
    QVERIFY(dry.value().data[u"aggregate"_s][u"score"_s].isNull());
    QCOMPARE(dry.value().data[u"aggregate"_s][u"belts_not_scored"_s].toArray().size(), 2);
}

void TestMarketCommoditiesOperation::bothRefusedIsUncharged503_data()
{
    QTest::addColumn<int>("forecastStatus");
    QTest::addColumn<QString>("forecastFile");
    QTest::addColumn<int>("archiveStatus");
    QTest::addColumn<QString>("archiveFile");
    QTest::newRow("429-and-400") << 429 << u"error-429.constructed.json"_s << 400
                                 << u"error-400.constructed.json"_s;
    QTest::newRow("both-429") << 429 << u"error-429.constructed.json"_s << 429
                              << u"error-429.constructed.json"_s;
}

void TestMarketCommoditiesOperation::bothRefusedIsUncharged503()
{
    QFETCH(int, forecastStatus);
    QFETCH(QString, forecastFile);
    QFETCH(int, archiveStatus);
    QFETCH(QString, archiveFile);
    m_forecast->setForced(LoopbackHttpServer::Reply { forecastStatus, recorded(forecastFile) });
    m_archive->setForced(LoopbackHttpServer::Reply { archiveStatus, recorded(archiveFile) });
    createService();
    const Outcome r = call();
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().missing(), QStringList({ u"open-meteo"_s, u"open-meteo-archive"_s }));
    QVERIFY(r.error().message().contains(u"HTTP %1"_s.arg(forecastStatus)));
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
    // Down altogether (no answer at all) is the same 503.
    cleanup();
    init();
    m_forecast->setDown(true);
    m_archive->setDown(true);
    createService();
    const Outcome down = call();
    QVERIFY(!down.ok());
    QCOMPARE(down.error().httpStatus(), 503);
}

void TestMarketCommoditiesOperation::commercialKeyIsSentNeverEchoed()
{
    const QString key = u"k3y-Secret+/="_s;
    createService({ { u"upstream/open-meteo/api_key"_s, key } });
    const Outcome r = call();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    // One key for both APIs unless the archive has its own.
    QVERIFY(hasQuery(m_forecast->requests().first(), u"apikey"_s, key));
    QVERIFY(hasQuery(m_archive->requests().first(), u"apikey"_s, key));
    const QByteArray result = QJsonDocument(r.value().data).toJson();
    QVERIFY(!result.contains("k3y"));
    QCOMPARE(r.value().data[u"licence"_s][u"commercial_key_configured"_s].toBool(), true);
    QVERIFY(!r.value().data[u"sources"_s][0][u"url"_s].toString().contains(u'?'));
}

void TestMarketCommoditiesOperation::cacheFreshnessPerSource()
{
    createService();
    const Outcome first = call();
    const Outcome second = call();
    QVERIFY(first.ok() && second.ok());
    // The second call reuses the result composed from the same answers: identical, evidence included.
    QCOMPARE(second.value().data, first.value().data);
    QCOMPARE(m_forecast->requestCount(), 1);
    QCOMPARE(m_archive->requestCount(), 1);
    // Past the forecast's hour but within the archive's 6 hours: only the forecast is asked again.
    m_clock->advanceSeconds(3601);
    const Outcome later = call();
    QVERIFY(later.ok());
    QCOMPARE(m_forecast->requestCount(), 2);
    QCOMPARE(m_archive->requestCount(), 1);
    QCOMPARE(later.value().data[u"sources"_s][0][u"age_seconds"_s].toInt(), 3601); // the archive's, reused
    QCOMPARE(later.value().data[u"belts"_s][1][u"sources"_s][0][u"age_seconds"_s].toInt(), 3601);
    QCOMPARE(later.value().data[u"belts"_s][1][u"sources"_s][1][u"age_seconds"_s].toInt(), 0);
    QCOMPARE(later.value().data[u"computed_at"_s].toString(), u"2026-10-05T16:00:01.000Z"_s);
    QCOMPARE(later.value().data[u"belts"_s][0][u"score"_s], first.value().data[u"belts"_s][0][u"score"_s]);
    m_clock->advanceSeconds(6 * 3600);
    QVERIFY(call().ok());
    QCOMPARE(m_forecast->requestCount(), 3);
    QCOMPARE(m_archive->requestCount(), 2);
}

void TestMarketCommoditiesOperation::floorPriceFromSettings()
{
    createService({ { u"market/commodities/producer_name"_s, u"Example Coffee Authority"_s },
        { u"market/commodities/producer_currency"_s, u"UGX"_s },
        { u"market/commodities/floor_price_per_kg"_s, u"7800.50"_s },
        { u"market/commodities/floor_price_effective_date"_s, u"2026-10-01"_s } });
    const Outcome r = call();
    QVERIFY(r.ok());
    const QJsonObject price = r.value().data[u"producer_floor_price"_s].toObject();
    QCOMPARE(price[u"configured"_s].toBool(), true);
    QCOMPARE(price[u"producer"_s].toString(), u"Example Coffee Authority"_s);
    QCOMPARE(price[u"currency"_s].toString(), u"UGX"_s);
    QCOMPARE(price[u"price_per_kg"_s].toString(), u"7800.50"_s); // the operator's decimal, not a double
    QCOMPARE(price[u"in_force"_s].toBool(), true);
    QCOMPARE(price[u"age_days"_s].toInt(), 4);
    QCOMPARE(price[u"origin"_s].toString(), u"operator setting"_s);

    // A value the setting refuses stops the start, naming the key.
    QTemporaryDir dir;
    const auto refused = ServiceContext::create(
        Settings::fromValues(dir.path(), { { u"market/commodities/belts"_s, u"Nowhere:95:0"_s } }));
    QVERIFY(!refused.ok());
    QVERIFY(refused.error().message().contains(u"market/commodities/belts"_s));
}

void TestMarketCommoditiesOperation::paidExposures()
{
    createService();
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(m_host->port());
    const auto r = client.get(u"/x402/commodities"_s);
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), u"40000"_s);
    QCOMPARE(client.mcpToolOffer(u"commodities_stress"_s, {})[u"amount"_s].toString(), u"40000"_s);
    QCOMPARE(m_forecast->requestCount(), 0); // nothing fetched before payment
}

QTEST_GUILESS_MAIN(TestMarketCommoditiesOperation)
#include "TestMarketCommoditiesOperation.moc"
