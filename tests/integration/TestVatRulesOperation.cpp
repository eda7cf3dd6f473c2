#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QByteArray GatewaySecret = "vat rules gateway secret";
// A supply of services to a business in another member state: reverse charge (Art. 44, 196).
const QString Query = u"supplier=DE&customer=FR&customer_vat_valid=true"_s;
const QString ReverseCharge = u"SERVICE-B2B-REVERSE-CHARGE"_s;

QJsonObject decodeHeader(const QByteArray &header)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
}

QString ruleOf(const QJsonObject &result)
{
    return result.value(u"rule"_s).toObject().value(u"id"_s).toString();
}

} // namespace

// eu.vat.rules on every channel SPEC §4 names for it: x402 at 0.005 USDC, the key channel (also for the
// operator's gateway), the free channel at 5 calls a day per address, the paid MCP tool eu_vat_rules, and
// `ades call`. The decisions themselves are unit.TestVatRules.
class TestVatRulesOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void x402ChallengeNamesThePrice();
    void badInputIs422BeforePayment();
    void x402PaidCallDelivers();
    void keyChannelDelivers();
    void gatewaySecretIsAccepted();
    void freeChannelAllowsFiveCallsADay();
    void mcpToolIsListedAndCallable();
    void cliCall();

private:
    FakeFacilitator m_facilitator;
    RunningService m_service;
    PrivateKey m_payer = PrivateKey::generate();
    QString m_key;
};

void TestVatRulesOperation::initTestCase()
{
    QVERIFY(m_facilitator.port() != 0);
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"gateway/proxy_secret_sha256"_s,
        QString::fromLatin1(QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex()));
    settings.insert(u"gateway/name"_s, u"vat"_s);
    // X-Forwarded-For from loopback is trusted, so the free-channel test counts under addresses of its own.
    settings.insert(u"http/trusted_proxies"_s, u"127.0.0.1"_s);
    QVERIFY(m_service.start(settings));
    const Result<NewApiKey> key
        = m_service.context->store().keys().create(u"vat-rules"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    m_key = key.value().key;
}

void TestVatRulesOperation::x402ChallengeNamesThePrice()
{
    const HttpTestResponse r = m_service.client->get(u"/x402/vat-rules?"_s + Query);
    QCOMPARE(r.status, 402);
    const QJsonObject offer
        = decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
    QCOMPARE(offer.value(u"amount"_s).toString(), u"5000"_s); // 0.005 USDC
    QCOMPARE(offer.value(u"payTo"_s).toString(), testPayTo());
    QVERIFY(!r.json().contains(u"rule"_s));
}

void TestVatRulesOperation::badInputIs422BeforePayment()
{
    // Input the schema refuses names its field, and nobody is asked to pay for it.
    HttpTestResponse r = m_service.client->get(u"/x402/vat-rules?supplier=DEU&customer=FR"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"supplier"_s);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    r = m_service.client->get(u"/x402/vat-rules?supplier=DE&customer=FR&type=spaceship"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"type"_s);
    // Two letters that name no country: the operation's own 422, naming the field.
    r = m_service.client->get(
        u"/v1/vat-rules?supplier=DE&customer=UK"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"unknown_country"_s);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"customer"_s);
    QCOMPARE(r.json().value(u"did_you_mean"_s).toObject().value(u"customer"_s).toString(), u"GB"_s);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    // ... before any payment: x402 answers it without a challenge.
    r = m_service.client->get(u"/x402/vat-rules?supplier=DE&customer=UK"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"unknown_country"_s);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    r = m_service.client->get(u"/x402/vat-rules?supplier=DE&customer=FR&date=2026-02-30"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"date"_s);
    r = m_service.client->get(u"/v1/vat-rules?customer=FR"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_field"_s);
}

