#include "ServeProcess.h"

#include "core/Settings.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <csignal>

using namespace Qt::StringLiterals;

namespace ades::test {

ServeProcess::~ServeProcess()
{
    kill();
}

QString ServeProcess::binary()
{
    const QString path = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    return QFileInfo(path).isExecutable() ? QFileInfo(path).absoluteFilePath() : QString();
}

bool ServeProcess::start(const QString &dataDir, const QHash<QString, QString> &settings)
{
    return launch(dataDir, settings) && waitListening();
}

bool ServeProcess::launch(const QString &dataDir, const QHash<QString, QString> &settings)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (auto it = settings.cbegin(); it != settings.cend(); ++it)
        environment.insert(Settings::environmentName(it.key()), it.value());
    m_process.setProcessEnvironment(environment);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(binary(), { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, dataDir });
    if (!m_process.waitForStarted(10000)) {
        m_error = m_process.errorString();
        return false;
    }
    return true;
}

bool ServeProcess::waitListening()
{
    static const QRegularExpression listening(u"listening on http://127\\.0\\.0\\.1:(\\d+)"_s);
    QByteArray out;
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 30000 && m_process.state() == QProcess::Running) {
        m_process.waitForReadyRead(100);
        QCoreApplication::processEvents(); // a fake upstream of this test may have to answer meanwhile
        out += m_process.readAllStandardOutput();
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(out));
        if (match.hasMatch()) {
            m_port = quint16(match.captured(1).toUInt());
            return true;
        }
    }
    m_error = u"ades serve did not start: %1 %2"_s.arg(
        QString::fromUtf8(out), QString::fromUtf8(m_process.readAllStandardError()));
    return false;
}

QString ServeProcess::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(m_port);
}

void ServeProcess::kill()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.kill();
    m_process.waitForFinished(10000);
}

bool ServeProcess::stop(int timeoutMs)
{
    if (m_process.state() == QProcess::NotRunning)
        return false;
    ::kill(pid_t(m_process.processId()), SIGTERM);
    return m_process.waitForFinished(timeoutMs) && m_process.exitStatus() == QProcess::NormalExit
        && m_process.exitCode() == 0;
}

} // namespace ades::test
