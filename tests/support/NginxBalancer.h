#pragma once

#include <QList>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace ades::test {

// nginx (Debian's /usr/sbin/nginx) on a free loopback port, balancing round-robin over instances on
// loopback ports, as docs/deployment.md configures it: X-Forwarded-For set, no buffering of the answer.
// Runs in the foreground as a child process with its files in a temporary folder; stopped by the destructor.
class NginxBalancer
{
public:
    NginxBalancer() = default;
    ~NginxBalancer();
    Q_DISABLE_COPY_MOVE(NginxBalancer)

    // Why nginx cannot run here, empty when it can.
    static QString unavailableReason();
    bool start(const QList<quint16> &upstreamPorts);
    quint16 port() const { return m_port; }
    QString error() const { return m_error; }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    QString m_error;
};

} // namespace ades::test