void TestVatRulesOperation::x402PaidCallDelivers()
{
    const QString path = u"/x402/vat-rules?"_s + Query;
    const QJsonObject offer = decodeHeader(m_service.client->get(path).header("PAYMENT-REQUIRED"))
                                  .value(u"accepts"_s)
                                  .toArray()
                                  .at(0)
                                  .toObject();
    const int settles = m_facilitator.settleCount();
    const QByteArray payment
        = QJsonDocument(signedPayment(m_payer, offer)).toJson(QJsonDocument::Compact).toBase64();
    const HttpTestResponse r = m_service.client->get(path, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(r.status, 200);
    QCOMPARE(ruleOf(r.json()), ReverseCharge);
    QCOMPARE(r.json().value(u"category"_s).toObject().value(u"code"_s).toString(), u"AE"_s);
    QVERIFY(m_service.context->verifier().verify(r.json()).valid);
    QCOMPARE(decodeHeader(r.header("PAYMENT-RESPONSE")).value(u"success"_s).toBool(), true);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    QCOMPARE(m_facilitator.lastSettleRequest()
                 .value(u"paymentRequirements"_s)
                 .toObject()
                 .value(u"amount"_s)
                 .toString(),
        u"5000"_s);
}

void TestVatRulesOperation::keyChannelDelivers()
{
    HttpTestResponse r = m_service.client->get(u"/v1/vat-rules?"_s + Query);
    QCOMPARE(r.status, 401);
    r = m_service.client->get(u"/v1/vat-rules?"_s + Query, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 200);
    QCOMPARE(ruleOf(r.json()), ReverseCharge);
    QCOMPARE(r.json().value(u"liable"_s).toString(), u"customer"_s);
    QCOMPARE(r.json().value(u"verdict"_s).toString(), u"determined"_s);
    QVERIFY(m_service.context->verifier().verify(r.json()).valid);
    QCOMPARE(r.json().value(u"receipt"_s).toObject().value(u"subject"_s).toString().left(18),
        u"DE->FR service b2b"_s);
    // Booleans arrive as query text and are typed by the catalog: b2b=false is a consumer.
    r = m_service.client->get(u"/v1/vat-rules?supplier=DE&customer=AT&type=digital&b2b=false"_s,
        { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 200);
    QCOMPARE(ruleOf(r.json()), u"DIGITAL-B2C"_s);
    QCOMPARE(r.json().value(u"verdict"_s).toString(), u"review"_s); // above_oss_threshold not given
}

void TestVatRulesOperation::gatewaySecretIsAccepted()
{
    const HttpTestResponse r
        = m_service.client->get(u"/v1/vat-rules?"_s + Query, { { "x-gateway-proxy-secret", GatewaySecret } });
    QCOMPARE(r.status, 200);
    QCOMPARE(ruleOf(r.json()), ReverseCharge);
    const HttpTestResponse wrong
        = m_service.client->get(u"/v1/vat-rules?"_s + Query, { { "x-gateway-proxy-secret", "nope" } });
    QCOMPARE(wrong.status, 401);
    QCOMPARE(wrong.json().value(u"error_code"_s).toString(), u"invalid_gateway_secret"_s);
}

void TestVatRulesOperation::freeChannelAllowsFiveCallsADay()
{
    const QList<QPair<QByteArray, QByteArray>> client { { "X-Forwarded-For", "198.51.100.7" } };
    // Input the schema refuses costs nothing.
    HttpTestResponse r = m_service.client->get(u"/free/vat-rules?supplier=DEU&customer=FR"_s, client);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.header("X-Free-Quota-Remaining"), QByteArray("5"));
    for (int i = 0; i < 5; ++i) {
        r = m_service.client->get(u"/free/vat-rules?"_s + Query, client);
        QCOMPARE(r.status, 200);
        QCOMPARE(ruleOf(r.json()), ReverseCharge);
        QCOMPARE(r.header("X-Free-Quota-Limit"), QByteArray("5"));
        QCOMPARE(r.header("X-Free-Quota-Remaining"), QByteArray::number(4 - i));
        QVERIFY(m_service.context->verifier().verify(r.json()).valid);
    }
    r = m_service.client->get(u"/free/vat-rules?"_s + Query, client);
    QCOMPARE(r.status, 429);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"free_quota_exhausted"_s);
    QCOMPARE(r.json().value(u"quota"_s).toString(), u"daily_calls"_s);
    QVERIFY(r.header("Retry-After").toLongLong() >= 1);
    // Another address has its own five.
    r = m_service.client->get(u"/free/vat-rules?"_s + Query, { { "X-Forwarded-For", "198.51.100.8" } });
    QCOMPARE(r.status, 200);
}

void TestVatRulesOperation::mcpToolIsListedAndCallable()
{
    const QJsonArray tools = m_service.client->get(u"/mcp-tools.json"_s).json().value(u"tools"_s).toArray();
    QJsonObject tool;
    for (const QJsonValue &t : tools) {
        if (t.toObject().value(u"name"_s).toString() == u"eu_vat_rules"_s)
            tool = t.toObject();
    }
    QVERIFY(!tool.isEmpty());
    QCOMPARE(tool.value(u"_meta"_s).toObject().value(u"example.ades/price_usdc"_s).toString(), u"0.005"_s);
    QVERIFY(
        tool.value(u"inputSchema"_s).toObject().value(u"properties"_s).toObject().contains(u"supplier"_s));

    const QJsonObject arguments { { u"supplier"_s, u"DE"_s }, { u"customer"_s, u"GB"_s },
        { u"type"_s, u"goods"_s } };
    const QJsonObject unpaid = m_service.client->callMcpTool(u"eu_vat_rules"_s, arguments);
    QCOMPARE(unpaid.value(u"isError"_s).toBool(), true);
    const QJsonObject offer
        = unpaid.value(u"structuredContent"_s).toObject().value(u"accepts"_s).toArray().at(0).toObject();
    QCOMPARE(offer.value(u"amount"_s).toString(), u"5000"_s);

    const QJsonObject paid = m_service.client->callMcpTool(
        u"eu_vat_rules"_s, arguments, { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY(!paid.value(u"isError"_s).toBool());
    const QJsonObject result = paid.value(u"structuredContent"_s).toObject();
    QCOMPARE(ruleOf(result), u"GOODS-EXPORT"_s);
    QCOMPARE(result.value(u"exemption"_s).toObject().value(u"code"_s).toString(), u"VATEX-EU-G"_s);
    QCOMPARE(paid.value(u"_meta"_s)
                 .toObject()
                 .value(u"x402/payment-response"_s)
                 .toObject()
                 .value(u"success"_s)
                 .toBool(),
        true);
    QVERIFY(m_service.context->verifier().verify(result).valid);
}

void TestVatRulesOperation::cliCall()
{
    const QString binary = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    if (!QFileInfo(binary).isExecutable())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    QTemporaryDir data;
    QProcess process;
    process.start(binary,
        { u"call"_s, u"eu.vat.rules"_s, u"supplier=DE"_s, u"customer=AT"_s, u"type=digital"_s, u"b2b=false"_s,
            u"above_oss_threshold=true"_s, u"--data-dir"_s, data.path() });
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 0);
    const QJsonObject result = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    QCOMPARE(ruleOf(result), u"DIGITAL-B2C"_s);
    QCOMPARE(result.value(u"place_of_supply"_s).toObject().value(u"country"_s).toString(), u"AT"_s);
    QCOMPARE(result.value(u"verdict"_s).toString(), u"determined"_s);
}

QTEST_GUILESS_MAIN(TestVatRulesOperation)
#include "TestVatRulesOperation.moc"
