#include "FakeVies.h"
#include "HttpTestClient.h"
#include "JsonReferences.h"
#include "RunningService.h"
#include "TestData.h"
#include "core/Clock.h"
#include "host/AccessLog.h"
#include "host/RecentCallBodies.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/ProbeCounters.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString ValidIban = u"DE89370400440532013000"_s;
const QString ValidVat = u"IE6388047V"_s; // registered in the fake VIES (data/vies/scenarios.json)
const QString PayTo = u"0x1111111111111111111111111111111111111111"_s;

QList<QPair<QByteArray, QByteArray>> withKey(const QString &key)
{
    return { { "X-API-Key", key.toUtf8() } };
}

} // namespace

class TestHttpService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void health();
    void keyChannelNeedsAKey();
    void signupAndDeliverSignedIban();
    void vatWithLiveVies();
    void viesUnreachableIsUncharged503();
    void validationNamesTheWireField();
    void freeTierExhaustedIs402();
    void x402WithoutPayToIs503();
    void x402Challenge();
    void mcpInitializeListAndCall();
    void mcpVerifiesADeliveredReceipt();
    void discoveryDocuments();
    void verifyEndpoints();
    void methodsAndMissingPaths();
    void oversizedBodyIs413();
    void callsAreLoggedAndSignalled();
    void probesAreCountedNotLogged();
    void everyAnswerCarriesItsRequestId();
    void metricsCountRequestsForALocalScraper();
    void accessLogLineHasNoSecrets();

private:
    std::unique_ptr<FakeVies> m_vies;
    test::RunningService m_service; // VIES reachable, no payTo
    test::RunningService m_paid; // payTo configured, VIES unreachable
    QString m_key;
};

void TestHttpService::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vies = std::make_unique<FakeVies>();
    QVERIFY(m_vies->port() != 0);
    QVERIFY(m_service.start(
        { { u"upstream/vies/base_url"_s, m_vies->baseUrl() }, { u"http/max_body_bytes"_s, u"65536"_s } }));
    // Port 1 on loopback is closed: VIES unreachable.
    QVERIFY(m_paid.start({ { u"upstream/vies/base_url"_s, u"http://127.0.0.1:1"_s },
        { u"upstream/vies/timeout_ms"_s, u"2000"_s }, { u"x402/payto_evm"_s, PayTo } }));
    const auto signup = m_service.client->post(u"/v1/signup"_s, R"({"email":"agent@example.com"})");
    QCOMPARE(signup.status, 201);
    m_key = signup.json().value(u"api_key"_s).toString();
    QVERIFY(m_key.startsWith(u"ades_"_s));
}

void TestHttpService::health()
{
    const auto r = m_service.client->get(u"/v1/health"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
    QCOMPARE(r.json().value(u"status"_s).toString(), u"ok"_s);
    QCOMPARE(r.json().value(u"issuer"_s).toString(), m_service.context->issuerAddress());
}

void TestHttpService::keyChannelNeedsAKey()
{
    auto r = m_service.client->get(u"/v1/iban?value="_s + ValidIban);
    QCOMPARE(r.status, 401);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_api_key"_s);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    r = m_service.client->get(u"/v1/vat?value="_s + ValidVat, withKey(u"ades_not_a_real_key"_s));
    QCOMPARE(r.status, 401);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"invalid_api_key"_s);
}

void TestHttpService::signupAndDeliverSignedIban()
{
    const auto r = m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key));
    QCOMPARE(r.status, 200);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"valid"_s).toBool(), true);
    QCOMPARE(body.value(u"bic"_s).toString(), u"COBADEFFXXX"_s);
    const QJsonObject receipt = body.value(u"receipt"_s).toObject();
    QCOMPARE(receipt.value(u"standard"_s).toString(), u"service-receipt/2"_s);
    QCOMPARE(receipt.size(), 13);
    QCOMPARE(body.value(u"extensions"_s).toObject().value(u"delivery-receipt"_s).toObject(), receipt);
    const ReceiptVerdict verdict = m_service.context->verifier().verify(body);
    QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
    QVERIFY(verdict.issuedByThisService);
    // The receipt is kept in the store under its result hash, as itself (keyed by its signature).
    QVERIFY(m_service.context->store()
                .receipts()
                .receipt(receipt.value(u"result_hash"_s).toString())
                .has_value());
    const std::optional<StoredReceipt> kept
        = m_service.context->store().receipts().receiptBySignature(receipt.value(u"signature"_s).toString());
    QVERIFY(kept);
    QCOMPARE(QJsonDocument::fromJson(kept->receiptJson).object(), receipt);
    QCOMPARE(r.header("X-Quota-Limit"), QByteArray("100"));
}

