#include "RawHttpClient.h"
#include "http/ConnectionBudget.h"
#include "http/GuardedTcpServer.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

// Short limits so that every deadline passes within a fraction of a second.
GuardLimits testLimits()
{
    GuardLimits limits;
    limits.maxBodyBytes = 1024;
    limits.maxUploadBodyBytes = 4096;
    limits.uploadPaths = { "/upload" };
    limits.maxHeaderBytes = 1024;
    limits.requestTimeoutMs = 300;
    limits.idleTimeoutMs = 500;
    limits.maxConnections = 16;
    return limits;
}

// Under pressure at two of four connections, with busy timeouts far below the normal ones.
GuardLimits busyLimits()
{
    GuardLimits limits = testLimits();
    limits.maxConnections = 4;
    limits.busyPercent = 50; // two open connections
    limits.idleTimeoutMs = 20000;
    limits.requestTimeoutMs = 20000;
    limits.busyIdleTimeoutMs = 300;
    limits.busyHeaderTimeoutMs = 400;
    return limits;
}

// Coarse timers may fire up to 5 % early.
qint64 earliest(int timeoutMs)
{
    return timeoutMs * 9 / 10;
}

QByteArray get(const QByteArray &path)
{
    return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
}

QByteArray post(const QByteArray &body, const QByteArray &target = "/echo")
{
    return "POST " + target
        + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
          "application/octet-stream\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

QByteArray chunk(qsizetype size)
{
    return QByteArray::number(size, 16) + "\r\n" + QByteArray(size, 'c') + "\r\n";
}

// "seq=2" for /seq/<n>, "bytes=5" for /echo: what a response tells about the request it answers.
QString summary(const RawResponse &response)
{
    const QJsonObject json = response.json();
    if (json.contains(u"seq"_s))
        return u"seq=%1"_s.arg(json.value(u"seq"_s).toInt());
    return u"bytes=%1"_s.arg(json.value(u"bytes"_s).toInteger());
}

} // namespace

class TestHttpGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void getIsAnswered();
    void keepAliveServesNextRequest();
    void blankLinesBeforeRequestAreSkipped();
    void bodyWithinLimitIsAccepted_data();
    void bodyWithinLimitIsAccepted();
    void refusesBadRequest_data();
    void refusesBadRequest();
    void headerLimitIsExact_data();
    void headerLimitIsExact();
    void incompleteRequestGets408AtDeadline_data();
    void incompleteRequestGets408AtDeadline();
    void tricklingClientGets408AtDeadline();
    void idleConnectionIsClosedSilently_data();
    void idleConnectionIsClosedSilently();
    void connectionAboveCapGets503();
    void expectContinueIsAnsweredBeforeBody_data();
    void expectContinueIsAnsweredBeforeBody();
    void pipelinedRequestsAreAnsweredInOrder_data();
    void pipelinedRequestsAreAnsweredInOrder();
    void pipelinedRequestIsGuardedToo_data();
    void pipelinedRequestIsGuardedToo();

    // RFC 9112 framing and connection handling
    void hostIsOptionalOnlyInHttp10();
    void chunkedTrailerIsReadAndSkipped_data();
    void chunkedTrailerIsReadAndSkipped();
    void chunkedTrailerInLaterRead_data();
    void chunkedTrailerInLaterRead();
    void connectionCloseIsHonoured_data();
    void connectionCloseIsHonoured();

    // One client cannot take every connection
    void oneAddressCannotTakeEveryConnection();
    void trustedProxyIsNotLimitedAsOneClient();
    void idleKeptAliveConnectionGivesWayAtCap();
    void busyServerClosesIdleConnectionsSooner();
    void busyServerGivesHeadersLessTime();

    // Large uploads
    void largeUploadIsGatedBeforeItsBody_data();
    void largeUploadIsGatedBeforeItsBody();
    void concurrentLargeUploadsAreBounded();
    void uploadSlotIsReturnedWhenClientLeaves();

private:
    void startServer(const GuardLimits &limits);
    // Lets a large upload through only with `X-Key: good`; 401 before the body otherwise.
    void installBodyGate();

    QList<HttpRequestData> m_gated; // heads the body gate was asked about

    std::unique_ptr<QHttpServer> m_http;
    GuardedTcpServer *m_guard = nullptr; // owned by m_http
    quint16 m_port = 0;
};

void TestHttpGuard::startServer(const GuardLimits &limits)
{
    m_http = std::make_unique<QHttpServer>();
    m_http->route(u"/ping"_s, QHttpServerRequest::Method::Get, [] {
        return QHttpServerResponse(
            "application/json", QByteArray(R"({"pong":true})"), QHttpServerResponse::StatusCode::Ok);
    });
    m_http->route(u"/seq/<arg>"_s, QHttpServerRequest::Method::Get, [](int n) {
        return QHttpServerResponse("application/json",
            QJsonDocument(QJsonObject { { u"seq"_s, n } }).toJson(QJsonDocument::Compact),
            QHttpServerResponse::StatusCode::Ok);
    });
    const auto echo = [](const QHttpServerRequest &request) {
        const QJsonObject answer { { u"bytes"_s, qint64(request.body().size()) } };
        return QHttpServerResponse("application/json", QJsonDocument(answer).toJson(QJsonDocument::Compact),
            QHttpServerResponse::StatusCode::Ok);
    };
    m_http->route(u"/echo"_s, QHttpServerRequest::Method::Post, echo);
    m_http->route(u"/upload"_s, QHttpServerRequest::Method::Post, echo);
    auto *guard = new GuardedTcpServer(limits);
    QVERIFY(guard->listen(QHostAddress::LocalHost, 0));
    m_http->bind(guard);
    m_guard = guard;
    m_port = guard->serverPort();
}

