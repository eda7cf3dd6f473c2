// market.market (product market_brief, yield, gas) in a service with loopback fakes: three exchanges and
// Hyperliquid replaying ../shared/data/upstreams/, DeFiLlama's recorded pools, and a fake JSON-RPC node
// behind the chain area's gas estimate. A failed part is named and its figure null; nothing left is an
// uncharged 503.
#include "CatalogCall.h"
#include "FakeJsonRpcNode.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "ops/market/MarketServices.h"
#include "ops/market/coin/CoinArchive.h"
#include "ops/market/coin/SnapshotRecorder.h"
#include "ops/market/fetch/SourceCache.h"
#include "store/Store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
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

QJsonObject pool(const QString &id, double tvl, double apy, bool outlier = false)
{
    return { { u"pool"_s, id }, { u"chain"_s, u"Base"_s }, { u"project"_s, QString(u"p-"_s + id) },
        { u"symbol"_s, u"USDC"_s }, { u"tvlUsd"_s, tvl }, { u"apy"_s, apy }, { u"apyBase"_s, apy },
        { u"apyReward"_s, QJsonValue() }, { u"stablecoin"_s, true }, { u"outlier"_s, outlier } };
}

} // namespace

class TestMarketData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void gasAcrossChains();
    void gasNamesAFailedChain();
    void yieldRecordedPools();
    void yieldOrdersAndLeavesOutliersOut();
    void yieldFailureIsUncharged503();
    void briefHasEveryPart();
    void briefNamesAFailedPart();
    void briefWithNothingIs503();
    void dailyPackFromRecordedSources();
    void coinSnapshotWithItsOwnArchive();

private:
    void start(const QHash<QString, QString> &extra = {}, std::unique_ptr<Clock> clock = {});
    Outcome call(const QString &product);

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_exchanges; // Binance, Coinbase and Kraken paths on one fake
    std::unique_ptr<ReplayServer> m_hyperliquid;
    std::unique_ptr<ReplayServer> m_llama;
    std::unique_ptr<FakeJsonRpcNode> m_base;
    std::unique_ptr<FakeJsonRpcNode> m_ethereum;
    std::unique_ptr<ServiceContext> m_context;
};

void TestMarketData::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_exchanges = std::make_unique<ReplayServer>();
    m_exchanges->route("GET", u"/api/v3/ticker/price"_s,
        { 200, recorded(u"binance/ticker-price-BTCUSDT.json"_s) }, { { u"symbol"_s, u"BTCUSDT"_s } });
    m_exchanges->route(
        "GET", u"/api/v3/ticker/price"_s, { 400, recorded(u"binance/error-400-invalid-symbol.json"_s) });
    m_exchanges->route("GET", u"/0/public/Ticker"_s, { 200, recorded(u"kraken/public-Ticker-XBTUSD.json"_s) },
        { { u"pair"_s, u"XBTUSD"_s } });
    m_exchanges->route("GET", u"/0/public/Ticker"_s, { 200, recorded(u"kraken/error-unknown-pair.json"_s) });
    // The recorded trade is weeks old: stamped now, so that it counts as fresh.
    QJsonObject coinbase
        = QJsonDocument::fromJson(recorded(u"coinbase/exchange-products-BTC-USD-ticker.constructed.json"_s))
              .object();
    coinbase.insert(u"time"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    m_exchanges->route("GET", u"/products/BTC-USD/ticker"_s, { 200, QJsonDocument(coinbase).toJson() });
    m_exchanges->route("GET", u"/products/ETH-USD/ticker"_s,
        { 404, recorded(u"coinbase/exchange-error-404.constructed.json"_s) });
    m_hyperliquid = std::make_unique<ReplayServer>();
    m_hyperliquid->route(
        "POST", u"/info"_s, { 200, recorded(u"hyperliquid/metaAndAssetCtxs.trimmed.json"_s) });
    m_llama = std::make_unique<ReplayServer>();
    m_llama->route("GET", u"/pools"_s, { 200, recorded(u"defillama/yields-pools.sample.json"_s) });
    m_base = std::make_unique<FakeJsonRpcNode>(8453);
    m_ethereum = std::make_unique<FakeJsonRpcNode>(1);
    for (FakeJsonRpcNode *node : { m_base.get(), m_ethereum.get() }) {
        QVERIFY(
            node->routeRecorded(sharedDataDir() + u"/upstreams/evm-jsonrpc/constructed/eth_gasPrice.json"_s));
        QVERIFY(node->routeRecorded(
            sharedDataDir() + u"/upstreams/evm-jsonrpc/constructed/eth_maxPriorityFeePerGas.json"_s));
        // The shape of eth_feeHistory(1, "latest", []) (the execution-apis test in the shared data).
        node->route(u"eth_feeHistory"_s,
            { { u"result"_s,
                QJsonObject { { u"oldestBlock"_s, u"0x2faf080"_s },
                    { u"baseFeePerGas"_s, QJsonArray { u"0x4c4b40"_s, u"0x4d1b3c"_s } },
                    { u"gasUsedRatio"_s, QJsonArray { 0.52 } },
                    { u"baseFeePerBlobGas"_s, QJsonArray { u"0x1"_s, u"0x1"_s } },
                    { u"blobGasUsedRatio"_s, QJsonArray { 0 } } } } });
    }
}

