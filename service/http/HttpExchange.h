#pragma once

#include "core/ServiceError.h"

#include <QByteArray>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QUrlQuery>
#include <functional>
#include <memory>

class QHttpServerRequest;
class QHttpServerResponder;

namespace ades {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// A copy of what a handler needs from a request. QHttpServer reuses its request object for the next
// request on the connection, so nothing may keep a reference to it (docs/architecture.md, Qt 6.4 pitfalls:
// request-reuse).
struct HttpRequestData
{
    QByteArray method;
    QString path;
    QUrlQuery query;
    HeaderList headers;
    QByteArray body;
    QHostAddress remoteAddress;
    QString requestId;
    QDateTime receivedAt;

    static HttpRequestData copyOf(const QHttpServerRequest &request);
    // Case-insensitive; duplicates joined with ", ".
    QByteArray header(const QByteArray &name) const;
    bool isHead() const { return method == "HEAD"; }
};

// A complete answer as a value: what HttpReply sends, and what the guard writes itself when it answers a
// request before QHttpServer has read its body (GuardedTcpServer::setBodyGate).
struct HttpAnswer
{
    int status = 200;
    QByteArray contentType;
    QByteArray body;
    HeaderList headers;
    QString errorCode; // the error_code of an error answer, for the guard's requestRejected signal

    // Canonical JSON (RFC 8785), as every JSON answer of the service.
    static HttpAnswer json(int status, const QJsonObject &body, const HeaderList &headers = {});
    // The docs/interface.md §7 body of `error`, with Cache-Control: no-store.
    static HttpAnswer error(const ServiceError &error, const HeaderList &headers = {});
};

// Set to true by the guard on a socket whose connection closes once the response is written (the request
// said `Connection: close`, or is HTTP/1.0 without keep-alive): HttpReply then announces it with a
// `Connection: close` header (RFC 9112 §9.6).
inline constexpr char CloseAfterResponseProperty[] = "ades_close_after_response";

// What the channel learned about a call, for the call log and the console.
struct CallNotes
{
    QString channel = QStringLiteral("http");
    QString operationId;
    qint64 priceUnits = 0;
    QString principal;
    QString network; // CAIP-2 id of a settled x402 payment
    QString transaction; // its settlement transaction hash
    // The answer as sent, filled in by HttpReply just before the sent callback runs (the console's call
    // detail): shares the body's bytes, no copy.
    QByteArray responseBody;
    QByteArray responseType;
};

// The one way a response leaves the service. Holds the responder so that a handler may answer later
// (responder pattern, docs/architecture.md, Qt 6.4 pitfalls: responder): the write happens only if the client
// is still connected, and only once. Copies share one state. Must be used on the server's thread.
class HttpReply
{
public:
    using SentCallback = std::function<void(int status, const CallNotes &notes)>;

    HttpReply(QHttpServerResponder &&responder, bool headOnly, SentCallback onSent);

    void send(
        int status, const QByteArray &body, const QByteArray &contentType, const HeaderList &headers = {});
    void sendJson(int status, const QJsonObject &body, const HeaderList &headers = {});
    void sendError(const ServiceError &error, const HeaderList &headers = {});
    void send(const HttpAnswer &answer);
    // Sent as X-Request-Id with the answer (RequestId.h).
    void setRequestId(const QString &id);

    // Headers every answer carries (CORS, nosniff); the guard adds them to the answers it writes itself.
    static HeaderList standardHeaders();

    CallNotes &notes();
    bool isSent() const;

private:
    struct State;
    std::shared_ptr<State> m_state;
};

} // namespace ades
