// The chain operations in a running service against fake JSON-RPC nodes on loopback that replay the
// recorded bodies of ../shared/data/upstreams/evm-jsonrpc/: every operation's result, failover (timeout,
// 429, wrong chain id) seen through an operation, the uncharged 503 naming the source, the preflight's
// decisions (block on a shortfall or a revert, review for a check that could not run), the proxy's
// allow-list and batches, and the x402 and MCP exposures at SPEC.md's prices.

#include "CatalogCall.h"
#include "FakeJsonRpcNode.h"
#include "HttpTestClient.h"
#include "TestAreas.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/eu/sanctions/SanctionsLists.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString Owner = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s; // of the recorded USDC calls
const QString Spender = u"0x9b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4"_s;
const QString UsdcBase = u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s;
const QString Reverted = u"0x"_s + QString(64, u'e');

QString recorded(const QString &name)
{
    return sharedDataDir() + u"/upstreams/evm-jsonrpc/"_s + name;
}

QJsonObject word(const QString &hex64)
{
    return { { u"result"_s, QString(u"0x"_s + hex64) } };
}

} // namespace

class TestChainOperations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void walletBalance();
    void failoverThroughAnOperation_data();
    void failoverThroughAnOperation();
    void allEndpointsDownIsUncharged503();
    void tokenRecordedUsdc();
    void tokenNonStandard();
    void gasEstimate();
    void txSuccess();
    void txRevertDecodedByReplay();
    void contractInfo_data();
    void contractInfo();
    void preflightBlocksOnShortfall();
    void preflightReviewsWhenACheckCannotRun();
    void preflightBlocksOnRevert();
    void preflightSeesANonceGapInThePool();
    void preflightWallTimeIsItsSlowestCall();
    void rpcProxy();
    void httpExposures();

    // Last: it loads sanctions lists into the shared data folder.
    void preflightBlocksAListedWallet();

private:
    void startService();
    Outcome call(const QString &id, const QJsonObject &args);
    void routeCommon(FakeJsonRpcNode &node);

    QTemporaryDir m_dir;
    std::unique_ptr<FakeJsonRpcNode> m_first;
    std::unique_ptr<FakeJsonRpcNode> m_second;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
};

void TestChainOperations::routeCommon(FakeJsonRpcNode &node)
{
    for (const QString &file :
        { u"constructed/eth_call-usdc-balanceOf.json"_s, u"constructed/eth_call-usdc-decimals.json"_s,
            u"constructed/eth_call-usdc-symbol.json"_s, u"constructed/eth_call-usdc-allowance.json"_s,
            u"constructed/eth_getBalance.json"_s, u"constructed/eth_getTransactionCount-pending.json"_s,
            u"constructed/eth_gasPrice.json"_s, u"constructed/eth_maxPriorityFeePerGas.json"_s,
            u"execution-apis-tests/eth_getTransactionByHash__get-dynamic-fee.io"_s,
            u"execution-apis-tests/eth_getTransactionReceipt__get-dynamic-fee.io"_s,
            u"execution-apis-tests/eth_getCode__get-code-eip7702-delegation.io"_s })
        QVERIFY2(node.routeRecorded(recorded(file)), qPrintable(file));
    node.route(
        u"eth_getTransactionCount"_s, { { u"result"_s, u"0x28"_s } }, QJsonArray { Owner, u"latest"_s });
    node.route(u"eth_getCode"_s, { { u"result"_s, u"0x6080604052"_s } },
        QJsonArray { UsdcBase.toLower(), u"latest"_s });
    node.route(u"eth_getCode"_s, { { u"result"_s, u"0x"_s } });
    node.route(u"eth_getTransactionCount"_s, { { u"result"_s, u"0x0"_s } });
    node.route(u"eth_getBalance"_s, { { u"result"_s, u"0x0"_s } });
    // The shape of eth_feeHistory(1, "latest", []) (the execution-apis test in the shared data).
    node.route(u"eth_feeHistory"_s,
        { { u"result"_s,
            QJsonObject { { u"oldestBlock"_s, u"0x2faf080"_s },
                { u"baseFeePerGas"_s, QJsonArray { u"0x4c4b40"_s, u"0x4d1b3c"_s } },
                { u"gasUsedRatio"_s, QJsonArray { 0.52 } },
                { u"baseFeePerBlobGas"_s, QJsonArray { u"0x1"_s, u"0x1"_s } },
                { u"blobGasUsedRatio"_s, QJsonArray { 0 } } } } });
    node.route(u"eth_estimateGas"_s, { { u"result"_s, u"0xd3f4"_s } });
    node.route(u"eth_getTransactionByHash"_s, { { u"result"_s, QJsonValue() } });
    node.route(u"eth_getTransactionReceipt"_s, { { u"result"_s, QJsonValue() } });
    node.route(u"eth_call"_s, { { u"result"_s, u"0x"_s } });
}

