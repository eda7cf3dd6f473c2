// market.agent_spend in a running service: Base's JSON-RPC is a FakeJsonRpcNode reached through the chain
// area's chain.rpc.proxy, holding the recorded USDC Transfer log of ../shared/data/upstreams/evm-jsonrpc/
// and payments this test makes up on a chain whose block b is at T0 + 2 b seconds (Base's block time); the
// ECB is a ReplayServer serving the recorded ecb-fx history excerpt (2019-06-13 and 14, a Friday). Checked:
// the statement (payments, payees, euro at the day's rate, the Saturday on Friday's rate, the received
// section), the CSV, a quiet wallet needing no rate, a refused log window split and asked again, a window
// past a lagging node's head asked again, a provider's range cap (a computing node, CappedBaseNode), the
// ECB cached for the day, the full history for a day before the 90-day file, the uncharged 503s naming the
// ECB or the missing chain operation, the 422s, the x402 and MCP prices, and a paid x402 call (settled
// once; a 503 settles nothing).

#include "CatalogCall.h"
#include "FakeFacilitator.h"
#include "FakeJsonRpcNode.h"
#include "HttpTestClient.h"
#include "LoopbackHttpServer.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "TestPayments.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"
#include "core/Clock.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/market/agentspend/BlockSearch.h"
#include "ops/market/agentspend/ChainReader.h"
#include "ops/market/agentspend/TransferLog.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;
using ades::market::BlockSearch;
using ades::market::TransferLog;

namespace {

const QString UsdcToken = u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s;
const QString Wallet = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s; // the recorded log's recipient
const QString Checksummed = u"0x5e2F4B0c1D7a9e3B8C6f0a1d2e3f4a5b6c7d8e9f"_s;
const QString PayeeA = u"0x00000000000000000000000000000000000a11ce"_s;
const QString PayeeB = u"0x0000000000000000000000000000000000000b0b"_s;
const QDateTime Now(QDate(2019, 6, 20), QTime(12, 0), Qt::UTC);
constexpr quint64 Head = 50'000'000;
constexpr quint64 Window = 10'000; // market/agentspend/window_blocks default

qint64 genesis()
{
    return Now.toSecsSinceEpoch() - 60 - 2 * qint64(Head);
}

qint64 timeOf(quint64 block)
{
    return genesis() + 2 * qint64(block);
}

quint64 blockAt(const QDateTime &time)
{
    return quint64((time.toSecsSinceEpoch() - genesis()) / 2);
}

QString hex(quint64 n)
{
    return u"0x"_s + QString::number(n, 16);
}

QByteArray recorded(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject blockAnswer(quint64 block)
{
    return { { u"result"_s,
        QJsonObject { { u"number"_s, hex(block) }, { u"timestamp"_s, hex(quint64(timeOf(block))) } } } };
}

struct Made
{
    QDateTime time;
    QJsonObject log;
    quint64 block() const { return blockAt(time); }
};

// A Base node that computes its answers instead of replaying them: blocks at T0 + 2 b, the given Transfer
// logs filtered by address, block range and topics as eth_getLogs does, and a provider's range cap: an
// eth_getLogs over more than `maxBlocks` blocks is answered with `refusal` (the recorded -32005 text, or
// another provider's code), whatever its size in between. For the paging under caps the exact-params
// routes of FakeJsonRpcNode cannot express.
class CappedBaseNode : public LoopbackHttpServer
{
public:
    CappedBaseNode(QList<QJsonObject> logs, quint64 maxBlocks, QJsonObject refusal)
        : m_logs(std::move(logs))
        , m_maxBlocks(maxBlocks)
        , m_refusal(std::move(refusal))
    {
        listen();
    }
    QString url() const { return origin() + u'/'; }
    int refusals() const { return m_refusals; }

protected:
    void handle(QTcpSocket *socket, const Request &request) override
    {
        const QJsonArray calls = QJsonDocument::fromJson(request.body).array();
        QJsonArray answers;
        for (const QJsonValue &call : calls) {
            QJsonObject answer = answerOne(call[u"method"_s].toString(), call[u"params"_s].toArray());
            answer.insert(u"jsonrpc"_s, u"2.0"_s);
            answer.insert(u"id"_s, call[u"id"_s]);
            answers.append(answer);
        }
        respond(socket, { 200, QJsonDocument(answers).toJson(QJsonDocument::Compact) });
    }

private:
    QJsonObject answerOne(const QString &method, const QJsonArray &params)
    {
        if (method == u"eth_chainId"_s)
            return { { u"result"_s, u"0x2105"_s } };
        if (method == u"eth_blockNumber"_s)
            return { { u"result"_s, hex(Head) } };
        if (method == u"eth_getBlockByNumber"_s) {
            const QString tag = params[0].toString();
            return blockAnswer(tag == u"latest"_s ? Head : tag.mid(2).toULongLong(nullptr, 16));
        }
        if (method != u"eth_getLogs"_s)
            return { { u"error"_s,
                QJsonObject { { u"code"_s, -32601 }, { u"message"_s, u"no such method"_s } } } };
        const QJsonObject filter = params[0].toObject();
        const quint64 from = filter[u"fromBlock"_s].toString().mid(2).toULongLong(nullptr, 16);
        const quint64 to = filter[u"toBlock"_s].toString().mid(2).toULongLong(nullptr, 16);
        if (to - from + 1 > m_maxBlocks) {
            ++m_refusals;
            return { { u"error"_s, m_refusal } };
        }
        const QJsonArray topics = filter[u"topics"_s].toArray();
        QJsonArray found;
        for (const QJsonObject &log : std::as_const(m_logs)) {
            const quint64 block = log[u"blockNumber"_s].toString().mid(2).toULongLong(nullptr, 16);
            bool match = block >= from && block <= to
                && log[u"address"_s].toString().toLower() == filter[u"address"_s].toString();
            for (qsizetype i = 0; match && i < topics.size(); ++i)
                match = topics[i].isNull() || topics[i] == log[u"topics"_s][i];
            if (match)
                found.append(log);
        }
        return { { u"result"_s, found } };
    }

    QList<QJsonObject> m_logs;
    quint64 m_maxBlocks;
    QJsonObject m_refusal;
    int m_refusals = 0;
};

} // namespace

class TestMarketAgentSpendOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void statement();
    void csvFormat();
    void quietWalletNeedsNoRate();
    void refusedWindowIsSplit_data();
    void refusedWindowIsSplit();
    void windowPastTheNodesHeadIsAskedAgain();
    void providerCapsTheRange_data();
    void providerCapsTheRange();
    void ecbCachedForTheDay();
    void ecbFailureIsUncharged503_data();
    void ecbFailureIsUncharged503();
    void dayBeforeTheFileAsksTheHistory_data();
    void dayBeforeTheFileAsksTheHistory();
    void tooManyTransfers();
    void noChainOperationIs503();
    void refusedInput();
    void httpExposures();
    void paidOverX402();

private:
    Outcome call(const QJsonObject &args);
    void routeLogs(quint64 from, quint64 to);
    QList<QPair<quint64, quint64>> windowsWithLogs() const;
    quint64 firstBlock() const;
    quint64 routeSearch(int days); // the first block found

