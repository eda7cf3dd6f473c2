// The front door of the complete service (issue 12): what one client, an unauthenticated upload or a
// crowd of uploads can take from everyone else, attacked on loopback with bounded loops.

#include "RawHttpClient.h"
#include "RunningService.h"
#include "TestData.h"
#include "TestPayments.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QByteArray GatewaySecret = "front door gateway secret";
constexpr qint64 MiB = 1024 * 1024;

// A real UBL invoice padded with an XML comment to exactly `size` bytes: validated like any invoice.
QByteArray invoiceOfSize(qint64 size)
{
    QFile f(sharedDataDir() + u"/einvoice/invoices/ubl/cen-examples/guide-example1.xml"_s);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray xml = f.readAll();
    const QByteArray open = "\n<!-- ";
    const QByteArray close = " -->\n";
    return xml + open + QByteArray(size - xml.size() - open.size() - close.size(), 'x') + close;
}

// The header block of a large upload whose body is never sent.
QByteArray uploadHead(const QByteArray &method, const QByteArray &path, const QByteArray &extraHeaders,
    qint64 contentLength = 20 * MiB)
{
    QByteArray framing = contentLength < 0 ? QByteArray("Transfer-Encoding: chunked\r\n")
                                           : "Content-Length: " + QByteArray::number(contentLength) + "\r\n";
    return method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\n"
        + "Expect: 100-continue\r\n" + extraHeaders + framing + "\r\n";
}

} // namespace

class TestFrontDoor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void oneAddressCannotTakeEveryConnection();
    void connectionCloseClosesPromptly_data();
    void connectionCloseClosesPromptly();
    void largeUploadIsAnsweredBeforeItsBody_data();
    void largeUploadIsAnsweredBeforeItsBody();
    void concurrentUploadsAreBounded();
    void documentedUploadLimitHolds_data();
    void documentedUploadLimitHolds();

private:
    RunningService m_service; // x402 offered, a gateway, one upload at a time
    RunningService m_crowded; // default limits, for the crowd of idle sockets
    QString m_key;
    QString m_spentKey;
};

