#pragma once

#include "LoopbackHttpServer.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace ades::test {

// The GLEIF LEI API on 127.0.0.1 (ephemeral port) for integration tests, replaying the recorded bodies of
// ../shared/data/gleif/ and ../shared/data/upstreams/gleif/:
// - GET /api/v1/lei-records/{LEI}: the recorded record of that LEI (the single-record captures and the 12
//   records of the filter[lei] capture, each in the single-record envelope with its capture's meta), else
//   404 with the recorded JSON:API error body;
// - GET /api/v1/lei-records?filter[fulltext]=...&filter[entity.legalAddress.country]=..: the recorded
//   records whose legal name contains every word of the query (case-insensitive) and, when given, whose
//   legal address is in that country, as a collection.
// Error forms: down (connections closed without an answer), a forced HTTP status with its body (429, 500,
// malformed JSON), a delay before every answer. A record's statuses can be changed to derive the RETIRED /
// INACTIVE / MERGED forms from a recorded body. Needs no network; without the shared data folder
// isReady() is false and tests skip. Lives in the thread that creates it.
class FakeGleif : public LoopbackHttpServer
{
    Q_OBJECT

public:
    explicit FakeGleif(QObject *parent = nullptr);

    bool isReady() const;
    QString errorString() const;
    // "http://127.0.0.1:PORT/api/v1", the official path layout.
    QString baseUrl() const;

    void setDelayMs(int ms);
    void setDown(bool down);
    // Every request is answered with this status and body until cleared (status 0).
    void setForcedAnswer(int status, const QByteArray &body);
    // Replaces registration.status and entity.status of a recorded record (empty: keep).
    void setStatuses(const QString &lei, const QString &registrationStatus, const QString &entityStatus);

    // The recorded LEIs and their legal names, legal countries and statuses, for tests to pick from.
    QList<QJsonObject> records() const;

    int requestCount() const;
    QString lastPath() const;

Q_SIGNALS:
    void requestReceived(const QString &path);

protected:
    void handle(QTcpSocket *socket, const Request &request) override;
    bool refusesConnections() const override { return m_down; }

private:
    bool loadData(const QString &shared);
    void addRecord(const QJsonObject &resource, const QJsonObject &meta);
    Reply route(const QString &path) const;
    Reply jsonApi(int status, const QByteArray &body) const;

    QString m_error;
    QHash<QString, QJsonObject> m_records; // LEI -> "lei-records" resource
    QHash<QString, QJsonObject> m_meta; // LEI -> meta of its capture
    QStringList m_order; // LEIs in load order
    QByteArray m_notFound;
    int m_delayMs = 0;
    bool m_down = false;
    int m_forcedStatus = 0;
    QByteArray m_forcedBody;
    int m_requestCount = 0;
    QString m_lastPath;
};

} // namespace ades::test
