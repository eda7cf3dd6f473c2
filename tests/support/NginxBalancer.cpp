#include "NginxBalancer.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

const QString NginxBinary = u"/usr/sbin/nginx"_s;

} // namespace

NginxBalancer::~NginxBalancer()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate();
        if (!m_process.waitForFinished(10000))
            m_process.kill();
    }
}

QString NginxBalancer::unavailableReason()
{
    return QFile::exists(NginxBinary) ? QString() : u"no nginx (Debian package nginx)"_s;
}

bool NginxBalancer::start(const QList<quint16> &upstreamPorts)
{
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0)) {
            m_error = u"no free port"_s;
            return false;
        }
        m_port = probe.serverPort();
    }
    QString servers;
    for (const quint16 port : upstreamPorts)
        servers += u"        server 127.0.0.1:%1;\n"_s.arg(port);
    const QString prefix = m_dir.path();
    // Under root nginx would hand its workers to "nobody", who cannot write into this folder.
    const QString user = ::geteuid() == 0 ? u"user root;\n"_s : QString();
    const QString config = user
        + uR"(worker_processes 1;
daemon off;
pid %1/nginx.pid;
error_log %1/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path %1/body;
    proxy_temp_path %1/proxy;
    fastcgi_temp_path %1/fastcgi;
    uwsgi_temp_path %1/uwsgi;
    scgi_temp_path %1/scgi;
    upstream ades {
%2    }
    server {
        listen 127.0.0.1:%3;
        location / {
            proxy_pass http://ades;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Request-Id $request_id;
            proxy_buffering off;
        }
    }
}
)"_s.arg(prefix, servers)
              .arg(m_port);
    QFile file(m_dir.filePath(u"nginx.conf"_s));
    if (!file.open(QIODevice::WriteOnly) || file.write(config.toUtf8()) != config.toUtf8().size()) {
        m_error = u"cannot write nginx.conf"_s;
        return false;
    }
    file.close();
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.start(NginxBinary, { u"-p"_s, prefix, u"-c"_s, file.fileName(), u"-e"_s, u"stderr"_s });
    if (!m_process.waitForStarted(10000)) {
        m_error = m_process.errorString();
        return false;
    }
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 10000 && m_process.state() == QProcess::Running) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, m_port);
        if (socket.waitForConnected(200))
            return true;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    m_error = u"nginx did not start: %1"_s.arg(QString::fromLocal8Bit(m_process.readAll()));
    return false;
}

} // namespace ades::test
