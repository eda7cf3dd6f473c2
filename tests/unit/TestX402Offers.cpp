#include "core/Settings.h"
#include "payments/X402Offers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::x402;

using SettingValues = QHash<QString, QString>; // one name: QFETCH cannot take a comma

namespace {

const QString Evm = u"0x2222222222222222222222222222222222222222"_s;
const QString Sol = u"9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"_s;

QStringList networksOf(const X402Offers &offers)
{
    QStringList names;
    for (const X402Offers::Offer &o : offers.offers())
        names.append(o.network.key);
    return names;
}

} // namespace

class TestX402Offers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void networks_data();
    void networks();
    void challengeShape();
    void headerDecoding_data();
    void headerDecoding();
};

void TestX402Offers::networks_data()
{
    QTest::addColumn<SettingValues>("settings");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("warnings");

    QTest::newRow("nothing-configured") << QHash<QString, QString> {} << QStringList {} << 0;
    QTest::newRow("evm-default") << QHash<QString, QString> { { u"x402/payto_evm"_s, Evm } }
                                 << QStringList { u"base"_s, u"arbitrum"_s, u"polygon"_s } << 0;
    QTest::newRow("solana-needs-fee-payer")
        << QHash<QString, QString> { { u"x402/payto_evm"_s, Evm }, { u"x402/payto_solana"_s, Sol } }
        << QStringList { u"base"_s, u"arbitrum"_s, u"polygon"_s } << 1;
    QTest::newRow("solana-with-fee-payer")
        << QHash<QString, QString> { { u"x402/payto_evm"_s, Evm }, { u"x402/payto_solana"_s, Sol },
               { u"x402/solana_fee_payer"_s, Sol } }
        << QStringList { u"base"_s, u"arbitrum"_s, u"polygon"_s, u"solana"_s } << 0;
    QTest::newRow("explicit-testnet-by-caip2")
        << QHash<QString, QString> { { u"x402/payto_evm"_s, Evm }, { u"x402/networks"_s, u"eip155:84532"_s } }
        << QStringList { u"base-sepolia"_s } << 0;
    QTest::newRow("unknown-network") << QHash<QString, QString> { { u"x402/payto_evm"_s, Evm },
        { u"x402/networks"_s, u"base,dogecoin"_s } }
                                     << QStringList { u"base"_s } << 1;
    QTest::newRow("bad-evm-address") << QHash<QString, QString> { { u"x402/payto_evm"_s, u"0x123"_s } }
                                     << QStringList {} << 1;
}

void TestX402Offers::networks()
{
    QFETCH(SettingValues, settings);
    QFETCH(QStringList, expected);
    QFETCH(int, warnings);
    const X402Offers offers(Settings::fromValues(QString(), settings));
    QCOMPARE(networksOf(offers), expected);
    QCOMPARE(offers.isConfigured(), !expected.isEmpty());
    QCOMPARE(offers.warnings().size(), warnings);
}

void TestX402Offers::challengeShape()
{
    const X402Offers offers(Settings::fromValues(QString(), { { u"x402/payto_evm"_s, Evm } }));
    const QJsonObject challenge
        = offers.paymentRequired(Usdc::atomicUnits(10'000), u"http://h/x402/sanctions?name=a"_s, u"d"_s, {});
    QCOMPARE(challenge.value(u"x402Version"_s).toInt(), 2);
    QVERIFY(!challenge.contains(u"error"_s));
    const QJsonObject base = challenge.value(u"accepts"_s).toArray().at(0).toObject();
    QCOMPARE(base.value(u"network"_s).toString(), u"eip155:8453"_s);
    QCOMPARE(base.value(u"amount"_s).toString(), u"10000"_s);
    QCOMPARE(base.value(u"asset"_s).toString(), u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s);
    QCOMPARE(base.value(u"extra"_s).toObject().value(u"name"_s).toString(), u"USD Coin"_s);

    const QByteArray header = X402Offers::encodeHeader(challenge);
    const Result<QJsonObject> back = X402Offers::decodeHeader(header);
    QVERIFY(back.ok());
    QCOMPARE(back.value(), challenge);
}

void TestX402Offers::headerDecoding_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<bool>("ok");
    const QByteArray json = R"({"x402Version":2,"a":"??>x"})"; // needs padding and a "/" or "_"
    const QByteArray padded = json.toBase64();
    QByteArray unpadded = padded;
    while (unpadded.endsWith('='))
        unpadded.chop(1);
    QTest::newRow("padded") << padded << true;
    QTest::newRow("unpadded") << unpadded << true;
    QTest::newRow("url-safe") << json.toBase64(QByteArray::Base64UrlEncoding) << false;
    QTest::newRow("not-json") << QByteArray("aGVsbG8=") << false;
    QTest::newRow("empty") << QByteArray() << false;
}

void TestX402Offers::headerDecoding()
{
    QFETCH(QByteArray, header);
    QFETCH(bool, ok);
    const Result<QJsonObject> decoded = X402Offers::decodeHeader(header);
    QCOMPARE(decoded.ok(), ok);
    if (!ok)
        QCOMPARE(decoded.error().param(), u"PAYMENT-SIGNATURE"_s);
}

QTEST_APPLESS_MAIN(TestX402Offers)
#include "TestX402Offers.moc"
