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

using namespace Qt::StringLiterals;
using namespace ades;

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

// Coarse timers may fire up to 5 % early.
qint64 earliest(int timeoutMs)
{
    return timeoutMs * 9 / 10;
}

struct RawResponse
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        }
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

// One response from the front of data; returns the bytes it took, 0 while it is incomplete.
qsizetype parseResponse(const QByteArray &data, RawResponse *response)
{
    const qsizetype headerEnd = data.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return 0;
    RawResponse parsed;
    const QList<QByteArray> lines = data.first(headerEnd).split('\n');
    parsed.status = lines.first().trimmed().split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        parsed.headers.append({ line.first(colon).trimmed(), line.sliced(colon + 1).trimmed() });
    }
    const qsizetype length = parsed.header("Content-Length").toLongLong(); // 0 for "100 Continue"
    const qsizetype total = headerEnd + 4 + length;
    if (data.size() < total)
        return 0;
    parsed.body = data.sliced(headerEnd + 4, length);
    *response = parsed;
    return total;
}

// A client that controls every byte it sends (no HTTP library would send garbage or half a header) and keeps
// every byte it receives.
class RawClient
{
    Q_DISABLE_COPY_MOVE(RawClient)

public:
    explicit RawClient(quint16 port)
    {
        QObject::connect(
            &m_socket, &QTcpSocket::readyRead, &m_socket, [this] { m_received += m_socket.readAll(); });
        m_socket.connectToHost(QHostAddress::LocalHost, port);
    }

    bool waitConnected()
    {
        return QTest::qWaitFor([this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, 3000);
    }
    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }
    void close() { m_socket.disconnectFromHost(); }

    bool waitForResponses(int count, int timeoutMs = 3000)
    {
        return QTest::qWaitFor([this, count] { return responses().size() >= count; }, timeoutMs);
    }
    bool waitForClosed(int timeoutMs = 3000)
    {
        return QTest::qWaitFor([this] { return isClosed(); }, timeoutMs);
    }
    bool isClosed() const { return m_socket.state() == QAbstractSocket::UnconnectedState; }

    QList<RawResponse> responses() const
    {
        QList<RawResponse> all;
        qsizetype offset = 0;
        RawResponse response;
        while (const qsizetype used = parseResponse(m_received.sliced(offset), &response)) {
            all.append(response);
            offset += used;
        }
        return all;
    }
    // Bytes after the last complete response.
    qsizetype trailingBytes() const
    {
        qsizetype offset = 0;
        RawResponse response;
        while (const qsizetype used = parseResponse(m_received.sliced(offset), &response))
            offset += used;
        return m_received.size() - offset;
    }

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

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

private:
    void startServer(const GuardLimits &limits);

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
    RawClient client(m_port);
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
    RawClient client(m_port);
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
    RawClient client(m_port);
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
    RawClient client(m_port);
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
    QTest::newRow("unknown-transfer-encoding") << head + "Transfer-Encoding: gzip\r\n\r\n"
                                               << 400 << u"unsupported_transfer_encoding"_s;
}

void TestHttpGuard::refusesBadRequest()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(QString, errorCode);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawClient client(m_port);
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

    RawClient client(m_port);
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
        << QByteArray("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") + chunk(10);
}

void TestHttpGuard::incompleteRequestGets408AtDeadline()
{
    QFETCH(QByteArray, request);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawClient client(m_port);
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
    RawClient client(m_port);
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
    RawClient client(m_port);
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

    RawClient first(m_port);
    RawClient second(m_port);
    QVERIFY(first.waitConnected());
    QVERIFY(second.waitConnected());
    QTRY_COMPARE(m_guard->openConnections(), 2);

    QSignalSpy rejected(m_guard, &GuardedTcpServer::requestRejected);
    RawClient third(m_port);
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
    RawClient fourth(m_port);
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

    RawClient client(m_port);
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
    RawClient client(m_port);
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
    QTest::newRow("body-over-limit") << get("/seq/1") + "POST /echo HTTP/1.1\r\nContent-Length: 5000\r\n\r\n"
                                     << 413;
    QTest::newRow("garbage") << get("/seq/1") + "HELLO\r\n\r\n" << 400;
}

// The second request sits in the socket buffer while the first is answered; it is checked when QHttpServer
// turns to it, not waved through.
void TestHttpGuard::pipelinedRequestIsGuardedToo()
{
    QFETCH(QByteArray, requests);
    QFETCH(int, status);

    RawClient client(m_port);
    QVERIFY(client.waitConnected());
    client.send(requests);
    QVERIFY(client.waitForResponses(2));
    const QList<RawResponse> responses = client.responses();
    QCOMPARE(summary(responses.at(0)), u"seq=1"_s);
    QCOMPARE(responses.at(1).status, status);
    QVERIFY(client.waitForClosed());
}

QTEST_GUILESS_MAIN(TestHttpGuard)
#include "TestHttpGuard.moc"
