#pragma once

#include "host/NotInAreas.h"
#include "http/ClientAddress.h"
#include "http/HttpExchange.h"
#include "store/CallRecord.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <memory>
#include <optional>
#include <vector>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTimer;

namespace ades {

class ConnectionBudget;
class GuardedTcpServer;
class HttpChannel;
class ServiceContext;

// The HTTP service on one I/O thread: the guard (limits QHttpServer 6.4 lacks), one QHttpServer whose only
// entry is the missing-route handler, and the channels it dispatches to. One front per I/O thread; create
// its server and destroy it on that thread.
class HttpFront : public QObject
{
    Q_OBJECT

public:
    explicit HttpFront(ServiceContext &context, QObject *parent = nullptr);
    ~HttpFront() override;

    // Creates this thread's QHttpServer behind a guarded, non-listening server that takes connections from
    // a ConnectionAcceptor. Call on the thread the front lives in.
    // The connection cap of http/max_connections is shared evenly between the `ioThreads` guards; the
    // per-address and upload counts of `budget` are shared by all of them.
    GuardedTcpServer *createServer(int ioThreads, std::shared_ptr<ConnectionBudget> budget);

Q_SIGNALS:
    // Finished calls, batched every ~50 ms: one cross-thread wake-up per batch instead of one per request.
    void callsCompleted(const QList<ades::CallRecord> &records);

private:
    void dispatch(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    // The guard's body gate: what the channel of a large upload answers before its body is read.
    std::optional<HttpAnswer> answerBeforeBody(const HttpRequestData &head) const;

    ServiceContext &m_context;
    const ClientAddress m_clientAddress;
    const bool m_accessLog;
    std::unique_ptr<QHttpServer> m_server;
    GuardedTcpServer *m_guard = nullptr; // owned by m_server once bound
    std::vector<std::unique_ptr<HttpChannel>> m_channels;
    QList<CallRecord> m_finished;
    QTimer *m_reportTimer = nullptr; // child: moves to the I/O thread with the front
};

} // namespace ades