    QTemporaryDir m_dir;
    std::unique_ptr<FakeJsonRpcNode> m_node;
    std::unique_ptr<ReplayServer> m_ecb;
    std::unique_ptr<ServiceContext> m_context;
    QList<Made> m_out;
    QList<Made> m_in;
    QHash<QString, QString> m_settings;
};

// The search for the period's first block asks exactly what BlockSearch asks: answered from T0 + 2 b.
quint64 TestMarketAgentSpendOperation::routeSearch(int days)
{
    BlockSearch search(Head, timeOf(Head), Now.toSecsSinceEpoch() - days * 86'400);
    while (!search.isDone())
        for (quint64 b : search.probes(20)) {
            m_node->route(u"eth_getBlockByNumber"_s, blockAnswer(b), QJsonArray { hex(b), false });
            search.observed(b, timeOf(b));
        }
    return search.firstBlock();
}

quint64 TestMarketAgentSpendOperation::firstBlock() const
{
    const qint64 since = Now.toSecsSinceEpoch() - 30 * 86'400;
    return quint64((since - genesis() + 1) / 2);
}

QList<QPair<quint64, quint64>> TestMarketAgentSpendOperation::windowsWithLogs() const
{
    QList<QPair<quint64, quint64>> windows;
    for (const QList<Made> &list : { m_out, m_in })
        for (const Made &m : list) {
            const quint64 from = firstBlock() + (m.block() - firstBlock()) / Window * Window;
            const QPair<quint64, quint64> w { from, qMin(from + Window - 1, Head) };
            if (!windows.contains(w))
                windows.append(w);
        }
    return windows;
}

void TestMarketAgentSpendOperation::routeLogs(quint64 from, quint64 to)
{
    const QString event = TransferLog::eventTopic();
    const QString wallet = TransferLog::addressTopic(Wallet);
    const auto filter = [&](const QJsonArray &topics) {
        return QJsonArray { QJsonObject { { u"address"_s, UsdcToken }, { u"fromBlock"_s, hex(from) },
            { u"toBlock"_s, hex(to) }, { u"topics"_s, topics } } };
    };
    const auto logsIn = [&](const QList<Made> &made) {
        QJsonArray logs;
        for (const Made &m : made)
            if (m.block() >= from && m.block() <= to)
                logs.append(m.log);
        return logs;
    };
    m_node->route(u"eth_getLogs"_s, { { u"result"_s, logsIn(m_out) } }, filter({ event, wallet }));
    m_node->route(
        u"eth_getLogs"_s, { { u"result"_s, logsIn(m_in) } }, filter({ event, QJsonValue(), wallet }));
}

void TestMarketAgentSpendOperation::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_node = std::make_unique<FakeJsonRpcNode>(8453);
    m_node->setBlockNumber(Head);
    m_node->route(u"eth_getBlockByNumber"_s, blockAnswer(Head), QJsonArray { u"latest"_s, false });
    QCOMPARE(routeSearch(30), firstBlock());
    m_node->route(u"eth_getLogs"_s, { { u"result"_s, QJsonArray() } }); // every other window: nothing

    // Payments made up here, and the recorded incoming log moved to a block of the period (its own
    // blockTimestamp is removed, so the time comes from the block, as for nodes that do not add it).
    const auto transfer = [](const QString &from, const QString &to, const QString &amountHex, quint64 block,
                              int index) {
        return QJsonObject { { u"address"_s, UsdcToken },
            { u"topics"_s,
                QJsonArray { TransferLog::eventTopic(), TransferLog::addressTopic(from),
                    TransferLog::addressTopic(to) } },
            { u"data"_s, QString(u"0x"_s + amountHex.rightJustified(64, u'0')) },
            { u"blockNumber"_s, hex(block) },
            { u"transactionHash"_s, QString(u"0x"_s + QString::number(block, 16).rightJustified(64, u'c')) },
            { u"logIndex"_s, hex(quint64(index)) }, { u"removed"_s, false } };
    };
    m_out.clear();
    m_in.clear();
    for (const auto &[time, payee, amount] : {
             std::tuple { QDateTime(QDate(2019, 6, 13), QTime(10, 0), Qt::UTC), PayeeA, u"4c4b40"_s }, // 5
             std::tuple {
                 QDateTime(QDate(2019, 6, 14), QTime(9, 0), Qt::UTC), PayeeB, u"bc614e"_s }, // 12.345678
             std::tuple { QDateTime(QDate(2019, 6, 15), QTime(15, 0), Qt::UTC), PayeeA, u"2625a0"_s }, // 2.5
         })
        m_out.append({ time, transfer(Wallet, payee, amount, blockAt(time), 3) });
    const QDateTime received(QDate(2019, 6, 14), QTime(12, 0), Qt::UTC);
    QJsonObject incoming
        = QJsonDocument::fromJson(recorded(u"evm-jsonrpc/constructed/eth_getLogs-base-usdc-incoming.json"_s))
              .object()[u"response"_s][u"result"_s][0]
              .toObject();
    incoming.remove(u"blockTimestamp"_s);
    incoming[u"blockNumber"_s] = hex(blockAt(received));
    m_in.append({ received, incoming });
    for (const QList<Made> &list : { m_out, m_in })
        for (const Made &m : list)
            m_node->route(
                u"eth_getBlockByNumber"_s, blockAnswer(m.block()), QJsonArray { hex(m.block()), false });
    for (const auto &[from, to] : windowsWithLogs())
        routeLogs(from, to);

    m_ecb = std::make_unique<ReplayServer>();
    m_ecb->route("GET", u"/eurofxref-hist-90d.xml"_s,
        { 200, recorded(u"ecb-fx/eurofxref-hist-excerpt.xml"_s), "text/xml" });
    m_settings = { { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
        { u"chain/base/endpoints"_s, m_node->url() }, { u"chain/endpoint_requests_per_minute"_s, u"10000"_s },
        { u"upstream/evm-base/timeout_ms"_s, u"2000"_s },
        { u"upstream/ecb-fx/base_url"_s, m_ecb->baseUrl() } };
    m_context = ServiceContext::createForTests(m_dir.path(), m_settings, std::make_unique<FixedClock>(Now));
}

void TestMarketAgentSpendOperation::cleanup()
{
    m_context.reset();
    m_node.reset();
    m_ecb.reset();
}

Outcome TestMarketAgentSpendOperation::call(const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), u"market.agent_spend"_s, args, 20000);
}

