#include "HttpExchange.h"

#include "core/CanonicalJson.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace ades {

HttpRequestData HttpRequestData::copyOf(const QHttpServerRequest &request)
{
    HttpRequestData data;
    switch (request.method()) {
    case QHttpServerRequest::Method::Get:
        data.method = "GET";
        break;
    case QHttpServerRequest::Method::Head:
        data.method = "HEAD";
        break;
    case QHttpServerRequest::Method::Post:
        data.method = "POST";
        break;
    case QHttpServerRequest::Method::Put:
        data.method = "PUT";
        break;
    case QHttpServerRequest::Method::Delete:
        data.method = "DELETE";
        break;
    case QHttpServerRequest::Method::Options:
        data.method = "OPTIONS";
        break;
    case QHttpServerRequest::Method::Patch:
        data.method = "PATCH";
        break;
    default:
        data.method = "UNKNOWN";
        break;
    }
    data.path = request.url().path();
    data.query = request.query();
    const auto headers = request.headers();
    for (const auto &[name, value] : headers)
        data.headers.append({ name, value });
    data.body = request.body();
    data.remoteAddress = request.remoteAddress();
    data.receivedAt = QDateTime::currentDateTimeUtc();
    return data;
}

QByteArray HttpRequestData::header(const QByteArray &name) const
{
    QByteArray joined;
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            if (!joined.isEmpty())
                joined += ", ";
            joined += value;
        }
    }
    return joined;
}

struct HttpReply::State
{
    QHttpServerResponder responder;
    QPointer<QTcpSocket> socket;
    bool headOnly = false;
    bool sent = false;
    QByteArray requestId;
    CallNotes notes;
    SentCallback onSent;

    explicit State(QHttpServerResponder &&r)
        : responder(std::move(r))
    { }
};

HttpReply::HttpReply(QHttpServerResponder &&responder, bool headOnly, SentCallback onSent)
    : m_state(std::make_shared<State>(std::move(responder)))
{
    m_state->socket = m_state->responder.socket();
    m_state->headOnly = headOnly;
    m_state->onSent = std::move(onSent);
}

void HttpReply::send(
    int status, const QByteArray &body, const QByteArray &contentType, const HeaderList &headers)
{
    State &s = *m_state;
    if (s.sent)
        return;
    s.sent = true;
    if (s.onSent) {
        s.notes.responseBody = body;
        s.notes.responseType = contentType;
        s.onSent(status, s.notes);
    }
    // The client may have gone while an upstream was answering: drop the reply (docs/architecture.md, Qt 6.4
    // pitfalls: responder).
    if (!s.socket || s.socket->state() != QAbstractSocket::ConnectedState)
        return;
    s.responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(status));
    if (!contentType.isEmpty())
        s.responder.writeHeader("Content-Type", contentType);
    s.responder.writeHeader("Content-Length", QByteArray::number(body.size()));
    for (const auto &[name, value] : standardHeaders())
        s.responder.writeHeader(name, value);
    if (!s.requestId.isEmpty())
        s.responder.writeHeader("X-Request-Id", s.requestId);
    for (const auto &[name, value] : headers)
        s.responder.writeHeader(name, value);
    // The guard closes the connection once this is written.
    if (s.socket->property(CloseAfterResponseProperty).toBool())
        s.responder.writeHeader("Connection", "close");
    s.responder.writeBody(s.headOnly ? QByteArray() : body);
}

void HttpReply::setRequestId(const QString &id)
{
    m_state->requestId = id.toLatin1();
}

void HttpReply::sendJson(int status, const QJsonObject &body, const HeaderList &headers)
{
    send(HttpAnswer::json(status, body, headers));
}

void HttpReply::sendError(const ServiceError &error, const HeaderList &headers)
{
    send(HttpAnswer::error(error, headers));
}

void HttpReply::send(const HttpAnswer &answer)
{
    send(answer.status, answer.body, answer.contentType, answer.headers);
}

HeaderList HttpReply::standardHeaders()
{
    return { { "Access-Control-Allow-Origin", "*" },
        { "Access-Control-Expose-Headers", "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-Request-Id" },
        { "X-Content-Type-Options", "nosniff" } };
}

HttpAnswer HttpAnswer::json(int status, const QJsonObject &body, const HeaderList &headers)
{
    return HttpAnswer { status, "application/json", CanonicalJson::serialise(body), headers, QString() };
}

HttpAnswer HttpAnswer::error(const ServiceError &error, const HeaderList &headers)
{
    HttpAnswer answer = json(error.httpStatus(), error.toJson(), headers);
    answer.headers.append(qMakePair(QByteArray("Cache-Control"), QByteArray("no-store")));
    answer.errorCode = error.code();
    return answer;
}

CallNotes &HttpReply::notes()
{
    return m_state->notes;
}

bool HttpReply::isSent() const
{
    return m_state->sent;
}

} // namespace ades
