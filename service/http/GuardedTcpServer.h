#pragma once

#include "http/GuardLimits.h"

#include <QSet>
#include <QTcpServer>

namespace ades {

// The listener that gives QHttpServer 6.4 the limits it lacks (docs/architecture.md, Qt 6.4 pitfalls:
// no-limits, guard): body, header and time limits, a connection cap, `Expect: 100-continue`, and a 400 for a
// garbage request line (6.4 closes silently). Use it instead of QHttpServer::listen():
//
//     auto *guard = new GuardedTcpServer(limits);
//     if (!guard->listen(QHostAddress::LocalHost, port)) ...
//     httpServer.bind(guard);                  // the QHttpServer becomes its parent
//
// Each accepted socket gets a per-connection guard that watches readyRead before and after QHttpServer's
// own slot. It peeks the header block only; the body is never copied here (QHttpServer buffers it). The
// guard's refusals are complete HTTP/1.1 responses with `Connection: close` and the docs/interface.md §7
// error body of ServiceError::toJson(); the connection is then closed. Pipelined requests keep their order
// for synchronous handlers.
//
// Everything runs in the thread of this object, which must be the QHttpServer's thread.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuardedTcpServer)

public:
    explicit GuardedTcpServer(GuardLimits limits, QObject *parent = nullptr);
    ~GuardedTcpServer() override;

    GuardLimits limits() const { return m_limits; }
    // Accepted connections not yet closed; connections refused with 503 do not count.
    int openConnections() const;
    // Takes over a connection accepted elsewhere (ConnectionAcceptor hands them out to one guarded,
    // non-listening server per I/O thread). Call on this object's thread.
    void adoptConnection(qintptr socketDescriptor) { incomingConnection(socketDescriptor); }

Q_SIGNALS:
    // Emitted once per refused request or connection; reason is the stable error_code of the body
    // ("payload_too_large", "headers_too_large", "request_timeout", "too_many_connections" ...).
    // Silent idle closes are not refusals.
    void requestRejected(int status, const QString &reason);

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    GuardLimits m_limits;
    QSet<const QObject *> m_live;
};

} // namespace ades