void TestMarketAgentSpendOperation::statement()
{
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"wallet"_s].toString(), Checksummed); // EIP-55, as viem's getAddress writes it
    QCOMPARE(d[u"period"_s][u"first_block"_s].toString(), QString::number(firstBlock()));
    QCOMPARE(d[u"period"_s][u"last_block"_s].toString(), QString::number(Head));

    const QJsonArray payments = d[u"payments"_s].toArray();
    QCOMPARE(payments.size(), 3);
    QCOMPARE(payments[0][u"payee"_s].toString(), PayeeA);
    QCOMPARE(payments[0][u"date"_s].toString(), u"2019-06-13"_s);
    QCOMPARE(payments[0][u"amount_usdc"_s].toString(), u"5"_s);
    QCOMPARE(payments[0][u"rate_usd_per_eur"_s].toString(), u"1.1289"_s);
    QCOMPARE(payments[0][u"amount_eur"_s].toString(), u"4.43"_s); // 5 / 1.1289 = 4.4291
    QCOMPARE(payments[1][u"amount_usdc"_s].toString(), u"12.345678"_s);
    QCOMPARE(payments[1][u"amount_eur"_s].toString(), u"10.96"_s); // / 1.1265 = 10.9593
    QVERIFY(!payments[1].toObject().contains(u"rate_note"_s));
    // Saturday 2019-06-15: Friday's rate, and the payment says so.
    QCOMPARE(payments[2][u"date"_s].toString(), u"2019-06-15"_s);
    QCOMPARE(payments[2][u"rate_date"_s].toString(), u"2019-06-14"_s);
    QCOMPARE(payments[2][u"amount_eur"_s].toString(), u"2.22"_s); // 2.5 / 1.1265 = 2.2193
    QVERIFY(payments[2][u"rate_note"_s].toString().contains(u"weekend"_s));

    const QJsonArray payees = d[u"payees"_s].toArray();
    QCOMPARE(payees.size(), 2);
    QCOMPARE(payees[0][u"payee"_s].toString(), PayeeB);
    QCOMPARE(payees[1][u"payee"_s].toString(), PayeeA);
    QCOMPARE(payees[1][u"amount_usdc"_s].toString(), u"7.5"_s);
    QCOMPARE(payees[1][u"amount_eur"_s].toString(), u"6.65"_s);
    QCOMPARE(payees[1][u"count"_s].toInt(), 2);
    QCOMPARE(payees[1][u"first_date"_s].toString(), u"2019-06-13"_s);
    QCOMPARE(payees[1][u"last_date"_s].toString(), u"2019-06-15"_s);
    QCOMPARE(d[u"totals"_s][u"count"_s].toInt(), 3);
    QCOMPARE(d[u"totals"_s][u"amount_usdc"_s].toString(), u"19.845678"_s);
    QCOMPARE(d[u"totals"_s][u"amount_eur"_s].toString(), u"17.61"_s);

    // The recorded incoming 0.01 USDC is listed apart, never netted against the payments.
    const QJsonObject received = d[u"received"_s].toObject();
    QCOMPARE(received[u"transfers"_s].toArray().size(), 1);
    QCOMPARE(
        received[u"transfers"_s][0][u"payer"_s].toString(), u"0x9b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4"_s);
    QCOMPARE(received[u"totals"_s][u"amount_usdc"_s].toString(), u"0.01"_s);
    QCOMPARE(received[u"totals"_s][u"amount_eur"_s].toString(), u"0.01"_s);

    QCOMPARE(d[u"vat"_s][u"is_decision"_s].toBool(true), false);
    const QJsonObject chain = d[u"sources"_s][u"chain"_s].toObject();
    QCOMPARE(chain[u"chain_id"_s].toInt(), 8453);
    QCOMPARE(chain[u"endpoints"_s].toArray(), QJsonArray { m_node->url() });
    QCOMPARE(chain[u"sources"_s].toArray().size(), chain[u"rpc_batches"_s].toInt());
    // 30 days of 2-second blocks in 10,000-block windows, 10 windows a batch: 13 log batches, the head,
    // the search rounds and one batch of block times.
    QVERIFY2(chain[u"rpc_batches"_s].toInt() <= 1 + 6 + 13 + 1,
        qPrintable(QString::number(chain[u"rpc_batches"_s].toInt())));
    const QJsonObject ecb = d[u"sources"_s][u"ecb"_s][0].toObject();
    QCOMPARE(ecb[u"source"_s].toString(), u"ecb-fx"_s);
    QVERIFY(ecb[u"url"_s].toString().endsWith(u"/eurofxref-hist-90d.xml"_s));
    QCOMPARE(ecb[u"sha256"_s].toString(),
        QString::fromLatin1(QCryptographicHash::hash(
            recorded(u"ecb-fx/eurofxref-hist-excerpt.xml"_s), QCryptographicHash::Sha256)
                                .toHex()));
    QVERIFY(!d.contains(u"csv"_s));
}

