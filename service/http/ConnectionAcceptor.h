#pragma once

#include <QList>
#include <QPointer>
#include <QTcpServer>

namespace ades {

class GuardedTcpServer;

// The one listening socket of a multi-threaded service: accepts connections and hands their descriptors
// round-robin to a guarded, non-listening server on each I/O thread (docs/architecture.md, Qt 6.4 pitfalls:
// threads: two QHttpServer threads double CPU-bound throughput on two cores; portable, unlike SO_REUSEPORT).
// One client's connections thus land on every thread: the guards count them per address in one shared
// ConnectionBudget.
class ConnectionAcceptor : public QTcpServer
{
    Q_OBJECT

public:
    explicit ConnectionAcceptor(QObject *parent = nullptr);

    // QHttpServer and QTcpServer warn on every hand-off that the guarded servers are "not listening": by
    // design here. Installs (once per process) a message filter that drops exactly those two warnings.
    static void silenceHandOffWarnings();

    // Targets may live on other threads; descriptors reach them by queued calls.
    void setTargets(const QList<GuardedTcpServer *> &targets);

protected:
    void incomingConnection(qintptr socketDescriptor) override;

private:
    QList<QPointer<GuardedTcpServer>> m_targets;
    qsizetype m_next = 0;
};

} // namespace ades