void TestChainOperations::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_first = std::make_unique<FakeJsonRpcNode>(8453);
    m_second = std::make_unique<FakeJsonRpcNode>(8453);
    routeCommon(*m_first);
    routeCommon(*m_second);
    m_second->setBlockNumber(0x2faf081);
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
            { u"chain/base/endpoints"_s, m_first->url() + u',' + m_second->url() },
            { u"upstream/evm-base/timeout_ms"_s, u"500"_s } });
}

void TestChainOperations::cleanup()
{
    m_client.reset();
    m_host.reset();
    m_context.reset();
    m_first.reset();
    m_second.reset();
}

void TestChainOperations::startService()
{
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());
}

Outcome TestChainOperations::call(const QString &id, const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), id, args);
}

void TestChainOperations::walletBalance()
{
    const Outcome r = call(u"chain.wallet.balance"_s, { { u"address"_s, Owner } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"contract"_s].toString(), u"agent-chain-data/1"_s);
    QCOMPARE(d[u"chain"_s].toString(), u"base"_s); // the default
    QCOMPARE(d[u"chain_id"_s].toInt(), 8453);
    QCOMPARE(d[u"balance_wei"_s].toString(), u"1000000000000000"_s); // 0x38d7ea4c68000
    QCOMPARE(d[u"balance"_s].toString(), u"0.001"_s);
    QCOMPARE(d[u"symbol"_s].toString(), u"ETH"_s);
    QCOMPARE(d[u"nonce_pending"_s].toString(), u"42"_s);
    QCOMPARE(d[u"nonce_latest"_s].toString(), u"40"_s);
    QCOMPARE(d[u"pending_transactions"_s].toString(), u"2"_s);
    QCOMPARE(d[u"endpoint"_s].toString(), m_first->url());
    QCOMPARE(d[u"observed_block"_s].toString(), u"50000000"_s);
    QCOMPARE(d[u"sources"_s][0][u"source"_s].toString(), u"evm-base"_s);

    const Outcome unknown
        = call(u"chain.wallet.balance"_s, { { u"address"_s, Owner }, { u"chain"_s, u"solana"_s } });
    QCOMPARE(unknown.error().httpStatus(), 422);
    QVERIFY(unknown.error().message().contains(u"base, ethereum, arbitrum, optimism, polygon"_s));
    const Outcome badChecksum = call(
        u"chain.wallet.balance"_s, { { u"address"_s, u"0x5E2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s } });
    QCOMPARE(badChecksum.error().httpStatus(), 400);
    QCOMPARE(badChecksum.error().code(), u"address_checksum"_s);
    QCOMPARE(m_first->requestCount(), 1); // bad input never reached a node
}

void TestChainOperations::failoverThroughAnOperation_data()
{
    QTest::addColumn<QString>("fault");
    QTest::newRow("timeout") << u"timeout"_s;
    QTest::newRow("429") << u"429"_s;
    QTest::newRow("wrong-chain-id") << u"chain"_s;
}

void TestChainOperations::failoverThroughAnOperation()
{
    QFETCH(QString, fault);
    if (fault == u"timeout"_s)
        m_first->setDelayMs(3000);
    else if (fault == u"429"_s)
        m_first->setForced(429, "Too Many Requests");
    else
        m_first->setChainId(10); // an OP Mainnet node in Base's list
    const Outcome r = call(u"chain.wallet.balance"_s, { { u"address"_s, Owner } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"endpoint"_s].toString(), m_second->url());
    QCOMPARE(r.value().data[u"observed_block"_s].toString(), u"50000001"_s);
    const QJsonArray failover = r.value().data[u"failover"_s].toArray();
    QCOMPARE(failover.size(), 1);
    QCOMPARE(failover[0][u"endpoint"_s].toString(), m_first->url());
}

void TestChainOperations::allEndpointsDownIsUncharged503()
{
    m_first->setForced(502, "bad gateway");
    m_second->setForced(429, "slow down");
    const Outcome r = call(u"chain.contract.info"_s, { { u"address"_s, Owner } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().missing(), QStringList { u"evm-base"_s });
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
}

void TestChainOperations::tokenRecordedUsdc()
{
    Outcome r = call(u"chain.token.check"_s,
        { { u"token"_s, UsdcBase }, { u"owner"_s, Owner }, { u"spender"_s, Spender },
            { u"amount"_s, u"10"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QJsonObject d = r.value().data;
    QCOMPARE(d[u"token"_s].toString(), UsdcBase);
    QCOMPARE(d[u"balance_atomic"_s].toString(), u"12345678"_s);
    QCOMPARE(d[u"balance"_s].toString(), u"12.345678"_s);
    QCOMPARE(d[u"decimals"_s].toInt(), 6);
    QCOMPARE(d[u"symbol"_s].toString(), u"USDC"_s);
    QCOMPARE(d[u"symbol_encoding"_s].toString(), u"string"_s);
    QCOMPARE(d[u"allowance_atomic"_s].toString(), u"0"_s);
    QCOMPARE(d[u"amount_atomic"_s].toString(), u"10000000"_s);
    QCOMPARE(d[u"would_succeed"_s].toBool(true), false);
    QCOMPARE(d[u"blocking_reason"_s].toString(), u"allowance"_s); // balance 12.35 covers 10; allowance 0
    r = call(
        u"chain.token.check"_s, { { u"token"_s, UsdcBase }, { u"owner"_s, Owner }, { u"amount"_s, 20 } });
    QCOMPARE(r.value().data[u"blocking_reason"_s].toString(), u"balance"_s);
    r = call(u"chain.token.check"_s,
        { { u"token"_s, UsdcBase }, { u"owner"_s, Owner }, { u"amount"_s, u"12.345678"_s } });
    QCOMPARE(r.value().data[u"would_succeed"_s].toBool(), true);
    QVERIFY(r.value().data[u"blocking_reason"_s].isNull());
    r = call(u"chain.token.check"_s,
        { { u"token"_s, UsdcBase }, { u"owner"_s, Owner }, { u"amount"_s, u"-1"_s } });
    QCOMPARE(r.error().httpStatus(), 400);
    QCOMPARE(r.error().param(), u"amount"_s);
}

void TestChainOperations::tokenNonStandard()
{
    // An MKR-like token: bytes32 symbol, no decimals() (the call returns nothing).
    const QString token = u"0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2"_s;
    for (FakeJsonRpcNode *node : { m_first.get(), m_second.get() }) {
        node->route(u"eth_getCode"_s, { { u"result"_s, u"0x6080"_s } }, QJsonArray { token, u"latest"_s });
        node->route(u"eth_call"_s, word(u"4d4b52"_s + QString(58, u'0')),
            QJsonArray { QJsonObject { { u"to"_s, token }, { u"data"_s, u"0x95d89b41"_s } }, u"latest"_s });
        node->route(u"eth_call"_s, word(QString(60, u'0') + u"03e8"_s),
            QJsonArray { QJsonObject { { u"to"_s, token },
                             { u"data"_s, QString(u"0x70a08231000000000000000000000000"_s + Owner.mid(2)) } },
                u"latest"_s });
    }
    const Outcome r = call(
        u"chain.token.check"_s, { { u"token"_s, token }, { u"owner"_s, Owner }, { u"amount"_s, u"1"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"symbol"_s].toString(), u"MKR"_s);
    QCOMPARE(d[u"symbol_encoding"_s].toString(), u"bytes32"_s);
    QVERIFY(d[u"decimals"_s].isNull());
    QCOMPARE(d[u"balance_atomic"_s].toString(), u"1000"_s);
    QVERIFY(d[u"balance"_s].isNull()); // no decimals: no unit amount invented
    QVERIFY(d[u"would_succeed"_s].isNull());
    QCOMPARE(d[u"blocking_reason"_s].toString(), u"unknown"_s);
}

void TestChainOperations::gasEstimate()
{
    const Outcome r = call(u"chain.gas.estimate"_s, { { u"sender"_s, Owner }, { u"to"_s, UsdcBase } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"fees"_s][u"base_fee_wei"_s].toString(), u"5000000"_s);
    QCOMPARE(d[u"fees"_s][u"base_fee_gwei"_s].toString(), u"0.005"_s);
    QCOMPARE(d[u"fees"_s][u"priority_fee_wei"_s].toString(), u"1000000"_s);
    QCOMPARE(d[u"fees"_s][u"gas_price_wei"_s].toString(), u"116923645"_s);
    QCOMPARE(d[u"estimate"_s][u"gas_limit"_s].toString(), u"54260"_s);
    QCOMPARE(d[u"estimate"_s][u"execution_fee_wei"_s].toString(), u"325560000000"_s); // 54260 x 6,000,000
    QCOMPARE(d[u"excluded_components"_s].toArray(), (QJsonArray { u"l1_data_fee"_s, u"operator_fee"_s }));
    QVERIFY(call(u"chain.gas.estimate"_s, {}).ok()); // fees only
    QCOMPARE(call(u"chain.gas.estimate"_s, { { u"value_native"_s, u"1e18"_s } }).error().param(),
        u"value_native"_s);
}

void TestChainOperations::txSuccess()
{
    const Outcome r = call(u"chain.tx.status"_s,
        { { u"tx_hash"_s, u"0x205405746564cbcf1dd53fb5ac92c7622d3792d82f03c59d9baddf2443d91864"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"status"_s].toString(), u"success"_s);
    QCOMPARE(d[u"block"_s].toString(), u"27"_s);
    QCOMPARE(d[u"confirmations"_s].toString(), u"49999974"_s);
    QCOMPARE(d[u"gas_used"_s].toString(), u"51868"_s);
    QCOMPARE(d[u"fee_paid_wei"_s].toString(), u"51868000051868"_s); // 0xca9c x 0x3b9aca01
    QVERIFY(d[u"revert_reason"_s].isNull());
    QCOMPARE(call(u"chain.tx.status"_s, { { u"tx_hash"_s, u"0x1234"_s } }).error().param(), u"tx_hash"_s);
    const Outcome missing
        = call(u"chain.tx.status"_s, { { u"tx_hash"_s, QString(u"0x"_s + QString(64, u'a')) } });
    QCOMPARE(missing.value().data[u"status"_s].toString(), u"not_found"_s);
}

void TestChainOperations::txRevertDecodedByReplay()
{
    const QString from = u"0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f"_s;
    const QString to = u"0x0ee3ab1371c93e7c0c281cc0c2107cdebc8b1930"_s;
    QFile panic(recorded(u"constructed/error-execution-reverted-Error-string.json"_s));
    QVERIFY(panic.open(QIODevice::ReadOnly));
    const QJsonObject revert = QJsonDocument::fromJson(panic.readAll()).object();
    for (FakeJsonRpcNode *node : { m_first.get(), m_second.get() }) {
        node->route(u"eth_getTransactionByHash"_s,
            { { u"result"_s,
                QJsonObject { { u"from"_s, from }, { u"to"_s, to }, { u"input"_s, u"0xa9059cbb"_s },
                    { u"value"_s, u"0x0"_s }, { u"gas"_s, u"0x186a0"_s }, { u"nonce"_s, u"0x7"_s },
                    { u"blockNumber"_s, u"0x64"_s } } } },
            QJsonArray { Reverted });
        node->route(u"eth_getTransactionReceipt"_s,
            { { u"result"_s,
                QJsonObject { { u"status"_s, u"0x0"_s }, { u"blockNumber"_s, u"0x64"_s },
                    { u"gasUsed"_s, u"0x5208"_s }, { u"effectiveGasPrice"_s, u"0x3b9aca00"_s } } } },
            QJsonArray { Reverted });
        // The replay on the state before block 0x64.
        node->route(u"eth_call"_s, { { u"error"_s, revert[u"error"_s] } },
            QJsonArray { QJsonObject { { u"from"_s, from }, { u"to"_s, to }, { u"value"_s, u"0x0"_s },
                             { u"gas"_s, u"0x186a0"_s }, { u"data"_s, u"0xa9059cbb"_s } },
                u"0x63"_s });
    }
    const Outcome r = call(u"chain.tx.status"_s, { { u"tx_hash"_s, Reverted } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"status"_s].toString(), u"reverted"_s);
    QCOMPARE(d[u"fee_paid_wei"_s].toString(), u"21000000000000"_s);
    QCOMPARE(d[u"revert_reason"_s][u"kind"_s].toString(), u"error_string"_s);
    QCOMPARE(d[u"revert_reason"_s][u"message"_s].toString(), u"ERC20: transfer amount exceeds balance"_s);
}

void TestChainOperations::contractInfo_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("delegate");
    QTest::newRow("contract") << UsdcBase << u"deployed_contract"_s << QString();
    QTest::newRow("eoa") << Owner << u"eoa_or_empty"_s << QString();
    QTest::newRow("eip7702") << u"0xeda8645ba6948855e3b3cd596bbb07596d59c603"_s << u"eoa_or_empty"_s
                             << u"0x8c2319620D7C348bB4e2B2A0b230C81F310E9561"_s.toLower();
    QTest::newRow("precompile") << u"0x0000000000000000000000000000000000000001"_s
                                << u"precompile_or_system_address"_s << QString();
    QTest::newRow("op-predeploy") << u"0x4200000000000000000000000000000000000006"_s
                                  << u"precompile_or_system_address"_s << QString();
}

void TestChainOperations::contractInfo()
{
    QFETCH(QString, address);
    QFETCH(QString, type);
    QFETCH(QString, delegate);
    const Outcome r = call(u"chain.contract.info"_s, { { u"address"_s, address } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"address_type"_s].toString(), type);
    QCOMPARE(d[u"eip7702_delegated_to"_s].toString().toLower(), delegate);
    QVERIFY(d[u"ownership"_s].toString().startsWith(u"not determined"_s));
    QVERIFY(d.contains(u"balance_wei"_s) && d.contains(u"transaction_count"_s));
}

void TestChainOperations::preflightBlocksOnShortfall()
{
    // 0.001 ETH on the sender, 5 ETH asked.
    const Outcome r = call(u"chain.tx.preflight"_s,
        { { u"sender"_s, Owner }, { u"to"_s, Spender }, { u"value_eth"_s, u"5"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"decision"_s].toString(), u"block"_s);
    QCOMPARE(d[u"checks"_s][0][u"name"_s].toString(), u"gas_vs_balance"_s);
    QCOMPARE(d[u"checks"_s][0][u"status"_s].toString(), u"fail"_s);
    QCOMPARE(d[u"checks"_s].toArray().size(), 6);
    QCOMPARE(d[u"signs_or_sends"_s].toBool(true), false);
}

void TestChainOperations::preflightReviewsWhenACheckCannotRun()
{
    // Everything passes except the sanctions screen, which cannot run: no lists are loaded in this data
    // folder. An unknown is never proceed.
    const Outcome r = call(u"chain.tx.preflight"_s,
        { { u"sender"_s, Owner }, { u"to"_s, Spender }, { u"value_eth"_s, u"0.0001"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"decision"_s].toString(), u"review"_s);
    QStringList statuses;
    for (const QJsonValue &c : d[u"checks"_s].toArray())
        statuses.append(c[u"name"_s].toString() + u'=' + c[u"status"_s].toString());
    // The fake reports 42 pending vs 40 latest nonces for this sender: a warning too.
    QCOMPARE(statuses,
        QStringList({ u"gas_vs_balance=pass"_s, u"simulation=pass"_s, u"stuck_nonces=warn"_s,
            u"recipient_type=pass"_s, u"erc20_allowance=not_applicable"_s, u"sanctions_screen=unknown"_s }));
    QCOMPARE(d[u"unknowns"_s][0][u"check"_s].toString(), u"sanctions_screen"_s);
    QVERIFY(!d[u"limitations"_s].toArray().isEmpty());
    QVERIFY(!d[u"safe_next_actions"_s].toArray().isEmpty());
}

void TestChainOperations::preflightBlocksOnRevert()
{
    QFile panic(recorded(u"constructed/error-execution-reverted-Panic-0x11.json"_s));
    QVERIFY(panic.open(QIODevice::ReadOnly));
    const QJsonObject revert = QJsonDocument::fromJson(panic.readAll()).object();
    for (FakeJsonRpcNode *node : { m_first.get(), m_second.get() }) {
        node->route(u"eth_call"_s, { { u"error"_s, revert[u"error"_s] } });
        node->route(u"eth_estimateGas"_s, { { u"error"_s, revert[u"error"_s] } });
    }
    const Outcome r = call(u"chain.tx.preflight"_s,
        { { u"sender"_s, Owner }, { u"to"_s, UsdcBase }, { u"data"_s, u"0xa9059cbb"_s },
            { u"token"_s, UsdcBase }, { u"amount"_s, u"1"_s }, { u"spender"_s, Spender } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"decision"_s].toString(), u"block"_s);
    const QJsonObject simulation = d[u"checks"_s][1].toObject();
    QCOMPARE(simulation[u"status"_s].toString(), u"fail"_s);
    QCOMPARE(simulation[u"evidence"_s][u"revert"_s][u"panic_meaning"_s].toString(),
        u"arithmetic overflow or underflow outside an unchecked block"_s);
    QCOMPARE(d[u"checks"_s][4][u"status"_s].toString(), u"fail"_s); // allowance 0 < 1 USDC
}

void TestChainOperations::preflightSeesANonceGapInThePool()
{
    // A geth-style txpool_contentFrom: nonce 44 queued while the pending nonce is 42 (43 never sent).
    for (FakeJsonRpcNode *node : { m_first.get(), m_second.get() }) {
        node->route(u"txpool_contentFrom"_s,
            { { u"result"_s,
                QJsonObject { { u"pending"_s, QJsonObject {} },
                    { u"queued"_s,
                        QJsonObject { { u"44"_s, QJsonObject { { u"nonce"_s, u"0x2c"_s } } } } } } } });
        node->route(
            u"eth_getTransactionCount"_s, { { u"result"_s, u"0x2a"_s } }, QJsonArray { Owner, u"latest"_s });
    }
    const Outcome r = call(u"chain.tx.preflight"_s, { { u"sender"_s, Owner }, { u"to"_s, Spender } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject nonces = r.value().data[u"checks"_s][2].toObject();
    QCOMPARE(nonces[u"status"_s].toString(), u"warn"_s);
    QCOMPARE(nonces[u"evidence"_s][u"queued_behind_gap"_s].toInt(), 1);
    QVERIFY(nonces[u"summary"_s].toString().contains(u"nonce gap"_s));
}

void TestChainOperations::preflightWallTimeIsItsSlowestCall()
{
    // Every answer of the node takes 300 ms. The preflight's five RPC branches (and the pool probe) go out
    // together, so the call takes about 300 ms, not the 1.5 s of their sum.
    m_first->route(u"txpool_contentFrom"_s,
        { { u"result"_s,
            QJsonObject { { u"pending"_s, QJsonObject {} }, { u"queued"_s, QJsonObject {} } } } });
    QVERIFY(call(u"chain.wallet.balance"_s, { { u"address"_s, Owner } }).ok()); // chain id confirmed first
    m_first->setDelayMs(300);
    QElapsedTimer timer;
    timer.start();
    const Outcome r = call(u"chain.tx.preflight"_s,
        { { u"sender"_s, Owner }, { u"to"_s, UsdcBase }, { u"token"_s, UsdcBase }, { u"amount"_s, u"1"_s } });
    const qint64 elapsed = timer.elapsed();
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"endpoint"_s].toString(), m_first->url());
    qInfo("preflight wall time with 300 ms per RPC answer: %lld ms", elapsed);
    QVERIFY2(elapsed < 600, qPrintable(QString::number(elapsed)));
}

void TestChainOperations::rpcProxy()
{
    Outcome r = call(u"chain.rpc.proxy"_s,
        { { u"request"_s,
            QJsonObject {
                { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, u"abc"_s }, { u"method"_s, u"eth_gasPrice"_s } } } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"id"_s].toString(), u"abc"_s);
    QCOMPARE(r.value().data[u"result"_s].toString(), u"0x6f81cfd"_s);
    QCOMPARE(r.value().data[u"chain_data"_s][u"endpoint"_s].toString(), m_first->url());

    QJsonArray batch;
    for (int i = 0; i < 20; ++i)
        batch.append(QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 100 + i },
            { u"method"_s, u"eth_chainId"_s }, { u"params"_s, QJsonArray {} } });
    r = call(u"chain.rpc.proxy"_s, { { u"request"_s, batch } });
    QVERIFY(r.ok());
    const QJsonArray responses = r.value().data[u"responses"_s].toArray();
    QCOMPARE(responses.size(), 20);
    QCOMPARE(responses[19][u"id"_s].toInt(), 119);
    QCOMPARE(responses[19][u"result"_s].toString(), u"0x2105"_s);

    batch.append(batch.first());
    QCOMPARE(call(u"chain.rpc.proxy"_s, { { u"request"_s, batch } }).error().httpStatus(), 400); // 21 > 20

    const int before = m_first->requestCount();
    r = call(u"chain.rpc.proxy"_s,
        { { u"request"_s,
            QJsonArray { QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 1 },
                             { u"method"_s, u"eth_blockNumber"_s } },
                QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 2 },
                    { u"method"_s, u"eth_sendTransaction"_s } } } } });
    QCOMPARE(r.error().httpStatus(), 422);
    QCOMPARE(r.error().code(), u"rpc_method_not_allowed"_s);
    const QJsonArray refused = r.error().toJson()[u"rpc_response"_s].toArray();
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused[0][u"id"_s].toInt(), 2);
    QCOMPARE(refused[0][u"error"_s][u"code"_s].toInt(), -32601);
    QCOMPARE(m_first->requestCount(), before); // nothing forwarded
}

void TestChainOperations::httpExposures()
{
    startService();
    // Bad input is refused before any payment is asked for.
    auto r = m_client->get(u"/x402/wallet-balance?address="_s + Owner + u"&chain=bitcoin"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"accepted"_s].toArray().size(), 5);
    QCOMPARE(r.json()[u"charged"_s].toBool(true), false);
    r = m_client->get(u"/x402/wallet-balance?address=0x12"_s);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json()[u"error"_s][u"param"_s].toString(), u"address"_s);
    const QByteArray body = R"({"jsonrpc":"2.0","id":7,"method":"personal_sign","params":[]})";
    r = m_client->post(u"/x402/rpc?chain=base"_s, body);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"rpc_response"_s][u"id"_s].toInt(), 7);
    r = m_client->post(u"/x402/rpc?chain=moon"_s, R"({"jsonrpc":"2.0","id":7,"method":"eth_chainId"})",
        { { "Content-Type", "application/json" } });
    QCOMPARE(r.status, 422); // the query's chain is read beside the body

    // Unpaid valid calls get the x402 challenge at SPEC.md's price.
    const QList<QPair<QString, QString>> paid {
        { QString(u"/x402/wallet-balance?address="_s + Owner), u"3000"_s },
        { QString(u"/x402/token?token="_s + UsdcBase + u"&owner="_s + Owner), u"2000"_s },
        { u"/x402/gas-estimate"_s, u"3000"_s },
        { QString(u"/x402/tx?tx_hash="_s + Reverted), u"2000"_s },
        { QString(u"/x402/contract-info?address="_s + Owner), u"3000"_s },
        { QString(u"/x402/preflight?sender="_s + Owner + u"&to="_s + Spender), u"20000"_s },
    };
    for (const auto &[path, price] : paid) {
        r = m_client->get(path);
        QCOMPARE(r.status, 402);
        const QJsonObject challenge
            = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
        QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), price);
    }
    r = m_client->post(u"/x402/rpc"_s, R"({"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]})",
        { { "Content-Type", "application/json" } });
    QCOMPARE(r.status, 402);

    // MCP: the seven tools are listed under docs/mcp.md's names.
    const QJsonObject offer
        = m_client->mcpToolOffer(u"tx_preflight"_s, { { u"sender"_s, Owner }, { u"to"_s, Spender } });
    QCOMPARE(offer[u"amount"_s].toString(), u"20000"_s);
}

