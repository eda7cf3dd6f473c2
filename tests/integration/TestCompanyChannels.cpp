#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "RunningService.h"
#include "TestData.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

// eu.company.lookup on every channel it is exposed on (docs/interface.md §4.1, §4.3, §4.5), against a
// loopback Brønnøysund replaying its recorded answer: signed receipts, the catalog price, input refused
// before any payment, and an unreachable register never charged, settled or counted.
class TestCompanyChannels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();

    void keyChannelDeliversASignedRecord();
    void unreachableRegisterIsNotCounted();
    void uncoveredCountryIsNotCounted();
    void x402RefusesImpossibleInputBeforeAskingForPayment_data();
    void x402RefusesImpossibleInputBeforeAskingForPayment();
    void x402AsksTheCatalogPrice();
    void x402PaidCallSettlesAndIsLoggedWithItsPrice();
    void x402UnreachableRegisterIsNeverSettled();
    void mcpToolIsListedAndPaid();
    void gatewaySecretIsAccepted();
    void openApiNamesTheWireArguments();

private:
    QByteArray pay(const QString &path);
    QString brregNumber() const;

    FakeFacilitator m_facilitator;
    ReplayServer m_brreg;
    RunningService m_service;
    QString m_key;
    QString m_keyId;
    PrivateKey m_payer = PrivateKey::generate();
};

namespace {

const QByteArray GatewaySecret = "company gateway secret";

QByteArray recorded()
{
    QFile file(sharedDataDir() + u"/upstreams/brreg/enheter-923609016-equinor.capture.json"_s);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject decodeHeader(const QByteArray &header)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
}

} // namespace

QString TestCompanyChannels::brregNumber() const
{
    return QJsonDocument::fromJson(recorded()).object().value(u"organisasjonsnummer"_s).toString();
}

void TestCompanyChannels::initTestCase()
{
    QVERIFY(m_facilitator.port() != 0);
    QVERIFY(m_brreg.isListening());
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"upstream/brreg/base_url"_s, m_brreg.baseUrl());
    settings.insert(u"upstream/brreg/timeout_ms"_s, u"3000"_s);
    settings.insert(u"gateway/proxy_secret_sha256"_s,
        QString::fromLatin1(QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex()));
    settings.insert(u"gateway/name"_s, u"acme"_s);
    QVERIFY(m_service.start(settings));
    const auto key = m_service.context->store().keys().create(u"t"_s);
    QVERIFY(key.ok());
    m_key = key.value().key;
    m_keyId = key.value().id;
}

void TestCompanyChannels::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_brreg.setDown(false);
    m_brreg.route("GET", u"/enheter/"_s + brregNumber(), { 200, recorded(), "application/json" });
}

QByteArray TestCompanyChannels::pay(const QString &path)
{
    const HttpTestResponse challenge = m_service.client->get(path);
    const QJsonObject offer
        = decodeHeader(challenge.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
    return QJsonDocument(signedPayment(m_payer, offer)).toJson(QJsonDocument::Compact).toBase64();
}

void TestCompanyChannels::keyChannelDeliversASignedRecord()
{
    const QJsonObject unit = QJsonDocument::fromJson(recorded()).object();
    const QString keyId = m_keyId;
    const qint64 before = m_service.context->store().quotas().usage(keyId).used;
    const HttpTestResponse r = m_service.client->get(
        u"/v1/company?country=NO&number=%1"_s.arg(brregNumber()), { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 200);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"found"_s).toBool(), true);
    QCOMPARE(body.value(u"matches"_s).toArray().at(0).toObject().value(u"name"_s).toString(),
        unit.value(u"navn"_s).toString());
    QVERIFY(m_service.context->verifier().verify(body).valid);
    QCOMPARE(body.value(u"receipt"_s).toObject().value(u"subject"_s).toString(), u"NO "_s + brregNumber());
    QCOMPARE(body.value(u"receipt"_s), body.value(u"extensions"_s).toObject().value(u"delivery-receipt"_s));
    const QuotaUsage usage = m_service.context->store().quotas().usage(keyId);
    QCOMPARE(usage.used, before + 1);
    QVERIFY(usage.callsByOperation.value(u"eu.company.lookup"_s) >= 1);
}

