#include "FakeTlsWebServer.h"

#include <QFile>
#include <QProcess>
#include <QSslSocket>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace ades::test {

FakeTlsWebServer::FakeTlsWebServer(const QStringList &names, QObject *parent)
    : QTcpServer(parent)
{
    QTemporaryDir dir;
    QStringList san;
    for (const QString &name : names)
        san.append(u"DNS:"_s + name);
    QProcess openssl;
    openssl.start(u"openssl"_s,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:prime256v1"_s,
            u"-nodes"_s, u"-days"_s, u"2"_s, u"-subj"_s, u"/CN="_s + names.value(0), u"-addext"_s,
            u"subjectAltName="_s + san.join(u','), u"-addext"_s, u"basicConstraints=critical,CA:TRUE"_s,
            u"-keyout"_s, dir.filePath(u"key.pem"_s), u"-out"_s, dir.filePath(u"cert.pem"_s) });
    if (!openssl.waitForFinished(30000) || openssl.exitCode() != 0) {
        m_problem = u"openssl req failed: "_s + QString::fromLocal8Bit(openssl.readAllStandardError());
        return;
    }
    QFile cert(dir.filePath(u"cert.pem"_s));
    QFile key(dir.filePath(u"key.pem"_s));
    if (!cert.open(QIODevice::ReadOnly) || !key.open(QIODevice::ReadOnly)) {
        m_problem = u"openssl wrote no certificate"_s;
        return;
    }
    m_certificate = QSslCertificate(cert.readAll(), QSsl::Pem);
    m_key = QSslKey(key.readAll(), QSsl::Ec, QSsl::Pem);
    if (m_certificate.isNull() || m_key.isNull()) {
        m_problem = u"the certificate or key did not load"_s;
        return;
    }
    if (!listen(QHostAddress::LocalHost, 0)) {
        m_problem = errorString();
        return;
    }
    m_ready = true;
}

QByteArray FakeTlsWebServer::response(int status, const QByteArray &headers, const QByteArray &body)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " X\r\n" + headers
        + "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

void FakeTlsWebServer::incomingConnection(qintptr descriptor)
{
    ++m_connections;
    auto *socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        socket->deleteLater();
        return;
    }
    socket->setLocalCertificate(m_certificate);
    socket->setPrivateKey(m_key);
    auto buffer = std::make_shared<QByteArray>();
    connect(socket, &QSslSocket::readyRead, this, [this, socket, buffer] {
        buffer->append(socket->readAll());
        const qsizetype end = buffer->indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = buffer->left(end);
        buffer->clear();
        m_requests.append(head);
        const QByteArray answer = m_handler ? m_handler(head) : QByteArray();
        if (answer.isNull())
            return; // never answers
        socket->write(answer);
        socket->disconnectFromHost();
    });
    connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QSslSocket::errorOccurred, socket, [socket] { socket->deleteLater(); });
    socket->startServerEncryption();
}

} // namespace ades::test