void TestHttpService::vatWithLiveVies()
{
    const int before = m_vies->requestCount();
    auto r = m_service.client->get(u"/v1/vat?value="_s + ValidVat, withKey(m_key));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"registered"_s).toBool(), true);
    QCOMPARE(r.json().value(u"vies_checked"_s).toBool(), true);
    QCOMPARE(r.json().value(u"name"_s).toString(), u"GOOGLE IRELAND LIMITED"_s);
    QVERIFY(r.json().contains(u"receipt"_s));
    QCOMPARE(m_vies->requestCount(), before + 1);
    // vies=false never calls the register.
    r = m_service.client->get(u"/v1/vat?value="_s + ValidVat + u"&vies=false"_s, withKey(m_key));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"vies_checked"_s).toBool(), false);
    QCOMPARE(m_vies->requestCount(), before + 1);
}

void TestHttpService::viesUnreachableIsUncharged503()
{
    Store &store = m_paid.context->store();
    const Result<NewApiKey> key = store.keys().create(u"t"_s);
    QVERIFY(key.ok());
    const auto r = m_paid.client->get(u"/v1/vat?value="_s + ValidVat, withKey(key.value().key));
    QCOMPARE(r.status, 503);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"retryable"_s).toBool(), true);
    QCOMPARE(body.value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });
    QCOMPARE(body.value(u"charged"_s).toBool(true), false);
    QVERIFY(!body.contains(u"registered"_s));
    // Not counted against the free tier.
    const std::optional<ApiKeyRecord> record = store.keys().findActive(key.value().key);
    QVERIFY(record);
    QCOMPARE(store.quotas().usage(record->id).used, 0);
}

void TestHttpService::validationNamesTheWireField()
{
    auto r = m_service.client->get(u"/v1/iban"_s, withKey(m_key));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"value"_s);
    r = m_service.client->get(u"/v1/vat?value=DE1&vies=maybe"_s, withKey(m_key));
    QCOMPARE(r.status, 422);
    r = m_service.client->get(u"/v1/iban?value=DE89&extra=1"_s, withKey(m_key));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"extra"_s);
}

void TestHttpService::freeTierExhaustedIs402()
{
    Store &store = m_service.context->store();
    const Result<NewApiKey> key = store.keys().create(u"small"_s, u"free"_s, 2);
    QVERIFY(key.ok());
    for (int i = 0; i < 2; ++i)
        QCOMPARE(
            m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(key.value().key)).status, 200);
    const auto r = m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(key.value().key));
    QCOMPARE(r.status, 402);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"free_tier_exhausted"_s);
    const auto usage = m_service.client->get(u"/v1/usage"_s, withKey(key.value().key));
    QCOMPARE(usage.status, 200);
    QCOMPARE(usage.json().value(u"calls_used"_s).toInt(), 2);
    QCOMPARE(usage.json().value(u"calls_remaining"_s).toInt(), 0);
    QCOMPARE(usage.json().value(u"by_operation"_s).toObject().value(u"eu.iban.check"_s).toInt(), 2);
}

void TestHttpService::x402WithoutPayToIs503()
{
    const auto r = m_service.client->get(u"/x402/iban/"_s + ValidIban);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"payments_not_configured"_s);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
}

