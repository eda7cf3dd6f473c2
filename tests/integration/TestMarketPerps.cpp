// market.perps against a loopback Hyperliquid replaying the recorded metaAndAssetCtxs answer of
// ../shared/data/upstreams/hyperliquid/: markets by volume with funding, open interest and leverage, the
// delisted market skipped, the coin filter, and the source's failure forms as an uncharged 503.
#include "CatalogCall.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "host/ServiceContext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

class TestMarketPerps : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void marketsByVolume();
    void oneCoin();
    void unknownCoinIs422();
    void failuresAreUncharged503_data();
    void failuresAreUncharged503();
    void oneRequestServesManyCalls();

private:
    Outcome call(const QJsonObject &args);

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_hyperliquid;
    std::unique_ptr<ServiceContext> m_context;
};

void TestMarketPerps::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_hyperliquid = std::make_unique<ReplayServer>();
    QFile f(sharedDataDir() + u"/upstreams/hyperliquid/metaAndAssetCtxs.trimmed.json"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_hyperliquid->route("POST", u"/info"_s, { 200, f.readAll() });
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"upstream/hyperliquid/base_url"_s, m_hyperliquid->baseUrl() },
            { u"upstream/hyperliquid/timeout_ms"_s, u"500"_s } });
}

void TestMarketPerps::cleanup()
{
    m_context.reset();
    m_hyperliquid.reset();
}

Outcome TestMarketPerps::call(const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), u"market.perps"_s, args);
}

void TestMarketPerps::marketsByVolume()
{
    const Outcome r = call({});
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"listed_markets"_s].toInt(), 2);
    QCOMPARE(d[u"delisted_skipped"_s].toInt(), 1); // MATIC
    const QJsonArray markets = d[u"markets"_s].toArray();
    QCOMPARE(markets.size(), 2);
    const QJsonObject btc = markets[0].toObject(); // 2.62 bn USD volume before ETH's 1.56 bn
    QCOMPARE(btc[u"coin"_s].toString(), u"BTC"_s);
    QCOMPARE(btc[u"mark_price"_s].toString(), u"91029.0"_s);
    QCOMPARE(btc[u"oracle_price"_s].toString(), u"91091.0"_s);
    QCOMPARE(btc[u"funding_hourly"_s].toString(), u"-0.000025387"_s);
    QCOMPARE(btc[u"funding_annualised_percent"_s].toString(), u"-22.239"_s); // x 8760 x 100
    QCOMPARE(btc[u"open_interest_usd"_s].toString(), u"3021561757.36"_s); // 33193.39724 x 91029.0
    QCOMPARE(btc[u"premium_percent"_s].toString(), u"-0.0681"_s);
    QCOMPARE(btc[u"change_24h_percent"_s].toString(), u"-1.7613"_s);
    QCOMPARE(btc[u"max_leverage"_s].toInt(), 40);
    QCOMPARE(markets[1][u"coin"_s].toString(), u"ETH"_s);
    QCOMPARE(d[u"source"_s][u"http_status"_s].toInt(), 200);
    QCOMPARE(m_hyperliquid->requests().first().body, QByteArray(R"({"type":"metaAndAssetCtxs"})"));
}

void TestMarketPerps::oneCoin()
{
    Outcome r = call({ { u"coin"_s, u"eth"_s } });
    QVERIFY(r.ok());
    QCOMPARE(r.value().data[u"markets"_s].toArray().size(), 1);
    QCOMPARE(r.value().data[u"markets"_s][0][u"funding_annualised_percent"_s].toString(), u"-5.2935"_s);
    r = call({ { u"top"_s, 1 } });
    QVERIFY(r.ok());
    QCOMPARE(r.value().data[u"markets"_s].toArray().size(), 1);
    QCOMPARE(r.value().data[u"markets"_s][0][u"coin"_s].toString(), u"BTC"_s);
}

void TestMarketPerps::unknownCoinIs422()
{
    // MATIC is listed but delisted: not served either.
    for (const QString &coin : { u"DOGE"_s, u"MATIC"_s }) {
        const Outcome r = call({ { u"coin"_s, coin } });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().httpStatus(), 422);
        QCOMPARE(r.error().param(), u"coin"_s);
    }
}

void TestMarketPerps::failuresAreUncharged503_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("429") << 429 << QByteArray("null");
    QTest::newRow("500") << 500 << QByteArray("{}");
    QTest::newRow("malformed") << 200 << QByteArray("[{\"universe\": [");
    QTest::newRow("misaligned") << 200 << QByteArray(R"([{"universe":[{"name":"BTC"}]},[]])");
}

void TestMarketPerps::failuresAreUncharged503()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    m_hyperliquid->setForced(ReplayServer::Reply { status, body });
    const Outcome r = call({});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
    QVERIFY(r.error().message().contains(u"Hyperliquid"_s));
}

void TestMarketPerps::oneRequestServesManyCalls()
{
    for (int i = 0; i < 20; ++i)
        QVERIFY(call({ { u"top"_s, 1 + i } }).ok());
    QCOMPARE(m_hyperliquid->requestCount(), 1); // within market/perps/fresh_ms
}

QTEST_GUILESS_MAIN(TestMarketPerps)
#include "TestMarketPerps.moc"
