// Cost of the chain area's own work per call, without the RPC round trip (issue 16: <= 50 us): decoding the
// node's batch answer (JSON, ids, hex, ABI) and building the agent-chain-data/1 result, serialised as the
// channel sends it: CanonicalJson::serialise, which ReceiptSigner::attach writes every result body with. The
// bodies are recorded answers of ../shared/data/upstreams/evm-jsonrpc/ assembled into the batches the
// handlers send; they are built outside the timed block and each row's result is checked after it.

#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/preflight/PreflightFacts.h"
#include "ops/chain/preflight/PreflightReport.h"
#include "ops/chain/rpc/ChainInfo.h"
#include "ops/chain/rpc/JsonRpc.h"
#include "ops/chain/token/TokenCheck.h"
#include "ops/chain/wallet/WalletBalance.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::chain;

namespace {

const QString Owner = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s;
const QString Spender = u"0x9b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4"_s;
const QString Usdc = u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s;
const QString Word6 = u"0x0000000000000000000000000000000000000000000000000000000000000006"_s;
const QString UsdcSymbol = u"0x0000000000000000000000000000000000000000000000000000000000000020"
                           "000000000000000000000000000000000000000000000000000000000000000455534443"
                           "00000000000000000000000000000000000000000000000000000000"_s;
const QString Balance = u"0x0000000000000000000000000000000000000000000000000000000000bc614e"_s;
const QString Zero = u"0x0000000000000000000000000000000000000000000000000000000000000000"_s;
const QString Revert
    = u"0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000"
      "00000000000000000000000000000000000000000000000000264552433230"
      "3a207472616e7366657220616d6f756e7420657863656564732062616c616e636500000000000000000000"
      "000000000000000000000000000000"_s;

// A node's batch answer, ids 1..n in reverse order (as nodes may send them), the results as given.
QByteArray batchBody(const QJsonArray &answers)
{
    QJsonArray items;
    for (qsizetype i = answers.size() - 1; i >= 0; --i) {
        QJsonObject item = answers[i].toObject();
        item.insert(u"jsonrpc"_s, u"2.0"_s);
        item.insert(u"id"_s, qint64(i + 1));
        items.append(item);
    }
    return QJsonDocument(items).toJson(QJsonDocument::Compact);
}

QJsonObject result(const QJsonValue &value)
{
    return { { u"result"_s, value } };
}

// What UpstreamClient records for every fetch; built before timing (it is the transport's), written into
// every result.
const ades::FetchSnapshot Snapshot { u"evm-base"_s, u"EVM JSON-RPC (Base)"_s, u"https://mainnet.base.org"_s,
    QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC), 200, 412,
    u"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"_s };

// decodeBatch + the eth_blockNumber the pool appends, as RpcPool does.
RpcPool::Reply decode(const QByteArray &body, qsizetype count)
{
    RpcPool::Reply reply;
    reply.fetch = Snapshot;
    reply.answers = *JsonRpc::decodeBatch(body, count, 1);
    reply.block = *Hex::quantity(reply.answers.takeLast().result().toString());
    reply.endpoint = u"https://mainnet.base.org"_s;
    return reply;
}

const QDateTime At(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

} // namespace

class BenchChain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void walletBalance();
    void tokenCheck_data();
    void tokenCheck();
    void preflight_data();
    void preflight();
    void revert_data();
    void revert();
};

void BenchChain::walletBalance()
{
    const QByteArray body = batchBody(
        { result(u"0x38d7ea4c68000"_s), result(u"0x2a"_s), result(u"0x28"_s), result(u"0x2faf080"_s) });
    const ChainInfo &base = *ChainInfo::find(u"base"_s);
    const EvmAddress owner = EvmAddress::parse(Owner, u"address"_s).value();
    QByteArray out;
    QBENCHMARK
    {
        const auto r = walletBalanceResult(base, decode(body, 4), owner, At);
        out = ades::CanonicalJson::serialise(r.value());
    }
    QVERIFY(out.contains("\"balance\":\"0.001\""));
}

void BenchChain::tokenCheck_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("usdc-with-allowance-and-amount") << batchBody({ result(u"0x6080604052"_s), result(Balance),
        result(Word6), result(UsdcSymbol), result(Zero), result(u"0x2faf080"_s) })
                                                    << QByteArray("\"blocking_reason\":\"allowance\"");
    const QString mkr = u"0x4d4b52"_s + QString(58, u'0');
    QTest::newRow("bytes32-symbol-no-decimals") << batchBody({ result(u"0x6080"_s), result(Balance),
        result(u"0x"_s), result(mkr), result(Zero), result(u"0x2faf080"_s) })
                                                << QByteArray("\"symbol_encoding\":\"bytes32\"");
}

void BenchChain::tokenCheck()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, expected);
    const ChainInfo &base = *ChainInfo::find(u"base"_s);
    const TokenQuery query { EvmAddress::parse(Usdc, u"token"_s).value(),
        EvmAddress::parse(Owner, u"owner"_s).value(), EvmAddress::parse(Spender, u"spender"_s).value(),
        u"10"_s };
    QByteArray out;
    QBENCHMARK
    {
        const auto r = tokenCheckResult(base, decode(body, 6), query, At);
        out = ades::CanonicalJson::serialise(r.value());
    }
    QVERIFY2(out.contains(expected), out.constData());
}