void TestHttpService::x402Challenge()
{
    auto r = m_paid.client->get(u"/x402/iban/"_s + ValidIban);
    QCOMPARE(r.status, 402);
    const QByteArray header = r.header("PAYMENT-REQUIRED");
    QVERIFY(!header.isEmpty());
    QVERIFY(header.size() % 4 == 0); // padded standard base64
    const QJsonObject challenge = QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
    QCOMPARE(challenge.value(u"x402Version"_s).toInt(), 2);
    QVERIFY(challenge.value(u"resource"_s)
                .toObject()
                .value(u"url"_s)
                .toString()
                .endsWith(u"/x402/iban/"_s + ValidIban));
    const QJsonArray accepts = challenge.value(u"accepts"_s).toArray();
    QCOMPARE(accepts.size(), 3);
    QStringList networks;
    for (const QJsonValue &a : accepts) {
        const QJsonObject offer = a.toObject();
        networks.append(offer.value(u"network"_s).toString());
        QCOMPARE(offer.value(u"scheme"_s).toString(), u"exact"_s);
        QCOMPARE(offer.value(u"amount"_s).toString(), u"2000"_s); // 0.002 USDC, docs/interface.md §4.1
        QCOMPARE(offer.value(u"payTo"_s).toString(), PayTo);
        QVERIFY(offer.value(u"maxTimeoutSeconds"_s).toInt() > 0);
        QCOMPARE(offer.value(u"extra"_s).toObject().value(u"version"_s).toString(), u"2"_s);
    }
    QCOMPARE(networks, (QStringList { u"eip155:8453"_s, u"eip155:42161"_s, u"eip155:137"_s }));
    QCOMPARE(r.json(), challenge);

    // Invalid input is refused before anyone is asked to pay.
    r = m_paid.client->get(u"/x402/vat/x"_s);
    QCOMPARE(r.status, 422);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());

    // A payment that is not a valid exact payment: a clear 402 naming why, still with the challenge.
    const QByteArray payment = QJsonDocument(QJsonObject { { u"x402Version"_s, 2 } }).toJson().toBase64();
    r = m_paid.client->get(u"/x402/iban/"_s + ValidIban, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(r.status, 402);
    QCOMPARE(r.json().value(u"error"_s).toString(), u"invalid_payload"_s);
    QVERIFY(!r.header("PAYMENT-REQUIRED").isEmpty());
}

void TestHttpService::mcpInitializeListAndCall()
{
    auto rpc = [this](const QJsonObject &message) {
        return m_service.client->post(u"/mcp"_s, QJsonDocument(message).toJson(QJsonDocument::Compact),
            { { "Accept", "application/json, text/event-stream" } });
    };
    auto r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 1 }, { u"method"_s, u"initialize"_s },
        { u"params"_s,
            QJsonObject { { u"protocolVersion"_s, u"2025-06-18"_s }, { u"capabilities"_s, QJsonObject {} },
                { u"clientInfo"_s, QJsonObject { { u"name"_s, u"t"_s }, { u"version"_s, u"1"_s } } } } } });
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"result"_s).toObject().value(u"protocolVersion"_s).toString(), u"2025-06-18"_s);
    r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"method"_s, u"notifications/initialized"_s } });
    QCOMPARE(r.status, 202);

    r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 2 }, { u"method"_s, u"tools/list"_s } });
    QStringList names;
    const QJsonArray tools = r.json().value(u"result"_s).toObject().value(u"tools"_s).toArray();
    for (const QJsonValue &t : tools)
        names.append(t.toObject().value(u"name"_s).toString());
    QVERIFY(names.contains(u"validate_iban"_s));
    QVERIFY(names.contains(u"validate_vat"_s));
    QVERIFY(names.contains(u"verify_compliance_receipt"_s));

    r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 3 }, { u"method"_s, u"tools/call"_s },
        { u"params"_s,
            QJsonObject { { u"name"_s, u"validate_iban"_s },
                { u"arguments"_s, QJsonObject { { u"iban"_s, ValidIban } } } } } });
    QJsonObject result = r.json().value(u"result"_s).toObject();
    QVERIFY(!result.value(u"isError"_s).toBool());
    QCOMPARE(result.value(u"structuredContent"_s).toObject().value(u"valid"_s).toBool(), true);
    const QString text = result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    QCOMPARE(
        QJsonDocument::fromJson(text.toUtf8()).object(), result.value(u"structuredContent"_s).toObject());

    // Schema failure: a tool error the model can read, not a protocol error.
    r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 4 }, { u"method"_s, u"tools/call"_s },
        { u"params"_s,
            QJsonObject { { u"name"_s, u"validate_vat"_s },
                { u"arguments"_s, QJsonObject { { u"vat_id"_s, 5 } } } } } });
    result = r.json().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QCOMPARE(
        test::jsonAt(result, { u"structuredContent"_s, u"error"_s, u"param"_s }).toString(), u"vat_id"_s);

    r = rpc({ { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 5 }, { u"method"_s, u"tools/call"_s },
        { u"params"_s, QJsonObject { { u"name"_s, u"no_such_tool"_s } } } });
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"code"_s).toInt(), -32602);
    QCOMPARE(m_service.client->get(u"/mcp"_s).status, 405);
}

