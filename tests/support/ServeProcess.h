#pragma once

#include <QHash>
#include <QProcess>
#include <QString>

namespace ades::test {

// The built `ades serve` (build/app/ades, beside the tests) as a child process on a free loopback port, with
// its own data folder and settings given as ADES_* environment variables. Killed by the destructor.
class ServeProcess
{
public:
    ServeProcess() = default;
    ~ServeProcess();
    Q_DISABLE_COPY_MOVE(ServeProcess)

    // The binary beside the tests; empty when it is not built.
    static QString binary();

    // Starts and waits (up to 30 s) for "listening on http://127.0.0.1:PORT"; false with error() otherwise.
    // `settings` are setting keys ("store/url") and values.
    bool start(const QString &dataDir, const QHash<QString, QString> &settings = {});
    // start() in two halves, to start several processes before waiting for any.
    bool launch(const QString &dataDir, const QHash<QString, QString> &settings = {});
    bool waitListening();
    quint16 port() const { return m_port; }
    QString baseUrl() const;
    QString error() const { return m_error; }
    QProcess &process() { return m_process; }
    // SIGKILL and wait.
    void kill();
    // SIGTERM and wait for the exit; false when it did not exit cleanly in time.
    bool stop(int timeoutMs = 30000);

private:
    QProcess m_process;
    quint16 m_port = 0;
    QString m_error;
};

} // namespace ades::test
