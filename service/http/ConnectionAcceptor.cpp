#include "ConnectionAcceptor.h"

#include "GuardedTcpServer.h"

#include <QString>
#include <mutex>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QtMessageHandler previousHandler = nullptr;

void dropHandOffWarnings(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg
        && (message == u"QTcpServer::nextPendingConnection() called while not listening"_s
            || (context.category && qstrcmp(context.category, "qt.httpserver") == 0
                && message.endsWith(u"is not listening."_s))))
        return;
    previousHandler(type, context, message);
}

} // namespace

void ConnectionAcceptor::silenceHandOffWarnings()
{
    static std::once_flag once;
    std::call_once(once, []() { previousHandler = qInstallMessageHandler(dropHandOffWarnings); });
}

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
