// market.funding_qr in a running service against a fake Coinbase Onramp token endpoint on loopback that
// replays ../shared/data/upstreams/coinbase-onramp/: the onramp link with the JWT the fake received
// verified against the key's public half, the recorded request body, the QR code decoded back to the
// link; the fallback to the EIP-681 link with the failed source named for each error form (401, 500,
// malformed answer, timeout, down), without credentials and without the end user's IP; and the x402 and
// MCP exposures at SPEC.md's price, refusing bad input before payment.

#include "CatalogCall.h"
#include "CdpTestKeys.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "crypto/EthSignature.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString Wallet = u"0x5e2f4b0c1d7a9e3b8c6f0a1d2e3f4a5b6c7d8e9f"_s; // of the recorded session body
const QString KeyId = u"organizations/4c1f/apiKeys/77d2"_s;
const QString Token = u"ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh"_s; // the recorded one

QByteArray recorded(const QString &name)
{
    QFile file(sharedDataDir() + u"/upstreams/coinbase-onramp/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A public address: the recorded request's example (203.0.113.7, RFC 5737 documentation range) is no end
// user's address, and the operation refuses it (AddressPolicy).
const QString ClientIp = u"8.8.8.8"_s;

QJsonObject args(const QString &clientIp = ClientIp)
{
    QJsonObject a { { u"asset"_s, u"USDC"_s }, { u"amount"_s, u"20"_s }, { u"address"_s, Wallet } };
    if (!clientIp.isEmpty())
        a.insert(u"client_ip"_s, clientIp);
    return a;
}

} // namespace

class TestMarketFundingQrOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void onrampLink_data();
    void onrampLink();
    void upstreamFailuresFallBackAndSaySo_data();
    void upstreamFailuresFallBackAndSaySo();
    void withoutCredentialsNoRequest();
    void withoutClientIpNoRequest();
    void httpExposures();

private:
    void makeContext(const QHash<QString, QString> &extra);
    Outcome call(const QJsonObject &arguments);

    QTemporaryDir m_dir;
    std::unique_ptr<ReplayServer> m_cdp;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
};

void TestMarketFundingQrOperation::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_cdp = std::make_unique<ReplayServer>();
    m_cdp->route("POST", u"/onramp/v1/token"_s,
        { 200, recorded(u"create-session-token-response.constructed.json"_s) });
}

void TestMarketFundingQrOperation::cleanup()
{
    m_host.reset();
    m_context.reset();
    m_cdp.reset();
}

void TestMarketFundingQrOperation::makeContext(const QHash<QString, QString> &extra)
{
    QHash<QString, QString> settings { { u"x402/payto_evm"_s,
                                           u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
        { u"upstream/coinbase-onramp/base_url"_s, m_cdp->baseUrl() + u"/onramp/v1"_s },
        { u"upstream/coinbase-onramp/timeout_ms"_s, u"400"_s } };
    settings.insert(extra);
    m_context = ServiceContext::createForTests(m_dir.path(), settings);
}

Outcome TestMarketFundingQrOperation::call(const QJsonObject &arguments)
{
    return callThroughCatalog(m_context->catalog(), u"market.funding_qr"_s, arguments);
}

void TestMarketFundingQrOperation::onrampLink_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("es256") << u"ec"_s;
    QTest::newRow("ed25519") << u"ed25519"_s;
}