void TestHttpGuard::installBodyGate()
{
    m_gated.clear();
    m_guard->setBodyGate([this](const HttpRequestData &head) -> std::optional<HttpAnswer> {
        m_gated.append(head);
        if (head.header("X-Key") == "good")
            return std::nullopt;
        return HttpAnswer::error(
            ServiceError(ServiceError::Kind::Unauthorized, u"missing_api_key"_s, u"Send X-Key."_s),
            { { "WWW-Authenticate", "ApiKey header=\"X-Key\"" } });
    });
}

void TestHttpGuard::init()
{
    startServer(testLimits());
}

void TestHttpGuard::cleanup()
{
    m_guard = nullptr;
    m_http.reset();
}

void TestHttpGuard::getIsAnswered()
{
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(get("/ping"));
    QVERIFY(client.waitForResponses(1));
    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, 200);
    QCOMPARE(response.json().value(u"pong"_s), QJsonValue(true));
    QVERIFY(!client.isClosed());
    QCOMPARE(m_guard->openConnections(), 1);
}

void TestHttpGuard::keepAliveServesNextRequest()
{
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(get("/seq/1"));
    QVERIFY(client.waitForResponses(1));
    client.send(post("hello"));
    QVERIFY(client.waitForResponses(2));
    client.send(get("/seq/3"));
    QVERIFY(client.waitForResponses(3));
    const QList<RawResponse> responses = client.responses();
    QCOMPARE(summary(responses.at(0)), u"seq=1"_s);
    QCOMPARE(summary(responses.at(1)), u"bytes=5"_s);
    QCOMPARE(summary(responses.at(2)), u"seq=3"_s);
    QVERIFY(!client.isClosed());
}

void TestHttpGuard::blankLinesBeforeRequestAreSkipped()
{
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send("\r\n\r\n" + get("/ping"));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses().first().status, 200);
}

void TestHttpGuard::bodyWithinLimitIsAccepted_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<qint64>("bodyBytes");

    QTest::newRow("content-length") << post(QByteArray(1000, 'b')) << qint64(1000);
    QTest::newRow("content-length-at-limit") << post(QByteArray(1024, 'b')) << qint64(1024);
    QTest::newRow("chunked") << QByteArray(
        "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked"
        "\r\n\r\n"
        + chunk(512) + chunk(256) + "0\r\n\r\n")
                             << qint64(768);
    // Upload paths take documents larger than the argument limit.
    QTest::newRow("upload-content-length") << post(QByteArray(3000, 'u'), "/upload") << qint64(3000);
    QTest::newRow("upload-with-query")
        << post(QByteArray(4096, 'u'), "/upload?filename=a.xml") << qint64(4096);
    QTest::newRow("upload-chunked") << QByteArray(
        "POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked"
        "\r\n\r\n"
        + chunk(2000) + chunk(1500) + "0\r\n\r\n")
                                    << qint64(3500);
}

void TestHttpGuard::bodyWithinLimitIsAccepted()
{
    QFETCH(QByteArray, request);
    QFETCH(qint64, bodyBytes);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(request);
    QVERIFY(client.waitForResponses(1));
    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, 200);
    QCOMPARE(response.json().value(u"bytes"_s).toInteger(), bodyBytes);
    QVERIFY(!client.isClosed());
    QCOMPARE(rejected.size(), 0);
}

