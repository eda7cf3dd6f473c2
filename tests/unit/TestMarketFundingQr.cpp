// The engines of market.funding_qr: the address on Base (shape, EIP-55, unusable addresses), the exact
// decimal amount and its limits, the asset, the EIP-681 transfer URI, the CDP key and the JWT it signs
// (header and claims as Coinbase's SDK builds them, the signature verified with OpenSSL against the public
// key), the onramp session body, answer and link against ../shared/data/upstreams/coinbase-onramp/, and
// the QR code read back by zbarimg to the exact text.

#include "CdpTestKeys.h"
#include "TestData.h"
#include "crypto/CdpSigningKey.h"
#include "ops/market/fundingqr/CdpJwt.h"
#include "ops/market/fundingqr/Eip681Uri.h"
#include "ops/market/fundingqr/FundingAmount.h"
#include "ops/market/fundingqr/FundingAsset.h"
#include "ops/market/fundingqr/FundingRequest.h"
#include "ops/market/fundingqr/OnrampSession.h"
#include "ops/market/fundingqr/PngEncoder.h"
#include "ops/market/fundingqr/QrCode.h"
#include "ops/market/fundingqr/QrImageCache.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

namespace {

const QString Wallet = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s; // of the recorded session body
const FundingLimits Limits { Usdc::atomicUnits(5'000'000), Usdc::atomicUnits(500'000'000) };

QByteArray recorded(const QString &name)
{
    QFile file(test::sharedDataDir() + u"/upstreams/coinbase-onramp/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The non-comment lines of onramp-urls.constructed.txt, in order.
QStringList recordedUrls()
{
    QStringList lines;
    for (const QByteArray &line : recorded(u"onramp-urls.constructed.txt"_s).split('\n')) {
        if (!line.trimmed().isEmpty() && !line.startsWith('#'))
            lines.append(QString::fromUtf8(line.trimmed()));
    }
    return lines;
}

FundingRequest request(const QJsonObject &args)
{
    const Result<FundingRequest> parsed = FundingRequest::parse(args, Limits);
    return parsed.ok() ? parsed.value() : FundingRequest {};
}

} // namespace

class TestMarketFundingQr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void address_data();
    void address();
    void amount_data();
    void amount();
    void jsonNumberAmountIsExact();
    void requestRefusals_data();
    void requestRefusals();
    void eip681();
    void eip681MatchesTheRecordedFallback();
    void signingKeys();
    void jwtStructure_data();
    void jwtStructure();
    void onrampBodyIsTheRecordedOne();
    void onrampAnswers_data();
    void onrampAnswers();
    void onrampLinkIsTheRecordedOne();
    void pngStructure();
    void qrDecodesToTheExactText_data();
    void qrDecodesToTheExactText();
    void imageCacheKeepsRecentLinks();
};

void TestMarketFundingQr::address_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("errorCode"); // empty: valid
    QTest::newRow("lower") << Wallet << QString();
    QTest::newRow("upper") << QString(u"0x"_s + Wallet.mid(2).toUpper()) << QString();
    // EIP-55's own test vectors.
    QTest::newRow("eip55-1") << u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"_s << QString();
    QTest::newRow("eip55-2") << u"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"_s << QString();
    QTest::newRow("eip55-one-case-flipped")
        << u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"_s << u"address_checksum"_s;
    QTest::newRow("short") << u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9"_s << u"invalid_address"_s;
    QTest::newRow("long") << QString(Wallet + u'0') << u"invalid_address"_s;
    QTest::newRow("no-prefix") << Wallet.mid(2) << u"invalid_address"_s;
    QTest::newRow("capital-prefix") << QString(u"0X"_s + Wallet.mid(2)) << u"invalid_address"_s;
    QTest::newRow("non-hex") << u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9g"_s << u"invalid_address"_s;
    QTest::newRow("spaces") << QString(u' ' + Wallet) << u"invalid_address"_s;
    QTest::newRow("solana") << u"7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"_s << u"invalid_address"_s;
    QTest::newRow("zero") << QString(u"0x"_s + QString(40, u'0')) << u"unusable_address"_s;
    QTest::newRow("token-contract") << u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s
                                    << u"unusable_address"_s;
}