void TestHttpService::mcpVerifiesADeliveredReceipt()
{
    const auto delivered = m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key));
    QCOMPARE(delivered.status, 200);
    auto call = [this](const QJsonObject &document) {
        const QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, u"v"_s },
            { u"method"_s, u"tools/call"_s },
            { u"params"_s,
                QJsonObject { { u"name"_s, u"verify_compliance_receipt"_s },
                    { u"arguments"_s, QJsonObject { { u"result"_s, document } } } } } };
        const auto r = m_service.client->post(u"/mcp"_s, QJsonDocument(message).toJson());
        return r.json().value(u"result"_s).toObject().value(u"structuredContent"_s).toObject();
    };
    QCOMPARE(call(delivered.json()).value(u"valid"_s).toBool(), true);
    QJsonObject tampered = delivered.json();
    tampered.insert(u"bank_name"_s, u"Another Bank"_s);
    const QJsonObject verdict = call(tampered);
    QCOMPARE(verdict.value(u"valid"_s).toBool(), false);
    QVERIFY(verdict.value(u"problems"_s).toArray().contains(u"result_hash_mismatch"_s));
}

void TestHttpService::discoveryDocuments()
{
    auto r = m_service.client->get(u"/openapi.json"_s);
    QCOMPARE(r.status, 200);
    const QJsonObject paths = r.json().value(u"paths"_s).toObject();
    QVERIFY(paths.contains(u"/x402/iban/{iban}"_s));
    QVERIFY(paths.contains(u"/x402/vat/{vat_id}"_s));
    QVERIFY(paths.contains(u"/v1/iban"_s));
    const QJsonObject get = paths.value(u"/x402/iban/{iban}"_s).toObject().value(u"get"_s).toObject();
    QCOMPARE(get.value(u"x-price-usdc"_s).toString(), u"0.002"_s);
    QCOMPARE(get.value(u"parameters"_s).toArray().at(0).toObject().value(u"in"_s).toString(), u"path"_s);
    const QJsonArray keyParams = test::jsonAt(paths, { u"/v1/iban"_s, u"get"_s, u"parameters"_s }).toArray();
    QCOMPARE(keyParams.at(0).toObject().value(u"name"_s).toString(), u"value"_s);
    // Uploads: the file itself or a multipart part, besides the JSON form.
    const QJsonObject upload
        = test::jsonAt(paths, { u"/x402/einvoice"_s, u"post"_s, u"requestBody"_s, u"content"_s }).toObject();
    for (const QString &type : { u"application/json"_s, u"application/xml"_s, u"application/pdf"_s,
             u"application/octet-stream"_s, u"multipart/form-data"_s })
        QVERIFY2(upload.contains(type), qPrintable(type));
    QVERIFY(test::jsonAt(upload, { u"multipart/form-data"_s, u"schema"_s, u"properties"_s })
                .toObject()
                .contains(u"file"_s));

    r = m_service.client->get(u"/mcp-tools.json"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"tools"_s).toArray().size(),
        m_service.context->catalog().bindings(Channel::Mcp).size());
}

