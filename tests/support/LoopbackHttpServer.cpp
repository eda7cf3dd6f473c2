#include "LoopbackHttpServer.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::test {

QByteArray LoopbackHttpServer::reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 204:
        return QByteArrayLiteral("No Content");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 410:
        return QByteArrayLiteral("Gone");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 500:
        return QByteArrayLiteral("Internal Server Error");
    case 502:
        return QByteArrayLiteral("Bad Gateway");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    default:
        return QByteArrayLiteral("Status");
    }
}

LoopbackHttpServer::LoopbackHttpServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &LoopbackHttpServer::acceptConnection);
}

LoopbackHttpServer::~LoopbackHttpServer()
{
    // Sockets are the server's children: destroy them while m_buffers still exists.
    delete m_server;
}

bool LoopbackHttpServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

QString LoopbackHttpServer::listenError() const
{
    return u"cannot listen on 127.0.0.1: "_s + m_server->errorString();
}

bool LoopbackHttpServer::isListening() const
{
    return m_server->isListening();
}

quint16 LoopbackHttpServer::port() const
{
    return m_server->serverPort();
}

QString LoopbackHttpServer::origin() const
{
    return u"http://127.0.0.1:%1"_s.arg(port());
}

QList<QTcpSocket *> LoopbackHttpServer::openConnections() const
{
    return m_buffers.keys();
}

void LoopbackHttpServer::acceptConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        if (refusesConnections()) {
            socket->abort();
            continue;
        }
        m_buffers.insert(socket, {});
        connect(socket, &QObject::destroyed, this, [this, socket]() { m_buffers.remove(socket); });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket]() { readRequest(socket); });
    }
}

void LoopbackHttpServer::readRequest(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    Request request;
    qsizetype contentLength = 0;
    for (const QByteArray &line : lines.mid(1)) {
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        request.headers.insert(name, line.mid(colon + 1).trimmed());
        if (name == "content-length")
            contentLength = line.mid(colon + 1).trimmed().toLongLong();
    }
    if (buffer.size() < headerEnd + 4 + contentLength)
        return;
    disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    request.method = requestLine.value(0);
    request.target = requestLine.value(1);
    request.body = buffer.mid(headerEnd + 4, contentLength);
    const QUrl target(QString::fromLatin1(request.target));
    request.path = target.path(QUrl::FullyDecoded);
    request.query = QUrlQuery(target).queryItems(QUrl::FullyDecoded);
    handle(socket, request);
}

void LoopbackHttpServer::respond(QTcpSocket *socket, const Reply &reply)
{
    if (!socket)
        return;
    if (socket->state() != QAbstractSocket::ConnectedState) {
        socket->abort();
        return;
    }
    QByteArray head
        = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    if (reply.status != 204)
        head += "Content-Type: " + reply.contentType
            + "\r\nContent-Length: " + QByteArray::number(reply.body.size()) + "\r\n";
    head += "Connection: close\r\n\r\n";
    socket->write(reply.status == 204 ? head : head + reply.body);
    socket->disconnectFromHost();
}

} // namespace ades::test

#include "moc_LoopbackHttpServer.cpp"