void TestMarketData::start(const QHash<QString, QString> &extra, std::unique_ptr<Clock> clock)
{
    QHash<QString, QString> values {
        { u"upstream/binance/base_url"_s, m_exchanges->baseUrl() + u"/api/v3"_s },
        { u"upstream/coinbase/base_url"_s, m_exchanges->baseUrl() },
        { u"upstream/kraken/base_url"_s, m_exchanges->baseUrl() + u"/0/public"_s },
        { u"upstream/hyperliquid/base_url"_s, m_hyperliquid->baseUrl() },
        { u"upstream/defillama/base_url"_s, m_llama->baseUrl() },
        { u"chain/base/endpoints"_s, m_base->url() }, { u"chain/ethereum/endpoints"_s, m_ethereum->url() },
        { u"market/gas/chains"_s, u"base,ethereum"_s }, { u"market/brief/coins"_s, u"BTC,ETH"_s },
        { u"upstream/evm-base/timeout_ms"_s, u"500"_s }, { u"upstream/evm-ethereum/timeout_ms"_s, u"500"_s },
        { u"upstream/hyperliquid/timeout_ms"_s, u"500"_s }, { u"upstream/defillama/timeout_ms"_s, u"500"_s }
    };
    values.insert(extra);
    m_context = ServiceContext::createForTests(m_dir.path(), values, std::move(clock));
}

void TestMarketData::cleanup()
{
    m_context.reset();
    m_exchanges.reset();
    m_hyperliquid.reset();
    m_llama.reset();
    m_base.reset();
    m_ethereum.reset();
}

Outcome TestMarketData::call(const QString &product)
{
    return callThroughCatalog(m_context->catalog(), u"market.market"_s, { { u"product"_s, product } });
}

void TestMarketData::gasAcrossChains()
{
    start();
    const Outcome r = call(u"gas"_s);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"contract"_s].toString(), u"market-data/1"_s);
    const QJsonArray chains = d[u"chains"_s].toArray();
    QCOMPARE(chains.size(), 2);
    QCOMPARE(chains[0][u"chain"_s].toString(), u"base"_s);
    QCOMPARE(chains[1][u"chain_id"_s].toInt(), 1);
    QCOMPARE(chains[0][u"gas_price_gwei"_s].toString(), u"0.116923645"_s); // 0x6f81cfd wei
    QVERIFY(chains[0][u"source"_s][u"url"_s].toString().startsWith(u"http://127.0.0.1"_s));
    QCOMPARE(d[u"unavailable"_s].toArray().size(), 0);
}

void TestMarketData::gasNamesAFailedChain()
{
    // Optimism (chain id 10) is pointed at the Ethereum node, which the pool refuses for its chain id.
    start({ { u"market/gas/chains"_s, u"base,ethereum,optimism"_s },
        { u"chain/optimism/endpoints"_s, m_ethereum->url() } });
    m_ethereum->setForced(500, "{}");
    const Outcome r = call(u"gas"_s);
    QVERIFY(r.ok());
    QCOMPARE(r.value().data[u"chains"_s].toArray().size(), 1);
    const QJsonArray missing = r.value().data[u"unavailable"_s].toArray();
    QCOMPARE(missing.size(), 2);
    QCOMPARE(missing[0][u"chain"_s].toString(), u"ethereum"_s);
    QCOMPARE(missing[1][u"chain"_s].toString(), u"optimism"_s);
    QVERIFY(!missing[1][u"reason"_s].toString().isEmpty());
}

