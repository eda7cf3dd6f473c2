// market.price in a running service against three loopback exchanges replaying the recorded tickers of
// ../shared/data/upstreams/{binance,coinbase,kraken}/: the median and its quotes, a stale quote and an
// outlier excluded and named, each exchange's error forms (Binance 429/451 and negative codes, Coinbase
// 404, Kraken's HTTP-200 errors), single-source prices refused uncharged, the per-source cache under a burst
// of calls, and the x402 and MCP exposures at SPEC.md's price.
#include "CatalogCall.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
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

QByteArray recorded(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The recorded Coinbase ticker with its trade time set to `at` (the recording is weeks old).
QByteArray coinbaseTradedAt(const QDateTime &at)
{
    QJsonObject body
        = QJsonDocument::fromJson(recorded(u"coinbase/exchange-products-BTC-USD-ticker.constructed.json"_s))
              .object();
    body.insert(u"time"_s, at.toString(Qt::ISODateWithMs));
    return QJsonDocument(body).toJson();
}

QByteArray binancePrice(const QString &price)
{
    QJsonObject body = QJsonDocument::fromJson(recorded(u"binance/ticker-price-BTCUSDT.json"_s)).object();
    body.insert(u"price"_s, price);
    return QJsonDocument(body).toJson();
}

} // namespace

class TestMarketPrice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void medianOfThree();
    void staleQuoteIsExcludedAndNamed();
    void outlierIsExcludedAndNamed();
    void errorForms_data();
    void errorForms();
    void singleSourceIsRefusedUncharged();
    void unknownSymbolIs422();
    void burstSharesFewUpstreamRequests();
    void httpExposures();

private:
    Outcome call(const QJsonObject &args);
    void routeRecorded();

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_binance;
    std::unique_ptr<ReplayServer> m_coinbase;
    std::unique_ptr<ReplayServer> m_kraken;
    std::unique_ptr<ServiceContext> m_context;
};

void TestMarketPrice::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_binance = std::make_unique<ReplayServer>();
    m_coinbase = std::make_unique<ReplayServer>();
    m_kraken = std::make_unique<ReplayServer>();
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
            { u"upstream/binance/base_url"_s, m_binance->baseUrl() + u"/api/v3"_s },
            { u"upstream/coinbase/base_url"_s, m_coinbase->baseUrl() },
            { u"upstream/kraken/base_url"_s, m_kraken->baseUrl() + u"/0/public"_s },
            { u"upstream/binance/timeout_ms"_s, u"500"_s }, { u"upstream/coinbase/timeout_ms"_s, u"500"_s },
            { u"upstream/kraken/timeout_ms"_s, u"500"_s } });
    routeRecorded();
}

void TestMarketPrice::routeRecorded()
{
    m_binance->route("GET", u"/api/v3/ticker/price"_s,
        { 200, recorded(u"binance/ticker-price-BTCUSDT.json"_s) }, { { u"symbol"_s, u"BTCUSDT"_s } });
    m_binance->route(
        "GET", u"/api/v3/ticker/price"_s, { 400, recorded(u"binance/error-400-invalid-symbol.json"_s) });
    m_coinbase->route(
        "GET", u"/products/BTC-USD/ticker"_s, { 200, coinbaseTradedAt(QDateTime::currentDateTimeUtc()) });
    m_coinbase->route("GET", u"/products/FOO-USD/ticker"_s,
        { 404, recorded(u"coinbase/exchange-error-404.constructed.json"_s) });
    m_kraken->route("GET", u"/0/public/Ticker"_s, { 200, recorded(u"kraken/public-Ticker-XBTUSD.json"_s) },
        { { u"pair"_s, u"XBTUSD"_s } });
    m_kraken->route("GET", u"/0/public/Ticker"_s, { 200, recorded(u"kraken/error-unknown-pair.json"_s) });
}

void TestMarketPrice::cleanup()
{
    m_context.reset();
    m_binance.reset();
    m_coinbase.reset();
    m_kraken.reset();
}

Outcome TestMarketPrice::call(const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), u"market.price"_s, args);
}

