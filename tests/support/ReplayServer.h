#pragma once

#include "LoopbackHttpServer.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <optional>

namespace ades::test {

// A fake upstream on 127.0.0.1 (ephemeral port) for integration tests: answers by method, path and query
// with bodies the test gives it (usually recorded ones from ../shared/data/upstreams/), and offers the
// faults real services show: a forced status and body for every request (429, 5xx, malformed JSON, an empty
// body), a delay (client timeouts) and being down (connections closed without an answer).
class ReplayServer : public LoopbackHttpServer
{
    Q_OBJECT

public:
    explicit ReplayServer(QObject *parent = nullptr);

    QString baseUrl() const; // "http://127.0.0.1:PORT"

    // Answers `method` on `path` (decoded, without query) when every item of `query` is in the request's
    // query with that value. The first route added that matches wins; nothing matching answers 404 with an
    // empty JSON object.
    void route(const QByteArray &method, const QString &path, const Reply &reply,
        const QList<QPair<QString, QString>> &query = {});
    // Every request gets this reply instead of its route (fault modes); std::nullopt ends it.
    void setForced(const std::optional<Reply> &reply);
    void setDelayMs(int ms);
    // While down, connections are accepted and closed at once without an answer.
    void setDown(bool down);

    int requestCount() const;
    // The requests received so far, oldest first.
    const QList<Request> &requests() const;

protected:
    void handle(QTcpSocket *socket, const Request &request) override;
    bool refusesConnections() const override { return m_down; }

private:
    Reply answer(const Request &request) const;

    struct Route
    {
        QByteArray method;
        QString path;
        QList<QPair<QString, QString>> query;
        Reply reply;
    };

    QList<Route> m_routes;
    std::optional<Reply> m_forced;
    int m_delayMs = 0;
    bool m_down = false;
    QList<Request> m_requests;
};

} // namespace ades::test
