// The market area's own work per call, without upstream waits (issue 19: merging and scoring <= 100 us), and
// the upstream traffic a steady call rate causes through the per-source cache.
//
// Every row runs the real operation through the catalog with every source answered by loopback fakes that
// replay ../shared/data/upstreams/; one call before the timed block fills the cache, so each timed call is
// the handler reading cached answers, merging, scoring and building its result, plus the serialisation the
// channel does. Hyperliquid's answer is widened to 200 markets (the size of the live list) by repeating the
// recorded contexts under other names, built before timing.
//
// rateOfUpstreamRequests: 100 price calls a second for 6 s, the fakes count what reaches them.

#include "CatalogCall.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "core/CanonicalJson.h"
#include "host/ServiceContext.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <ctime>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

QByteArray recorded(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The calling thread's CPU time: the machine is shared, so wall time alone also counts other work.
qint64 threadCpuNanoseconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Hyperliquid's recorded answer with `markets` listed markets: BTC and ETH as recorded, then copies of
// their contexts under other names with volumes spread out.
QByteArray hyperliquidWith(int markets)
{
    const QJsonArray recordedPair
        = QJsonDocument::fromJson(recorded(u"hyperliquid/metaAndAssetCtxs.trimmed.json"_s)).array();
    QJsonObject meta = recordedPair[0].toObject();
    const QJsonArray universe = meta[u"universe"_s].toArray();
    const QJsonArray contexts = recordedPair[1].toArray();
    QJsonArray u { universe[0], universe[1] };
    QJsonArray c { contexts[0], contexts[1] };
    for (int i = 2; i < markets; ++i) {
        QJsonObject entry = universe[i % 2].toObject();
        entry.insert(u"name"_s, u"C%1"_s.arg(i));
        QJsonObject ctx = contexts[i % 2].toObject();
        ctx.insert(u"dayNtlVlm"_s, QString::number(1e6 * (markets - i)));
        u.append(entry);
        c.append(ctx);
    }
    meta.insert(u"universe"_s, u);
    return QJsonDocument(QJsonArray { meta, c }).toJson(QJsonDocument::Compact);
}

} // namespace

class BenchMarket : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void warmCall_data();
    void warmCall();
    void rateOfUpstreamRequests();

private:
    Outcome call(const QString &id, const QJsonObject &args);

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_fake; // every exchange path and Hyperliquid on one loopback server
    std::unique_ptr<ServiceContext> m_context;
};

void BenchMarket::initTestCase()
{
    if (sharedDataDir().isEmpty())
        QSKIP("../shared/data is absent");
    m_fake = std::make_unique<ReplayServer>();
    QJsonObject coinbase
        = QJsonDocument::fromJson(recorded(u"coinbase/exchange-products-BTC-USD-ticker.constructed.json"_s))
              .object();
    coinbase.insert(u"time"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    m_fake->route(
        "GET", u"/api/v3/ticker/price"_s, { 200, recorded(u"binance/ticker-price-BTCUSDT.json"_s) });
    m_fake->route("GET", u"/products/BTC-USD/ticker"_s, { 200, QJsonDocument(coinbase).toJson() });
    m_fake->route("GET", u"/0/public/Ticker"_s, { 200, recorded(u"kraken/public-Ticker-XBTUSD.json"_s) });
    m_fake->route("POST", u"/info"_s, { 200, hyperliquidWith(200) });
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"upstream/binance/base_url"_s, m_fake->baseUrl() + u"/api/v3"_s },
            { u"upstream/coinbase/base_url"_s, m_fake->baseUrl() },
            { u"upstream/kraken/base_url"_s, m_fake->baseUrl() + u"/0/public"_s },
            { u"upstream/hyperliquid/base_url"_s, m_fake->baseUrl() },
            // The timed loops must read cached answers only: a long freshness, and quotes that stay valid.
            { u"market/price/fresh_ms"_s, u"60000"_s }, { u"market/perps/fresh_ms"_s, u"300000"_s },
            { u"market/price/max_quote_age_seconds"_s, u"3600"_s } });
}

