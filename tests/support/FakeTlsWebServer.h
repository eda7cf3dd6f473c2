#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QSslCertificate>
#include <QSslKey>
#include <QTcpServer>
#include <functional>

namespace ades::test {

// A web server for the web fetcher's tests: TLS on 127.0.0.1 (ephemeral port) with a self-signed
// certificate made by the openssl command for the names it is given, answering each request with the raw
// bytes a test's handler returns (any status, headers, framing or encoding), or with nothing at all when the
// handler returns a null array (a server that never answers). Records every request head it read.
class FakeTlsWebServer : public QTcpServer
{
    Q_OBJECT

public:
    using Handler = std::function<QByteArray(const QByteArray &requestHead)>;

    // `names`: the DNS names of the certificate (subjectAltName). Check isReady() and problem().
    explicit FakeTlsWebServer(const QStringList &names, QObject *parent = nullptr);

    bool isReady() const { return m_ready; }
    QString problem() const { return m_problem; }
    quint16 port() const { return serverPort(); }
    QSslCertificate certificate() const { return m_certificate; }
    void setHandler(Handler handler) { m_handler = std::move(handler); }
    const QList<QByteArray> &requests() const { return m_requests; }
    int connections() const { return m_connections; }

    // "HTTP/1.1 <status> X\r\n<headers>Content-Length: n\r\nConnection: close\r\n\r\n<body>"
    static QByteArray response(int status, const QByteArray &headers, const QByteArray &body);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    Handler m_handler;
    QSslCertificate m_certificate;
    QSslKey m_key;
    bool m_ready = false;
    QString m_problem;
    QList<QByteArray> m_requests;
    int m_connections = 0;
};

} // namespace ades::test
