// The chain area's readers of node answers: hex quantities and data, EIP-55 addresses, 256-bit amounts,
// ERC-20 call encoding and answers (standard and non-standard tokens), revert data (Error(string),
// Panic(uint256), custom errors), JSON-RPC batches matched by id. Rows use the recorded bodies of
// ../shared/data/upstreams/evm-jsonrpc/ where one exists.

#include "TestData.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/EvmAddress.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/JsonRpc.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::chain;

namespace {

// The `response` of a constructed recording or the "<<" line of an execution-apis one.
QJsonObject recordedResponse(const QString &name)
{
    QFile file(ades::test::sharedDataDir() + u"/upstreams/evm-jsonrpc/"_s + name);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray content = file.readAll();
    if (name.endsWith(u".io"_s)) {
        for (const QByteArray &line : content.split('\n')) {
            if (line.startsWith("<< "))
                return QJsonDocument::fromJson(line.mid(3)).object();
        }
        return {};
    }
    const QJsonObject doc = QJsonDocument::fromJson(content).object();
    return doc.contains(u"response"_s) ? doc.value(u"response"_s).toObject() : doc;
}

QByteArray resultBytes(const QString &name)
{
    return Hex::data(recordedResponse(name).value(u"result"_s).toString()).value_or(QByteArray("missing"));
}

} // namespace

class TestChainAbi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quantity_data();
    void quantity();
    void data();
    void uint256Arithmetic();
    void units_data();
    void units();
    void address_data();
    void address();
    void selectors();
    void erc20Encoding();
    void erc20Recorded();
    void nonStandardTokens();
    void revert_data();
    void revert();
    void revertFromRecordedErrors();
    void batchMatchedById();
    void batchRefusesIncompleteAnswers_data();
    void batchRefusesIncompleteAnswers();
};

void TestChainAbi::quantity_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("canonical");
    QTest::addColumn<QString>("decimal"); // empty: refused
    QTest::newRow("zero") << u"0x0"_s << true << u"0"_s;
    QTest::newRow("base-chain-id") << u"0x2105"_s << true << u"8453"_s;
    QTest::newRow("leading-zero-client") << u"0x01"_s << true << QString();
    QTest::newRow("leading-zero-node") << u"0x0001"_s << false << u"1"_s;
    QTest::newRow("empty-digits") << u"0x"_s << false << QString();
    QTest::newRow("no-prefix") << u"2105"_s << false << QString();
    QTest::newRow("non-hex") << u"0x12g"_s << false << QString();
    QTest::newRow("max")
        << u"0x"_s + QString(64, u'f') << true
        << u"115792089237316195423570985008687907853269984665640564039457584007913129639935"_s;
    QTest::newRow("too-long") << u"0x1"_s + QString(64, u'0') << true << QString();
}

void TestChainAbi::quantity()
{
    QFETCH(QString, text);
    QFETCH(bool, canonical);
    QFETCH(QString, decimal);
    const auto value = Hex::quantity(text, canonical ? Hex::Strictness::Canonical : Hex::Strictness::Lenient);
    QCOMPARE(value ? value->toDecimal() : QString(), decimal);
    if (value && canonical)
        QCOMPARE(value->toQuantity(), text.toLower());
}

void TestChainAbi::data()
{
    QCOMPARE(Hex::data(u"0x"_s), QByteArray());
    QCOMPARE(Hex::data(u"0xa9059CBB"_s), QByteArray::fromHex("a9059cbb"));
    QVERIFY(!Hex::data(u"0xabc"_s)); // odd length
    QVERIFY(!Hex::data(u"0xzz"_s));
    QVERIFY(!Hex::data(u"abcd"_s));
}