void BenchMarket::cleanupTestCase()
{
    m_context.reset();
    m_fake.reset();
}

Outcome BenchMarket::call(const QString &id, const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), id, args);
}

void BenchMarket::warmCall_data()
{
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QJsonObject>("arguments");
    QTest::newRow("price") << u"market.price"_s << QJsonObject {};
    QTest::newRow("perps top 20 of 200") << u"market.perps"_s << QJsonObject {};
    QTest::newRow("perps one coin") << u"market.perps"_s << QJsonObject { { u"coin"_s, u"ETH"_s } };
    QTest::newRow("daily pack") << u"market.daily"_s << QJsonObject {};
    QTest::newRow("coin snapshot") << u"market.coin"_s << QJsonObject { { u"symbol"_s, u"BTC"_s } };
}

void BenchMarket::warmCall()
{
    QFETCH(QString, operation);
    QFETCH(QJsonObject, arguments);
    const Outcome first = call(operation, arguments);
    QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().message()));
    const int requests = m_fake->requestCount();
    constexpr int Calls = 2000;
    QElapsedTimer timer;
    timer.start();
    const qint64 cpuStart = threadCpuNanoseconds();
    qint64 bytes = 0;
    for (int i = 0; i < Calls; ++i) {
        const Outcome r = call(operation, arguments);
        // What the channels write, hash and sign: canonical JSON (ReceiptSigner::attach), not
        // QJsonDocument's text.
        bytes += CanonicalJson::serialise(r.value().data).size();
    }
    const double micros = double(timer.nsecsElapsed()) / Calls / 1000;
    const double cpuMicros = double(threadCpuNanoseconds() - cpuStart) / Calls / 1000;
    QCOMPARE(m_fake->requestCount(), requests); // nothing left the cache
    qInfo("%-22s %7.1f us per call, %7.1f us CPU (%lld bytes of result)",
        qPrintable(QString::fromLatin1(QTest::currentDataTag())), micros, cpuMicros, bytes / Calls);
}

void BenchMarket::rateOfUpstreamRequests()
{
    // A fresh context with the default freshness (2 s per exchange ticker).
    m_context.reset();
    QTemporaryDir dir;
    m_context = ServiceContext::createForTests(dir.path(),
        { { u"upstream/binance/base_url"_s, m_fake->baseUrl() + u"/api/v3"_s },
            { u"upstream/coinbase/base_url"_s, m_fake->baseUrl() },
            { u"upstream/kraken/base_url"_s, m_fake->baseUrl() + u"/0/public"_s },
            { u"market/price/max_quote_age_seconds"_s, u"3600"_s } });
    const int before = m_fake->requestCount();
    const Operation *op = m_context->catalog().find(u"market.price"_s);
    int calls = 0;
    int answered = 0;
    QTimer tick;
    tick.setInterval(10); // 100 calls a second
    connect(&tick, &QTimer::timeout, this, [&]() {
        ++calls;
        Invoker::invoke(*op, *op->exposure(Channel::Cli), {}, CallContext { Channel::Cli, QString() },
            [&answered](Outcome o) { answered += o.ok() ? 1 : 0; });
    });
    QElapsedTimer clock;
    clock.start();
    tick.start();
    QTRY_VERIFY_WITH_TIMEOUT(clock.elapsed() >= 6000, 10000);
    tick.stop();
    QTRY_COMPARE_WITH_TIMEOUT(answered, calls, 5000);
    const int upstream = m_fake->requestCount() - before;
    qInfo(
        "%d price calls in %.1f s (%.0f a second): %d upstream requests over three exchanges, %.2f a second "
        "(bound with market/price/fresh_ms 2000: 3 x 1000 / 2000 = 1.5 a second)",
        calls, clock.elapsed() / 1000.0, calls * 1000.0 / clock.elapsed(), upstream,
        upstream * 1000.0 / clock.elapsed());
    QVERIFY(upstream <= 3 * (clock.elapsed() / 2000 + 1));
}

QTEST_GUILESS_MAIN(BenchMarket)
#include "BenchMarket.moc"