void TestHttpGuard::refusesBadRequest_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("errorCode");

    const QByteArray head = "POST /echo HTTP/1.1\r\nHost: localhost\r\n";
    const QByteArray filler(1100, 'f');

    // No body is sent: the refusal must come from the header alone.
    QTest::newRow("content-length-over-limit") << head + "Content-Length: 5000\r\n\r\n"
                                               << 413 << u"payload_too_large"_s;
    QTest::newRow("content-length-one-over-limit") << head + "Content-Length: 1025\r\n\r\n"
                                                   << 413 << u"payload_too_large"_s;
    // The upload limit belongs to the upload path alone, and is exact there too.
    QTest::newRow("upload-size-elsewhere") << head + "Content-Length: 3000\r\n\r\n"
                                           << 413 << u"payload_too_large"_s;
    QTest::newRow("upload-path-prefix-only")
        << QByteArray("POST /upload/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3000\r\n\r\n") << 413
        << u"payload_too_large"_s;
    QTest::newRow("upload-one-over-limit")
        << QByteArray("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4097\r\n\r\n") << 413
        << u"payload_too_large"_s;
    QTest::newRow("upload-chunked-over-limit")
        << QByteArray("POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            + chunk(3000) + chunk(1500)
        << 413 << u"payload_too_large"_s;
    QTest::newRow("expect-continue-over-limit")
        << head + "Content-Length: 5000\r\nExpect: 100-continue\r\n\r\n"
        << 413 << u"payload_too_large"_s;
    QTest::newRow("chunked-over-limit")
        << head + "Transfer-Encoding: chunked\r\n\r\n" + chunk(2048) << 413 << u"payload_too_large"_s;
    QTest::newRow("chunked-over-limit-in-small-chunks")
        << head + "Transfer-Encoding: chunked\r\n\r\n" + chunk(300) + chunk(300) + chunk(300) + chunk(300)
        << 413 << u"payload_too_large"_s;
    QTest::newRow("headers-over-limit") << "GET /ping HTTP/1.1\r\nHost: localhost\r\nX-Filler: " + filler
            + "\r\n\r\n" << 431 << u"headers_too_large"_s;
    QTest::newRow("headers-over-limit-unterminated")
        << "GET /ping HTTP/1.1\r\nX-Filler: " + filler << 431 << u"headers_too_large"_s;
    QTest::newRow("request-line-over-limit") << "GET /" + filler << 431 << u"request_line_too_large"_s;
    QTest::newRow("garbage-request-line") << QByteArray("HELLO\r\n\r\n") << 400 << u"invalid_request_line"_s;
    QTest::newRow("missing-version") << QByteArray("GET /ping\r\n\r\n") << 400 << u"invalid_request_line"_s;
    QTest::newRow("bad-version") << QByteArray("GET /ping HTTQ/1.1\r\n") << 400 << u"invalid_request_line"_s;
    // The start of a TLS ClientHello: refused at once, without a line end.
    QTest::newRow("tls-on-plain-port")
        << QByteArray::fromHex("160301020001") << 400 << u"invalid_request_line"_s;
    QTest::newRow("invalid-content-length") << head + "Content-Length: 12abc\r\n\r\n"
                                            << 400 << u"invalid_content_length"_s;
    QTest::newRow("conflicting-content-lengths")
        << head + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello" << 400 << u"invalid_content_length"_s;
    QTest::newRow("content-length-with-chunked")
        << head + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
        << 400 << u"conflicting_body_length"_s;
    // RFC 9112 §3.2: Host.
    QTest::newRow("missing-host") << QByteArray("GET /ping HTTP/1.1\r\n\r\n") << 400 << u"missing_host"_s;
    QTest::newRow("two-hosts") << QByteArray("GET /ping HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") << 400
                               << u"invalid_host"_s;
    QTest::newRow("http10-two-hosts")
        << QByteArray("GET /ping HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") << 400 << u"invalid_host"_s;
    QTest::newRow("invalid-host") << QByteArray("GET /ping HTTP/1.1\r\nHost: a b/c\r\n\r\n") << 400
                                  << u"invalid_host"_s;
    // RFC 9112 §5.1, §5.2: header field syntax.
    QTest::newRow("folded-header") << QByteArray(
        "GET /ping HTTP/1.1\r\nHost: localhost\r\nX-A: 1\r\n continued\r\n\r\n")
                                   << 400 << u"invalid_header_field"_s;
    QTest::newRow("space-before-colon")
        << QByteArray("GET /ping HTTP/1.1\r\nHost : localhost\r\n\r\n") << 400 << u"invalid_header_field"_s;
    // RFC 9112 §6.1, §6.3: only exactly "chunked" as the final coding frames a body.
    QTest::newRow("xchunked") << head + "Transfer-Encoding: xchunked\r\n\r\n"
                              << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("gzip-then-chunked") << head + "Transfer-Encoding: gzip, chunked\r\n\r\n"
                                       << 501 << u"unsupported_transfer_encoding"_s;
    QTest::newRow("chunked-then-identity") << head + "Transfer-Encoding: chunked, identity\r\n\r\n"
                                           << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("chunked-twice") << head
            + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
                                   << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("chunked-with-parameter") << head + "Transfer-Encoding: chunked;q=1\r\n\r\n"
                                            << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("empty-transfer-encoding") << head + "Transfer-Encoding: ,\r\n\r\n"
                                             << 400 << u"invalid_transfer_encoding"_s;
    QTest::newRow("http10-with-transfer-encoding")
        << QByteArray("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n") + chunk(5) + "0\r\n\r\n"
        << 400 << u"invalid_transfer_encoding"_s;
    // RFC 9112 §7.1: chunk framing, which QHttpServer 6.4 reads leniently.
    const QByteArray chunked = head + "Transfer-Encoding: chunked\r\n\r\n";
    QTest::newRow("garbage-after-last-chunk") << chunked + chunk(5) + "0\r\nGARBAGE\r\n\r\n"
                                              << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("request-in-trailer")
        << chunked + chunk(5) + "0\r\nX-A: 1\r\n" + get("/seq/2") << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("chunk-size-not-hex") << chunked + "zz\r\nhello\r\n0\r\n\r\n"
                                        << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("chunk-size-with-0x") << chunked + "0x5\r\nhello\r\n0\r\n\r\n"
                                        << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("empty-chunk-size") << chunked + "\r\nhello\r\n0\r\n\r\n"
                                      << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("chunk-without-crlf") << chunked + "5\r\nhelloXX0\r\n\r\n"
                                        << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("chunk-bare-lf") << chunked + "5\nhello\r\n0\r\n\r\n" << 400 << u"invalid_chunked_body"_s;
    QTest::newRow("chunk-size-overflow") << chunked + "10000000000000005\r\nhello\r\n"
                                         << 400 << u"invalid_chunked_body"_s;
    // RFC 9112 §6.1: a transfer coding the server does not implement is 501.
    QTest::newRow("unknown-transfer-encoding") << head + "Transfer-Encoding: gzip\r\n\r\n"
                                               << 501 << u"unsupported_transfer_encoding"_s;
}

void TestHttpGuard::refusesBadRequest()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(QString, errorCode);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(request);
    QVERIFY(client.waitForResponses(1));
    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, status);
    QCOMPARE(response.header("Content-Type"), QByteArray("application/json"));
    QCOMPARE(response.header("Connection"), QByteArray("close"));

    const QJsonObject body = response.json();
    const QJsonObject error = body.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toString(), errorCode);
    QVERIFY(!error.value(u"message"_s).toString().isEmpty());
    QVERIFY(error.value(u"type"_s).isString());
    QCOMPARE(body.value(u"error_code"_s).toString(), errorCode);
    QCOMPARE(body.value(u"message"_s), error.value(u"message"_s));
    QCOMPARE(body.value(u"status_code"_s).toInt(), status);
    QCOMPARE(body.value(u"charged"_s), QJsonValue(false));
    QCOMPARE(body.value(u"settled"_s), QJsonValue(false));
    QCOMPARE(body.value(u"retryable"_s), QJsonValue(false));

    QVERIFY(client.waitForClosed());
    QCOMPARE(client.responses().size(), 1);
    QCOMPARE(client.trailingBytes(), 0);
    QCOMPARE(rejected.size(), 1);
    QCOMPARE(rejected.first().at(0).toInt(), status);
    QCOMPARE(rejected.first().at(1).toString(), errorCode);
    QTRY_COMPARE(m_guard->openConnections(), 0);
}