void TestMarketFundingQrOperation::onrampLink()
{
    QFETCH(QString, kind);
    const CdpTestKey key = kind == u"ec"_s ? ecP256Sec1Key() : ed25519Key();
    makeContext({ { u"market/fundingqr/cdp_key_id"_s, KeyId },
        { u"market/fundingqr/cdp_key_secret"_s, key.secret } });
    const Outcome r = call(args());
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject data = r.value().data;

    const QString expectedLink = u"https://pay.coinbase.com/buy/select-asset?sessionToken="_s + Token
        + u"&defaultNetwork=base&defaultAsset=USDC&presetFiatAmount=20&fiatCurrency=USD"_s;
    QCOMPARE(data[u"method"_s].toString(), u"coinbase_onramp"_s);
    QCOMPARE(data[u"link"_s].toString(), expectedLink);
    QCOMPARE(data[u"onramp"_s][u"status"_s].toString(), u"issued"_s);
    QCOMPARE(data[u"onramp"_s][u"single_use"_s].toBool(), true);
    QVERIFY(!data[u"onramp"_s][u"expires_at"_s].toString().isEmpty());
    // The wallet in its EIP-55 form (the core helper, not the operation's own reading).
    const QString checksummed = toChecksumAddress(QByteArray::fromHex(Wallet.mid(2).toLatin1()));
    QCOMPARE(data[u"address"_s].toString(), checksummed);
    QCOMPARE(data[u"eip681_uri"_s].toString(),
        QString(u"ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address="_s + checksummed
            + u"&uint256=20000000"_s));
    QCOMPARE(data[u"address"_s].toString().toLower(), Wallet);
    QCOMPARE(data[u"amount_units"_s].toString(), u"20000000"_s);
    QCOMPARE(data[u"custody"_s].toString(), u"non_custodial"_s);
    QVERIFY(data[u"custody_note"_s].toString().contains(u"never pass through"_s));
    QVERIFY(!data.contains(u"missing_sources"_s));

    // The source is named with its evidence: the fake's URL, status and the body's hash.
    const QJsonObject source = data[u"onramp"_s][u"source"_s].toObject();
    QCOMPARE(source[u"source"_s].toString(), u"coinbase-onramp"_s);
    QCOMPARE(source[u"url"_s].toString(), m_cdp->baseUrl() + u"/onramp/v1/token"_s);
    QCOMPARE(source[u"http_status"_s].toInt(), 200);
    QCOMPARE(source[u"sha256"_s].toString(),
        QString::fromLatin1(QCryptographicHash::hash(
            recorded(u"create-session-token-response.constructed.json"_s), QCryptographicHash::Sha256)
                                .toHex()));
    QCOMPARE(data[u"sources"_s].toArray().size(), 1);

    // What Coinbase received: the recorded body and a JWT for this very endpoint, signed by the key.
    QCOMPARE(m_cdp->requestCount(), 1);
    const auto &request = m_cdp->requests().first();
    QJsonObject expected
        = QJsonDocument::fromJson(recorded(u"create-session-token-request.constructed.json"_s)).object();
    QCOMPARE(expected.value(u"clientIp"_s).toString(), u"203.0.113.7"_s);
    expected.insert(u"clientIp"_s, ClientIp); // the recording's shape, with this test's address
    QCOMPARE(QJsonDocument::fromJson(request.body).object(), expected);
    const QByteArray authorization = request.headers.value("authorization");
    QVERIFY(authorization.startsWith("Bearer "));
    const QByteArray jwt = authorization.mid(7);
    QVERIFY(verifyJws(jwt, key.publicKeyPem));
    QCOMPARE(jwsPart(jwt, 0)[u"kid"_s].toString(), KeyId);
    QCOMPARE(jwsPart(jwt, 1)[u"uris"_s].toArray(),
        QJsonArray {
            QString(u"POST 127.0.0.1:"_s + QString::number(m_cdp->port()) + u"/onramp/v1/token"_s) });

    // The QR code holds exactly the link.
    const QJsonObject qr = data[u"qr"_s].toObject();
    QCOMPARE(qr[u"content"_s].toString(), expectedLink);
    const std::optional<QString> decoded
        = decodeQrPng(QByteArray::fromBase64(qr[u"png_base64"_s].toString().toLatin1()));
    if (!decoded)
        QSKIP("zbarimg (Debian zbar-tools) is not installed");
    QCOMPARE(*decoded, expectedLink);

    // A second call asks again: a session token is single use, never cached.
    QVERIFY(call(args()).ok());
    QCOMPARE(m_cdp->requestCount(), 2);
}

void TestMarketFundingQrOperation::upstreamFailuresFallBackAndSaySo_data()
{
    QTest::addColumn<int>("status"); // 0: no forced answer
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("mode"); // "", "timeout", "down"
    QTest::addColumn<QString>("reason"); // part of the reason named
    QTest::newRow("401") << 401 << QByteArray(R"({"code":16,"message":"Unauthenticated"})") << QString()
                         << u"HTTP 401: Unauthenticated"_s;
    QTest::newRow("500") << 500 << QByteArray("upstream error") << QString() << u"HTTP 500"_s;
    QTest::newRow("429") << 429 << QByteArray() << QString() << u"HTTP 429"_s;
    QTest::newRow("malformed") << 200 << QByteArray(R"({"token":)") << QString() << u"JSON"_s;
    QTest::newRow("empty-200") << 200 << QByteArray() << QString() << u"JSON"_s;
    QTest::newRow("timeout") << 0 << QByteArray() << u"timeout"_s << u"could not be reached"_s;
    QTest::newRow("down") << 0 << QByteArray() << u"down"_s << u"could not be reached"_s;
}