void TestMarketData::yieldRecordedPools()
{
    start({ { u"market/yield/min_tvl_usd"_s, u"0"_s } });
    const Outcome r = call(u"yield"_s);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"stablecoin_pools"_s].toInt(), 1); // Lido's stETH is not a stablecoin pool
    const QJsonObject syrup = d[u"by_tvl"_s][0].toObject();
    QCOMPARE(syrup[u"project"_s].toString(), u"maple"_s);
    QCOMPARE(syrup[u"apy_percent"_s].toDouble(), 9.14231);
    QCOMPARE(syrup[u"apy_reward_percent"_s].toDouble(), 2.2);
    QCOMPARE(syrup[u"pool_meta"_s].toString(), u"Syrup USDC"_s);
    QCOMPARE(syrup[u"link"_s].toString(),
        u"https://defillama.com/yields/pool/43641cf5-a92e-416b-bce9-27113d3c0db6"_s);
    QCOMPARE(d[u"source"_s][u"source"_s].toString(), u"defillama"_s);
}

void TestMarketData::yieldOrdersAndLeavesOutliersOut()
{
    const QJsonArray pools { pool(u"a"_s, 5e6, 40), pool(u"b"_s, 50e6, 4), pool(u"c"_s, 20e6, 900, true),
        pool(u"d"_s, 30e6, 7) };
    m_llama = std::make_unique<ReplayServer>();
    m_llama->route("GET", u"/pools"_s,
        { 200, QJsonDocument(QJsonObject { { u"status"_s, u"success"_s }, { u"data"_s, pools } }).toJson() });
    start(); // 10 M USD floor: a is left out
    const Outcome r = call(u"yield"_s);
    QVERIFY(r.ok());
    const QJsonObject d = r.value().data;
    QStringList byTvl;
    for (const QJsonValue &p : d[u"by_tvl"_s].toArray())
        byTvl.append(p[u"pool"_s].toString());
    QCOMPARE(byTvl, (QStringList { u"b"_s, u"d"_s, u"c"_s }));
    QStringList byApy;
    for (const QJsonValue &p : d[u"by_apy"_s].toArray())
        byApy.append(p[u"pool"_s].toString());
    QCOMPARE(byApy, (QStringList { u"d"_s, u"b"_s })); // c's 900 % is DeFiLlama's outlier
    QCOMPARE(d[u"outliers_left_out_of_by_apy"_s].toInt(), 1);
}

void TestMarketData::yieldFailureIsUncharged503()
{
    start();
    m_llama->setForced(ReplayServer::Reply { 200, R"({"status":"error","data":"rate limited"})" });
    const Outcome r = call(u"yield"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().missing(), QStringList { u"defillama"_s });
}

void TestMarketData::briefHasEveryPart()
{
    start();
    const Outcome r = call(u"market_brief"_s);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    const QJsonArray coins = d[u"coins"_s].toArray();
    QCOMPARE(coins.size(), 2);
    QVERIFY2(coins[0][u"price"_s][u"excluded"_s].toArray().isEmpty(),
        QJsonDocument(coins[0][u"price"_s][u"excluded"_s].toArray()).toJson().constData());
    QCOMPARE(coins[0][u"price"_s][u"median"_s].toString(), u"85861.2"_s);
    QCOMPARE(coins[0][u"perp"_s][u"funding_annualised_percent"_s].toString(), u"-22.239"_s);
    QCOMPARE(coins[0][u"perp"_s][u"source"_s][u"source"_s].toString(), u"hyperliquid"_s);
    // ETH is listed on no exchange of the fakes (Coinbase 404, Binance -1121, Kraken unknown pair): its
    // price is null and named; its perp is there.
    QVERIFY(coins[1][u"price"_s].isNull());
    QCOMPARE(coins[1][u"perp"_s][u"mark_price"_s].toString(), u"3124.4"_s);
    QCOMPARE(d[u"gas"_s][u"chains"_s].toArray().size(), 2);
    const QJsonArray missing = d[u"unavailable"_s].toArray();
    QCOMPARE(missing.size(), 1);
    QCOMPARE(missing[0][u"part"_s].toString(), u"ETH price"_s);
    QVERIFY(d[u"headlines"_s][0].toString().startsWith(
        u"BTC 85861.2 USD (median of 3 exchanges); perp funding -22.2 %/yr"_s));
}

void TestMarketData::briefNamesAFailedPart()
{
    start();
    m_hyperliquid->setDown(true);
    const Outcome r = call(u"market_brief"_s);
    QVERIFY(r.ok());
    const QJsonObject d = r.value().data;
    QVERIFY(d[u"coins"_s][0][u"perp"_s].isNull());
    QStringList parts;
    for (const QJsonValue &m : d[u"unavailable"_s].toArray())
        parts.append(m[u"part"_s].toString());
    QVERIFY(parts.contains(u"perps"_s));
}