void TestHttpGuard::headerLimitIsExact_data()
{
    QTest::addColumn<qsizetype>("headerBytes");
    QTest::addColumn<int>("status");

    const qsizetype limit = testLimits().maxHeaderBytes;
    QTest::newRow("at-limit") << limit << 200;
    QTest::newRow("one-over") << limit + 1 << 431;
}

void TestHttpGuard::headerLimitIsExact()
{
    QFETCH(qsizetype, headerBytes);
    QFETCH(int, status);

    const QByteArray start = "GET /ping HTTP/1.1\r\nHost: localhost\r\nX-Filler: ";
    const QByteArray end = "\r\n\r\n";
    const QByteArray request = start + QByteArray(headerBytes - start.size() - end.size(), 'f') + end;
    QCOMPARE(request.size(), headerBytes);

    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(request);
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses().first().status, status);
}

void TestHttpGuard::incompleteRequestGets408AtDeadline_data()
{
    QTest::addColumn<QByteArray>("request");

    QTest::newRow("half-header") << QByteArray("GET /ping HTTP/1.1\r\nHost: loc");
    QTest::newRow("half-body") << post(QByteArray(100, 'b')).chopped(50);
    QTest::newRow("chunked-without-last-chunk")
        << QByteArray("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            + chunk(10);
}

void TestHttpGuard::incompleteRequestGets408AtDeadline()
{
    QFETCH(QByteArray, request);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    QElapsedTimer clock;
    clock.start();
    client.send(request);
    QVERIFY(client.waitForResponses(1));
    const qint64 elapsed = clock.elapsed();
    QVERIFY2(elapsed >= earliest(testLimits().requestTimeoutMs), QByteArray::number(elapsed).constData());

    const RawResponse response = client.responses().first();
    QCOMPARE(response.status, 408);
    QCOMPARE(response.json().value(u"error_code"_s).toString(), u"request_timeout"_s);
    QCOMPARE(response.json().value(u"retryable"_s), QJsonValue(true));
    QVERIFY(client.waitForClosed());
    QCOMPARE(rejected.size(), 1);
    QCOMPARE(rejected.first().at(0).toInt(), 408);
}

// Each byte arriving in time must not push the deadline back: it runs from the first byte.
void TestHttpGuard::tricklingClientGets408AtDeadline()
{
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    const QByteArray request = get("/ping");
    qsizetype sent = 0;
    QTimer trickle;
    trickle.setInterval(40);
    connect(&trickle, &QTimer::timeout, &trickle, [&] {
        if (sent < request.size())
            client.send(request.sliced(sent++, 1));
    });
    QElapsedTimer clock;
    clock.start();
    client.send(request.sliced(sent++, 1));
    trickle.start();
    QVERIFY(client.waitForResponses(1));
    const qint64 elapsed = clock.elapsed();
    trickle.stop();
    QCOMPARE(client.responses().first().status, 408);
    QVERIFY2(elapsed >= earliest(testLimits().requestTimeoutMs), QByteArray::number(elapsed).constData());
    // Had every byte restarted the deadline, the 408 would have come only after the whole request.
    QVERIFY2(sent < request.size(), QByteArray::number(sent).constData());
}

void TestHttpGuard::idleConnectionIsClosedSilently_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("responses");

    QTest::newRow("after-response") << get("/ping") << 1;
    QTest::newRow("no-request") << QByteArray() << 0;
    QTest::newRow("blank-lines-only") << QByteArray("\r\n\r\n") << 0;
}

void TestHttpGuard::idleConnectionIsClosedSilently()
{
    QFETCH(QByteArray, request);
    QFETCH(int, responses);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    if (!request.isEmpty())
        client.send(request);
    QVERIFY(client.waitForResponses(responses));
    QElapsedTimer clock;
    clock.start();
    QVERIFY(client.waitForClosed());
    const qint64 elapsed = clock.elapsed();
    QVERIFY2(elapsed >= earliest(testLimits().idleTimeoutMs) - 50, QByteArray::number(elapsed).constData());
    QCOMPARE(client.responses().size(), responses);
    QCOMPARE(client.trailingBytes(), 0);
    QCOMPARE(rejected.size(), 0);
    QTRY_COMPARE(m_guard->openConnections(), 0);
}

