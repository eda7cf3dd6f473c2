#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestData.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QByteArray GatewaySecret = "correct horse battery staple";
const QString GatewayLabel = u"gateway:acme"_s;

struct GatewayService : test::RunningService
{

    // The gateway's account key, when it exists.
    std::optional<ApiKeyRecord> gatewayAccount() const
    {
        std::optional<ApiKeyRecord> found;
        const QList<ApiKeyRecord> keys = context->store().keys().list();
        for (const ApiKeyRecord &key : keys) {
            if (key.label == GatewayLabel)
                found = key;
        }
        return found;
    }
};

QByteArray invoice()
{
    QFile f(sharedDataDir() + u"/einvoice/invoices/ubl/cen-examples/guide-example1.xml"_s);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<QPair<QByteArray, QByteArray>> withSecret(const QByteArray &secret)
{
    return { { "x-gateway-proxy-secret", secret } };
}

} // namespace

class TestKeyChannel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void gatewaySecretIsServedAndCounted();
    void gatewayFailuresAreNotCounted();
    void wrongGatewaySecretIs401_data();
    void wrongGatewaySecretIs401();
    void apiKeyWinsOverTheSecret();
    void otherOperationsIgnoreTheSecret();
    void unconfiguredGatewayIgnoresTheHeader();
    void revokedGatewayIs401();
    void signupLimitCountsPerClientAddress();
    void signupRefusesMalformedEmail_data();
    void signupRefusesMalformedEmail();

private:
    GatewayService m_gateway; // secret configured, 127.0.0.1 a trusted proxy
    GatewayService m_plain; // no gateway
};

void TestKeyChannel::initTestCase()
{
    // What docs/configuration.md tells the operator to run: printf %s SECRET | sha256sum.
    const QString hash
        = QString::fromLatin1(QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex());
    QVERIFY(m_gateway.start({ { u"gateway/proxy_secret_sha256"_s, hash }, { u"gateway/name"_s, u"acme"_s },
        { u"http/trusted_proxies"_s, u"127.0.0.1"_s }, { u"http/max_body_bytes"_s, u"4194304"_s } }));
    QVERIFY(m_plain.start({ { u"http/max_body_bytes"_s, u"4194304"_s } }));
}

void TestKeyChannel::gatewaySecretIsServedAndCounted()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray xml = invoice();
    QVERIFY(!xml.isEmpty());
    for (int i = 0; i < 3; ++i) {
        const HttpTestResponse r
            = m_gateway.client->post(u"/v1/einvoice"_s, xml, withSecret(GatewaySecret), "application/xml");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value(u"syntax"_s).toString(), u"UBL"_s);
        QVERIFY(m_gateway.context->verifier().verify(r.json()).valid);
    }
    // One unlimited account, created on first use, counting per operation.
    const std::optional<ApiKeyRecord> account = m_gateway.gatewayAccount();
    QVERIFY(account.has_value());
    QVERIFY(!account->callLimit.has_value());
    QVERIFY(!account->isRevoked());
    const QuotaUsage usage = m_gateway.context->store().quotas().usage(account->id);
    QCOMPARE(usage.used, qint64(3));
    QCOMPARE(usage.callsByOperation.value(u"eu.einvoice.validate"_s), qint64(3));
    int accounts = 0;
    for (const ApiKeyRecord &key : m_gateway.context->store().keys().list())
        accounts += key.label == GatewayLabel;
    QCOMPARE(accounts, 1);
    // The call log names the gateway.
    QTRY_VERIFY_WITH_TIMEOUT(
        [this]() {
            int logged = 0;
            for (const CallRecord &call : m_gateway.context->store().calls().recentCalls(50))
                logged += call.principal == GatewayLabel && call.status == 200;
            return logged == 3;
        }(),
        5000);
}

void TestKeyChannel::gatewayFailuresAreNotCounted()
{
    // No sanctions lists in a test data folder: an uncharged 503, not a 401, and nothing counted.
    const HttpTestResponse r = m_gateway.client->get(u"/v1/sanctions?name=Acme"_s, withSecret(GatewaySecret));
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    const std::optional<ApiKeyRecord> account = m_gateway.gatewayAccount();
    QVERIFY(account.has_value()); // resolved before the handler ran
    QVERIFY(!m_gateway.context->store()
                 .quotas()
                 .usage(account->id)
                 .callsByOperation.contains(u"eu.sanctions.screen"_s));
}

void TestKeyChannel::wrongGatewaySecretIs401_data()
{
    QTest::addColumn<QByteArray>("secret");
    QTest::newRow("wrong") << QByteArray("correct horse battery stapler");
    QTest::newRow("hash-instead-of-secret")
        << QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex();
}

void TestKeyChannel::wrongGatewaySecretIs401()
{
    QFETCH(QByteArray, secret);
    const HttpTestResponse r = m_gateway.client->get(u"/v1/sanctions?name=Acme"_s, withSecret(secret));
    QCOMPARE(r.status, 401);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"error_code"_s).toString(), u"invalid_gateway_secret"_s);
    QCOMPARE(body.value(u"charged"_s).toBool(true), false);
    QCOMPARE(body.value(u"error"_s).toObject().value(u"param"_s).toString(), u"x-gateway-proxy-secret"_s);
}