void TestHttpService::verifyEndpoints()
{
    auto r = m_service.client->get(u"/verify"_s);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"standard"_s).toString(), u"service-receipt/2"_s);
    QCOMPARE(r.json().value(u"issuer"_s).toString(), m_service.context->issuerAddress());
    QVERIFY(r.json().value(u"issuer_key"_s).toString().startsWith(u"0x04"_s));

    const auto delivered = m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key));
    r = m_service.client->post(u"/verify"_s, delivered.body);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"valid"_s).toBool(), true);
    QCOMPARE(r.json().value(u"issued_by_this_service"_s).toBool(), true);

    QJsonObject tampered = delivered.json();
    QJsonObject receipt = tampered.value(u"receipt"_s).toObject();
    receipt.insert(u"subject"_s, u"something else"_s);
    tampered.insert(u"receipt"_s, receipt);
    r = m_service.client->post(u"/verify"_s, QJsonDocument(tampered).toJson());
    QCOMPARE(r.json().value(u"valid"_s).toBool(), false);

    r = m_service.client->post(u"/verify"_s, "not json");
    QCOMPARE(r.status, 400);

    // Issue 12: an unsigned member inside the receipt verified as issued here and was echoed back.
    QJsonObject noted = delivered.json();
    for (const QString &copy : { u"receipt"_s, u"extensions"_s }) {
        QJsonObject holder = noted.value(copy).toObject();
        QJsonObject withNote = copy == u"receipt"_s ? holder : holder.value(u"delivery-receipt"_s).toObject();
        withNote.insert(u"note"_s, u"Certified by the tax office"_s);
        if (copy == u"receipt"_s)
            holder = withNote;
        else
            holder.insert(u"delivery-receipt"_s, withNote);
        noted.insert(copy, holder);
    }
    r = m_service.client->post(u"/verify"_s, QJsonDocument(noted).toJson());
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"valid"_s).toBool(), false);
    QCOMPARE(r.json().value(u"issued_by_this_service"_s).toBool(), false);
    QCOMPARE(r.json().value(u"problems"_s).toArray(), QJsonArray { u"unknown_field:note"_s });
    QVERIFY(!r.body.contains("Certified by"));

    // Issue 12: with a repeated name QJsonDocument kept the signed (last) value, another reader the first.
    QByteArray twice = delivered.body;
    QVERIFY(twice.startsWith("{"));
    QVERIFY(delivered.json().contains(u"input"_s));
    twice.insert(1, "\"input\":\"DE02120300000000202051\",");
    r = m_service.client->post(u"/verify"_s, twice);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"duplicate_json_key"_s);
    QVERIFY2(r.json().value(u"message"_s).toString().contains(u" /input;"_s), r.body.constData());
}

void TestHttpService::methodsAndMissingPaths()
{
    auto r = m_service.client->send("DELETE", u"/v1/iban"_s, {}, withKey(m_key));
    QCOMPARE(r.status, 405);
    QVERIFY(r.header("Allow").contains("GET"));
    r = m_service.client->get(u"/nowhere"_s);
    QCOMPARE(r.status, 404);
    QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
    r = m_service.client->head(u"/v1/health"_s);
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.isEmpty());
    QVERIFY(r.header("Content-Length").toInt() > 0);
    r = m_service.client->post(u"/v1/signup"_s, "{oops");
    QCOMPARE(r.status, 400);
    r = m_service.client->post(u"/v1/signup"_s, R"({"email":"nope"})");
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"email"_s);
}

void TestHttpService::oversizedBodyIs413()
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_service.host->port());
    QVERIFY(socket.waitForConnected(2000));
    socket.write("POST /verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Content-Length: 10000000\r\n\r\n");
    QTRY_VERIFY_WITH_TIMEOUT(
        socket.bytesAvailable() > 0 || socket.state() != QAbstractSocket::ConnectedState, 5000);
    QVERIFY(socket.readAll().startsWith("HTTP/1.1 413"));
}