void TestHttpGuard::connectionAboveCapGets503()
{
    GuardLimits limits = testLimits();
    limits.maxConnections = 2;
    startServer(limits);

    RawHttpClient first(m_port);
    RawHttpClient second(m_port);
    QVERIFY(first.waitConnected());
    QVERIFY(second.waitConnected());
    QTRY_COMPARE(m_guard->openConnections(), 2);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient third(m_port);
    QVERIFY(third.waitForResponses(1));
    const RawResponse refusal = third.responses().first();
    QCOMPARE(refusal.status, 503);
    QCOMPARE(refusal.header("Connection"), QByteArray("close"));
    QCOMPARE(refusal.json().value(u"error_code"_s).toString(), u"too_many_connections"_s);
    QCOMPARE(refusal.json().value(u"retryable"_s), QJsonValue(true));
    QCOMPARE(refusal.json().value(u"status_code"_s).toInt(), 503);
    QVERIFY(third.waitForClosed());
    QCOMPARE(rejected.size(), 1);
    QCOMPARE(rejected.first().at(0).toInt(), 503);
    QCOMPARE(m_guard->openConnections(), 2);

    // The admitted connections are unaffected, and a closed one frees its place.
    first.send(get("/ping"));
    QVERIFY(first.waitForResponses(1));
    QCOMPARE(first.responses().first().status, 200);
    second.close();
    QTRY_COMPARE(m_guard->openConnections(), 1);
    RawHttpClient fourth(m_port);
    QVERIFY(fourth.waitConnected());
    fourth.send(get("/ping"));
    QVERIFY(fourth.waitForResponses(1));
    QCOMPARE(fourth.responses().first().status, 200);
}

void TestHttpGuard::expectContinueIsAnsweredBeforeBody_data()
{
    QTest::addColumn<QByteArray>("framing");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");

    QTest::newRow("content-length") << QByteArray("Content-Length: 100") << QByteArray(100, 'b') << 200;
    QTest::newRow("chunked") << QByteArray("Transfer-Encoding: chunked") << chunk(100) + "0\r\n\r\n" << 200;
    // The body arrives in a later read than the header: it is counted there.
    QTest::newRow("chunked-over-limit") << QByteArray("Transfer-Encoding: chunked") << chunk(2048) << 413;
}

void TestHttpGuard::expectContinueIsAnsweredBeforeBody()
{
    QFETCH(QByteArray, framing);
    QFETCH(QByteArray, body);
    QFETCH(int, status);

    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\n" + framing + "\r\nExpect: 100-continue\r\n\r\n");
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses().first().status, 100);

    client.send(body);
    QVERIFY(client.waitForResponses(2));
    const RawResponse response = client.responses().at(1);
    QCOMPARE(response.status, status);
    if (status == 200)
        QCOMPARE(response.json().value(u"bytes"_s).toInteger(), 100);
}

void TestHttpGuard::pipelinedRequestsAreAnsweredInOrder_data()
{
    QTest::addColumn<QByteArray>("requests");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("two-gets") << get("/seq/1") + get("/seq/2") << QStringList { u"seq=1"_s, u"seq=2"_s };
    QTest::newRow("get-post-get") << get("/seq/1") + post("hello") + get("/seq/3")
                                  << QStringList { u"seq=1"_s, u"bytes=5"_s, u"seq=3"_s };
}

void TestHttpGuard::pipelinedRequestsAreAnsweredInOrder()
{
    QFETCH(QByteArray, requests);
    QFETCH(QStringList, expected);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(requests);
    QVERIFY(client.waitForResponses(int(expected.size())));
    QStringList answered;
    for (const RawResponse &response : client.responses())
        answered.append(summary(response));
    QCOMPARE(answered, expected);
    QVERIFY(!client.isClosed());
    QCOMPARE(rejected.size(), 0);
}

void TestHttpGuard::pipelinedRequestIsGuardedToo_data()
{
    QTest::addColumn<QByteArray>("requests");
    QTest::addColumn<int>("status");

    const QByteArray filler(1100, 'f');
    QTest::newRow("headers-over-limit") << get("/seq/1") + "GET /ping HTTP/1.1\r\nX-Filler: " + filler
            + "\r\n\r\n" << 431;
    QTest::newRow("body-over-limit") << get("/seq/1")
            + "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n"
                                     << 413;
    QTest::newRow("garbage") << get("/seq/1") + "HELLO\r\n\r\n" << 400;
}

// The second request sits in the socket buffer while the first is answered; it is checked when QHttpServer
// turns to it, not waved through.
void TestHttpGuard::pipelinedRequestIsGuardedToo()
{
    QFETCH(QByteArray, requests);
    QFETCH(int, status);

    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(requests);
    QVERIFY(client.waitForResponses(2));
    const QList<RawResponse> responses = client.responses();
    QCOMPARE(summary(responses.at(0)), u"seq=1"_s);
    QCOMPARE(responses.at(1).status, status);
    QVERIFY(client.waitForClosed());
}

void TestHttpGuard::hostIsOptionalOnlyInHttp10()
{
    // RFC 9112 §3.2: an HTTP/1.0 request may omit Host; the HTTP/1.1 case is a refusesBadRequest row.
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send("GET /ping HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses().first().status, 200);
}

void TestHttpGuard::chunkedTrailerIsReadAndSkipped_data()
{
    QTest::addColumn<QByteArray>("body");

    QTest::newRow("no-trailer") << chunk(5) + "0\r\n\r\n";
    QTest::newRow("one-field") << chunk(5) + "0\r\nX-Checksum: abc\r\n\r\n";
    QTest::newRow("two-fields") << chunk(5) + "0\r\nX-A: 1\r\nX-B: 2\r\n\r\n";
    QTest::newRow("extensions") << QByteArray("5;name=value\r\nccccc\r\n0;last\r\n\r\n");
    QTest::newRow("leading-zeros") << QByteArray("0005\r\nccccc\r\n000\r\n\r\n");
}

// QHttpServer 6.4 stops reading two bytes after the last chunk: without the guard the rest of a trailer
// section was parsed as the next request.
void TestHttpGuard::chunkedTrailerIsReadAndSkipped()
{
    QFETCH(QByteArray, body);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n" + body
        + get("/seq/2"));
    QVERIFY(client.waitForResponses(2));
    const QList<RawResponse> responses = client.responses();
    QCOMPARE(summary(responses.at(0)), u"bytes=5"_s);
    QCOMPARE(summary(responses.at(1)), u"seq=2"_s);
    QCOMPARE(client.trailingBytes(), 0);
    QVERIFY(!client.isClosed());
    QCOMPARE(rejected.size(), 0);
}

