#include "ReplayServer.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

QByteArray reasonPhrase(int status)
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
    case 410:
        return QByteArrayLiteral("Gone");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 502:
        return QByteArrayLiteral("Bad Gateway");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    default:
        return QByteArrayLiteral("Status");
    }
}

} // namespace

ReplayServer::ReplayServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &ReplayServer::acceptConnection);
    m_server->listen(QHostAddress::LocalHost, 0);
}

ReplayServer::~ReplayServer()
{
    // Sockets are the server's children: destroy them while m_buffers still exists.
    delete m_server;
}

bool ReplayServer::isListening() const
{
    return m_server->isListening();
}

QString ReplayServer::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(m_server->serverPort());
}

void ReplayServer::route(const QByteArray &method, const QString &path, const Reply &reply,
    const QList<QPair<QString, QString>> &query)
{
    m_routes.append({ method, path, query, reply });
}

void ReplayServer::setForced(const std::optional<Reply> &reply)
{
    m_forced = reply;
}

void ReplayServer::setDelayMs(int ms)
{
    m_delayMs = ms;
}

void ReplayServer::setDown(bool down)
{
    m_down = down;
}

int ReplayServer::requestCount() const
{
    return int(m_requests.size());
}

const QList<ReplayServer::Request> &ReplayServer::requests() const
{
    return m_requests;
}

void ReplayServer::acceptConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        if (m_down) {
            socket->abort();
            continue;
        }
        m_buffers.insert(socket, {});
        connect(socket, &QObject::destroyed, this, [this, socket]() { m_buffers.remove(socket); });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket]() { readRequest(socket); });
    }
}

void ReplayServer::readRequest(QTcpSocket *socket)
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
    request.body = buffer.mid(headerEnd + 4, contentLength);
    const QUrl target(QString::fromLatin1(requestLine.value(1)));
    request.path = target.path(QUrl::FullyDecoded);
    const QUrlQuery query(target);
    request.query = query.queryItems(QUrl::FullyDecoded);
    m_requests.append(request);

    const Reply reply = answer(request);
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, socket, [this, socket, reply]() { respond(socket, reply); });
    else
        respond(socket, reply);
}

ReplayServer::Reply ReplayServer::answer(const Request &request) const
{
    if (m_forced)
        return *m_forced;
    for (const Route &r : m_routes) {
        if (r.method != request.method || r.path != request.path)
            continue;
        bool all = true;
        for (const auto &item : r.query)
            all = all && request.query.contains(item);
        if (all)
            return r.reply;
    }
    return { 404, QByteArrayLiteral("{}") };
}

void ReplayServer::respond(QTcpSocket *socket, const Reply &reply)
{
    if (m_down || socket->state() != QAbstractSocket::ConnectedState) {
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

#include "moc_ReplayServer.cpp"
