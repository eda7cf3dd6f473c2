// The chain area's RPC pool against fake nodes on loopback: batches matched by id, the chain id asked
// before an endpoint's first answer is used, failover on a timeout, 429, 5xx, a provider limit and a wrong
// chain id, the cooldown and the per-endpoint budget, and the uncharged 503 naming the source.

#include "FakeJsonRpcNode.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/chain/ChainArea.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/rpc/ChainInfo.h"
#include "ops/chain/rpc/RpcPool.h"
#include "upstream/UpstreamClient.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using ades::chain::ChainInfo;
using ades::chain::RpcCall;
using ades::chain::RpcPool;
using ades::test::FakeJsonRpcNode;

class TestRpcPool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void batchAnswersMatchedById();
    void wrongChainIdIsRefusedForGood();
    void timeoutFailsOver();
    void status429And5xxFailOver_data();
    void status429And5xxFailOver();
    void providerLimitFailsOver();
    void allDownIsUnavailableNamingTheSource();
    void cooldownPrefersHealthyEndpoint();
    void budgetSpentSkipsEndpoint();
    void probeFailureLeavesTheEndpointHealthy();

private:
    std::unique_ptr<RpcPool> pool(const QStringList &urls, RpcPool::Limits limits = {});
    ades::Result<RpcPool::Reply> callAndWait(const RpcPool &pool, const QList<RpcCall> &calls);

    const ChainInfo &m_base = *ChainInfo::find(u"base"_s);
    std::unique_ptr<ades::Settings> m_settings;
    std::unique_ptr<ades::FixedClock> m_clock;
    std::unique_ptr<ades::UpstreamClient> m_upstream;
    std::unique_ptr<FakeJsonRpcNode> m_first;
    std::unique_ptr<FakeJsonRpcNode> m_second;
};

void TestRpcPool::init()
{
    m_settings = std::make_unique<ades::Settings>(
        ades::Settings::fromValues(QString(), { { u"upstream/evm-base/timeout_ms"_s, u"400"_s } }));
    m_clock = std::make_unique<ades::FixedClock>(QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC));
    m_upstream = std::make_unique<ades::UpstreamClient>(*m_settings, *m_clock);
    for (const ades::UpstreamSource &source : ades::chain::ChainArea().sources())
        m_upstream->addSource(source);
    m_first = std::make_unique<FakeJsonRpcNode>(8453);
    m_second = std::make_unique<FakeJsonRpcNode>(8453);
    for (FakeJsonRpcNode *node : { m_first.get(), m_second.get() })
        node->route(u"eth_getBalance"_s, { { u"result"_s, u"0x1bc16d674ec80000"_s } });
    m_second->setBlockNumber(0x100);
}

std::unique_ptr<RpcPool> TestRpcPool::pool(const QStringList &urls, RpcPool::Limits limits)
{
    return std::make_unique<RpcPool>(m_base, urls, *m_upstream, *m_clock, limits);
}

ades::Result<RpcPool::Reply> TestRpcPool::callAndWait(const RpcPool &pool, const QList<RpcCall> &calls)
{
    std::optional<ades::Result<RpcPool::Reply>> outcome;
    pool.call(calls, [&outcome](ades::Result<RpcPool::Reply> r) { outcome.emplace(std::move(r)); });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 10000); }();
    if (!outcome)
        return ades::ServiceError::internal(u"no answer"_s);
    return *outcome;
}

void TestRpcPool::batchAnswersMatchedById()
{
    const auto p = pool({ m_first->url() });
    const auto reply = callAndWait(*p,
        { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } },
            { u"eth_getTransactionCount"_s, { u"0xaa"_s, u"pending"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().answers.size(), 2);
    QCOMPARE(reply.value().answers[0].result().toString(), u"0x1bc16d674ec80000"_s);
    QVERIFY(reply.value().answers[1].isError()); // the fake has no route for it: -32601
    QCOMPARE(reply.value().block.toDecimal(), u"50000000"_s);
    QCOMPARE(reply.value().endpoint, m_first->url());
    // First use: eth_chainId in the same batch; after that only the calls and eth_blockNumber.
    QCOMPARE(m_first->methods(),
        QStringList(
            { u"eth_chainId"_s, u"eth_getBalance"_s, u"eth_getTransactionCount"_s, u"eth_blockNumber"_s }));
    QVERIFY(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).ok());
    QCOMPARE(m_first->methods().mid(4), QStringList({ u"eth_getBalance"_s, u"eth_blockNumber"_s }));
}