void TestMarketAgentSpendOperation::csvFormat()
{
    const Outcome r = call({ { u"wallet"_s, Wallet }, { u"format"_s, u"csv"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QStringList lines = r.value().data[u"csv"_s].toString().split(u"\r\n"_s, Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 4);
    QVERIFY(lines[0].startsWith(u"date,time_utc,direction,counterparty,amount_usdc,"_s));
    QVERIFY2(lines[1].startsWith(
                 u"2019-06-13,2019-06-13T10:00:00Z,out,"_s + PayeeA + u",5,1.1289,2019-06-13,4.43,"_s),
        qPrintable(lines[1]));
    QVERIFY(lines[3].contains(u",in,0x9b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4,0.01,"_s));
    QCOMPARE(r.value().data[u"format"_s].toString(), u"csv"_s);
}

void TestMarketAgentSpendOperation::quietWalletNeedsNoRate()
{
    QCOMPARE(routeSearch(7), Head - (7 * 86'400 - 60) / 2);
    const Outcome r = call({ { u"wallet"_s, PayeeB }, { u"days"_s, 7 } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QVERIFY(d[u"payments"_s].toArray().isEmpty());
    QCOMPARE(d[u"totals"_s][u"count"_s].toInt(), 0);
    QCOMPARE(d[u"totals"_s][u"amount_eur"_s].toString(), u"0.00"_s);
    QCOMPARE(d[u"sources"_s][u"ecb"_s].toString(), u"not needed: no transfer to convert"_s);
    QCOMPARE(m_ecb->requestCount(), 0);
    // 7 days of 2-second blocks: 302,400 blocks, 31 windows in 4 batches, after the head and the search.
    QVERIFY(d[u"sources"_s][u"chain"_s][u"rpc_batches"_s].toInt() <= 1 + 6 + 4);
    const QStringList logCalls = m_node->methods().filter(u"eth_getLogs"_s);
    QCOMPARE(logCalls.size(), 2 * 31);
}

void TestMarketAgentSpendOperation::refusedWindowIsSplit_data()
{
    QTest::addColumn<QString>("refusal");
    // A provider's own error for one request of the batch: only that window is split.
    QTest::newRow("range-error-in-the-batch") << u"member"_s;
    // The recorded -32005 "query exceeds max block range": a provider limit, so the pool fails the
    // whole batch over (and, with one endpoint, answers 503): every window of the batch is split.
    QTest::newRow("recorded-32005-fails-the-batch") << u"recorded"_s;
}

void TestMarketAgentSpendOperation::refusedWindowIsSplit()
{
    QFETCH(QString, refusal);
    const quint64 block = m_out[0].block();
    const quint64 from = firstBlock() + (block - firstBlock()) / Window * Window;
    const quint64 to = from + Window - 1;
    QJsonObject error { { u"code"_s, -32602 }, { u"message"_s, u"block range too large"_s } };
    if (refusal == u"recorded"_s)
        error = QJsonDocument::fromJson(
            recorded(u"evm-jsonrpc/constructed/error-getLogs-range-too-large.json"_s))
                    .object()[u"error"_s]
                    .toObject();
    const QJsonArray outFilter { QJsonObject { { u"address"_s, UsdcToken }, { u"fromBlock"_s, hex(from) },
        { u"toBlock"_s, hex(to) },
        { u"topics"_s, QJsonArray { TransferLog::eventTopic(), TransferLog::addressTopic(Wallet) } } } };
    m_node->route(u"eth_getLogs"_s, { { u"error"_s, error } }, outFilter);
    // Later windows are asked at the size last accepted, half the setting: route the halves of every
    // window that holds a log.
    for (const auto &[start, end] : windowsWithLogs()) {
        routeLogs(start, start + Window / 2 - 1);
        routeLogs(start + Window / 2, end);
    }

    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"payments"_s].toArray().size(), 3);
    QCOMPARE(r.value().data[u"payments"_s][0][u"amount_usdc"_s].toString(), u"5"_s);
    QCOMPARE(r.value().data[u"received"_s][u"transfers"_s].toArray().size(), 1);
    // The refusal is in the evidence: the window, and for the recorded limit every window of its batch.
    const QJsonArray refused = r.value().data[u"sources"_s][u"chain"_s][u"refused_windows"_s].toArray();
    QCOMPARE(refused.size(), refusal == u"recorded"_s ? 10 : 1);
    QVERIFY(std::any_of(refused.begin(), refused.end(),
        [&](const QJsonValue &w) { return w[u"from_block"_s].toString() == QString::number(from); }));
    if (refusal == u"member"_s)
        QCOMPARE(refused[0][u"problem"_s].toString(), u"-32602 block range too large"_s);
}

void TestMarketAgentSpendOperation::windowPastTheNodesHeadIsAskedAgain()
{
    // The node's own head (eth_blockNumber in every batch) is 5 blocks behind the head the statement
    // started from, and it refuses the last window, which reaches past it: asked again as it is four times,
    // then split (its halves are answered), and the statement is complete.
    m_node->setBlockNumber(Head - 5);
    const quint64 windows = (Head - firstBlock() + 1 + Window - 1) / Window;
    const quint64 from = firstBlock() + (windows - 1) * Window;
    m_node->route(u"eth_getLogs"_s,
        { { u"error"_s,
            QJsonObject { { u"code"_s, -32000 }, { u"message"_s, u"invalid block range params"_s } } } },
        QJsonArray { QJsonObject { { u"address"_s, UsdcToken }, { u"fromBlock"_s, hex(from) },
            { u"toBlock"_s, hex(Head) },
            { u"topics"_s, QJsonArray { TransferLog::eventTopic(), TransferLog::addressTopic(Wallet) } } } });
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"payments"_s].toArray().size(), 3);
    const QJsonArray refused = r.value().data[u"sources"_s][u"chain"_s][u"refused_windows"_s].toArray();
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused[0][u"from_block"_s].toString(), QString::number(from));
    // Every window once in both directions, the last one four more times, and its two halves.
    QCOMPARE(m_node->methods().filter(u"eth_getLogs"_s).size(), qsizetype(2 * windows + 2 * 4 + 2 * 2));
}

void TestMarketAgentSpendOperation::providerCapsTheRange_data()
{
    QTest::addColumn<QJsonObject>("refusal");
    QTest::addColumn<bool>("wholeBatch");
    // The recorded -32005: a provider limit to the pool, which fails the whole batch over.
    QTest::newRow("recorded-32005") << QJsonDocument::fromJson(
        recorded(u"evm-jsonrpc/constructed/error-getLogs-range-too-large.json"_s))
                                           .object()[u"error"_s]
                                           .toObject()
                                    << true;
    // Another provider's wording and code, answered per request.
    QTest::newRow("invalid-params-32602") << QJsonObject { { u"code"_s, -32602 },
        { u"message"_s, u"eth_getLogs is limited to a 2500 range"_s } }
                                          << false;
}

void TestMarketAgentSpendOperation::providerCapsTheRange()
{
    QFETCH(QJsonObject, refusal);
    QFETCH(bool, wholeBatch);
    // Every endpoint of this provider caps eth_getLogs at 2,500 blocks, a quarter of the configured window:
    // the windows are halved twice, the three batches in flight failing together, and the statement is
    // complete all the same.
    QList<QJsonObject> logs;
    for (const QList<Made> &list : { m_out, m_in })
        for (const Made &m : list)
            logs.append(m.log);
    CappedBaseNode node(logs, 2'500, refusal);
    m_settings.insert(u"chain/base/endpoints"_s, node.url());
    m_context = ServiceContext::createForTests(m_dir.path(), m_settings, std::make_unique<FixedClock>(Now));
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"payments"_s].toArray().size(), 3);
    QCOMPARE(r.value().data[u"totals"_s][u"amount_usdc"_s].toString(), u"19.845678"_s);
    QCOMPARE(r.value().data[u"received"_s][u"transfers"_s].toArray().size(), 1);
    const QJsonObject chain = r.value().data[u"sources"_s][u"chain"_s].toObject();
    QVERIFY(node.refusals() > 0);
    QVERIFY(!chain[u"refused_windows"_s].toArray().isEmpty());
    if (!wholeBatch) // both filters of a refused window are refused: two requests a window
        QCOMPARE(chain[u"refused_windows"_s].toArray().size(), node.refusals() / 2);
    // 1,296,000 blocks in windows of 2,500 at the end: 519 windows, 52 batches, and the refused ones.
    QVERIFY2(
        chain[u"rpc_batches"_s].toInt() <= 100, qPrintable(QString::number(chain[u"rpc_batches"_s].toInt())));
}

void TestMarketAgentSpendOperation::ecbCachedForTheDay()
{
    QVERIFY(call({ { u"wallet"_s, Wallet } }).ok());
    QVERIFY(call({ { u"wallet"_s, Wallet }, { u"format"_s, u"csv"_s } }).ok());
    QCOMPARE(m_ecb->requestCount(), 1);
}

void TestMarketAgentSpendOperation::ecbFailureIsUncharged503_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("500") << 500 << QByteArray("<html>Internal error</html>");
    QTest::newRow("200-html") << 200 << QByteArray("<html><body>Maintenance</body></html>");
    QTest::newRow("200-empty") << 200 << QByteArray();
}