void TestHttpGuard::chunkedTrailerInLaterRead_data()
{
    QTest::addColumn<QByteArray>("rest");
    QTest::addColumn<int>("status");

    QTest::newRow("fields-then-request") << QByteArray("X-B: 2\r\n\r\n") + get("/seq/2") << 200;
    QTest::newRow("garbage") << QByteArray("GARBAGE\r\n\r\n") << 400;
}

// The trailer's first field arrives with the last chunk, so that QHttpServer has answered the request before
// the rest of the section comes: the guard still reads it as trailer, not as a request.
void TestHttpGuard::chunkedTrailerInLaterRead()
{
    QFETCH(QByteArray, rest);
    QFETCH(int, status);

    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk(5)
        + "0\r\nX-A: 1\r\n");
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(summary(client.responses().at(0)), u"bytes=5"_s);
    client.send(rest);
    QVERIFY(client.waitForResponses(2));
    const RawResponse second = client.responses().at(1);
    QCOMPARE(second.status, status);
    if (status == 200) {
        QCOMPARE(summary(second), u"seq=2"_s);
        QVERIFY(!client.isClosed());
    } else {
        QCOMPARE(second.json().value(u"error_code"_s).toString(), u"invalid_chunked_body"_s);
        QVERIFY(client.waitForClosed());
    }
}

void TestHttpGuard::connectionCloseIsHonoured_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<bool>("closes");

    QTest::newRow("http11-close") << QByteArray(
        "GET /seq/1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                                  << true;
    QTest::newRow("http11-close-among-options")
        << QByteArray("GET /seq/1 HTTP/1.1\r\nHost: localhost\r\nConnection: Keep-Alive, Close\r\n\r\n")
        << true;
    QTest::newRow("http11-post-close") << QByteArray(
        "POST /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello")
                                       << true;
    QTest::newRow("http11-chunked-close") << QByteArray(
        "POST /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        "5\r\nhello\r\n0\r\nX-A: 1\r\n\r\n")
                                          << true;
    QTest::newRow("http10") << QByteArray("GET /seq/1 HTTP/1.0\r\n\r\n") << true;
    QTest::newRow("http10-keep-alive")
        << QByteArray("GET /seq/1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") << false;
    QTest::newRow("http11-default") << get("/seq/1") << false;
}

// RFC 9112 §9.6: after a request with `Connection: close` (or an HTTP/1.0 one without keep-alive) the
// server closes once the response is written, and reads nothing after that request. Before, the socket
// stayed open until the idle timeout.
void TestHttpGuard::connectionCloseIsHonoured()
{
    QFETCH(QByteArray, request);
    QFETCH(bool, closes);

    GuardLimits limits = testLimits();
    limits.idleTimeoutMs = 20000; // a close well before this is the guard's, not the idle timer's
    startServer(limits);
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    QElapsedTimer clock;
    clock.start();
    // A pipelined request after the last one is not served.
    client.send(request + get("/seq/2"));
    QVERIFY(client.waitForResponses(1));
    if (closes) {
        QVERIFY(client.waitForClosed(5000));
        QVERIFY2(clock.elapsed() < 5000, QByteArray::number(clock.elapsed()).constData());
        QCOMPARE(client.responses().size(), 1);
        QCOMPARE(client.trailingBytes(), 0);
        QTRY_COMPARE(m_guard->openConnections(), 0);
    } else {
        QVERIFY(client.waitForResponses(2));
        QCOMPARE(summary(client.responses().at(1)), u"seq=2"_s);
        QVERIFY(!client.isClosed());
    }
}

// 300 idle sockets from one address used to take every slot (the 503 of the connection cap for everyone);
// now that address gets 429 beyond its own limit, and another address is served.
void TestHttpGuard::oneAddressCannotTakeEveryConnection()
{
    GuardLimits limits = testLimits();
    limits.idleTimeoutMs = 20000;
    limits.maxConnectionsPerAddress = 4;
    startServer(limits);
    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);

    std::vector<std::unique_ptr<RawHttpClient>> crowd;
    for (int i = 0; i < 3 * limits.maxConnections; ++i)
        crowd.push_back(std::make_unique<RawHttpClient>(m_port, QHostAddress(u"127.0.0.1"_s)));
    QTRY_COMPARE_WITH_TIMEOUT(rejected.size(), 3 * limits.maxConnections - 4, 10000);
    QCOMPARE(m_guard->openConnections(), 4);
    QCOMPARE(m_guard->budget().connectionsFrom(QHostAddress(u"127.0.0.1"_s)), 4);
    int refused = 0;
    for (const auto &client : crowd) {
        if (client->waitForResponses(1, 0)) {
            const RawResponse refusal = client->responses().first();
            QCOMPARE(refusal.status, 429);
            QCOMPARE(
                refusal.json().value(u"error_code"_s).toString(), u"too_many_connections_from_address"_s);
            QCOMPARE(refusal.json().value(u"retryable"_s), QJsonValue(true));
            QVERIFY(!refusal.header("Retry-After").isEmpty());
            ++refused;
        }
    }
    QCOMPARE(refused, 3 * limits.maxConnections - 4);

    RawHttpClient other(m_port, QHostAddress(u"127.0.0.2"_s));
    QVERIFY(other.waitConnected());
    other.send(get("/ping"));
    QVERIFY(other.waitForResponses(1));
    QCOMPARE(other.responses().first().status, 200);

    // A closed connection frees its place for the same address.
    crowd.clear();
    QTRY_COMPARE(m_guard->budget().connectionsFrom(QHostAddress(u"127.0.0.1"_s)), 0);
    RawHttpClient again(m_port, QHostAddress(u"127.0.0.1"_s));
    QVERIFY(again.waitConnected());
    again.send(get("/ping"));
    QVERIFY(again.waitForResponses(1));
    QCOMPARE(again.responses().first().status, 200);
}

