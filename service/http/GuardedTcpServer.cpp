#include "GuardedTcpServer.h"

#include "ConnectionBudget.h"
#include "ConnectionGuard.h"
#include "core/ServiceError.h"

#include <QLoggingCategory>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

Q_LOGGING_CATEGORY(lcGuardServer, "ades.http.guard", QtInfoMsg)

ServiceError tooManyConnections(int limit)
{
    return ServiceError(ServiceError::Kind::Unavailable, u"too_many_connections"_s,
        u"The server has reached its limit of %1 open connections; retry shortly."_s.arg(limit))
        .setRetryable(true);
}

ServiceError tooManyConnectionsFromAddress(int limit)
{
    return ServiceError(ServiceError::Kind::TooManyRequests, u"too_many_connections_from_address"_s,
        u"This address already has %1 open connections, the limit per client; reuse one or retry shortly."_s
            .arg(limit))
        .setRetryable(true);
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 402:
        return "Payment Required";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 501:
        // The only 501 is a transfer coding other than chunked (RFC 9112 §6.1); the reason phrase is free
        // text (RFC 9112 §4), so it says what is refused.
        return "Unsupported Transfer Coding";
    case 503:
        return "Service Unavailable";
    }
    return "Error";
}

} // namespace

GuardedTcpServer::GuardedTcpServer(
    GuardLimits limits, std::shared_ptr<ConnectionBudget> budget, QObject *parent)
    : QTcpServer(parent)
    , m_limits(std::move(limits))
    , m_budget(budget ? std::move(budget)
                      : std::make_shared<ConnectionBudget>(m_limits.maxConnectionsPerAddress,
                          m_limits.maxConcurrentUploads, m_limits.trustedProxies))
{ }

GuardedTcpServer::~GuardedTcpServer()
{
    // The sockets (and their guards) are our children and die after this destructor: they must not call back.
    for (ConnectionGuard *guard : std::as_const(m_live))
        guard->detach();
    m_live.clear();
}

int GuardedTcpServer::openConnections() const
{
    return int(m_live.size());
}

QByteArray GuardedTcpServer::wireResponse(const HttpAnswer &answer)
{
    QByteArray response = "HTTP/1.1 " + QByteArray::number(answer.status) + ' ' + reasonPhrase(answer.status)
        + "\r\nContent-Type: " + answer.contentType
        + "\r\nContent-Length: " + QByteArray::number(answer.body.size()) + "\r\n";
    bool hasRetryAfter = false;
    const HeaderList headers = HttpReply::standardHeaders() + answer.headers;
    for (const auto &[name, value] : headers) {
        response += name + ": " + value + "\r\n";
        hasRetryAfter |= name.compare("Retry-After", Qt::CaseInsensitive) == 0;
    }
    if (!hasRetryAfter && (answer.status == 503 || answer.status == 429))
        response += "Retry-After: 1\r\n";
    response += "Connection: close\r\n\r\n" + answer.body;
    return response;
}

std::optional<HttpAnswer> GuardedTcpServer::answerBeforeBody(const HttpRequestData &head) const
{
    if (!m_bodyGate)
        return std::nullopt;
    return m_bodyGate(head);
}

void GuardedTcpServer::incomingConnection(qintptr socketDescriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(socketDescriptor)) {
        qCWarning(lcGuardServer) << "cannot adopt an accepted connection:" << socket->errorString();
        delete socket;
        return;
    }
    auto *guard = new ConnectionGuard(socket, this, m_limits, m_budget);
    const auto refuse = [socket, guard](const ServiceError &error) {
        // Never handed to QHttpServer, so deleting it is ours.
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        guard->reject(error);
    };

    const QHostAddress peer = socket->peerAddress();
    if (!m_budget->admit(peer))
        return refuse(tooManyConnectionsFromAddress(m_budget->maxPerAddress()));
    guard->holdAddressSlot(peer);
    // At the cap, an idle kept-alive connection gives way before a new one is refused (a server may close an
    // idle connection at any time, RFC 9112 §9.5); the longest idle goes first.
    if (m_live.size() >= m_limits.maxConnections && !evictIdle())
        return refuse(tooManyConnections(m_limits.maxConnections));

    m_live.insert(guard);
    connect(socket, &QTcpSocket::disconnected, this, [this, guard] { forget(guard); });
    connect(guard, &QObject::destroyed, this, [this, guard] { forget(guard); });
    // Order matters: QHttpServer 6.4 connects its own readyRead slot inside addPendingConnection() (through
    // pendingConnectionAvailable), between the guard's two.
    connect(socket, &QTcpSocket::readyRead, guard, &ConnectionGuard::beforeParse);
    addPendingConnection(socket);
    connect(socket, &QTcpSocket::readyRead, guard, &ConnectionGuard::afterParse);
    updatePressure();
}

void GuardedTcpServer::forget(ConnectionGuard *guard)
{
    if (m_live.remove(guard))
        updatePressure();
}

bool GuardedTcpServer::evictIdle()
{
    ConnectionGuard *longest = nullptr;
    qint64 longestMs = -1;
    for (ConnectionGuard *guard : std::as_const(m_live)) {
        // A connection that has not sent its first request yet is not kept alive: it is about to be used.
        const qint64 idleMs = guard->hasServedRequest() ? guard->idleForMs() : -1;
        if (idleMs > longestMs) {
            longest = guard;
            longestMs = idleMs;
        }
    }
    if (!longest)
        return false;
    qCDebug(lcGuardServer) << "at the connection cap: closing the connection idle for" << longestMs << "ms";
    m_live.remove(longest);
    longest->closeIdle();
    return true;
}

void GuardedTcpServer::updatePressure()
{
    const qint64 threshold
        = qMax<qint64>(1, (qint64(m_limits.maxConnections) * m_limits.busyPercent + 99) / 100);
    const bool pressure = m_live.size() >= threshold;
    if (pressure == m_underPressure)
        return;
    m_underPressure = pressure;
    if (!pressure)
        return;
    qCDebug(lcGuardServer) << m_live.size() << "connections open: busy timeouts apply";
    // Copy: applying pressure may close connections, which forget() removes from the set.
    const QList<ConnectionGuard *> guards = m_live.values();
    for (ConnectionGuard *guard : guards) {
        if (m_live.contains(guard))
            guard->applyPressure();
    }
}

} // namespace ades

#include "moc_GuardedTcpServer.cpp"