void TestKeyChannel::apiKeyWinsOverTheSecret()
{
    const Result<NewApiKey> key = m_gateway.context->store().keys().create(u"t"_s);
    QVERIFY(key.ok());
    // A key with a wrong secret is an ordinary key call: served (503 here, no lists), not a 401.
    const HttpTestResponse r = m_gateway.client->get(u"/v1/sanctions?name=Acme"_s,
        { { "X-API-Key", key.value().key.toUtf8() }, { "x-gateway-proxy-secret", "nonsense" } });
    QCOMPARE(r.status, 503);
}

void TestKeyChannel::otherOperationsIgnoreTheSecret()
{
    // /v1/iban is not among the operations that accept the gateway secret (docs/interface.md §4.3).
    const HttpTestResponse r
        = m_gateway.client->get(u"/v1/iban?value=DE89370400440532013000"_s, withSecret(GatewaySecret));
    QCOMPARE(r.status, 401);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_api_key"_s);
}

void TestKeyChannel::unconfiguredGatewayIgnoresTheHeader()
{
    const HttpTestResponse r = m_plain.client->get(u"/v1/sanctions?name=Acme"_s, withSecret(GatewaySecret));
    QCOMPARE(r.status, 401);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_api_key"_s);
    for (const ApiKeyRecord &key : m_plain.context->store().keys().list())
        QVERIFY(!key.label.startsWith(u"gateway:"_s));
}

void TestKeyChannel::revokedGatewayIs401()
{
    ADES_REQUIRE_SHARED_DATA();
    const std::optional<ApiKeyRecord> account = m_gateway.gatewayAccount();
    QVERIFY(account.has_value());
    QVERIFY(m_gateway.context->store().keys().revoke(account->id));
    // Twice: whichever I/O thread answers, and whether it had the account cached or not.
    for (int i = 0; i < 2; ++i) {
        const HttpTestResponse r = m_gateway.client->post(
            u"/v1/einvoice"_s, invoice(), withSecret(GatewaySecret), "application/xml");
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json().value(u"error_code"_s).toString(), u"gateway_revoked"_s);
        QVERIFY(!r.json().contains(u"receipt"_s));
    }
    QCOMPARE(m_gateway.context->store().quotas().usage(account->id).used, qint64(3));
}

void TestKeyChannel::signupLimitCountsPerClientAddress()
{
    const auto signup = [this](const QByteArray &forwardedFor) {
        return m_gateway.client
            ->post(
                u"/v1/signup"_s, R"({"email":"agent@example.com"})", { { "X-Forwarded-For", forwardedFor } })
            .status;
    };
    for (int i = 0; i < 5; ++i)
        QCOMPARE(signup("1.1.1." + QByteArray::number(i) + ", 198.51.100.50"), 201);
    QCOMPARE(signup("198.51.100.50"), 429);
    // The daily limit says when it resets, as the free channel's does.
    const HttpTestResponse refused = m_gateway.client->post(
        u"/v1/signup"_s, R"({"email":"agent@example.com"})", { { "X-Forwarded-For", "198.51.100.50" } });
    QCOMPARE(refused.status, 429);
    QVERIFY(refused.header("Retry-After").toLongLong() >= 1);
    QCOMPARE(signup("198.51.100.51"), 201);
}

void TestKeyChannel::signupRefusesMalformedEmail_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("reason"); // part of the message
    // Issue 12: a NUL inside the address was accepted and stored.
    QTest::newRow("nul") << QByteArray(R"({"email":"agent@example.com\u0000"})") << u"U+0000"_s;
    QTest::newRow("nul-inside") << QByteArray(R"({"email":"age\u0000nt@example.com"})") << u"U+0000"_s;
    QTest::newRow("header-injection")
        << QByteArray(R"({"email":"agent@example.com\r\nBcc: a@example.org"})") << u"U+000D"_s;
    QTest::newRow("no-domain") << QByteArray(R"({"email":"agent@"})") << u"no domain"_s;
    QTest::newRow("number") << QByteArray(R"({"email":42})") << u"a string"_s;
}

void TestKeyChannel::signupRefusesMalformedEmail()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, reason);
    const int keysBefore = int(m_plain.context->store().keys().list().size());
    const HttpTestResponse r = m_plain.client->post(u"/v1/signup"_s, body);
    QCOMPARE(r.status, 422);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"error_code"_s).toString(), u"invalid_email"_s);
    QCOMPARE(json.value(u"error"_s).toObject().value(u"param"_s).toString(), u"email"_s);
    QVERIFY2(json.value(u"message"_s).toString().startsWith(u"email: "_s),
        qPrintable(json.value(u"message"_s).toString()));
    QVERIFY2(json.value(u"message"_s).toString().contains(reason),
        qPrintable(json.value(u"message"_s).toString()));
    QCOMPARE(int(m_plain.context->store().keys().list().size()), keysBefore); // nothing stored
}

QTEST_GUILESS_MAIN(TestKeyChannel)

#include "TestKeyChannel.moc"