void TestChainAbi::uint256Arithmetic()
{
    const Uint256 max = *Uint256::fromHexDigits(QString(64, u'f'));
    QVERIFY(!Uint256::add(max, Uint256(1)));
    QVERIFY(!Uint256::multiply(max, Uint256(2)));
    QVERIFY(!Uint256::subtract(Uint256(1), Uint256(2)));
    // gas 21000 x 1 gwei + 1 ETH
    const auto fee = Uint256::multiply(Uint256(21000), Uint256(1'000'000'000));
    const auto total = Uint256::add(*fee, *Uint256::fromDecimal(u"1000000000000000000"));
    QCOMPARE(total->toDecimal(), u"1000021000000000000"_s);
    const auto big = Uint256::multiply(*Uint256::fromDecimal(u"340282366920938463463374607431768211456"),
        *Uint256::fromDecimal(u"3")); // 3 * 2^128 crosses the 64-bit limbs
    QCOMPARE(big->toDecimal(), u"1020847100762815390390123822295304634368"_s);
    QVERIFY(Uint256(5) < Uint256(7));
    QCOMPARE(Uint256::fromWord(Uint256(0xbc614e).toWord())->toUint64(), quint64(0xbc614e));
}

void TestChainAbi::units_data()
{
    QTest::addColumn<QString>("atomic");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("units");
    QTest::newRow("usdc") << u"12345678"_s << 6 << u"12.345678"_s;
    QTest::newRow("eth") << u"2000000000000000000"_s << 18 << u"2"_s;
    QTest::newRow("wei") << u"1"_s << 18 << u"0.000000000000000001"_s;
    QTest::newRow("zero") << u"0"_s << 18 << u"0"_s;
    QTest::newRow("no-decimals") << u"42"_s << 0 << u"42"_s;
}

void TestChainAbi::units()
{
    QFETCH(QString, atomic);
    QFETCH(int, decimals);
    QFETCH(QString, units);
    QCOMPARE(Uint256::fromDecimal(atomic)->toUnits(decimals), units);
    QCOMPARE(Uint256::fromUnits(units, decimals)->toDecimal(), atomic);
    QVERIFY(
        !Uint256::fromUnits(QString(u"0."_s + QString(decimals, u'0') + u"1"_s), decimals)); // too precise
    QVERIFY(!Uint256::fromUnits(u"-1"_s, decimals));
    QVERIFY(!Uint256::fromUnits(u"1e3"_s, decimals));
    QVERIFY(!Uint256::fromUnits(u"1."_s, decimals));
}

void TestChainAbi::address_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("errorCode"); // empty: valid
    // EIP-55's own examples, and the USDC contracts of reference/upstreams.md.
    QTest::newRow("eip55-1") << u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"_s << QString();
    QTest::newRow("eip55-2") << u"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"_s << QString();
    QTest::newRow("eip55-3") << u"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"_s << QString();
    QTest::newRow("usdc-base") << u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s << QString();
    QTest::newRow("lower") << u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s << QString();
    QTest::newRow("upper") << u"0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913"_s << QString();
    QTest::newRow("bad-checksum") << u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s.replace(u'C', u'c')
                                  << u"address_checksum"_s;
    QTest::newRow("short") << u"0x833589fcd6edb6e08f4c7c32d4f71b54bda0291"_s << u"invalid_address"_s;
    QTest::newRow("no-prefix") << u"00833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s << u"invalid_address"_s;
    QTest::newRow("non-hex") << u"0x833589fcd6edb6e08f4c7c32d4f71b54bda0291g"_s << u"invalid_address"_s;
}

void TestChainAbi::address()
{
    QFETCH(QString, text);
    QFETCH(QString, errorCode);
    const auto parsed = EvmAddress::parse(text, u"to"_s);
    QCOMPARE(parsed.ok() ? QString() : parsed.error().code(), errorCode);
    if (parsed.ok()) {
        QCOMPARE(parsed.value().lower(), text.toLower());
        QVERIFY(EvmAddress::parse(parsed.value().checksummed(), u"to"_s).ok());
    } else {
        QCOMPARE(parsed.error().param(), u"to"_s);
        QCOMPARE(parsed.error().httpStatus(), 400);
    }
}

void TestChainAbi::selectors()
{
    // reference/upstreams.md, "ERC-20 selectors".
    QCOMPARE(selector("balanceOf(address)").toHex(), QByteArray("70a08231"));
    QCOMPARE(selector("allowance(address,address)").toHex(), QByteArray("dd62ed3e"));
    QCOMPARE(selector("decimals()").toHex(), QByteArray("313ce567"));
    QCOMPARE(selector("symbol()").toHex(), QByteArray("95d89b41"));
    QCOMPARE(selector("transfer(address,uint256)").toHex(), QByteArray("a9059cbb"));
    QCOMPARE(selector("Error(string)").toHex(), QByteArray("08c379a0"));
    QCOMPARE(selector("Panic(uint256)").toHex(), QByteArray("4e487b71"));
}

void TestChainAbi::erc20Encoding()
{
    const auto owner = EvmAddress::parse(u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s, u"owner"_s).value();
    // The calldata of the recorded balanceOf request.
    QCOMPARE(Hex::fromData(Erc20::balanceOf(owner)),
        u"0x70a082310000000000000000000000005e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s);
    QCOMPARE(Erc20::allowance(owner, owner).size(), 4 + 64);
    QCOMPARE(Erc20::transfer(owner, Uint256(1)).right(1), QByteArray("\x01", 1));
}

void TestChainAbi::erc20Recorded()
{
    ADES_REQUIRE_SHARED_DATA();
    QCOMPARE(Erc20::readAmount(resultBytes(u"constructed/eth_call-usdc-balanceOf.json"_s))->toDecimal(),
        u"12345678"_s);
    QCOMPARE(Erc20::readDecimals(resultBytes(u"constructed/eth_call-usdc-decimals.json"_s)), 6);
    const auto symbol = Erc20::readSymbol(resultBytes(u"constructed/eth_call-usdc-symbol.json"_s));
    QVERIFY(symbol);
    QCOMPARE(symbol->text, u"USDC"_s);
    QVERIFY(!symbol->bytes32);
    QVERIFY(Erc20::readAmount(resultBytes(u"constructed/eth_call-usdc-allowance.json"_s)));
}

void TestChainAbi::nonStandardTokens()
{
    // MKR's symbol() returns bytes32 "MKR" right-padded with zeros.
    const QByteArray mkr = QByteArray("MKR") + QByteArray(29, '\0');
    const auto symbol = Erc20::readSymbol(mkr);
    QVERIFY(symbol);
    QCOMPARE(symbol->text, u"MKR"_s);
    QVERIFY(symbol->bytes32);
    // No decimals() (or no code at all): "0x" is an absent answer, not zero decimals.
    QVERIFY(!Erc20::readDecimals(QByteArray()));
    QVERIFY(!Erc20::readAmount(QByteArray()));
    QVERIFY(!Erc20::readDecimals(Uint256(256).toWord())); // not a uint8
    QVERIFY(!Erc20::readSymbol(QByteArray(32, '\0')));
    QVERIFY(!Erc20::readSymbol(QByteArray("\x01\x02", 2) + QByteArray(30, '\0'))); // control characters
    // A string whose length points past the data.
    QVERIFY(!Erc20::readSymbol(Uint256(32).toWord() + Uint256(1000).toWord() + QByteArray("USDC")));
}

void TestChainAbi::revert_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("detail"); // message, panic meaning or selector
    const QByteArray errorString = QByteArray::fromHex("08c379a0") + Uint256(32).toWord()
        + Uint256(3).toWord() + QByteArray("low") + QByteArray(29, '\0');
    QTest::newRow("error-string") << errorString << u"error_string"_s << u"low"_s;
    QTest::newRow("panic-div-zero") << QByteArray::fromHex("4e487b71") + Uint256(0x12).toWord() << u"panic"_s
                                    << u"division or modulo by zero"_s;
    QTest::newRow("panic-assert") << QByteArray::fromHex("4e487b71") + Uint256(1).toWord() << u"panic"_s
                                  << u"assertion failed (assert)"_s;
    // InsufficientBalance(uint256,uint256): named by its selector only.
    QTest::newRow("custom") << selector("InsufficientBalance(uint256,uint256)") + Uint256(1).toWord()
            + Uint256(2).toWord()
                            << u"custom_error"_s
                            << Hex::fromData(selector("InsufficientBalance(uint256,uint256)"));
    QTest::newRow("empty") << QByteArray() << u"empty"_s << QString();
    QTest::newRow("short") << QByteArray("\x08\xc3", 2) << u"malformed"_s << QString();
    QTest::newRow("error-truncated") << QByteArray::fromHex("08c379a0") + Uint256(32).toWord()
                                     << u"malformed"_s << QString();
    QTest::newRow("panic-huge") << QByteArray::fromHex("4e487b71") + QByteArray(32, '\xff') << u"malformed"_s
                                << QString();
}

void TestChainAbi::revert()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, kind);
    QFETCH(QString, detail);
    const RevertReason reason = RevertReason::decode(data);
    const QJsonObject json = reason.toJson();
    QCOMPARE(json[u"kind"_s].toString(), kind);
    if (kind == u"error_string"_s)
        QCOMPARE(json[u"message"_s].toString(), detail);
    if (kind == u"panic"_s)
        QCOMPARE(json[u"panic_meaning"_s].toString(), detail);
    if (kind == u"custom_error"_s)
        QCOMPARE(json[u"selector"_s].toString(), detail);
    QVERIFY(!reason.summary().isEmpty());
}

