#include "FakeGleif.h"
#include "FakeVies.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestAreas.h"
#include "TestData.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"
#include "store/ViesObservations.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

// eu.counterparty.check on its channels (docs/interface.md §4.1, §4.3, §4.5): x402 price and argument
// check before payment, the key channel with key or gateway secret, the MCP tool, and what is counted when
// sources are down.
class TestCounterpartyOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void x402ChallengeAndValidation();
    void keyChannelDeliversSignedDecision();
    void gatewaySecretIsAccepted();
    void partialOutageIsDeliveredAndCounted();
    void noCheckPossibleIsUncharged503();
    void mcpToolIsPaid();

private:
    qint64 counted();
    HttpTestResponse get(const QString &query, const QList<QPair<QByteArray, QByteArray>> &headers);

    std::unique_ptr<FakeVies> m_vies;
    std::unique_ptr<FakeGleif> m_gleif;
    RunningService m_service;
    QString m_key;
    QString m_keyId;
    QString m_name; // a recorded GLEIF legal name in DE
};

namespace {

const QByteArray GatewaySecret = "counterparty gateway secret";

QList<QPair<QByteArray, QByteArray>> withKey(const QString &key)
{
    return { { "X-API-Key", key.toUtf8() } };
}

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

} // namespace

void TestCounterpartyOperation::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vies = std::make_unique<FakeVies>();
    QVERIFY2(m_vies->isReady(), qPrintable(m_vies->errorString()));
    m_gleif = std::make_unique<FakeGleif>();
    QVERIFY2(m_gleif->isReady(), qPrintable(m_gleif->errorString()));
    const QString hash
        = QString::fromLatin1(QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex());
    QVERIFY(m_service.start({ { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
        { u"upstream/vies/base_url"_s, m_vies->baseUrl() },
        { u"upstream/gleif/base_url"_s, m_gleif->baseUrl() }, { u"gateway/proxy_secret_sha256"_s, hash },
        { u"gateway/name"_s, u"acme"_s } }));
    const Result<int> imported
        = sanctionsOf(*m_service.context)
              .import({ sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
    const auto key = m_service.context->store().keys().create(u"t"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    m_key = key.value().key;
    m_keyId = key.value().id;
    for (const QJsonObject &r : m_gleif->records()) {
        if (r.value(u"country"_s).toString() == u"DE"_s
            && r.value(u"registration_status"_s).toString() == u"ISSUED"_s) {
            m_name = r.value(u"legal_name"_s).toString();
            break;
        }
    }
    QVERIFY(!m_name.isEmpty());
}

void TestCounterpartyOperation::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vies->setDown(false);
    m_gleif->setDown(false);
}

qint64 TestCounterpartyOperation::counted()
{
    return m_service.context->store().quotas().usage(m_keyId).callsByOperation.value(
        u"eu.counterparty.check"_s);
}

HttpTestResponse TestCounterpartyOperation::get(
    const QString &query, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    return m_service.client->get(u"/v1/counterparty?"_s + query, headers);
}

void TestCounterpartyOperation::x402ChallengeAndValidation()
{
    HttpTestResponse r = m_service.client->get(u"/x402/counterparty?name="_s + encoded(m_name));
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(
        challenge.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"20000"_s);

    // Refused before anyone is asked to pay: no identifying input, or an unknown one.
    r = m_service.client->get(u"/x402/counterparty?country=DE"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_field"_s);
    QVERIFY(r.json().value(u"message"_s).toString().contains(u"name, vat, iban, lei"_s));
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    QCOMPARE(
        r.json().value(u"missing"_s).toArray(), (QJsonArray { u"name"_s, u"vat"_s, u"iban"_s, u"lei"_s }));
    r = m_service.client->get(u"/x402/counterparty?name=&vat=%20&iban=&lei="_s); // an empty web form
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_field"_s);
    r = m_service.client->get(u"/x402/counterparty?name=A"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"name"_s);
    r = m_service.client->get(u"/x402/counterparty?nmae=Acme"_s);
    QCOMPARE(r.status, 422);
    r = m_service.client->get(u"/x402/counterparty?name=Acme&country=Germany"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"country"_s);
}

void TestCounterpartyOperation::keyChannelDeliversSignedDecision()
{
    const qint64 before = counted();
    ViesObservations &archive = m_service.context->store().viesObservations();
    const qint64 observedBefore = archive.count(u"DE"_s, u"136695976"_s).value_or(-1);
    QVERIFY(observedBefore >= 0);
    const HttpTestResponse r
        = get(u"name="_s + encoded(m_name) + u"&vat=DE136695976&country=DE"_s, withKey(m_key));
    QCOMPARE(r.status, 200);
    // Its VIES call went through the area's VIES services: the answer is archived like eu.vat.check's.
    QCOMPARE(archive.count(u"DE"_s, u"136695976"_s).value_or(-1), observedBefore + 1);
    const QJsonObject body = r.json();
    QVERIFY(
        QStringList({ u"clear"_s, u"review"_s, u"blocked"_s }).contains(body.value(u"verdict"_s).toString()));
    QCOMPARE(
        body.value(u"checks"_s).toObject().value(u"vat"_s).toObject().value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(body.value(u"receipt"_s).toObject().value(u"subject"_s).toString(), u"DE136695976"_s);
    QVERIFY(m_service.context->verifier().verify(body).valid);
    QCOMPARE(counted(), before + 1);
}

void TestCounterpartyOperation::gatewaySecretIsAccepted()
{
    const HttpTestResponse r
        = get(u"name="_s + encoded(m_name), { { "x-gateway-proxy-secret", GatewaySecret } });
    QCOMPARE(r.status, 200);
    QVERIFY(r.json().contains(u"verdict"_s));
    const HttpTestResponse wrong
        = get(u"name="_s + encoded(m_name), { { "x-gateway-proxy-secret", "nope" } });
    QCOMPARE(wrong.status, 401);
}

void TestCounterpartyOperation::partialOutageIsDeliveredAndCounted()
{
    // VIES down, the rest answers: a decision (review, vat missing) that is delivered and counted.
    m_vies->setDown(true);
    const qint64 before = counted();
    const HttpTestResponse r = get(u"name="_s + encoded(m_name) + u"&vat=DE136695976"_s, withKey(m_key));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(r.json().value(u"missing_checks"_s).toArray(), QJsonArray { u"vat"_s });
    QCOMPARE(counted(), before + 1);
}

void TestCounterpartyOperation::noCheckPossibleIsUncharged503()
{
    m_vies->setDown(true);
    const qint64 before = counted();
    const HttpTestResponse r = get(u"vat=DE136695976"_s, withKey(m_key));
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });
    QCOMPARE(r.json().value(u"missing_checks"_s).toArray(), QJsonArray { u"vat"_s });
    QVERIFY(!r.json().contains(u"verdict"_s));
    QCOMPARE(counted(), before);
}

void TestCounterpartyOperation::mcpToolIsPaid()
{
    const QJsonObject offer
        = m_service.client->mcpToolOffer(u"check_counterparty_eu"_s, { { u"name"_s, m_name } });
    QCOMPARE(offer.value(u"amount"_s).toString(), u"20000"_s);
    const QJsonArray tools = m_service.client->get(u"/mcp-tools.json"_s).json().value(u"tools"_s).toArray();
    QJsonObject tool;
    for (const QJsonValue &t : tools) {
        if (t.toObject().value(u"name"_s).toString() == u"check_counterparty_eu"_s)
            tool = t.toObject();
    }
    QVERIFY(!tool.isEmpty());
    QCOMPARE(tool.value(u"annotations"_s).toObject().value(u"openWorldHint"_s).toBool(), true);
    const QStringList sources
        = tool.value(u"_meta"_s).toObject().value(u"example.ades/sources"_s).toVariant().toStringList();
    QVERIFY(sources.contains(u"gleif"_s) && sources.contains(u"vies"_s));
}

QTEST_GUILESS_MAIN(TestCounterpartyOperation)
#include "TestCounterpartyOperation.moc"
