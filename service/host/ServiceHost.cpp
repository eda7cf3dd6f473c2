#include "ServiceHost.h"

#include "ServiceContext.h"
#include "http/HttpFront.h"
#include "receipts/ReceiptVerifier.h"

#include <QThread>

namespace ades {

ServiceHost::ServiceHost(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    qRegisterMetaType<ades::CallRecord>();
}

ServiceHost::~ServiceHost()
{
    stop();
}

void ServiceHost::start(const QHostAddress &address, quint16 port)
{
    if (m_thread)
        return;
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("ades-service"));
    m_front = new HttpFront(m_context);
    m_front->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_front, &QObject::deleteLater);
    connect(m_front, &HttpFront::callCompleted, this, &ServiceHost::callCompleted, Qt::QueuedConnection);
    m_thread->start();

    // Listening happens on the service thread: the sockets, the server and every handler live there.
    HttpFront *front = m_front;
    QMetaObject::invokeMethod(
        front,
        [this, front, address, port]() {
            const quint16 bound = front->listen(address, port);
            const QString error = front->errorString();
            QMetaObject::invokeMethod(
                this,
                [this, bound, error]() {
                    m_port = bound;
                    if (bound)
                        Q_EMIT started(bound);
                    else
                        Q_EMIT startFailed(error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void ServiceHost::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_front = nullptr;
    m_port = 0;
    Q_EMIT stopped();
}

QString ServiceHost::issuerAddress() const
{
    return m_context.issuerAddress();
}

ReceiptVerdict ServiceHost::verifyReceipt(const QByteArray &json) const
{
    return m_context.verifier().verifyDocument(json);
}

} // namespace ades

#include "moc_ServiceHost.cpp"