void TestChainAbi::revertFromRecordedErrors()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto decodeOf = [](const QString &name) {
        RpcAnswer answer { recordedResponse(name) };
        return RevertReason::decode(Hex::data(answer.errorData()).value_or(QByteArray()));
    };
    QCOMPARE(decodeOf(u"execution-apis-tests/eth_call__call-revert-abi-error.io"_s).message, u"user error"_s);
    const RevertReason panic = decodeOf(u"execution-apis-tests/eth_call__call-revert-abi-panic.io"_s);
    QCOMPARE(panic.kind, RevertReason::Kind::Panic);
    QCOMPARE(panic.panicCode, quint64(1));
    QCOMPARE(decodeOf(u"constructed/error-execution-reverted-Error-string.json"_s).message,
        u"ERC20: transfer amount exceeds balance"_s);
    QCOMPARE(decodeOf(u"constructed/error-execution-reverted-Panic-0x11.json"_s).panicCode, quint64(0x11));
    QCOMPARE(
        decodeOf(u"constructed/error-execution-reverted-no-data.json"_s).kind, RevertReason::Kind::Empty);
    QVERIFY(RpcAnswer { recordedResponse(u"constructed/error-execution-reverted-Error-string.json"_s) }
                .isRevert());
    QVERIFY(RpcAnswer { recordedResponse(u"constructed/error-rate-limited.json"_s) }.isRateLimit());
    QVERIFY(!RpcAnswer { recordedResponse(u"constructed/error-nonce-too-low.json"_s) }.isRateLimit());
}

