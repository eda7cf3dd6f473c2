#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

class QTcpServer;
class QTcpSocket;

namespace ades::test {

// A VIES REST endpoint on 127.0.0.1 (ephemeral port) for integration tests: replays the canonical bodies
// of ../shared/data/vies/rest/ following ../shared/data/vies/scenarios.json (the VIES test-service numbers):
// - POST .../check-vat-number and .../check-vat-test-service: test-service numbers (100 valid, 200 invalid,
//   201...601 faults) for any country, the small registry of real numbers, any other well-formed number
//   answers valid=false; malformed input INVALID_INPUT, a malformed requester INVALID_REQUESTER_INFO;
//   a named requester gets the consultation number;
// - GET .../check-status: the status body.
// Needs no network. Without the shared data folder isReady() is false and tests skip.
// Lives in the thread that creates it; answers through that thread's event loop.
class FakeVies : public QObject
{
    Q_OBJECT

public:
    explicit FakeVies(QObject *parent = nullptr);
    ~FakeVies() override;

    bool isReady() const;
    QString errorString() const;
    quint16 port() const;
    // "http://127.0.0.1:PORT/taxation_customs/vies/rest-api": the official path layout, so URL joining
    // is exercised.
    QString baseUrl() const;

    // Faults come with HTTP 500 (400 for input errors) unless this is on: then with HTTP 200, as VIES
    // has been seen to do.
    void setFaultsWithHttp200(bool on);
    // Every answer waits this long (exercises client timeouts).
    void setDelayMs(int ms);
    // While down, connections are accepted and closed at once without an answer.
    void setDown(bool down);
    // Every check answers with this fault code ("MS_UNAVAILABLE"); empty follows scenarios.json.
    void setForcedFault(const QString &code);

    int requestCount() const;
    QByteArray lastRequestBody() const;
    QString lastRequestPath() const;
    // The consultation number handed out when a requester is named.
    QString consultationNumber() const;

Q_SIGNALS:
    void requestReceived(const QString &path);

private:
    struct Reply
    {
        int status = 200;
        QByteArray body;
    };

    bool loadData(const QString &viesDir);
    void acceptConnection();
    void readRequest(QTcpSocket *socket);
    void respond(QTcpSocket *socket, const Reply &reply);
    Reply route(const QByteArray &method, const QString &path, const QByteArray &body) const;
    Reply checkVatNumber(const QByteArray &body) const;
    Reply fault(const QString &code) const;
    Reply json(const QJsonObject &object, int status = 200) const;

    QTcpServer *m_server = nullptr;
    QString m_error;
    QHash<QString, QJsonObject> m_bodies; // rest/ file name without ".json" -> body
    QHash<QString, QString> m_testNumbers; // "100" -> "valid" | "invalid" | fault code
    QHash<QString, QJsonObject> m_registry; // "IE6388047V" -> scenarios.json registry entry
    QHash<QTcpSocket *, QByteArray> m_buffers;
    bool m_faultsWithHttp200 = false;
    int m_delayMs = 0;
    bool m_down = false;
    QString m_forcedFault;
    int m_requestCount = 0;
    QByteArray m_lastBody;
    QString m_lastPath;
};

} // namespace ades::test
