#include "ReplayServer.h"

#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::test {

ReplayServer::ReplayServer(QObject *parent)
    : LoopbackHttpServer(parent)
{
    listen();
}

QString ReplayServer::baseUrl() const
{
    return origin();
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

void ReplayServer::handle(QTcpSocket *socket, const Request &request)
{
    m_requests.append(request);
    const Reply reply = answer(request);
    const QPointer<QTcpSocket> guarded(socket);
    const auto send = [this, guarded, reply]() {
        if (m_down && guarded)
            guarded->abort(); // went down while the answer was delayed
        else
            respond(guarded, reply);
    };
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, this, send);
    else
        send();
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

} // namespace ades::test

#include "moc_ReplayServer.cpp"