// Every client behind a reverse proxy arrives from the proxy's address: it must not share one client's
// limit (the proxy limits its clients; the global cap still applies).
void TestHttpGuard::trustedProxyIsNotLimitedAsOneClient()
{
    GuardLimits limits = testLimits();
    limits.idleTimeoutMs = 20000;
    limits.maxConnectionsPerAddress = 2;
    limits.trustedProxies = u"127.0.0.1"_s;
    startServer(limits);

    std::vector<std::unique_ptr<RawHttpClient>> proxied;
    for (int i = 0; i < 6; ++i) {
        proxied.push_back(std::make_unique<RawHttpClient>(m_port, QHostAddress(u"127.0.0.1"_s)));
        QVERIFY(proxied.back()->waitConnected());
    }
    QTRY_COMPARE(m_guard->openConnections(), 6);
    for (const auto &client : proxied) {
        client->send(get("/ping"));
        QVERIFY(client->waitForResponses(1));
        QCOMPARE(client->responses().first().status, 200);
    }

    // Any other address is still one client.
    std::vector<std::unique_ptr<RawHttpClient>> direct;
    for (int i = 0; i < 3; ++i)
        direct.push_back(std::make_unique<RawHttpClient>(m_port, QHostAddress(u"127.0.0.3"_s)));
    QVERIFY(direct.back()->waitForResponses(1));
    QCOMPARE(direct.back()->responses().first().status, 429);
    QCOMPARE(m_guard->openConnections(), 8);
}

void TestHttpGuard::idleKeptAliveConnectionGivesWayAtCap()
{
    GuardLimits limits = testLimits();
    limits.idleTimeoutMs = 20000;
    limits.maxConnections = 2;
    startServer(limits);

    RawHttpClient first(m_port);
    QVERIFY(first.waitConnected());
    first.send(get("/seq/1"));
    QVERIFY(first.waitForResponses(1));
    RawHttpClient second(m_port);
    QVERIFY(second.waitConnected());
    second.send(get("/seq/2"));
    QVERIFY(second.waitForResponses(1));

    // At the cap the longest idle kept-alive connection is closed silently instead of refusing the new one.
    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient third(m_port);
    QVERIFY(third.waitConnected());
    third.send(get("/seq/3"));
    QVERIFY(third.waitForResponses(1));
    QCOMPARE(summary(third.responses().first()), u"seq=3"_s);
    QVERIFY(first.waitForClosed());
    QCOMPARE(first.trailingBytes(), 0);
    QVERIFY(!second.isClosed());
    QCOMPARE(rejected.size(), 0);
    QCOMPARE(m_guard->openConnections(), 2);
}

void TestHttpGuard::busyServerClosesIdleConnectionsSooner()
{
    const GuardLimits limits = busyLimits();
    startServer(limits);
    RawHttpClient kept(m_port);
    QVERIFY(kept.waitConnected());
    kept.send(get("/ping"));
    QVERIFY(kept.waitForResponses(1));
    QVERIFY(!m_guard->isUnderPressure());

    QElapsedTimer clock;
    clock.start();
    RawHttpClient second(m_port);
    QVERIFY(second.waitConnected());
    QTRY_VERIFY(m_guard->isUnderPressure());
    // Both are idle: closed after the busy idle time, long before the normal one.
    QVERIFY(kept.waitForClosed(5000));
    QVERIFY(second.waitForClosed(5000));
    QVERIFY2(clock.elapsed() < limits.idleTimeoutMs / 4, QByteArray::number(clock.elapsed()).constData());
    QCOMPARE(kept.responses().size(), 1);
    QTRY_COMPARE(m_guard->openConnections(), 0);
    QVERIFY(!m_guard->isUnderPressure());
}

void TestHttpGuard::busyServerGivesHeadersLessTime()
{
    const GuardLimits limits = busyLimits();
    startServer(limits);
    RawHttpClient slow(m_port);
    QVERIFY(slow.waitConnected());
    QElapsedTimer clock;
    clock.start();
    slow.send("GET /ping HTTP/1.1\r\nHost: loc");
    RawHttpClient second(m_port);
    QVERIFY(second.waitConnected());
    second.send("GET /ping HTTP/1.1\r\nX-Slow: ");

    QVERIFY(slow.waitForResponses(1, 5000));
    const qint64 elapsed = clock.elapsed();
    QCOMPARE(slow.responses().first().status, 408);
    QVERIFY2(elapsed >= earliest(limits.busyHeaderTimeoutMs), QByteArray::number(elapsed).constData());
    QVERIFY2(elapsed < limits.requestTimeoutMs / 4, QByteArray::number(elapsed).constData());
    QVERIFY(second.waitForResponses(1, 5000));
    QCOMPARE(second.responses().first().status, 408);
}

