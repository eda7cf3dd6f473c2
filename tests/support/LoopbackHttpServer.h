#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

class QTcpServer;
class QTcpSocket;

namespace ades::test {

// What every fake upstream of the tests shares: an HTTP/1.1 server on 127.0.0.1 (ephemeral port) that reads
// one request per connection, hands it to the subclass, and writes the answer with Connection: close. The
// subclasses (ReplayServer, FakeVies, FakeGleif) decide the answers, their delays and their faults.
// Lives in the thread that creates it; answers through that thread's event loop.
class LoopbackHttpServer : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QByteArray method;
        QByteArray target; // as sent: path and query, percent-encoded
        QString path; // decoded, without the query
        QList<QPair<QString, QString>> query; // decoded
        QHash<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
    };

    struct Reply
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
    };

    explicit LoopbackHttpServer(QObject *parent = nullptr);
    ~LoopbackHttpServer() override;

    bool isListening() const;
    quint16 port() const;
    QString origin() const; // "http://127.0.0.1:PORT"

protected:
    // Starts listening; a subclass calls it once its data is loaded. False (with listenError()) on failure.
    bool listen();
    QString listenError() const;

    // A complete request arrived; answer it now or later with respond() (or abort the socket).
    virtual void handle(QTcpSocket *socket, const Request &request) = 0;
    // While true, new connections are closed at once without an answer (an upstream that is down).
    virtual bool refusesConnections() const { return false; }
    // Writes the answer and closes the connection; a socket that is gone or no longer connected is aborted.
    static void respond(QTcpSocket *socket, const Reply &reply);
    static QByteArray reasonPhrase(int status);
    // The connections still open, e.g. to abort them when the fake goes down.
    QList<QTcpSocket *> openConnections() const;

private:
    void acceptConnection();
    void readRequest(QTcpSocket *socket);

    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

} // namespace ades::test