void TestFrontDoor::initTestCase()
{
    QHash<QString, QString> settings = localX402Settings(u"http://127.0.0.1:1"_s);
    settings.insert(u"gateway/proxy_secret_sha256"_s,
        QString::fromLatin1(QCryptographicHash::hash(GatewaySecret, QCryptographicHash::Sha256).toHex()));
    settings.insert(u"http/max_concurrent_uploads"_s, u"1"_s);
    QVERIFY(m_service.start(settings));
    QVERIFY(m_crowded.start());
    const auto key = m_service.context->store().keys().create(u"t"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    m_key = key.value().key;
    const auto spent = m_service.context->store().keys().create(u"spent"_s, u"free"_s, 0);
    QVERIFY(spent.ok());
    m_spentKey = spent.value().key;
}

// 300 idle sockets from one address used to fill every slot of the connection cap (256): /v1/health answered
// 503 to everyone for 40 s. Now the address gets 429 beyond its own 32 and other clients are served.
void TestFrontDoor::oneAddressCannotTakeEveryConnection()
{
    const quint16 port = m_crowded.host->port();
    std::vector<std::unique_ptr<RawHttpClient>> crowd;
    for (int i = 0; i < 300; ++i)
        crowd.push_back(std::make_unique<RawHttpClient>(port, QHostAddress(u"127.0.0.1"_s)));
    const auto refused = [&crowd]() {
        int n = 0;
        for (const auto &client : crowd)
            n += client->waitForResponses(1, 0) && client->responses().first().status == 429;
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(refused(), 300 - 32, 20000);

    RawHttpClient other(port, QHostAddress(u"127.0.0.2"_s));
    QVERIFY(other.waitConnected());
    other.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QVERIFY(other.waitForResponses(1, 5000));
    QCOMPARE(other.responses().first().status, 200);
    QCOMPARE(other.responses().first().json().value(u"ok"_s), QJsonValue(true));
}

void TestFrontDoor::connectionCloseClosesPromptly_data()
{
    QTest::addColumn<QByteArray>("request");

    QTest::newRow("http11-close") << QByteArray(
        "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QTest::newRow("http10") << QByteArray("GET /v1/health HTTP/1.0\r\n\r\n");
}

// The socket used to stay open for the 30 s idle timeout after the response.
void TestFrontDoor::connectionCloseClosesPromptly()
{
    QFETCH(QByteArray, request);

    RawHttpClient client(m_service.host->port());
    QVERIFY(client.waitConnected());
    client.send(request);
    QVERIFY(client.waitForResponses(1, 5000));
    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, 200);
    QCOMPARE(response.header("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed(5000));
    QCOMPARE(client.trailingBytes(), 0);
}

void TestFrontDoor::largeUploadIsAnsweredBeforeItsBody_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("status"); // 100: let through to the body
    QTest::addColumn<QString>("errorCode");

    const QByteArray key = "X-API-Key: " + m_key.toUtf8() + "\r\n";
    QTest::newRow("key-missing") << uploadHead("POST", "/v1/einvoice", {}) << 401 << u"missing_api_key"_s;
    QTest::newRow("key-missing-chunked")
        << uploadHead("POST", "/v1/einvoice", {}, -1) << 401 << u"missing_api_key"_s;
    QTest::newRow("key-unknown") << uploadHead("POST", "/v1/einvoice", "X-API-Key: ades_nosuchkey\r\n") << 401
                                 << u"invalid_api_key"_s;
    QTest::newRow("key-spent") << uploadHead(
        "POST", "/v1/einvoice", "X-API-Key: " + m_spentKey.toUtf8() + "\r\n")
                               << 402 << u"free_tier_exhausted"_s;
    QTest::newRow("gateway-wrong-secret")
        << uploadHead("POST", "/v1/einvoice", "x-gateway-proxy-secret: no\r\n") << 401
        << u"invalid_gateway_secret"_s;
    QTest::newRow("x402-no-payment") << uploadHead("POST", "/x402/einvoice", {}) << 402 << QString();
    QTest::newRow("x402-unreadable-payment")
        << uploadHead("POST", "/x402/einvoice", "PAYMENT-SIGNATURE: !!!\r\n") << 402 << QString();
    QTest::newRow("wrong-method") << uploadHead("PUT", "/v1/einvoice", key) << 405 << u"method_not_allowed"_s;
    QTest::newRow("key-valid") << uploadHead("POST", "/v1/einvoice", key) << 100 << QString();
    QTest::newRow("gateway-secret") << uploadHead(
        "POST", "/v1/einvoice", "x-gateway-proxy-secret: " + GatewaySecret + "\r\n")
                                    << 100 << QString();
}

// 100 concurrent 25 MB uploads without a key used to cost 3 GB: the key channel read every body before it
// asked for the key. Now the channel's 401/402 comes from the header block, and the body is never read.
void TestFrontDoor::largeUploadIsAnsweredBeforeItsBody()
{
    QFETCH(QByteArray, head);
    QFETCH(int, status);
    QFETCH(QString, errorCode);

    RawHttpClient client(m_service.host->port());
    QVERIFY(client.waitConnected());
    client.send(head);
    QVERIFY(client.waitForResponses(1, 5000));
    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, status);
    if (status == 100) {
        client.close();
        // This service takes one upload at a time: the next row may start only once the server has seen
        // this close and given the slot back.
        QTRY_COMPARE_WITH_TIMEOUT(m_service.host->uploadsInProgress(), 0, 5000);
        return;
    }
    QCOMPARE(response.header("Connection"), QByteArray("close"));
    QCOMPARE(response.header("Access-Control-Allow-Origin"), QByteArray("*"));
    QVERIFY(client.waitForClosed(5000));
    if (status == 402 && errorCode.isEmpty()) {
        // The x402 challenge, as the channel gives it after reading a small body.
        const QJsonObject required
            = QJsonDocument::fromJson(QByteArray::fromBase64(response.header("PAYMENT-REQUIRED"))).object();
        QCOMPARE(required.value(u"x402Version"_s).toInt(), 2);
        QVERIFY(!required.value(u"accepts"_s).toArray().isEmpty());
        QCOMPARE(required.value(u"resource"_s).toObject().value(u"url"_s).toString().section(u'/', 3),
            u"x402/einvoice"_s);
        QCOMPARE(response.json(), required);
        return;
    }
    QCOMPARE(response.json().value(u"error_code"_s).toString(), errorCode);
    QCOMPARE(response.json().value(u"charged"_s), QJsonValue(false));
    if (errorCode.endsWith(u"api_key"_s))
        QCOMPARE(response.header("WWW-Authenticate"), QByteArray("ApiKey header=\"X-API-Key\""));
    if (status == 405)
        QCOMPARE(response.header("Allow"), QByteArray("POST"));
}

// http/max_concurrent_uploads = 1 here: a second large upload waits its turn with 503 and Retry-After.
void TestFrontDoor::concurrentUploadsAreBounded()
{
    const quint16 port = m_service.host->port();
    const QByteArray head = uploadHead("POST", "/v1/einvoice", "X-API-Key: " + m_key.toUtf8() + "\r\n");
    // An upload that got its 100 Continue, so holds the slot; earlier tests' uploads may still be closing.
    const auto startUpload = [port, &head]() {
        auto client = std::make_unique<RawHttpClient>(port);
        if (client->waitConnected()) {
            client->send(head);
            if (client->waitForResponses(1, 2000) && client->responses().first().status == 100)
                return client;
        }
        return std::unique_ptr<RawHttpClient>();
    };
    std::unique_ptr<RawHttpClient> first;
    QTRY_VERIFY_WITH_TIMEOUT((first = startUpload()) != nullptr, 10000);

    RawHttpClient second(port);
    QVERIFY(second.waitConnected());
    second.send(head);
    QVERIFY(second.waitForResponses(1, 5000));
    const RawResponse busy = second.responses().first();
    QCOMPARE(busy.status, 503);
    QCOMPARE(busy.json().value(u"error_code"_s).toString(), u"too_many_uploads"_s);
    QCOMPARE(busy.json().value(u"retryable"_s), QJsonValue(true));
    QVERIFY(!busy.header("Retry-After").isEmpty());

    // The first upload gives up: its slot is free again.
    first.reset();
    std::unique_ptr<RawHttpClient> next;
    QTRY_VERIFY_WITH_TIMEOUT((next = startUpload()) != nullptr, 10000);
}

void TestFrontDoor::documentedUploadLimitHolds_data()
{
    QTest::addColumn<qint64>("documentBytes");
    QTest::addColumn<bool>("asJson");
    QTest::addColumn<int>("status");

    // docs/interface.md §8: a 24 MiB body (http/max_upload_bytes); the document schema used to stop at 16 MiB
    // (422 too_long).
    QTest::newRow("raw-24MiB") << 24 * MiB << false << 200;
    QTest::newRow("raw-24MiB-and-one-byte") << 24 * MiB + 1 << false << 413;
    // As base64 inside JSON, 24 MiB of body hold an 18 MiB document.
    QTest::newRow("json-17MiB") << 17 * MiB << true << 200;
}

void TestFrontDoor::documentedUploadLimitHolds()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(qint64, documentBytes);
    QFETCH(bool, asJson);
    QFETCH(int, status);

    if (status == 413) {
        // Refused from the header block; the body is never sent.
        RawHttpClient client(m_service.host->port());
        QVERIFY(client.waitConnected());
        client.send(
            uploadHead("POST", "/v1/einvoice", "X-API-Key: " + m_key.toUtf8() + "\r\n", documentBytes));
        QVERIFY(client.waitForResponses(1, 5000));
        QCOMPARE(client.responses().first().status, 413);
        return;
    }
    const QByteArray document = invoiceOfSize(documentBytes);
    QCOMPARE(document.size(), documentBytes);
    const QByteArray body = asJson
        ? QJsonDocument(QJsonObject { { u"document"_s, QString::fromLatin1(document.toBase64()) } })
              .toJson(QJsonDocument::Compact)
        : document;
    const HttpTestResponse r = m_service.client->post(u"/v1/einvoice"_s, body,
        { { "X-API-Key", m_key.toUtf8() } }, asJson ? "application/json" : "application/xml");
    QCOMPARE(r.status, status);
    if (status == 200) {
        QCOMPARE(r.json().value(u"syntax"_s).toString(), u"UBL"_s);
        QCOMPARE(r.json().value(u"document_sha256"_s).toString(),
            QString::fromLatin1(QCryptographicHash::hash(document, QCryptographicHash::Sha256).toHex()));
    }
}

QTEST_GUILESS_MAIN(TestFrontDoor)
#include "TestFrontDoor.moc"