void TestHttpService::callsAreLoggedAndSignalled()
{
    QSignalSpy spy(m_service.host.get(), &ServiceHost::callCompleted);
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    QCOMPARE(m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key)).status, 200);
    // Records arrive in batches per I/O thread, so earlier calls may still come in: find ours.
    auto ours = [&]() -> std::optional<CallRecord> {
        for (const QList<QVariant> &args : std::as_const(spy)) {
            const CallRecord record = args.at(0).value<CallRecord>();
            if (record.target == u"/v1/iban"_s && record.at >= before)
                return record;
        }
        return std::nullopt;
    };
    QTRY_VERIFY_WITH_TIMEOUT(ours().has_value(), 5000);
    const CallRecord record = *ours();
    QCOMPARE(record.channel, u"key"_s);
    QCOMPARE(record.operationId, u"eu.iban.check"_s);
    QCOMPARE(record.status, 200);
    QVERIFY(m_key.startsWith(record.principal));
    // The call log has it too (timestamps are milliseconds, so neighbours may tie: match the request id).
    const QList<CallRecord> logged = m_service.context->store().calls().recentCalls(5);
    const auto stored = std::find_if(
        logged.cbegin(), logged.cend(), [&](const CallRecord &r) { return r.requestId == record.requestId; });
    QVERIFY(stored != logged.cend());
    QCOMPARE(stored->target, u"/v1/iban"_s);
    QCOMPARE(stored->operationId, u"eu.iban.check"_s);
    // Headless (no console asked for them): the answer's size is logged, its body kept nowhere.
    const std::optional<CallRecord> detail = m_service.context->store().calls().callDetail(stored->id);
    QVERIFY(detail && detail->responseBytes > 0);
    QVERIFY(!m_service.context->recentBodies().find(record.id));

    // With a console: the query and the answer stay in memory for its detail pane.
    m_service.host->setKeepCallBodies(true);
    spy.clear();
    const QDateTime second = QDateTime::currentDateTimeUtc().addMSecs(-1);
    QCOMPARE(m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key)).status, 200);
    auto next = [&]() -> std::optional<CallRecord> {
        for (const QList<QVariant> &args : std::as_const(spy)) {
            const CallRecord r = args.at(0).value<CallRecord>();
            if (r.target == u"/v1/iban"_s && r.at >= second)
                return r;
        }
        return std::nullopt;
    };
    QTRY_VERIFY_WITH_TIMEOUT(next().has_value(), 5000);
    const std::optional<RecentCallBodies::Bodies> kept = m_service.context->recentBodies().find(next()->id);
    m_service.host->setKeepCallBodies(false);
    QVERIFY(kept);
    QVERIFY(kept->query.contains(ValidIban));
    QVERIFY(kept->responseBody.contains(u"eu.iban.check"_s) || kept->responseBody.contains(u"receipt"_s));
}

void TestHttpService::probesAreCountedNotLogged()
{
    Store &store = m_service.context->store();
    const auto counted = [&store](const ProbeKey &kind) {
        const QList<ProbeCounters::Count> counts
            = store.probes().countsOn(QDateTime::currentDateTimeUtc().date());
        for (const ProbeCounters::Count &count : counts) {
            if (count.key.channel == kind.channel && count.key.method == kind.method
                && count.key.route == kind.route && count.key.operationId == kind.operationId
                && count.key.status == kind.status)
                return count.calls;
        }
        return qint64(0);
    };
    const ProbeKey health { {}, u"key"_s, u"GET"_s, u"/v1/health"_s, {}, 200 };
    const ProbeKey missing { {}, u"http"_s, u"GET"_s, u"*"_s, {}, 404 };
    const ProbeKey noKey { {}, u"key"_s, u"GET"_s, u"*"_s, u"eu.iban.check"_s, 401 };
    const qint64 healthBefore = counted(health);
    const qint64 missingBefore = counted(missing);
    const qint64 noKeyBefore = counted(noKey);
    QSignalSpy spy(m_service.host.get(), &ServiceHost::callCompleted);

    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_service.client->get(u"/v1/health"_s).status, 200);
    // Paths a client makes up share one counter: the table cannot grow with them.
    QCOMPARE(m_service.client->get(u"/no-such-path-a"_s).status, 404);
    QCOMPARE(m_service.client->get(u"/no-such-path-b"_s).status, 404);
    QCOMPARE(m_service.client->get(u"/v1/iban?value="_s + ValidIban).status, 401);
    // The console still sees each of them live.
    QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 6, 5000);

    QCOMPARE(counted(health) - healthBefore, 3);
    QCOMPARE(counted(missing) - missingBefore, 2);
    QCOMPARE(counted(noKey) - noKeyBefore, 1);
    // Not one call_log row among them; a call with a key still gets its row.
    QCOMPARE(m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key)).status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 7, 5000);
    const QList<CallRecord> logged = store.calls().recentCalls(1000);
    for (const CallRecord &call : logged) {
        QVERIFY2(call.target != u"/v1/health"_s && !call.target.startsWith(u"/no-such-path"_s),
            qPrintable(call.target));
        // MCP messages keep their rows: a paid tool call is named by neither a key nor an operation id.
        const bool mcpMessage = call.channel == u"mcp"_s && call.method == u"POST"_s;
        QVERIFY2(
            mcpMessage || !call.principal.isEmpty() || (!call.operationId.isEmpty() && call.status < 400),
            qPrintable(call.target));
    }
    QVERIFY(std::any_of(logged.cbegin(), logged.cend(),
        [this](const CallRecord &call) { return call.status == 200 && m_key.startsWith(call.principal); }));
    QCOMPARE(m_service.client
                 ->post(u"/mcp"_s, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})",
                     { { "Accept", "application/json, text/event-stream" } })
                 .status,
        200);
    QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 8, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(store.calls().recentCalls(1).value(0).target, u"/mcp"_s, 5000);
}