// A wallet address a sanctions list names (the UK list, in its free text) blocks the preflight: an exact
// answer the text screen of the address could not give.
void TestChainOperations::preflightBlocksAListedWallet()
{
    const Result<int> imported
        = sanctionsOf(*m_context)
              .import({ QStringLiteral(ADES_SOURCE_DIR) + u"/tests/data/sanctions/uk-wallets.xml"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
    const QString listed = u"0x175d44451403Edf28469dF03A9280c1197ADb92c"_s;
    const Outcome r = call(u"chain.tx.preflight"_s,
        { { u"sender"_s, Owner }, { u"to"_s, listed }, { u"value_eth"_s, u"0.0001"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    const QJsonObject screen = d[u"checks"_s][5].toObject();
    QVERIFY2(d[u"decision"_s].toString() == u"block"_s, QJsonDocument(screen).toJson().constData());
    QCOMPARE(screen[u"name"_s].toString(), u"sanctions_screen"_s);
    QCOMPARE(screen[u"status"_s].toString(), u"fail"_s);
    QVERIFY2(screen[u"summary"_s].toString().contains(u"names this wallet address"_s),
        QJsonDocument(screen).toJson().constData());
}

QTEST_GUILESS_MAIN(TestChainOperations)
#include "TestChainOperations.moc"