namespace {

// The six branches' answers of one preflight: account, recipient, fees, simulation (a revert), token reads
// and the txpool probe.
struct PreflightBodies
{
    QByteArray account = batchBody(
        { result(u"0x38d7ea4c68000"_s), result(u"0x2a"_s), result(u"0x2a"_s), result(u"0x2faf080"_s) });
    QByteArray recipient = batchBody({ result(u"0x6080604052"_s), result(u"0x2faf080"_s) });
    // eth_feeHistory(1, "latest", []) in the shape a node sends (the execution-apis test in the shared data).
    QByteArray fees = batchBody({ result(QJsonObject { { u"oldestBlock"_s, u"0x2faf080"_s },
                                      { u"baseFeePerGas"_s, QJsonArray { u"0x4c4b40"_s, u"0x4d1b3c"_s } },
                                      { u"gasUsedRatio"_s, QJsonArray { 0.52 } },
                                      { u"baseFeePerBlobGas"_s, QJsonArray { u"0x1"_s, u"0x1"_s } },
                                      { u"blobGasUsedRatio"_s, QJsonArray { 0 } } }),
        result(u"0x6f81cfd"_s), result(u"0xf4240"_s), result(u"0x2faf080"_s) });
    QByteArray simulation = batchBody({ revertAnswer(), revertAnswer(), result(u"0x2faf080"_s) });
    QByteArray tokenReads
        = batchBody({ result(Balance), result(Zero), result(Word6), result(u"0x2faf080"_s) });
    QByteArray txpool = batchBody(
        { result(QJsonObject { { u"pending"_s, QJsonObject {} }, { u"queued"_s, QJsonObject {} } }),
            result(u"0x2faf080"_s) });

    static QJsonObject revertAnswer()
    {
        return { { u"error"_s,
            QJsonObject {
                { u"code"_s, 3 }, { u"message"_s, u"execution reverted"_s }, { u"data"_s, Revert } } } };
    }
};

PreflightFacts preflightFacts(const PreflightBodies &b)
{
    PreflightFacts facts;
    facts.chain = ChainInfo::find(u"base"_s);
    facts.sender = EvmAddress::parse(Owner, u"sender"_s).value();
    facts.to = EvmAddress::parse(Usdc, u"to"_s).value();
    facts.data = *Hex::data(u"0xa9059cbb"_s);
    facts.token = facts.to;
    facts.spender = EvmAddress::parse(Spender, u"spender"_s).value();
    facts.amountText = u"1"_s;
    facts.account.emplace(decode(b.account, 4));
    facts.recipient.emplace(decode(b.recipient, 2));
    facts.fees.emplace(decode(b.fees, 4));
    facts.simulation.emplace(decode(b.simulation, 3));
    facts.tokenReads.emplace(decode(b.tokenReads, 4));
    facts.txpool.emplace(decode(b.txpool, 2));
    facts.screens.append({ Usdc,
        ades::Result<QJsonObject>(
            QJsonObject { { u"result"_s, u"no_match"_s }, { u"hits"_s, QJsonArray {} } }) });
    return facts;
}

} // namespace

void BenchChain::preflight_data()
{
    QTest::addColumn<QString>("part");
    QTest::newRow("whole") << u"whole"_s; // what counts: the parts below added up, measured together
    QTest::newRow("decode-six-answers") << u"decode"_s;
    QTest::newRow("checks-and-result") << u"report"_s; // written as canonical text, as the channels send it
}

void BenchChain::preflight()
{
    QFETCH(QString, part);
    const PreflightBodies bodies;
    const PreflightFacts prepared = preflightFacts(bodies);
    QByteArray out;
    if (part == u"whole"_s) {
        QBENCHMARK
        {
            out = preflightReport(preflightFacts(bodies), At);
        }
    } else if (part == u"decode"_s) {
        QBENCHMARK
        {
            const PreflightFacts facts = preflightFacts(bodies);
            out = facts.account ? QByteArray("\"decision\":\"block\" ERC20: transfer amount exceeds balance")
                                : QByteArray();
        }
    } else {
        QBENCHMARK
        {
            out = preflightReport(prepared, At);
        }
    }
    QVERIFY2(out.contains("\"decision\":\"block\""), out.constData());
    QVERIFY(out.contains("ERC20: transfer amount exceeds balance"));
    if (part != u"decode"_s) // the text is what CanonicalJson writes for the same object
        QCOMPARE(out, ades::CanonicalJson::serialise(QJsonDocument::fromJson(out).object()));
}

void BenchChain::revert_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("kind");
    QTest::newRow("error-string") << *Hex::data(Revert) << u"error_string"_s;
    QTest::newRow("panic") << *Hex::data(
        u"0x4e487b710000000000000000000000000000000000000000000000000000000000000011"_s)
                           << u"panic"_s;
    QTest::newRow("custom") << *Hex::data(
        u"0xcf4791810000000000000000000000000000000000000000000000000000000000000001"_s)
                            << u"custom_error"_s;
}

void BenchChain::revert()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, kind);
    QJsonObject json;
    QBENCHMARK
    {
        json = RevertReason::decode(data).toJson();
    }
    QCOMPARE(json[u"kind"_s].toString(), kind);
}

QTEST_APPLESS_MAIN(BenchChain)
#include "BenchChain.moc"