void TestCompanyChannels::unreachableRegisterIsNotCounted()
{
    const QString keyId = m_keyId;
    const qint64 before = m_service.context->store().quotas().usage(keyId).used;
    m_brreg.setDown(true);
    const HttpTestResponse r = m_service.client->get(
        u"/v1/company?country=NO&number=%1"_s.arg(brregNumber()), { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"brreg"_s });
    QCOMPARE(r.json().value(u"retryable"_s).toBool(), true);
    QVERIFY(!r.json().contains(u"found"_s)); // never "not found"
    QVERIFY(!r.json().contains(u"receipt"_s));
    QCOMPARE(m_service.context->store().quotas().usage(keyId).used, before);
}

void TestCompanyChannels::uncoveredCountryIsNotCounted()
{
    const QString keyId = m_keyId;
    const qint64 before = m_service.context->store().quotas().usage(keyId).used;
    const int requests = m_brreg.requestCount();
    const HttpTestResponse r = m_service.client->get(
        u"/v1/company?country=DE&name=Siemens"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"register_not_covered"_s);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"country"_s);
    QCOMPARE(r.json().value(u"covered"_s).toArray().size(), 6);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_service.context->store().quotas().usage(keyId).used, before);
    QCOMPARE(m_brreg.requestCount(), requests);
}

void TestCompanyChannels::x402RefusesImpossibleInputBeforeAskingForPayment_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    QTest::newRow("austria") << u"country=AT&name=Red%20Bull"_s << u"register_not_covered"_s << u"country"_s;
    QTest::newRow("check-digit") << u"country=NO&id=923609017"_s << u"registration_number_checksum"_s
                                 << u"id"_s;
    QTest::newRow("krs-by-name") << u"country=PL&name=Orlen"_s << u"name_search_unsupported"_s << u"name"_s;
    QTest::newRow("nothing-to-look-up") << u"country=FI"_s << u"missing_field"_s << u"id"_s;
    QTest::newRow("country-shape") << u"country=NOR&id=923609016"_s << u"pattern_mismatch"_s << u"country"_s;
}

void TestCompanyChannels::x402RefusesImpossibleInputBeforeAskingForPayment()
{
    QFETCH(QString, query);
    QFETCH(QString, code);
    QFETCH(QString, param);
    const HttpTestResponse r = m_service.client->get(u"/x402/company?"_s + query);
    QCOMPARE(r.status, 422);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    QCOMPARE(r.json().value(u"error_code"_s).toString(), code);
    // The field as the caller spelled it on this channel: `id` on x402, not `number`.
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QVERIFY2(r.json().value(u"message"_s).toString().startsWith(param + u':'),
        qPrintable(r.json().value(u"message"_s).toString()));
}

void TestCompanyChannels::x402AsksTheCatalogPrice()
{
    const HttpTestResponse r = m_service.client->get(u"/x402/company?country=NO&id=%1"_s.arg(brregNumber()));
    QCOMPARE(r.status, 402);
    const QJsonObject offer
        = decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
    QCOMPARE(offer.value(u"amount"_s).toString(), u"10000"_s); // 0.01 USDC
}

void TestCompanyChannels::x402PaidCallSettlesAndIsLoggedWithItsPrice()
{
    const QString path = u"/x402/company?country=NO&id=%1"_s.arg(brregNumber());
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = m_service.client->get(path, { { "PAYMENT-SIGNATURE", pay(path) } });
    QCOMPARE(r.status, 200);
    QCOMPARE(decodeHeader(r.header("PAYMENT-RESPONSE")).value(u"success"_s).toBool(), true);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    QCOMPARE(r.json().value(u"query"_s).toString(), brregNumber());
    QVERIFY(m_service.context->verifier().verify(r.json()).valid);
    // The console's live calls view reads the call log: the call is there with its price.
    QTRY_VERIFY_WITH_TIMEOUT(
        [this]() {
            for (const CallRecord &call : m_service.context->store().calls().recentCalls(50)) {
                if (call.operationId == u"eu.company.lookup"_s && call.channel == u"x402"_s
                    && call.status == 200)
                    return call.priceUnits == 10'000;
            }
            return false;
        }(),
        5000);
}

