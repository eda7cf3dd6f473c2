#pragma once

#include "http/GuardLimits.h"
#include "http/HttpExchange.h"

#include <QSet>
#include <QTcpServer>
#include <functional>
#include <memory>
#include <optional>

namespace ades {

class ConnectionBudget;
class ConnectionGuard;

// The listener that gives QHttpServer 6.4 the limits it lacks (docs/architecture.md, Qt 6.4 pitfalls:
// no-limits, guard): body, header and time limits, a connection cap and a per-address cap, shorter timeouts
// under pressure, `Expect: 100-continue`, `Connection: close`, RFC 9112 framing (Host, Transfer-Encoding,
// chunked trailers) and a 400 for a garbage request line (6.4 closes silently). Use it instead of
// QHttpServer::listen():
//
//     auto *guard = new GuardedTcpServer(limits);
//     if (!guard->listen(QHostAddress::LocalHost, port)) ...
//     httpServer.bind(guard);                  // the QHttpServer becomes its parent
//
// Each accepted socket gets a ConnectionGuard that watches readyRead before and after QHttpServer's own
// slot. It peeks the header block and chunk framing only; the body is never copied here (QHttpServer
// buffers it). The guard's refusals are complete HTTP/1.1 responses with `Connection: close` and the
// docs/interface.md §7 error body of ServiceError::toJson(); the connection is then closed. Pipelined
// requests keep their order for synchronous handlers.
//
// Everything runs in the thread of this object, which must be the QHttpServer's thread; only the
// ConnectionBudget is shared with the guards of other threads.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuardedTcpServer)

public:
    // Asked, on this object's thread, about a large upload (GuardLimits) once its header block is complete
    // and before its body is read: an answer is sent instead of reading the body and the connection closes;
    // nothing lets it through. `head` is the request without its body.
    using BodyGate = std::function<std::optional<HttpAnswer>(const HttpRequestData &head)>;

    // `budget` is shared by the guards of every I/O thread (ConnectionAcceptor); without one, this guard
    // keeps its own from `limits`.
    explicit GuardedTcpServer(
        GuardLimits limits, std::shared_ptr<ConnectionBudget> budget = {}, QObject *parent = nullptr);
    ~GuardedTcpServer() override;

    GuardLimits limits() const { return m_limits; }
    const ConnectionBudget &budget() const { return *m_budget; }
    void setBodyGate(BodyGate gate) { m_bodyGate = std::move(gate); }
    // Accepted connections not yet closed; connections refused with 503 or 429 do not count.
    int openConnections() const;
    // Open connections are at or above GuardLimits::busyPercent of the cap: busy timeouts apply.
    bool isUnderPressure() const { return m_underPressure; }
    // Takes over a connection accepted elsewhere (ConnectionAcceptor hands them out to one guarded,
    // non-listening server per I/O thread). Call on this object's thread.
    void adoptConnection(qintptr socketDescriptor) { incomingConnection(socketDescriptor); }

    // The bytes of a complete answer written by the guard itself: the standard headers, Retry-After on 503
    // and 429, `Connection: close`.
    static QByteArray wireResponse(const HttpAnswer &answer);
    // The body gate's answer, if any (used by ConnectionGuard).
    std::optional<HttpAnswer> answerBeforeBody(const HttpRequestData &head) const;

Q_SIGNALS:
    // Emitted once per refused request or connection; reason is the stable error_code of the body
    // ("payload_too_large", "headers_too_large", "request_timeout", "too_many_connections", the body gate's
    // "missing_api_key" ...). Silent idle closes are not refusals.
    void requestRejected(int status, const QString &reason);

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    void forget(ConnectionGuard *guard);
    void updatePressure();
    // Closes the kept-alive connection idle the longest; false when none is.
    bool evictIdle();

    GuardLimits m_limits;
    std::shared_ptr<ConnectionBudget> m_budget;
    BodyGate m_bodyGate;
    QSet<ConnectionGuard *> m_live;
    bool m_underPressure = false;
};

} // namespace ades
