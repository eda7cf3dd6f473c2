#include "ConnectionAcceptor.h"

#include "GuardedTcpServer.h"

#include <unistd.h>

namespace ades {

ConnectionAcceptor::ConnectionAcceptor(QObject *parent)
    : QTcpServer(parent)
{ }

void ConnectionAcceptor::setTargets(const QList<GuardedTcpServer *> &targets)
{
    m_targets.clear();
    for (GuardedTcpServer *target : targets)
        m_targets.append(target);
}

void ConnectionAcceptor::incomingConnection(qintptr socketDescriptor)
{
    for (qsizetype tries = 0; tries < m_targets.size(); ++tries) {
        const QPointer<GuardedTcpServer> target = m_targets.at(m_next);
        m_next = (m_next + 1) % m_targets.size();
        if (!target)
            continue;
        QMetaObject::invokeMethod(
            target.data(),
            [target, socketDescriptor]() {
                if (target)
                    target->adoptConnection(socketDescriptor);
                else
                    ::close(int(socketDescriptor));
            },
            Qt::QueuedConnection);
        return;
    }
    // No I/O thread left (shutting down): refuse by closing.
    ::close(int(socketDescriptor));
}

} // namespace ades

#include "moc_ConnectionAcceptor.cpp"