void TestCompanyChannels::x402UnreachableRegisterIsNeverSettled()
{
    const QString path = u"/x402/company?country=NO&id=%1"_s.arg(brregNumber());
    const QByteArray payment = pay(path);
    m_brreg.setDown(true);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = m_service.client->get(path, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"brreg"_s });
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestCompanyChannels::mcpToolIsListedAndPaid()
{
    const QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 1 },
        { u"method"_s, u"tools/list"_s } };
    QJsonObject tool;
    QJsonObject page = m_service.client->post(u"/mcp"_s, QJsonDocument(message).toJson())
                           .json()
                           .value(u"result"_s)
                           .toObject();
    for (int guard = 0; guard < 10 && tool.isEmpty(); ++guard) {
        for (const QJsonValue &t : page.value(u"tools"_s).toArray()) {
            if (t.toObject().value(u"name"_s).toString() == u"lookup_company_eu"_s)
                tool = t.toObject();
        }
        const QString cursor = page.value(u"nextCursor"_s).toString();
        if (cursor.isEmpty())
            break;
        QJsonObject next = message;
        next.insert(u"params"_s, QJsonObject { { u"cursor"_s, cursor } });
        page = m_service.client->post(u"/mcp"_s, QJsonDocument(next).toJson())
                   .json()
                   .value(u"result"_s)
                   .toObject();
    }
    QVERIFY(!tool.isEmpty());
    const QJsonObject properties = tool.value(u"inputSchema"_s).toObject().value(u"properties"_s).toObject();
    QVERIFY(properties.contains(u"country"_s) && properties.contains(u"number"_s)
        && properties.contains(u"name"_s));

    const QJsonObject arguments { { u"country"_s, u"NO"_s }, { u"number"_s, brregNumber() } };
    const QJsonObject offer = m_service.client->mcpToolOffer(u"lookup_company_eu"_s, arguments);
    QCOMPARE(offer.value(u"amount"_s).toString(), u"10000"_s);
    const QJsonObject result = m_service.client->callMcpTool(
        u"lookup_company_eu"_s, arguments, { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY(!result.value(u"isError"_s).toBool());
    const QJsonObject content = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"found"_s).toBool(), true);
    QVERIFY(m_service.context->verifier().verify(content).valid);
}

void TestCompanyChannels::gatewaySecretIsAccepted()
{
    const HttpTestResponse r = m_service.client->get(u"/v1/company?country=NO&number=%1"_s.arg(brregNumber()),
        { { "x-gateway-proxy-secret", GatewaySecret } });
    QCOMPARE(r.status, 200);
    QVERIFY(m_service.context->verifier().verify(r.json()).valid);
}

void TestCompanyChannels::openApiNamesTheWireArguments()
{
    const QJsonObject paths = m_service.client->get(u"/openapi.json"_s).json().value(u"paths"_s).toObject();
    const auto parameterNames = [&paths](const QString &path) {
        QStringList names;
        for (const QJsonValue &p :
            paths.value(path).toObject().value(u"get"_s).toObject().value(u"parameters"_s).toArray())
            names << p.toObject().value(u"name"_s).toString();
        return names;
    };
    QVERIFY2(parameterNames(u"/x402/company"_s).contains(u"id"_s),
        qPrintable(parameterNames(u"/x402/company"_s).join(u',')));
    QVERIFY(parameterNames(u"/v1/company"_s).contains(u"number"_s));
    QVERIFY(parameterNames(u"/v1/company"_s).contains(u"country"_s));
}

QTEST_GUILESS_MAIN(TestCompanyChannels)
#include "TestCompanyChannels.moc"