void TestRpcPool::wrongChainIdIsRefusedForGood()
{
    m_first->setChainId(1); // an Ethereum node configured for Base
    const auto p = pool({ m_first->url(), m_second->url() });
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().endpoint, m_second->url());
    QCOMPARE(reply.value().block.toDecimal(), u"256"_s); // the answer of the right chain's node
    QVERIFY(reply.value().skipped.first()[u"problem"_s].toString().contains(u"chain id 1, expected 8453"_s));
    m_clock->advanceSeconds(3600);
    QVERIFY(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).ok());
    QCOMPARE(m_first->requestCount(), 1); // never asked again
    QCOMPARE(p->health()[u"endpoints"_s][0][u"chain_id"_s].toString(), u"refused"_s);
}

void TestRpcPool::timeoutFailsOver()
{
    m_first->setDelayMs(2000); // beyond upstream/evm-base/timeout_ms = 400
    const auto p = pool({ m_first->url(), m_second->url() });
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().endpoint, m_second->url());
    QCOMPARE(ades::chain::chainEvidence(*p, reply.value(), *m_clock)[u"failover"_s].toArray().size(), 1);
}

void TestRpcPool::status429And5xxFailOver_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("429") << 429 << QByteArray("Too Many Requests");
    QTest::newRow("502") << 502 << QByteArray("<html>bad gateway</html>");
    QTest::newRow("200-garbage") << 200 << QByteArray("{\"not\":\"jsonrpc\"}");
}

void TestRpcPool::status429And5xxFailOver()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    m_first->setForced(status, body);
    const auto p = pool({ m_first->url(), m_second->url() });
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().endpoint, m_second->url());
}

void TestRpcPool::providerLimitFailsOver()
{
    m_first->route(u"eth_getBalance"_s,
        { { u"error"_s, QJsonObject { { u"code"_s, -32016 }, { u"message"_s, u"over rate limit"_s } } } });
    const auto p = pool({ m_first->url(), m_second->url() });
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().endpoint, m_second->url());
    QVERIFY(!reply.value().answers.first().isError());
}

void TestRpcPool::allDownIsUnavailableNamingTheSource()
{
    m_first->setForced(503, "down");
    m_second->setForced(429, "slow down");
    const auto p = pool({ m_first->url(), m_second->url() });
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(!reply.ok());
    QCOMPARE(reply.error().httpStatus(), 503);
    QCOMPARE(reply.error().missing(), QStringList { u"evm-base"_s });
    QVERIFY(reply.error().isRetryable());
    QVERIFY(reply.error().message().contains(u"HTTP 429"_s));
    QVERIFY(reply.error().message().contains(u"HTTP 503"_s));
}

void TestRpcPool::cooldownPrefersHealthyEndpoint()
{
    m_first->setForced(500, "oops");
    const auto p = pool({ m_first->url(), m_second->url() }, { 100, 30 });
    QVERIFY(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).ok());
    m_first->clearForced();
    QVERIFY(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).ok());
    QCOMPARE(m_first->requestCount(), 1); // cooling down: the second endpoint served
    m_clock->advanceSeconds(31);
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QVERIFY(reply.ok());
    QCOMPARE(reply.value().endpoint, m_first->url()); // back in order once cooled down
}

void TestRpcPool::budgetSpentSkipsEndpoint()
{
    const auto p = pool({ m_first->url(), m_second->url() }, { 2, 30 });
    for (int i = 0; i < 2; ++i)
        QCOMPARE(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).value().endpoint,
            m_first->url());
    QCOMPARE(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).value().endpoint,
        m_second->url());
    m_clock->advanceSeconds(60);
    QCOMPARE(callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } }).value().endpoint,
        m_first->url());
}

void TestRpcPool::probeFailureLeavesTheEndpointHealthy()
{
    m_first->setForced(413, "too large");
    const auto p = pool({ m_first->url(), m_second->url() });
    std::optional<ades::Result<RpcPool::Reply>> outcome;
    p->call(
        { { u"txpool_content"_s, {} } },
        [&outcome](ades::Result<RpcPool::Reply> r) { outcome.emplace(std::move(r)); }, RpcPool::Mode::Probe);
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 10000);
    QVERIFY(!outcome->ok());
    QCOMPARE(m_second->requestCount(), 0); // no failover for a probe
    m_first->clearForced();
    const auto reply = callAndWait(*p, { { u"eth_getBalance"_s, { u"0xaa"_s, u"latest"_s } } });
    QCOMPARE(reply.value().endpoint, m_first->url()); // and no cooldown
}

QTEST_GUILESS_MAIN(TestRpcPool)
#include "TestRpcPool.moc"