void TestMarketAgentSpendOperation::ecbFailureIsUncharged503()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    m_ecb->setForced(LoopbackHttpServer::Reply { status, body, "text/html" });
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().missing(), QStringList { u"ecb-fx"_s });
    QCOMPARE(r.error().toJson()[u"charged"_s].toBool(true), false);
}

void TestMarketAgentSpendOperation::dayBeforeTheFileAsksTheHistory_data()
{
    QTest::addColumn<bool>("historyHasTheDay");
    // A history in the ECB's layout made here from the recorded 2019-06-14 day, relabelled to every working
    // day from 2017 to 2019-06-12: large enough (~0.9 MB) to be parsed on the thread pool.
    QTest::newRow("history-has-the-day") << true;
    // The recorded 2024 daily file served as the history: still no rate for 2019-06-12, and it is said.
    QTest::newRow("history-lacks-the-day") << false;
}

void TestMarketAgentSpendOperation::dayBeforeTheFileAsksTheHistory()
{
    QFETCH(bool, historyHasTheDay);
    // A payment on Wednesday 2019-06-12, the day before the 90-day file's first: the full history is asked.
    const QDateTime early(QDate(2019, 6, 12), QTime(8, 0), Qt::UTC);
    m_out.append({ early, m_out[0].log });
    m_out.last().log[u"blockNumber"_s] = hex(blockAt(early));
    m_out.last().log[u"transactionHash"_s] = QString(u"0x"_s + QString(64, u'd'));
    m_node->route(
        u"eth_getBlockByNumber"_s, blockAnswer(blockAt(early)), QJsonArray { hex(blockAt(early)), false });
    for (const auto &[from, to] : windowsWithLogs())
        routeLogs(from, to);
    QByteArray history = recorded(u"ecb-fx/eurofxref-daily-2024-01-04.xml"_s);
    if (historyHasTheDay) {
        const QByteArray excerpt = recorded(u"ecb-fx/eurofxref-hist-excerpt.xml"_s);
        const qsizetype from = excerpt.indexOf("<Cube time=\"2019-06-14\">");
        const QByteArray day = excerpt.mid(from, excerpt.indexOf("<Cube time=\"2019-06-13\">") - from);
        QByteArray days;
        for (QDate d(2017, 1, 2); d <= QDate(2019, 6, 12); d = d.addDays(1))
            if (d.dayOfWeek() < 6)
                days.prepend(QByteArray(day).replace("2019-06-14", d.toString(Qt::ISODate).toLatin1()));
        history = QByteArray(excerpt).replace(excerpt.indexOf("<Cube time="),
            excerpt.lastIndexOf("</Cube></Cube>") + 7 - excerpt.indexOf("<Cube time="), days);
        QVERIFY(history.size() > 512 * 1024);
    }
    m_ecb->route("GET", u"/eurofxref-hist.xml"_s, { 200, history, "text/xml" });
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject first = r.value().data[u"payments"_s][0].toObject();
    QCOMPARE(first[u"date"_s].toString(), u"2019-06-12"_s);
    if (historyHasTheDay) {
        QCOMPARE(first[u"rate_date"_s].toString(), u"2019-06-12"_s);
        QCOMPARE(first[u"amount_eur"_s].toString(), u"4.44"_s); // 5 / 1.1265
        QVERIFY(r.value().data[u"totals"_s][u"eur_complete"_s].toBool());
    } else {
        QVERIFY(first[u"amount_eur"_s].isNull());
        QVERIFY(first[u"rate_note"_s].toString().contains(u"no ECB USD rate"_s));
        QCOMPARE(r.value().data[u"totals"_s][u"eur_complete"_s].toBool(), false);
    }
    // The later payments keep the 90-day file's rates.
    QCOMPARE(r.value().data[u"payments"_s][1][u"rate_usd_per_eur"_s].toString(), u"1.1289"_s);
    QCOMPARE(r.value().data[u"sources"_s][u"ecb"_s].toArray().size(), 2);
    QCOMPARE(m_ecb->requests().last().path, u"/eurofxref-hist.xml"_s);
}

