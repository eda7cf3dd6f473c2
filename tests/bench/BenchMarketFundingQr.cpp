// The service's own cost of one market.funding_qr answer, without the Coinbase round trip: read and check
// the arguments, build the EIP-681 URI, encode the QR code (libqrencode), draw and compress the PNG (zlib),
// assemble the result; the JWT signature per CDP request and reading the key once (ES256, EdDSA). Rows: an
// EIP-681 link not seen before (a new QrImageCache each time, so the QR code is encoded: the bound must hold
// for this), the same EIP-681 link asked again (its image kept), and an onramp link with the recorded token's
// length (never kept: a token is single use). The answer is checked after the timed block.
#include "CdpTestKeys.h"
#include "crypto/CdpSigningKey.h"
#include "ops/market/fundingqr/CdpJwt.h"
#include "ops/market/fundingqr/FundingResult.h"
#include "ops/market/fundingqr/OnrampSession.h"
#include "ops/market/fundingqr/QrImageCache.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

class BenchMarketFundingQr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answer_data();
    void answer();
    void jwt_data();
    void jwt();
    void readKey_data();
    void readKey();
};

void BenchMarketFundingQr::answer_data()
{
    QTest::addColumn<bool>("onramp");
    QTest::addColumn<bool>("askedBefore");
    QTest::newRow("eip681-new-link") << false << false;
    QTest::newRow("eip681-asked-before") << false << true;
    QTest::newRow("onramp-link") << true << false;
}

void BenchMarketFundingQr::answer()
{
    QFETCH(bool, onramp);
    QFETCH(bool, askedBefore);
    const QJsonObject args { { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20.07"_s },
        { u"address"_s, u"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"_s } };
    const FundingLimits limits { Usdc::atomicUnits(5'000'000), Usdc::atomicUnits(500'000'000) };
    const QDateTime now = QDateTime::fromString(u"2026-11-29T14:00:00Z"_s, Qt::ISODate);
    OnrampOutcome outcome;
    Result<JsonBody> result = JsonBody();
    QrImageCache kept;
    QBENCHMARK
    {
        QrImageCache fresh;
        QrImageCache &images = askedBefore ? kept : fresh;
        const Result<FundingRequest> request = FundingRequest::parse(args, limits);
        if (onramp) {
            outcome.status = OnrampOutcome::Status::Issued;
            outcome.link = OnrampSession::link(u"https://pay.coinbase.com/buy/select-asset"_s,
                u"ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh"_s, *request.value().asset,
                request.value().amount);
            outcome.expiresAt = now.addSecs(300);
        }
        result = FundingResult::build(request.value(), limits, outcome, now, images);
    }
    QCOMPARE(kept.size(), askedBefore ? 1 : 0);
    QVERIFY(result.ok());
    QCOMPARE(result.value()[u"amount_units"_s].toString(), u"20070000"_s);
    QVERIFY(result.value()[u"qr"_s][u"png_base64"_s].toString().size() > 100);
}

void BenchMarketFundingQr::jwt_data()
{
    QTest::addColumn<QString>("secret");
    QTest::addColumn<QByteArray>("publicKey");
    const test::CdpTestKey ec = test::ecP256Sec1Key();
    const test::CdpTestKey ed = test::ed25519Key();
    QTest::newRow("es256") << ec.secret << ec.publicKeyPem;
    QTest::newRow("eddsa") << ed.secret << ed.publicKeyPem;
}

void BenchMarketFundingQr::jwt()
{
    QFETCH(QString, secret);
    QFETCH(QByteArray, publicKey);
    const QDateTime now = QDateTime::fromString(u"2026-11-29T14:00:00Z"_s, Qt::ISODate);
    // What a call does: the key was read once (CdpCredentials), each request signs.
    const std::optional<CdpSigningKey> key = CdpSigningKey::fromSecret(secret);
    QVERIFY(key);
    QByteArray token;
    QBENCHMARK
    {
        token = CdpJwt::sign(*key, u"organizations/x/apiKeys/y"_s,
            u"POST api.developer.coinbase.com/onramp/v1/token"_s, now, CdpJwt::randomNonce());
    }
    QVERIFY(test::verifyJws(token, publicKey));
}

void BenchMarketFundingQr::readKey_data()
{
    jwt_data();
}

void BenchMarketFundingQr::readKey()
{
    QFETCH(QString, secret);
    std::optional<CdpSigningKey> key;
    QBENCHMARK
    {
        key = CdpSigningKey::fromSecret(secret);
    }
    QVERIFY(key);
}

QTEST_GUILESS_MAIN(BenchMarketFundingQr)
#include "BenchMarketFundingQr.moc"
