#pragma once

#include "store/CallRecord.h"

#include <QHostAddress>
#include <QObject>
#include <memory>
#include <vector>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;

namespace ades {

class GuardedTcpServer;
class HttpChannel;
class ServiceContext;

// The HTTP service on one thread: the guard listener (limits QHttpServer 6.4 lacks), one QHttpServer whose
// only entry is the missing-route handler, and the channels it dispatches to. Lives in the service thread;
// create, listen and destroy it there.
class HttpFront : public QObject
{
    Q_OBJECT

public:
    explicit HttpFront(ServiceContext &context, QObject *parent = nullptr);
    ~HttpFront() override;

    // The bound port, 0 on failure (errorString() says why). Call on the thread the front lives in.
    quint16 listen(const QHostAddress &address, quint16 port);
    QString errorString() const { return m_error; }

Q_SIGNALS:
    void callCompleted(const ades::CallRecord &record);

private:
    void dispatch(const QHttpServerRequest &request, QHttpServerResponder &&responder);

    ServiceContext &m_context;
    std::unique_ptr<QHttpServer> m_server;
    GuardedTcpServer *m_guard = nullptr; // owned by m_server once bound
    std::vector<std::unique_ptr<HttpChannel>> m_channels;
    QString m_error;
    quint64 m_nextRequest = 0;
};

} // namespace ades
