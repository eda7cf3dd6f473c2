// The chain area's pure decisions, as tables: the preflight verdict from check statuses (an unknown never
// proceeds), the token verdict from balance and allowance, and the address type from bytecode.

#include "ops/chain/contract/AddressKind.h"
#include "ops/chain/preflight/PreflightCheck.h"
#include "ops/chain/rpc/ChainInfo.h"
#include "ops/chain/token/TokenVerdict.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::chain;

class TestChainDecisions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void preflight_data();
    void preflight();
    void token_data();
    void token();
    void addressKind_data();
    void addressKind();
};

void TestChainDecisions::preflight_data()
{
    QTest::addColumn<QString>(
        "statuses"); // one letter per check: p(ass) w(arn) f(ail) u(nknown) n(ot applicable)
    QTest::addColumn<QString>("decision");
    QTest::newRow("all-pass") << u"pppppp"_s << u"proceed"_s;
    QTest::newRow("not-applicable-is-fine") << u"ppppnp"_s << u"proceed"_s;
    QTest::newRow("one-unknown") << u"pppppu"_s << u"review"_s;
    QTest::newRow("all-unknown") << u"uuuuuu"_s << u"review"_s;
    QTest::newRow("one-warning") << u"ppwppp"_s << u"review"_s;
    QTest::newRow("fail-beats-unknown") << u"fuuuuu"_s << u"block"_s;
    QTest::newRow("fail-beats-warning") << u"pwpfpp"_s << u"block"_s;
}

void TestChainDecisions::preflight()
{
    QFETCH(QString, statuses);
    QFETCH(QString, decision);
    QList<PreflightCheck> checks;
    for (QChar c : std::as_const(statuses)) {
        PreflightCheck check;
        check.name = u"check"_s + c;
        check.summary = u"why"_s;
        check.status = c == u'p' ? PreflightCheck::Status::Pass
            : c == u'w'          ? PreflightCheck::Status::Warn
            : c == u'f'          ? PreflightCheck::Status::Fail
            : c == u'u'          ? PreflightCheck::Status::Unknown
                                 : PreflightCheck::Status::NotApplicable;
        checks.append(check);
    }
    const PreflightDecision d = PreflightDecision::decide(checks);
    QCOMPARE(PreflightDecision::verdictName(d.verdict), decision);
    QCOMPARE(d.reasons.isEmpty(), decision == u"proceed"_s);
}

void TestChainDecisions::token_data()
{
    QTest::addColumn<int>("balance"); // -1: unknown
    QTest::addColumn<bool>("withSpender");
    QTest::addColumn<int>("allowance"); // -1: unknown
    QTest::addColumn<QString>("verdict"); // "true", "false", "null"
    QTest::addColumn<QString>("reason");
    QTest::newRow("transfer-covered") << 10 << false << -1 << u"true"_s << QString();
    QTest::newRow("transfer-short") << 5 << false << -1 << u"false"_s << u"balance"_s;
    QTest::newRow("spender-covered") << 10 << true << 10 << u"true"_s << QString();
    QTest::newRow("allowance-short") << 10 << true << 9 << u"false"_s << u"allowance"_s;
    QTest::newRow("both-short-balance-first") << 1 << true << 1 << u"false"_s << u"balance"_s;
    QTest::newRow("balance-unknown") << -1 << false << -1 << u"null"_s << u"unknown"_s;
    QTest::newRow("allowance-unknown") << 10 << true << -1 << u"null"_s << u"unknown"_s;
    QTest::newRow("known-shortfall-despite-unknown") << -1 << true << 3 << u"false"_s << u"allowance"_s;
}

void TestChainDecisions::token()
{
    QFETCH(int, balance);
    QFETCH(bool, withSpender);
    QFETCH(int, allowance);
    QFETCH(QString, verdict);
    QFETCH(QString, reason);
    const auto known
        = [](int v) { return v < 0 ? std::nullopt : std::optional<Uint256>(Uint256(quint64(v))); };
    const TokenVerdict v = TokenVerdict::decide(Uint256(10), known(balance), withSpender, known(allowance));
    QCOMPARE(v.wouldSucceed ? (*v.wouldSucceed ? u"true"_s : u"false"_s) : u"null"_s, verdict);
    QCOMPARE(v.blockingReason, reason);
}

void TestChainDecisions::addressKind_data()
{
    QTest::addColumn<QString>("chain");
    QTest::addColumn<QString>("address");
    QTest::addColumn<QByteArray>("code");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("delegate");
    const QString eoa = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s;
    QTest::newRow("eoa") << u"base"_s << eoa << QByteArray() << u"eoa_or_empty"_s << QString();
    QTest::newRow("contract") << u"base"_s << eoa << QByteArray::fromHex("6080604052")
                              << u"deployed_contract"_s << QString();
    // execution-apis eth_getCode__get-code-eip7702-delegation.io
    QTest::newRow("eip7702") << u"ethereum"_s << eoa
                             << QByteArray::fromHex("ef01008c2319620d7c348bb4e2b2a0b230c81f310e9561")
                             << u"eoa_or_empty"_s << u"0x8c2319620d7c348bb4e2b2a0b230c81f310e9561"_s;
    QTest::newRow("ecrecover") << u"polygon"_s << u"0x0000000000000000000000000000000000000001"_s
                               << QByteArray() << u"precompile_or_system_address"_s << QString();
    QTest::newRow("p256verify") << u"base"_s << u"0x0000000000000000000000000000000000000100"_s
                                << QByteArray() << u"precompile_or_system_address"_s << QString();
    QTest::newRow("beacon-roots") << u"ethereum"_s << u"0x000f3df6d732807ef1319fb7b8bb8522d0beac02"_s
                                  << QByteArray::fromHex("3373") << u"precompile_or_system_address"_s
                                  << QString();
    QTest::newRow("op-predeploy-on-base")
        << u"base"_s << u"0x4200000000000000000000000000000000000006"_s << QByteArray::fromHex("6080")
        << u"precompile_or_system_address"_s << QString();
    QTest::newRow("op-address-on-ethereum")
        << u"ethereum"_s << u"0x4200000000000000000000000000000000000006"_s << QByteArray::fromHex("6080")
        << u"deployed_contract"_s << QString();
    QTest::newRow("arbsys") << u"arbitrum"_s << u"0x0000000000000000000000000000000000000064"_s
                            << QByteArray() << u"precompile_or_system_address"_s << QString();
    QTest::newRow("0x64-elsewhere") << u"base"_s << u"0x0000000000000000000000000000000000000064"_s
                                    << QByteArray() << u"eoa_or_empty"_s << QString();
}

void TestChainDecisions::addressKind()
{
    QFETCH(QString, chain);
    QFETCH(QString, address);
    QFETCH(QByteArray, code);
    QFETCH(QString, type);
    QFETCH(QString, delegate);
    const AddressKind kind = AddressKind::classify(
        *ChainInfo::find(chain), EvmAddress::parse(address, u"address"_s).value(), code);
    QCOMPARE(AddressKind::typeName(kind.type), type);
    QCOMPARE(kind.delegatedTo ? kind.delegatedTo->lower() : QString(), delegate);
}

QTEST_APPLESS_MAIN(TestChainDecisions)
#include "TestChainDecisions.moc"