void TestHttpService::everyAnswerCarriesItsRequestId()
{
    QSignalSpy spy(m_service.host.get(), &ServiceHost::callCompleted);
    const auto ok = m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key));
    const auto missing = m_service.client->get(u"/nowhere"_s);
    const QByteArray first = ok.header("X-Request-Id");
    const QByteArray second = missing.header("X-Request-Id");
    QVERIFY2(QRegularExpression(u"^[0-9a-z]{8}-[0-9a-z]+$"_s).match(QString::fromLatin1(first)).hasMatch(),
        first.constData());
    QVERIFY(!second.isEmpty());
    QVERIFY(first != second);
    QCOMPARE(first.left(9), second.left(9)); // one process, one prefix
    // The call log names the call by the id its client saw.
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(spy.cbegin(), spy.cend(),
                                 [&](const QList<QVariant> &args) {
                                     return args.at(0).value<CallRecord>().requestId
                                         == QString::fromLatin1(first);
                                 }),
        5000);
    // A client's own X-Request-Id is not believed (no trusted proxy is configured here).
    const auto spoofed
        = m_service.client->get(u"/v1/health"_s, { { "X-Request-Id", "chosen-by-the-client-123" } });
    QVERIFY(spoofed.header("X-Request-Id") != "chosen-by-the-client-123");
}

void TestHttpService::metricsCountRequestsForALocalScraper()
{
    const auto before = m_service.client->get(u"/metrics"_s);
    QCOMPARE(before.status, 200); // loopback: the default metrics/access is local
    QVERIFY(before.header("Content-Type").startsWith("text/plain; version=0.0.4"));
    const auto count = [](const QByteArray &text, const QByteArray &series) {
        for (const QByteArray &line : text.split('\n'))
            if (line.startsWith(QByteArray(series + ' ')))
                return line.mid(series.size() + 1).toLongLong();
        return qint64(0);
    };
    const QByteArray iban
        = "ades_http_requests_total{channel=\"key\",route=\"eu.iban.check\",status=\"200\"}";
    const qint64 ibanBefore = count(before.body, iban);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_service.client->get(u"/v1/iban?value="_s + ValidIban, withKey(m_key)).status, 200);
    QCOMPARE(m_service.client->get(u"/nowhere/DE89370400440532013000"_s).status, 404);
    QCOMPARE(m_service.client->get(u"/v1/vat?value="_s + ValidVat, withKey(m_key)).status, 200); // asks VIES
    const auto after = m_service.client->get(u"/metrics"_s);
    QCOMPARE(count(after.body, iban), ibanBefore + 3);
    // What a client typed never becomes a label.
    QVERIFY(!after.body.contains("DE89370400440532013000"));
    QVERIFY(after.body.contains("ades_http_requests_total{channel=\"http\",route=\"*\",status=\"404\"}"));
    QVERIFY(count(after.body, "ades_http_request_duration_seconds_count{channel=\"key\"}") >= 3);
    QVERIFY(after.body.contains("ades_http_request_duration_seconds_bucket{channel=\"key\",le=\"+Inf\"}"));
    QVERIFY(after.body.contains("# TYPE ades_revenue_usdc_atomic_total counter"));
    QVERIFY(after.body.contains("ades_http_requests_in_flight "));
    QVERIFY(after.body.contains("# TYPE ades_store_pending_writes gauge\nades_store_pending_writes "));
    // Every registered source is listed, VIES with the answers the calls above got from the fake.
    QVERIFY(count(after.body, "ades_upstream_answers_total{source=\"vies\",outcome=\"success\"}") >= 1);
    QVERIFY(after.body.contains("ades_upstream_last_success_timestamp_seconds{source=\"vies\"}"));

    // A public client relayed by a trusted proxy on this machine is not local: refused without the token.
    test::RunningService proxied;
    QVERIFY(proxied.start({ { u"http/trusted_proxies"_s, u"127.0.0.1"_s },
        { u"metrics/token"_s, u"scraper-token-0123456789"_s } }));
    const QPair<QByteArray, QByteArray> relayed { "X-Forwarded-For", "198.51.100.9" };
    auto r = proxied.client->get(u"/metrics"_s, { relayed });
    QCOMPARE(r.status, 401);
    QVERIFY(!r.body.contains("ades_http_requests_total"));
    r = proxied.client->get(u"/metrics"_s, { relayed, { "Authorization", "Bearer wrong-token" } });
    QCOMPARE(r.status, 401);
    r = proxied.client->get(
        u"/metrics"_s, { relayed, { "Authorization", "Bearer scraper-token-0123456789" } });
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.contains("# TYPE ades_http_requests_total counter"));
    // The trusted proxy's request id is the call's id, so nginx's log and ours agree.
    r = proxied.client->get(u"/v1/health"_s, { relayed, { "X-Request-Id", "5f0c1e9a7b3d4c2e8f6a" } });
    QCOMPARE(r.header("X-Request-Id"), QByteArray("5f0c1e9a7b3d4c2e8f6a"));
    // metrics/access = off: the path does not exist.
    test::RunningService closed;
    QVERIFY(closed.start({ { u"metrics/access"_s, u"off"_s } }));
    QCOMPARE(closed.client->get(u"/metrics"_s).status, 404);
}