void TestMarketFundingQr::address()
{
    QFETCH(QString, input);
    QFETCH(QString, errorCode);
    const FundingAsset *usdc = FundingAsset::find(u"USDC"_s);
    QVERIFY(usdc);
    const Result<FundingAddress> parsed = FundingAddress::parse(input, u"address"_s, usdc->contractBytes);
    QCOMPARE(parsed.ok() ? QString() : parsed.error().code(), errorCode);
    if (parsed.ok()) {
        QCOMPARE(parsed.value().lower(), input.toLower());
        QCOMPARE(parsed.value().checksummed().toLower(), input.toLower());
    } else {
        QCOMPARE(parsed.error().param(), u"address"_s);
        QCOMPARE(parsed.error().httpStatus(), 422);
    }
}

void TestMarketFundingQr::amount_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<qint64>("units"); // -1: refused
    QTest::addColumn<int>("problem");
    using P = FundingAmount::Problem;
    QTest::newRow("integer") << u"20"_s << qint64(20'000'000) << int(P::None);
    QTest::newRow("cents") << u"20.07"_s << qint64(20'070'000) << int(P::None);
    // Where a double times 10^6 lands below the value: 0.29 * 1e6 = 289999.99999999994, 1.005 * 1e6 =
    // 1004999.9999999999.
    QTest::newRow("0.29") << u"0.29"_s << qint64(290'000) << int(P::None);
    QTest::newRow("1.005") << u"1.005"_s << qint64(1'005'000) << int(P::None);
    QTest::newRow("six-decimals") << u"5.000001"_s << qint64(5'000'001) << int(P::None);
    QTest::newRow("trailing-zeros") << u"5.10000000000"_s << qint64(5'100'000) << int(P::None);
    QTest::newRow("leading-zeros") << u"0005"_s << qint64(5'000'000) << int(P::None);
    QTest::newRow("point-first") << u".5"_s << qint64(500'000) << int(P::None);
    QTest::newRow("exponent") << u"2e7"_s << qint64(20'000'000'000'000) << int(P::None);
    QTest::newRow("exponent-negative") << u"125E-2"_s << qint64(1'250'000) << int(P::None);
    QTest::newRow("exponent-signed") << u"1.5e+1"_s << qint64(15'000'000) << int(P::None);
    QTest::newRow("zero") << u"0"_s << qint64(0) << int(P::None);
    QTest::newRow("largest") << u"999999999999.999999"_s << qint64(999'999'999'999'999'999) << int(P::None);
    QTest::newRow("seven-decimals") << u"5.0000001"_s << qint64(-1) << int(P::TooPrecise);
    QTest::newRow("exponent-too-precise") << u"1e-7"_s << qint64(-1) << int(P::TooPrecise);
    QTest::newRow("too-large") << u"1000000000000"_s << qint64(-1) << int(P::TooLarge);
    QTest::newRow("exponent-too-large") << u"1e12"_s << qint64(-1) << int(P::TooLarge);
    QTest::newRow("huge-exponent") << u"1e99999"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("negative") << u"-5"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("plus") << u"+5"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("comma") << u"5,00"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("two-points") << u"5.0.0"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("hex") << u"0x10"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("empty") << QString() << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("point") << u"."_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("exponent-alone") << u"5e"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("nan") << u"nan"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("space") << u" 5"_s << qint64(-1) << int(P::NotADecimal);
    QTest::newRow("arabic-digits") << u"\u0665"_s << qint64(-1) << int(P::NotADecimal);
}

void TestMarketFundingQr::amount()
{
    QFETCH(QString, input);
    QFETCH(qint64, units);
    QFETCH(int, problem);
    const FundingAmount::Parsed parsed = FundingAmount::parse(input);
    QCOMPARE(int(parsed.problem), problem);
    QCOMPARE(parsed.amount ? parsed.amount->units() : qint64(-1), units);
}

void TestMarketFundingQr::jsonNumberAmountIsExact()
{
    // An MCP client sends numbers: read by their shortest decimal form, not multiplied as doubles.
    for (const auto &[number, units] : { std::pair { 1.005, qint64(1'005'000) }, { 0.29, qint64(290'000) },
             { 20.07, qint64(20'070'000) }, { 499.99, qint64(499'990'000) }, { 20.0, qint64(20'000'000) } }) {
        const FundingAmount::Parsed parsed = FundingAmount::parse(FundingAmount::text(QJsonValue(number)));
        QVERIFY(parsed.amount);
        QCOMPARE(parsed.amount->units(), units);
    }
    QCOMPARE(FundingAmount::parse(FundingAmount::text(QJsonValue(1e-7))).problem,
        FundingAmount::Problem::TooPrecise);
    QCOMPARE(FundingAmount::text(QJsonValue(true)), QString());
}

void TestMarketFundingQr::requestRefusals_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QString>("param"); // empty: accepted
    QTest::addColumn<QString>("errorCode");
    const auto args = [](const QString &asset, const QJsonValue &amount, const QString &address) {
        return QJsonObject { { u"asset"_s, asset }, { u"amount"_s, amount }, { u"address"_s, address } };
    };
    QTest::newRow("ok") << args(u"USDC"_s, u"20"_s, Wallet) << QString() << QString();
    QTest::newRow("ok-lower-asset") << args(u"usdc"_s, 20, Wallet) << QString() << QString();
    QTest::newRow("minimum") << args(u"USDC"_s, u"5"_s, Wallet) << QString() << QString();
    QTest::newRow("maximum") << args(u"USDC"_s, u"500.000000"_s, Wallet) << QString() << QString();
    QTest::newRow("eth") << args(u"ETH"_s, u"20"_s, Wallet) << u"asset"_s << u"unsupported_asset"_s;
    QTest::newRow("usdc-other-chain")
        << args(u"USDC.e"_s, u"20"_s, Wallet) << u"asset"_s << u"unsupported_asset"_s;
    QTest::newRow("below-minimum") << args(u"USDC"_s, u"4.999999"_s, Wallet) << u"amount"_s
                                   << u"amount_below_minimum"_s;
    QTest::newRow("zero") << args(u"USDC"_s, 0, Wallet) << u"amount"_s << u"amount_below_minimum"_s;
    QTest::newRow("above-maximum") << args(u"USDC"_s, u"500.000001"_s, Wallet) << u"amount"_s
                                   << u"amount_above_maximum"_s;
    QTest::newRow("far-above") << args(u"USDC"_s, u"1e20"_s, Wallet) << u"amount"_s
                               << u"amount_above_maximum"_s;
    QTest::newRow("precision") << args(u"USDC"_s, u"20.0000001"_s, Wallet) << u"amount"_s
                               << u"amount_precision"_s;
    QTest::newRow("not-a-number") << args(u"USDC"_s, u"twenty"_s, Wallet) << u"amount"_s
                                  << u"invalid_amount"_s;
    QTest::newRow("bad-address") << args(u"USDC"_s, u"20"_s, u"0x1234"_s) << u"address"_s
                                 << u"invalid_address"_s;
    QJsonObject withIp = args(u"USDC"_s, u"20"_s, Wallet);
    withIp.insert(u"client_ip"_s, u"192.168.1.20"_s);
    QTest::newRow("private-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    withIp.insert(u"client_ip"_s, u"127.0.0.1"_s);
    QTest::newRow("loopback-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    // Special-purpose ranges beyond the private ones, and IPv6 forms that carry a private IPv4 address.
    withIp.insert(u"client_ip"_s, u"192.0.2.10"_s);
    QTest::newRow("documentation-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    withIp.insert(u"client_ip"_s, u"::ffff:10.1.2.3"_s);
    QTest::newRow("mapped-private-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    withIp.insert(u"client_ip"_s, u"64:ff9b::a01:203"_s);
    QTest::newRow("nat64-private-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    withIp.insert(u"client_ip"_s, u"not-an-ip"_s);
    QTest::newRow("garbage-ip") << withIp << u"client_ip"_s << u"invalid_client_ip"_s;
    withIp.insert(u"client_ip"_s, u"8.8.8.8"_s);
    QTest::newRow("public-ip") << withIp << QString() << QString();
    withIp.insert(u"client_ip"_s, u"2001:4860:4860::8888"_s);
    QTest::newRow("public-ipv6") << withIp << QString() << QString();
}

void TestMarketFundingQr::requestRefusals()
{
    QFETCH(QJsonObject, args);
    QFETCH(QString, param);
    QFETCH(QString, errorCode);
    const Result<FundingRequest> parsed = FundingRequest::parse(args, Limits);
    QCOMPARE(parsed.ok() ? QString() : parsed.error().param(), param);
    QCOMPARE(parsed.ok() ? QString() : parsed.error().code(), errorCode);
    if (!parsed.ok())
        QCOMPARE(parsed.error().httpStatus(), 422);
    if (errorCode == u"unsupported_asset"_s)
        QCOMPARE(parsed.error().toJson().value(u"accepted"_s).toArray(), QJsonArray { u"USDC"_s });
}

void TestMarketFundingQr::eip681()
{
    const FundingRequest r = request({ { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20.07"_s },
        { u"address"_s, u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"_s } });
    QVERIFY(r.asset);
    QCOMPARE(Eip681Uri::transfer(*r.asset, r.address, r.amount),
        u"ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?"
        "address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=20070000"_s);
    // A lower-case address comes back in its EIP-55 form.
    const FundingRequest lower = request({ { u"asset"_s, u"USDC"_s }, { u"amount"_s, 5 },
        { u"address"_s, u"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"_s } });
    QVERIFY(Eip681Uri::transfer(*lower.asset, lower.address, lower.amount)
                .endsWith(u"address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=5000000"_s));
}

void TestMarketFundingQr::eip681MatchesTheRecordedFallback()
{
    ADES_REQUIRE_SHARED_DATA();
    const QStringList urls = recordedUrls();
    QCOMPARE(urls.size(), 3);
    // The recording writes 20 USDC as "2e7" and the wallet in lower case: the same request as ours.
    const QString recordedUri = urls[2];
    const FundingRequest r
        = request({ { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20"_s }, { u"address"_s, Wallet } });
    const QString ours = Eip681Uri::transfer(*r.asset, r.address, r.amount);
    const qsizetype amountAt = recordedUri.indexOf(u"&uint256="_s);
    QVERIFY(amountAt > 0);
    QCOMPARE(ours.left(ours.indexOf(u"&uint256="_s)).toLower(), recordedUri.left(amountAt).toLower());
    const FundingAmount::Parsed recordedUnits = FundingAmount::parse(recordedUri.mid(amountAt + 9));
    QVERIFY(recordedUnits.amount);
    // "2e7" base units = 20 USDC: compare as integers of base units.
    QCOMPARE(QString::number(recordedUnits.amount->units() / 1'000'000), r.amount.toAtomicString());
    QVERIFY(ours.endsWith(u"&uint256=20000000"_s));
}

void TestMarketFundingQr::signingKeys()
{
    QString why;
    QVERIFY(CdpSigningKey::fromSecret(test::ecP256Sec1Key().secret, &why));
    QCOMPARE(CdpSigningKey::fromSecret(test::ecP256Sec1Key().secret)->jwsAlgorithm(), u"ES256"_s);
    QCOMPARE(CdpSigningKey::fromSecret(test::ecP256Pkcs8Key().secret)->jwsAlgorithm(), u"ES256"_s);
    QCOMPARE(CdpSigningKey::fromSecret(test::ed25519Key().secret)->jwsAlgorithm(), u"EdDSA"_s);
    // A PEM pasted into an environment variable with its newlines escaped.
    QString escaped = test::ecP256Sec1Key().secret;
    escaped.replace(u'\n', u"\\n"_s);
    QVERIFY(CdpSigningKey::fromSecret(escaped));

    QVERIFY(!CdpSigningKey::fromSecret(QString(), &why));
    QVERIFY(!CdpSigningKey::fromSecret(u"not a key"_s, &why));
    QVERIFY(why.contains(u"base64"_s));
    QVERIFY(!CdpSigningKey::fromSecret(test::rsaKeyPem(), &why));
    QVERIFY(why.contains(u"P-256"_s));
    // Ed25519 with a public half that is not the seed's.
    QByteArray mangled = QByteArray::fromBase64(test::ed25519Key().secret.toLatin1());
    mangled[40] = char(mangled[40] ^ 0x01);
    QVERIFY(!CdpSigningKey::fromSecret(QString::fromLatin1(mangled.toBase64()), &why));
    QVERIFY(why.contains(u"does not match"_s));
    // The reason never carries the secret.
    const QString pem = test::rsaKeyPem();
    CdpSigningKey::fromSecret(pem, &why);
    QVERIFY(!why.contains(pem.mid(40, 20)));
}

void TestMarketFundingQr::jwtStructure_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("es256-sec1") << u"sec1"_s;
    QTest::newRow("es256-pkcs8") << u"pkcs8"_s;
    QTest::newRow("ed25519") << u"ed25519"_s;
}

void TestMarketFundingQr::jwtStructure()
{
    QFETCH(QString, kind);
    const test::CdpTestKey testKey = kind == u"sec1"_s ? test::ecP256Sec1Key()
        : kind == u"pkcs8"_s                           ? test::ecP256Pkcs8Key()
                                                       : test::ed25519Key();
    const std::optional<CdpSigningKey> key = CdpSigningKey::fromSecret(testKey.secret);
    QVERIFY(key);
    const QString keyId = u"organizations/0f3c/apiKeys/9a1e"_s;
    const QDateTime now = QDateTime::fromString(u"2026-11-29T14:00:00Z"_s, Qt::ISODate);
    const QString uri
        = CdpJwt::requestUri("POST", QUrl(u"https://api.developer.coinbase.com/onramp/v1/token"_s));
    QCOMPARE(uri, u"POST api.developer.coinbase.com/onramp/v1/token"_s);
    QCOMPARE(CdpJwt::requestUri("POST", QUrl(u"http://127.0.0.1:8123/onramp/v1/token"_s)),
        u"POST 127.0.0.1:8123/onramp/v1/token"_s);
    const QString nonce = CdpJwt::randomNonce();
    QVERIFY(QRegularExpression(u"^[0-9a-f]{32}$"_s).match(nonce).hasMatch());
    QVERIFY(nonce != CdpJwt::randomNonce());

    const QByteArray jwt = CdpJwt::sign(*key, keyId, uri, now, nonce);
    QCOMPARE(jwt.count('.'), 2);
    QVERIFY(!jwt.contains('=') && !jwt.contains('+') && !jwt.contains('/')); // base64url, unpadded
    const QJsonObject header = test::jwsPart(jwt, 0);
    QCOMPARE(header.value(u"alg"_s).toString(), kind == u"ed25519"_s ? u"EdDSA"_s : u"ES256"_s);
    QCOMPARE(header.value(u"kid"_s).toString(), keyId);
    QCOMPARE(header.value(u"typ"_s).toString(), u"JWT"_s);
    QCOMPARE(header.value(u"nonce"_s).toString(), nonce);
    const QJsonObject claims = test::jwsPart(jwt, 1);
    QCOMPARE(claims.value(u"sub"_s).toString(), keyId);
    QCOMPARE(claims.value(u"iss"_s).toString(), u"cdp"_s);
    QCOMPARE(claims.value(u"aud"_s).toArray(), QJsonArray { u"cdp_service"_s });
    QCOMPARE(claims.value(u"uris"_s).toArray(), QJsonArray { uri });
    QCOMPARE(claims.value(u"nbf"_s).toInteger(), now.toSecsSinceEpoch());
    QCOMPARE(claims.value(u"iat"_s).toInteger(), now.toSecsSinceEpoch());
    QCOMPARE(claims.value(u"exp"_s).toInteger(), now.toSecsSinceEpoch() + 120);

    QVERIFY(test::verifyJws(jwt, testKey.publicKeyPem));
    // Another key's public half, or one changed claim, does not verify.
    QVERIFY(!test::verifyJws(jwt, test::ecP256Sec1Key().publicKeyPem));
    QVERIFY(!test::verifyJws(jwt, test::ed25519Key().publicKeyPem));
    QList<QByteArray> parts = jwt.split('.');
    QJsonObject changed = claims;
    changed.insert(u"uris"_s, QJsonArray { u"POST api.developer.coinbase.com/onramp/v1/other"_s });
    parts[1] = QJsonDocument(changed)
                   .toJson(QJsonDocument::Compact)
                   .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    QVERIFY(!test::verifyJws(parts.join('.'), testKey.publicKeyPem));
}

void TestMarketFundingQr::onrampBodyIsTheRecordedOne()
{
    ADES_REQUIRE_SHARED_DATA();
    FundingRequest r
        = request({ { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20"_s }, { u"address"_s, Wallet } });
    QVERIFY(r.asset);
    // The recorded request names a documentation address (RFC 5737), which parse() refuses as no end user's
    // address: set here, as the body's shape is what is compared.
    r.clientIp = u"203.0.113.7"_s;
    const QJsonDocument expected
        = QJsonDocument::fromJson(recorded(u"create-session-token-request.constructed.json"_s));
    QVERIFY(expected.isObject());
    QCOMPARE(QJsonDocument::fromJson(OnrampSession::requestBody(r)), expected);
}

void TestMarketFundingQr::onrampAnswers_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("token"); // empty: refused
    QTest::addColumn<QString>("problem"); // a part of the reason
    QTest::newRow("recorded") << 200 << recorded(u"create-session-token-response.constructed.json"_s)
                              << u"ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh"_s << QString();
    QTest::newRow("401-grpc") << 401 << QByteArray(R"({"code":16,"message":"Unauthenticated","details":[]})")
                              << QString() << u"HTTP 401: Unauthenticated"_s;
    QTest::newRow("401-v2") << 401
                            << QByteArray(R"({"errorType":"unauthorized","errorMessage":"JWT expired"})")
                            << QString() << u"HTTP 401: JWT expired"_s;
    QTest::newRow("500-html") << 500 << QByteArray("<html>oops</html>") << QString() << u"HTTP 500"_s;
    QTest::newRow("200-malformed") << 200 << QByteArray(R"({"token": )") << QString() << u"JSON"_s;
    QTest::newRow("200-no-token") << 200 << QByteArray(R"({"channel_id":""})") << QString() << u"token"_s;
    QTest::newRow("200-token-number") << 200 << QByteArray(R"({"token":12})") << QString() << u"token"_s;
    QTest::newRow("200-token-with-space")
        << 200 << QByteArray(R"({"token":"a b"})") << QString() << u"token"_s;
    QTest::newRow("200-token-huge") << 200 << QByteArray(R"({"token":")" + QByteArray(5000, 'a') + "\"}")
                                    << QString() << u"token"_s;
    QTest::newRow("control-in-message")
        << 400 << QByteArray(R"({"message":"bad\u0007ip"})") << QString() << u"HTTP 400: bad?ip"_s;
}

void TestMarketFundingQr::onrampAnswers()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, token);
    QFETCH(QString, problem);
    const OnrampSession::Answer answer = OnrampSession::read(status, body);
    QCOMPARE(answer.token, token);
    QVERIFY2(answer.problem.contains(problem), qPrintable(answer.problem));
    QCOMPARE(answer.problem.isEmpty(), !token.isEmpty());
}

void TestMarketFundingQr::onrampLinkIsTheRecordedOne()
{
    ADES_REQUIRE_SHARED_DATA();
    const FundingRequest r
        = request({ { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20"_s }, { u"address"_s, Wallet } });
    const QString token
        = OnrampSession::read(200, recorded(u"create-session-token-response.constructed.json"_s)).token;
    QCOMPARE(OnrampSession::link(u"https://pay.coinbase.com/buy/select-asset"_s, token, *r.asset, r.amount),
        recordedUrls().value(0));
    // A token with URL-special characters is percent-encoded, not spliced in.
    QVERIFY(OnrampSession::link(u"https://x/"_s, u"a+b/c=&d"_s, *r.asset, r.amount)
                .contains(u"sessionToken=a%2Bb%2Fc%3D%26d&"_s));
}

void TestMarketFundingQr::pngStructure()
{
    // 10 x 2 pixels: two bytes a row, the last six bits padding.
    QCOMPARE(PngEncoder::bilevelRowBytes(10), 2);
    QCOMPARE(PngEncoder::bilevelRowBytes(8), 1);
    const QByteArray rows("\xff\xc0\x00\x00", 4);
    const QByteArray png = PngEncoder::bilevel(10, 2, rows);
    QVERIFY(png.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
    QCOMPARE(png.mid(12, 4), QByteArray("IHDR"));
    QCOMPARE(png.mid(16, 13), QByteArray("\0\0\0\x0a\0\0\0\x02\x01\0\0\0\0", 13)); // 10 x 2, depth 1, gray
    QCOMPARE(png.mid(37, 4), QByteArray("IDAT"));
    QVERIFY(png.endsWith(QByteArray("IEND\xae\x42\x60\x82", 8))); // IEND's fixed CRC
    QVERIFY(PngEncoder::bilevel(10, 3, rows).isEmpty());
    QVERIFY(PngEncoder::bilevel(0, 0, QByteArray()).isEmpty());
}

void TestMarketFundingQr::qrDecodesToTheExactText_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("eip681") << u"ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?"
                               "address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=20070000"_s;
    QTest::newRow("onramp")
        << u"https://pay.coinbase.com/buy/select-asset?sessionToken=ZWJlNDgwYmItNjBkMi00ZmFiLWIx"
           "YTQtMTM3MGI2YjJiNjFh&defaultNetwork=base&defaultAsset=USDC&presetFiatAmount=20"
           "&fiatCurrency=USD"_s;
    QTest::newRow("long-token") << QString(u"https://pay.coinbase.com/buy/select-asset?sessionToken="_s
        + QString(1024, u'Z') + u"&defaultNetwork=base"_s);
}

void TestMarketFundingQr::qrDecodesToTheExactText()
{
    QFETCH(QString, text);
    const std::optional<QrCode> qr = QrCode::encode(text.toUtf8());
    QVERIFY(qr);
    QCOMPARE(qr->modules(), qr->version() * 4 + 17);
    // Finder pattern corners are dark, the separator beside them light.
    QVERIFY(qr->isDark(0, 0) && qr->isDark(6, 6) && !qr->isDark(7, 7));
    const QByteArray png = qr->png();
    // One bit a pixel, repeated rows filtered Up: about 1.3 KB for an EIP-681 link, 6 KB for the longest
    // token accepted.
    QVERIFY2(png.size() < 8 * 1024, qPrintable(QString::number(png.size())));
    const std::optional<QString> decoded = test::decodeQrPng(png);
    if (!decoded)
        QSKIP("zbarimg (Debian zbar-tools) is not installed");
    QCOMPARE(*decoded, text);
}

void TestMarketFundingQr::imageCacheKeepsRecentLinks()
{
    const auto link = [](int cents) -> QString {
        return u"ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address="
               "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256="_s
            + QString::number(cents * 10'000);
    };
    QrImageCache cache(2);
    const std::optional<QrImage> first = cache.imageOf(link(2007));
    QVERIFY(first);
    // The kept image is the one made anew, member for member.
    const std::optional<QrImage> made = QrImage::of(link(2007).toUtf8());
    QVERIFY(made);
    QCOMPARE(first->pngBase64, made->pngBase64);
    QCOMPARE(first->version, made->version);
    QCOMPARE(first->modules, made->modules);
    const std::optional<QrImage> again = cache.imageOf(link(2007));
    QVERIFY(again);
    QCOMPARE(again->pngBase64, made->pngBase64);
    QCOMPARE(cache.size(), 1);

    // Capacity 2: asking for 20.07 again makes 5.00 the least recently used, so 9.99 pushes it out.
    QVERIFY(cache.imageOf(link(500)));
    QVERIFY(cache.imageOf(link(2007)));
    QVERIFY(cache.imageOf(link(999)));
    QCOMPARE(cache.size(), 2);
    QVERIFY(cache.contains(link(2007)));
    QVERIFY(cache.contains(link(999)));
    QVERIFY(!cache.contains(link(500)));

    // A cache of no capacity still answers, keeping nothing.
    QrImageCache none(0);
    QVERIFY(none.imageOf(link(2007)));
    QCOMPARE(none.size(), 0);
}

QTEST_APPLESS_MAIN(TestMarketFundingQr)
#include "TestMarketFundingQr.moc"