void TestMarketData::briefWithNothingIs503()
{
    start({ { u"market/gas/chains"_s, u"base"_s } });
    m_exchanges->setDown(true);
    m_hyperliquid->setDown(true);
    m_base->setForced(500, "{}");
    const Outcome r = call(u"market_brief"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QVERIFY(r.error().missing().contains(u"hyperliquid"_s));
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
}

void TestMarketData::dailyPackFromRecordedSources()
{
    start();
    const std::optional<Outcome> out = callThroughCatalog(m_context->catalog(), u"market.daily"_s);
    QVERIFY2(out->ok(), out->ok() ? "" : qPrintable(out->error().message()));
    const QJsonObject d = out->value().data;
    // BTC -1.761 % (-5.284), ETH -2.457 % (-4.095), breadth 0 of 2 up (-10), mean funding -13.77 %/yr
    // (+3.442), premium -0.068 % (+1.134): 50 - 14.80 = 35.
    QCOMPARE(d[u"score"_s].toInt(), 35);
    QCOMPARE(d[u"posture"_s].toString(), u"REDUCE_RISK"_s);
    QCOMPARE(d[u"confidence"_s].toDouble(), 0.81);
    QCOMPARE(d[u"inputs"_s][u"markets_counted"_s].toInt(), 2);
    QCOMPARE(
        d[u"invalidation_conditions"_s][0].toString(), u"BTC median above 88437.04 USD (3 % over 85861.2)"_s);
    QCOMPARE(d[u"sources"_s].toArray().size(), 4); // three exchanges and Hyperliquid
    QCOMPARE(QDateTime::fromString(d[u"decided_at"_s].toString(), Qt::ISODateWithMs)
                 .secsTo(QDateTime::fromString(d[u"expires_at"_s].toString(), Qt::ISODateWithMs)),
        15 * 60);
}

void TestMarketData::coinSnapshotWithItsOwnArchive()
{
    // Coinbase's trade is stamped now by the fake: all three quotes are fresh at the first reading only.
    auto owned = std::make_unique<FixedClock>(QDateTime::currentDateTimeUtc());
    FixedClock &clock = *owned;
    start({ { u"market/coin/archive_symbols"_s, u"BTC"_s } }, std::move(owned));
    // The recorder as the area runs it every 10 minutes, over the same store.
    market::SourceCache cache(clock);
    market::CoinArchive archive(m_context->store().marketSnapshots(), clock);
    const market::MarketServices services { m_context->settings(), clock, m_context->upstream(),
        m_context->store(), m_context->catalog(), cache, archive };
    for (int slot = 0; slot < 5; ++slot) {
        if (slot > 0)
            clock.advanceSeconds(6 * 3600);
        market::SnapshotRecorder::recordDue(services);
        QTRY_VERIFY_WITH_TIMEOUT(archive.hasCurrentSlot(u"BTC"_s), 5000);
    }
    std::optional<Outcome> out
        = callThroughCatalog(m_context->catalog(), u"market.coin"_s, { { u"symbol"_s, u"btc"_s } });
    QVERIFY2(out->ok(), out->ok() ? "" : qPrintable(out->error().message()));
    const QJsonObject d = out->value().data;
    QCOMPARE(d[u"symbol"_s].toString(), u"BTC"_s);
    // A day later Coinbase's recorded trade is stale: the median of Binance and Kraken.
    QCOMPARE(d[u"spot"_s][u"median"_s].toString(), u"85816.025"_s);
    QCOMPARE(d[u"derivatives"_s][u"open_interest_usd"_s].toString(), u"3021561757.36"_s);
    QCOMPARE(d[u"archive"_s][u"snapshots_kept"_s].toInt(), 5);
    // The first reading had all three quotes (85861.2), the later ones two.
    QCOMPARE(d[u"archive"_s][u"trend"_s][u"price_change_percent"_s].toString(), u"-0.0526"_s);
    QCOMPARE(d[u"archive"_s][u"trend"_s][u"open_interest_change_percent"_s].toString(), u"0"_s);
    // 50 + 25 x (-22.239 / 40) + 15 x (-0.0681 / 0.3) + 10 x (0 / 20) = 32.7
    QCOMPARE(d[u"positioning"_s][u"score"_s].toInt(), 33);
    QCOMPARE(d[u"positioning"_s][u"label"_s].toString(), u"balanced"_s);
    QCOMPARE(d[u"positioning"_s][u"parts"_s][u"open_interest_change"_s].toDouble(), 0.0);

    // A coin no exchange lists is the caller's mistake, not charged.
    out = callThroughCatalog(m_context->catalog(), u"market.coin"_s, { { u"symbol"_s, u"ETH"_s } });
    QVERIFY(!out->ok());
    QCOMPARE(out->error().httpStatus(), 422);
}

QTEST_GUILESS_MAIN(TestMarketData)
#include "TestMarketData.moc"