void TestMarketPrice::medianOfThree()
{
    const Outcome r = call({});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"symbol"_s].toString(), u"BTC"_s); // the default
    QCOMPARE(d[u"sources_used"_s].toInt(), 3);
    // Binance 85770.85 (USDT), Kraken 85861.2, Coinbase 85866.19: the middle one.
    QCOMPARE(d[u"median"_s].toString(), u"85861.2"_s);
    QCOMPARE(d[u"currency"_s].toString(), u"USD (USDT quotes taken at par)"_s);
    QCOMPARE(d[u"spread_percent"_s].toString(), u"0.111"_s); // (85866.19 - 85770.85) / 85861.2 = 0.11104 %
    QCOMPARE(d[u"excluded"_s].toArray().size(), 0);
    const QJsonArray quotes = d[u"quotes"_s].toArray();
    QCOMPARE(quotes.size(), 3);
    QStringList pairs;
    for (const QJsonValue &q : quotes) {
        pairs.append(q[u"pair"_s].toString());
        QCOMPARE(q[u"source"_s][u"http_status"_s].toInt(), 200);
        QVERIFY(!q[u"source"_s][u"sha256"_s].toString().isEmpty());
        QVERIFY(q[u"source"_s][u"url"_s].toString().startsWith(u"http://127.0.0.1"_s));
    }
    QCOMPARE(pairs, (QStringList { u"BTCUSDT"_s, u"BTC-USD"_s, u"XXBTZUSD"_s }));
    QCOMPARE(quotes[0][u"quote_currency"_s].toString(), u"USDT"_s);
    QCOMPARE(quotes[1][u"quoted_at_from"_s].toString(), u"exchange"_s);
    QCOMPARE(r.value().subject, u"BTC"_s);
}

void TestMarketPrice::staleQuoteIsExcludedAndNamed()
{
    // Coinbase's last trade was ten minutes ago: older than the 60 s allowed.
    m_coinbase = std::make_unique<ReplayServer>();
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"upstream/binance/base_url"_s, m_binance->baseUrl() + u"/api/v3"_s },
            { u"upstream/coinbase/base_url"_s, m_coinbase->baseUrl() },
            { u"upstream/kraken/base_url"_s, m_kraken->baseUrl() + u"/0/public"_s } });
    m_coinbase->route("GET", u"/products/BTC-USD/ticker"_s,
        { 200, coinbaseTradedAt(QDateTime::currentDateTimeUtc().addSecs(-600)) });
    const Outcome r = call({ { u"symbol"_s, u"btc"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"sources_used"_s].toInt(), 2);
    QCOMPARE(d[u"median"_s].toString(), u"85816.025"_s); // mean of 85770.85 and 85861.2
    const QJsonArray excluded = d[u"excluded"_s].toArray();
    QCOMPARE(excluded.size(), 1);
    QCOMPARE(excluded[0][u"exchange"_s].toString(), u"coinbase"_s);
    QVERIFY(excluded[0][u"reason"_s].toString().contains(u"older than the 60 s allowed"_s));
}

void TestMarketPrice::outlierIsExcludedAndNamed()
{
    m_binance = std::make_unique<ReplayServer>();
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"upstream/binance/base_url"_s, m_binance->baseUrl() + u"/api/v3"_s },
            { u"upstream/coinbase/base_url"_s, m_coinbase->baseUrl() },
            { u"upstream/kraken/base_url"_s, m_kraken->baseUrl() + u"/0/public"_s },
            { u"market/price/max_deviation_bps"_s, u"100"_s } });
    m_binance->route("GET", u"/api/v3/ticker/price"_s, { 200, binancePrice(u"80000.00000000"_s) });
    const Outcome r = call({});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"sources_used"_s].toInt(), 2);
    QCOMPARE(d[u"currency"_s].toString(), u"USD"_s); // only dollar quotes left
    const QJsonArray excluded = d[u"excluded"_s].toArray();
    QCOMPARE(excluded.size(), 1);
    QCOMPARE(excluded[0][u"exchange"_s].toString(), u"binance"_s);
    QCOMPARE(excluded[0][u"price"_s].toString(), u"80000.00000000"_s);
    QVERIFY(excluded[0][u"reason"_s].toString().contains(u"more than the 1 % allowed"_s));
}

