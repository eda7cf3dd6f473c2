#pragma once

#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace ades::test {

// A PostgreSQL cluster of its own for one test run: initdb into a temporary folder, a postmaster on a free
// loopback port (trust authentication, superuser "ades"), stopped and removed by the destructor. Uses the
// server binaries of Debian's postgresql package (/usr/lib/postgresql/<version>/bin). PostgreSQL refuses
// to run as root, so under root (CI) the cluster runs as the "postgres" account the package creates.
//
// fsync is off: the tests kill ADES, never PostgreSQL, and a test cluster need not survive a power cut.
class PostgresCluster
{
public:
    PostgresCluster();
    ~PostgresCluster(); // stops the server
    Q_DISABLE_COPY_MOVE(PostgresCluster)

    // Why no cluster can be made here (no server binaries, no unprivileged account), empty when one can.
    static QString unavailableReason();

    // initdb and start; false with error() on failure.
    bool start();
    QString error() const { return m_error; }
    int port() const { return m_port; }
    // postgresql://ades@127.0.0.1:PORT/DATABASE
    QString url(const QString &database) const;
    // CREATE DATABASE / DROP DATABASE ... WITH (FORCE), through the maintenance database "postgres".
    bool createDatabase(const QString &name);
    bool dropDatabase(const QString &name);

private:
    bool run(const QString &program, const QStringList &arguments, int timeoutMs);
    bool execAdmin(const QString &sql);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_binDir;
    QString m_runAs; // empty: this user
    int m_port = 0;
    bool m_running = false;
    QString m_error;
};

} // namespace ades::test