void TestMarketAgentSpendOperation::tooManyTransfers()
{
    m_settings.insert(u"market/agentspend/max_transfers"_s, u"3"_s);
    m_context = ServiceContext::createForTests(m_dir.path(), m_settings, std::make_unique<FixedClock>(Now));
    const Outcome r = call({ { u"wallet"_s, Wallet } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 422);
    QCOMPARE(r.error().code(), u"too_many_transfers"_s);
    QCOMPARE(r.error().param(), u"days"_s);
    QCOMPARE(m_ecb->requestCount(), 0);
}

void TestMarketAgentSpendOperation::noChainOperationIs503()
{
    Catalog empty;
    std::optional<Result<market::ChainReader::Answers>> answer;
    market::ChainReader(empty, u"base"_s)
        .call({ { u"eth_blockNumber"_s, {} } },
            [&answer](Result<market::ChainReader::Answers> a) { answer.emplace(a); });
    QVERIFY(answer && !answer->ok());
    QCOMPARE(answer->error().httpStatus(), 503);
    QCOMPARE(answer->error().missing(), QStringList { u"chain.rpc.proxy"_s });
}

void TestMarketAgentSpendOperation::refusedInput()
{
    const auto refusedWith = [this](const QJsonObject &args, const QString &param) {
        const Outcome r = call(args);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().httpStatus(), 422);
        QCOMPARE(r.error().param(), param);
    };
    refusedWith({ { u"wallet"_s, Wallet }, { u"days"_s, 91 } }, u"days"_s);
    refusedWith({ { u"wallet"_s, Wallet }, { u"days"_s, 0 } }, u"days"_s);
    refusedWith({ { u"wallet"_s, Wallet }, { u"format"_s, u"xlsx"_s } }, u"format"_s);
    refusedWith({ { u"wallet"_s, u"0x12"_s } }, u"wallet"_s);
    refusedWith(
        { { u"wallet"_s, u"0x5E2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s } }, u"wallet"_s); // bad EIP-55
    QCOMPARE(m_node->requestCount(), 0); // refused input never reached a node
    // The right checksum passes.
    QVERIFY(call({ { u"wallet"_s, Checksummed } }).ok());
}

void TestMarketAgentSpendOperation::httpExposures()
{
    ServiceHost host(*m_context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(host.port());
    auto r = client.get(u"/x402/agent-spend?wallet="_s + Wallet + u"&days=91"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"charged"_s].toBool(true), false);
    r = client.get(u"/x402/agent-spend?wallet="_s + Wallet + u"&days=30&format=csv"_s);
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), u"100000"_s); // 0.10 USDC
    const QJsonObject offer = client.mcpToolOffer(u"agent_spend_report"_s, { { u"wallet"_s, Wallet } });
    QCOMPARE(offer[u"amount"_s].toString(), u"100000"_s);
    QCOMPARE(m_node->requestCount(), 0); // nothing is read before payment
}

// Paid through x402 (a FakeFacilitator settles): the CSV statement is delivered signed, as JSON with the
// member csv; a call whose chain source fails is a 503 and nothing is settled.
void TestMarketAgentSpendOperation::paidOverX402()
{
    FakeFacilitator facilitator;
    QHash<QString, QString> settings = m_settings;
    settings.insert(localX402Settings(facilitator.baseUrl()));
    m_context = ServiceContext::createForTests(m_dir.path(), settings, std::make_unique<FixedClock>(Now));
    ServiceHost host(*m_context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(host.port());
    const PrivateKey payer = PrivateKey::generate();
    const QString path = u"/x402/agent-spend?wallet="_s + Wallet + u"&format=csv"_s;
    const auto paid = [&]() {
        const HttpTestResponse challenge = client.get(path);
        if (challenge.status != 402)
            return challenge;
        return client.get(
            path, { { "PAYMENT-SIGNATURE", paymentFor(payer, challenge.header("PAYMENT-REQUIRED")) } });
    };

    m_node->setForced(502, "bad gateway");
    HttpTestResponse r = paid();
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json()[u"charged"_s].toBool(true), false);
    QCOMPARE(r.json()[u"missing"_s].toArray(), QJsonArray { u"evm-base"_s });
    QCOMPARE(facilitator.settleCount(), 0);

    m_node->clearForced();
    r = paid();
    QCOMPARE(r.status, 200);
    QCOMPARE(facilitator.settleCount(), 1);
    const QJsonObject body = r.json();
    QCOMPARE(body[u"payments"_s].toArray().size(), 3);
    QVERIFY(body[u"csv"_s].toString().startsWith(u"date,time_utc,direction,"_s));
    QVERIFY(body.contains(u"receipt"_s));
}

QTEST_GUILESS_MAIN(TestMarketAgentSpendOperation)
#include "TestMarketAgentSpendOperation.moc"