void TestMarketPrice::errorForms_data()
{
    QTest::addColumn<QString>("exchange");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("named");
    QTest::newRow("binance 429") << u"binance"_s << 429
                                 << u"binance/error-429-too-many-requests.constructed.json"_s
                                 << u"rate limit (HTTP 429)"_s;
    QTest::newRow("binance 418") << u"binance"_s << 418
                                 << u"binance/error-429-too-many-requests.constructed.json"_s
                                 << u"rate limit (HTTP 418)"_s;
    QTest::newRow("binance 451") << u"binance"_s << 451
                                 << u"binance/error-451-restricted-location.constructed.json"_s
                                 << u"location (HTTP 451)"_s;
    QTest::newRow("binance malformed") << u"binance"_s << 200 << QString() << u"no usable price"_s;
    QTest::newRow("coinbase 500") << u"coinbase"_s << 500 << QString() << u"HTTP 500"_s;
    QTest::newRow("kraken busy") << u"kraken"_s << 200 << QString() << u"EGeneral:Too many requests"_s;
}

void TestMarketPrice::errorForms()
{
    QFETCH(QString, exchange);
    QFETCH(int, status);
    QFETCH(QString, file);
    QFETCH(QString, named);
    ReplayServer *server = exchange == u"binance"_s ? m_binance.get()
        : exchange == u"coinbase"_s                 ? m_coinbase.get()
                                                    : m_kraken.get();
    QByteArray body = file.isEmpty() ? QByteArray("{\"price\": \"not a number\"") : recorded(file);
    if (exchange == u"kraken"_s)
        body = R"({"error":["EGeneral:Too many requests"]})";
    server->setForced(ReplayServer::Reply { status, body });
    const Outcome r = call({});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"sources_used"_s].toInt(), 2); // the other two still make a price
    const QJsonArray excluded = d[u"excluded"_s].toArray();
    QCOMPARE(excluded.size(), 1);
    QCOMPARE(excluded[0][u"exchange"_s].toString(), exchange);
    QVERIFY2(
        excluded[0][u"reason"_s].toString().contains(named), qPrintable(excluded[0][u"reason"_s].toString()));
}

void TestMarketPrice::singleSourceIsRefusedUncharged()
{
    m_binance->setDown(true);
    m_kraken->setForced(ReplayServer::Reply { 503, "upstream connect error" });
    const Outcome r = call({});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QVERIFY(r.error().message().contains(u"single-source prices are refused"_s));
    QCOMPARE(r.error().missing(), (QStringList { u"binance"_s, u"kraken"_s }));
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
}

void TestMarketPrice::unknownSymbolIs422()
{
    const Outcome r = call({ { u"symbol"_s, u"FOO"_s } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 422);
    QCOMPARE(r.error().param(), u"symbol"_s);
    QCOMPARE(r.error().code(), u"unknown_symbol"_s);
}

void TestMarketPrice::burstSharesFewUpstreamRequests()
{
    // 100 calls at once for one symbol: the cache asks each exchange once and every other call waits for
    // that answer.
    const Operation *op = m_context->catalog().find(u"market.price"_s);
    QVERIFY(op);
    int answered = 0;
    for (int i = 0; i < 100; ++i)
        Invoker::invoke(*op, *op->exposure(Channel::Cli), {}, CallContext { Channel::Cli, QString() },
            [&answered](Outcome o) { answered += o.ok() ? 1 : 0; });
    QTRY_COMPARE_WITH_TIMEOUT(answered, 100, 10000);
    QCOMPARE(m_binance->requestCount(), 1);
    QCOMPARE(m_coinbase->requestCount(), 1);
    QCOMPARE(m_kraken->requestCount(), 1);
}

void TestMarketPrice::httpExposures()
{
    ServiceHost host(*m_context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(host.port());
    auto r = client.get(u"/x402/price?symbol=B%2FTC"_s);
    QCOMPARE(r.status, 422); // the pattern is checked before any payment is asked for
    QCOMPARE(r.json()[u"error"_s][u"param"_s].toString(), u"symbol"_s);
    r = client.get(u"/x402/price?symbol=ETH"_s);
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), u"1000"_s); // 0.001 USDC
    // The MCP tool at the same price.
    const Operation *op = m_context->catalog().find(u"market.price"_s);
    QVERIFY(op->exposure(Channel::Mcp));
    QCOMPARE(op->exposure(Channel::Mcp)->route, u"crypto_price"_s);
    QCOMPARE(op->exposure(Channel::Mcp)->price, Usdc::atomicUnits(1'000));
}

QTEST_GUILESS_MAIN(TestMarketPrice)
#include "TestMarketPrice.moc"