void TestMarketFundingQrOperation::upstreamFailuresFallBackAndSaySo()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, mode);
    QFETCH(QString, reason);
    if (status)
        m_cdp->setForced(ReplayServer::Reply { status, body });
    if (mode == u"timeout"_s)
        m_cdp->setDelayMs(2000);
    if (mode == u"down"_s)
        m_cdp->setDown(true);
    makeContext({ { u"market/fundingqr/cdp_key_id"_s, KeyId },
        { u"market/fundingqr/cdp_key_secret"_s, ed25519Key().secret } });
    const Outcome r = call(args());
    // The EIP-681 link is a complete answer: the call succeeds and names what failed.
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject data = r.value().data;
    QCOMPARE(data[u"method"_s].toString(), u"eip681"_s);
    QCOMPARE(data[u"link"_s].toString(), data[u"eip681_uri"_s].toString());
    QCOMPARE(data[u"qr"_s][u"content"_s].toString(), data[u"eip681_uri"_s].toString());
    QCOMPARE(data[u"onramp"_s][u"status"_s].toString(), u"failed"_s);
    const QString why = data[u"onramp"_s][u"reason"_s].toString();
    QVERIFY2(why.contains(reason), qPrintable(why));
    const QJsonArray missing = data[u"missing_sources"_s].toArray();
    QCOMPARE(missing.size(), 1);
    QCOMPARE(missing[0][u"source"_s].toString(), u"coinbase-onramp"_s);
    QCOMPARE(missing[0][u"reason"_s].toString(), why);
    const QJsonObject source = data[u"onramp"_s][u"source"_s].toObject();
    QCOMPARE(source[u"source"_s].toString(), u"coinbase-onramp"_s);
    if (status)
        QCOMPARE(source[u"http_status"_s].toInt(), status);
    else
        QVERIFY(source.contains(u"attempted_at"_s));
    QVERIFY(!data[u"link"_s].toString().contains(u"sessionToken"_s));
}

void TestMarketFundingQrOperation::withoutCredentialsNoRequest()
{
    makeContext({});
    const Outcome r = call(args());
    QVERIFY(r.ok());
    const QJsonObject data = r.value().data;
    QCOMPARE(data[u"method"_s].toString(), u"eip681"_s);
    QCOMPARE(data[u"onramp"_s][u"status"_s].toString(), u"not_configured"_s);
    QVERIFY(!data.contains(u"missing_sources"_s)); // nothing failed: nothing was asked
    QCOMPARE(data[u"sources"_s].toArray().size(), 0);
    QCOMPARE(m_cdp->requestCount(), 0);
    const std::optional<QString> decoded
        = decodeQrPng(QByteArray::fromBase64(data[u"qr"_s][u"png_base64"_s].toString().toLatin1()));
    if (!decoded)
        QSKIP("zbarimg (Debian zbar-tools) is not installed");
    QCOMPARE(*decoded, data[u"eip681_uri"_s].toString());
    QVERIFY(decoded->endsWith(u"&uint256=20000000"_s));
}

void TestMarketFundingQrOperation::withoutClientIpNoRequest()
{
    makeContext({ { u"market/fundingqr/cdp_key_id"_s, KeyId },
        { u"market/fundingqr/cdp_key_secret"_s, ecP256Pkcs8Key().secret } });
    const Outcome r = call(args(QString()));
    QVERIFY(r.ok());
    QCOMPARE(r.value().data[u"onramp"_s][u"status"_s].toString(), u"client_ip_required"_s);
    QCOMPARE(r.value().data[u"method"_s].toString(), u"eip681"_s);
    QCOMPARE(m_cdp->requestCount(), 0);
}

void TestMarketFundingQrOperation::httpExposures()
{
    makeContext({});
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(m_host->port());

    // Bad input is an uncharged 422 naming the argument, before any payment is asked for.
    const QList<QPair<QString, QString>> refused {
        { QString(u"/x402/funding-qr?asset=BTC&amount=20&address="_s + Wallet), u"asset"_s },
        { QString(u"/x402/funding-qr?asset=USDC&amount=4.99&address="_s + Wallet), u"amount"_s },
        { QString(u"/x402/funding-qr?asset=USDC&amount=501&address="_s + Wallet), u"amount"_s },
        { QString(u"/x402/funding-qr?asset=USDC&amount=20.0000001&address="_s + Wallet), u"amount"_s },
        { u"/x402/funding-qr?asset=USDC&amount=20&address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"_s,
            u"address"_s },
    };
    for (const auto &[path, param] : refused) {
        const HttpTestResponse r = client.get(path);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json()[u"error"_s][u"param"_s].toString(), param);
        QCOMPARE(r.json()[u"charged"_s].toBool(true), false);
    }
    QCOMPARE(client.get(QString(u"/x402/funding-qr?asset=BTC&amount=20&address="_s + Wallet))
                 .json()[u"accepted"_s]
                 .toArray(),
        QJsonArray { u"USDC"_s });
    QCOMPARE(client.get(u"/x402/funding-qr?asset=USDC&amount=20"_s).status, 422); // address required

    // A valid call asks for SPEC.md's 0.005 USDC on x402 and MCP.
    const HttpTestResponse unpaid
        = client.get(QString(u"/x402/funding-qr?asset=USDC&amount=20.07&address="_s + Wallet));
    QCOMPARE(unpaid.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(unpaid.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), u"5000"_s);
    const QJsonObject offer = client.mcpToolOffer(
        u"funding_qr"_s, { { u"asset"_s, u"USDC"_s }, { u"amount"_s, 20 }, { u"address"_s, Wallet } });
    QCOMPARE(offer[u"amount"_s].toString(), u"5000"_s);
}

QTEST_GUILESS_MAIN(TestMarketFundingQrOperation)
#include "TestMarketFundingQrOperation.moc"