void TestChainAbi::batchMatchedById()
{
    // constructed/batch.json: answers reordered and ours are ids 1 and 2.
    const QByteArray body
        = R"([{"jsonrpc":"2.0","id":2,"result":"0x2faf080"},{"id":"1","jsonrpc":"2.0","result":"0x2105"}])";
    const auto answers = JsonRpc::decodeBatch(body, 2, 1);
    QVERIFY(answers);
    QCOMPARE(answers->at(0).result().toString(), u"0x2105"_s);
    QCOMPARE(answers->at(1).result().toString(), u"0x2faf080"_s);
    const QByteArray request = JsonRpc::encodeBatch({ { u"eth_chainId"_s, {} } }, 7);
    QCOMPARE(request, QByteArray(R"([{"id":7,"jsonrpc":"2.0","method":"eth_chainId","params":[]}])"));
}

void TestChainAbi::batchRefusesIncompleteAnswers_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("missing-id") << QByteArray(R"([{"jsonrpc":"2.0","id":1,"result":"0x1"}])");
    QTest::newRow("duplicate-id") << QByteArray(
        R"([{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":1,"result":"0x1"}])");
    QTest::newRow("foreign-id") << QByteArray(
        R"([{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":9,"result":"0x1"}])");
    QTest::newRow("single-object") << QByteArray(R"({"jsonrpc":"2.0","id":1,"result":"0x1"})");
    QTest::newRow("neither-result-nor-error")
        << QByteArray(R"([{"jsonrpc":"2.0","id":1},{"jsonrpc":"2.0","id":2,"result":"0x1"}])");
    QTest::newRow("html") << QByteArray("<html>429</html>");
}

void TestChainAbi::batchRefusesIncompleteAnswers()
{
    QFETCH(QByteArray, body);
    QVERIFY(!JsonRpc::decodeBatch(body, 2, 1));
}

QTEST_APPLESS_MAIN(TestChainAbi)
#include "TestChainAbi.moc"