void TestHttpGuard::largeUploadIsGatedBeforeItsBody_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("status"); // 0: let through (100 Continue)
    QTest::addColumn<bool>("gated");

    const QByteArray upload
        = "POST /upload?name=a.pdf HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n";
    QTest::newRow("no-credentials") << upload + "Content-Length: 4000\r\n\r\n" << 401 << true;
    QTest::newRow("bad-credentials") << upload + "X-Key: bad\r\nContent-Length: 4000\r\n\r\n" << 401 << true;
    QTest::newRow("chunked-no-credentials") << upload + "Transfer-Encoding: chunked\r\n\r\n" << 401 << true;
    QTest::newRow("credentials") << upload + "X-Key: good\r\nContent-Length: 4000\r\n\r\n" << 0 << true;
    // A body no larger than any path takes needs no credentials to be read.
    QTest::newRow("small-upload") << upload + "Content-Length: 1024\r\n\r\n" << 0 << false;
    QTest::newRow("large-elsewhere") << QByteArray("POST /echo HTTP/1.1\r\nHost: localhost\r\nExpect: "
                                                   "100-continue\r\nContent-Length: 4000\r\n\r\n")
                                     << 413 << false;
}

// The body gate answers from the headers alone (as the key and x402 channels do for 401/402), so an
// unauthenticated client cannot make the server read and buffer 24 MiB.
void TestHttpGuard::largeUploadIsGatedBeforeItsBody()
{
    QFETCH(QByteArray, head);
    QFETCH(int, status);
    QFETCH(bool, gated);

    installBodyGate();
    RawHttpClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(head);
    QVERIFY(client.waitForResponses(1));
    const RawResponse first = client.responses().first();
    QCOMPARE(m_gated.size(), gated ? 1 : 0);
    if (gated) {
        QCOMPARE(QString::fromLatin1(m_gated.first().method), u"POST"_s);
        QCOMPARE(m_gated.first().path, u"/upload"_s);
        QCOMPARE(m_gated.first().query.queryItemValue(u"name"_s), u"a.pdf"_s);
        QVERIFY(m_gated.first().body.isEmpty());
    }
    if (status != 0) {
        QCOMPARE(first.status, status);
        QCOMPARE(first.header("Connection"), QByteArray("close"));
        if (status == 401) {
            QCOMPARE(first.json().value(u"error_code"_s).toString(), u"missing_api_key"_s);
            QCOMPARE(first.header("WWW-Authenticate"), QByteArray("ApiKey header=\"X-Key\""));
            QCOMPARE(first.header("Access-Control-Allow-Origin"), QByteArray("*"));
        }
        QVERIFY(client.waitForClosed());
        QCOMPARE(m_guard->budget().uploadsInProgress(), 0);
        return;
    }
    QCOMPARE(first.status, 100);
    const qint64 length = head.contains("4000") ? 4000 : 1024;
    client.send(QByteArray(length, 'u'));
    QVERIFY(client.waitForResponses(2));
    QCOMPARE(client.responses().at(1).status, 200);
    QCOMPARE(client.responses().at(1).json().value(u"bytes"_s).toInteger(), length);
    QTRY_COMPARE(m_guard->budget().uploadsInProgress(), 0);
}

void TestHttpGuard::concurrentLargeUploadsAreBounded()
{
    GuardLimits limits = testLimits();
    limits.requestTimeoutMs = 20000;
    limits.idleTimeoutMs = 20000;
    limits.maxConcurrentUploads = 1;
    startServer(limits);
    installBodyGate();
    const QByteArray head
        = "POST /upload HTTP/1.1\r\nHost: localhost\r\nX-Key: good\r\nContent-Length: 4000\r\n\r\n";

    RawHttpClient first(m_port);
    QVERIFY(first.waitConnected());
    first.send(head + QByteArray(1000, 'u'));
    QTRY_COMPARE(m_guard->budget().uploadsInProgress(), 1);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawHttpClient second(m_port);
    QVERIFY(second.waitConnected());
    second.send(head);
    QVERIFY(second.waitForResponses(1));
    const RawResponse refusal = second.responses().first();
    QCOMPARE(refusal.status, 503);
    QCOMPARE(refusal.json().value(u"error_code"_s).toString(), u"too_many_uploads"_s);
    QCOMPARE(refusal.json().value(u"retryable"_s), QJsonValue(true));
    QCOMPARE(refusal.header("Retry-After"), QByteArray("1"));
    QVERIFY(second.waitForClosed());
    QCOMPARE(rejected.size(), 1);

    // Smaller bodies are not uploads in this sense and go on.
    RawHttpClient small(m_port);
    QVERIFY(small.waitConnected());
    small.send(post(QByteArray(1000, 's'), "/upload"));
    QVERIFY(small.waitForResponses(1));
    QCOMPARE(small.responses().first().status, 200);

    // The slot is returned once the first upload's response is written.
    first.send(QByteArray(3000, 'u'));
    QVERIFY(first.waitForResponses(1));
    QCOMPARE(first.responses().first().json().value(u"bytes"_s).toInteger(), 4000);
    QTRY_COMPARE(m_guard->budget().uploadsInProgress(), 0);
    RawHttpClient third(m_port);
    QVERIFY(third.waitConnected());
    third.send(head + QByteArray(4000, 'u'));
    QVERIFY(third.waitForResponses(1));
    QCOMPARE(third.responses().first().status, 200);
}

void TestHttpGuard::uploadSlotIsReturnedWhenClientLeaves()
{
    GuardLimits limits = testLimits();
    limits.requestTimeoutMs = 20000;
    limits.maxConcurrentUploads = 1;
    startServer(limits);
    installBodyGate();
    {
        RawHttpClient leaving(m_port);
        QVERIFY(leaving.waitConnected());
        leaving.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nX-Key: good\r\nContent-Length: 4000\r\n\r\n"
            + QByteArray(100, 'u'));
        QTRY_COMPARE(m_guard->budget().uploadsInProgress(), 1);
    }
    QTRY_COMPARE(m_guard->budget().uploadsInProgress(), 0);
}

QTEST_GUILESS_MAIN(TestHttpGuard)
#include "TestHttpGuard.moc"