void TestHttpService::accessLogLineHasNoSecrets()
{
    CallRecord record;
    record.at = QDateTime(QDate(2026, 11, 29), QTime(12, 0, 1, 250), Qt::UTC);
    record.requestId = u"abc12345-1"_s;
    record.method = u"GET"_s;
    record.target = u"/x402/iban/DE89370400440532013000"_s;
    record.status = 200;
    record.channel = u"x402"_s;
    record.operationId = u"eu.iban.check"_s;
    record.latencyMs = 12;
    record.priceUnits = 2000;
    record.network = u"eip155:8453"_s;
    record.principal = u"0xpayer"_s;
    const QByteArray text = AccessLog::line(record, u"192.0.2.7"_s);
    const QJsonObject line = QJsonDocument::fromJson(text).object();
    // One compact JSON object with its keys in order, as log tools expect it.
    QCOMPARE(text, QJsonDocument(line).toJson(QJsonDocument::Compact));
    QCOMPARE(line.value(u"ts"_s).toString(), u"2026-11-29T12:00:01.250Z"_s);
    QCOMPARE(line.value(u"request_id"_s).toString(), u"abc12345-1"_s);
    QCOMPARE(line.value(u"client"_s).toString(), u"192.0.2.7"_s);
    QCOMPARE(line.value(u"status"_s).toInt(), 200);
    QCOMPARE(line.value(u"operation"_s).toString(), u"eu.iban.check"_s);
    QCOMPARE(line.value(u"price_atomic"_s).toString(), u"2000"_s);
    QCOMPARE(line.value(u"network"_s).toString(), u"eip155:8453"_s);
    QVERIFY(!line.contains(u"principal"_s));
    QCOMPARE(line.keys().size(), 11);

    // A path a client made up stays one well-formed line, whatever it holds; an unpaid call has no price.
    record.target = u"/v1/\"quoted\"\n\tü\\"_s;
    record.priceUnits = 0;
    record.operationId.clear();
    const QByteArray odd = AccessLog::line(record, u"2001:db8::1"_s);
    QVERIFY(!odd.contains('\n'));
    const QJsonObject parsed = QJsonDocument::fromJson(odd).object();
    QCOMPARE(parsed.value(u"path"_s).toString(), record.target);
    QCOMPARE(parsed.keys(),
        QStringList({ u"channel"_s, u"client"_s, u"latency_ms"_s, u"method"_s, u"path"_s, u"request_id"_s,
            u"status"_s, u"ts"_s }));
}

QTEST_GUILESS_MAIN(TestHttpService)
#include "TestHttpService.moc"
