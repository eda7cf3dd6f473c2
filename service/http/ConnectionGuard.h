#pragma once

#include "core/ServiceError.h"
#include "http/ChunkedBodyScanner.h"
#include "http/GuardLimits.h"
#include "http/HttpExchange.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QObject>
#include <memory>
#include <optional>

class QTcpSocket;
class QTimer;

namespace ades {

class ConnectionBudget;
class GuardedTcpServer;

// The per-connection half of the guard (GuardedTcpServer): a child of its socket, so it lives exactly as
// long as the connection. Its beforeParse() and afterParse() bracket QHttpServer's readyRead slot;
// QHttpServer reads each request inside a socket transaction, so bytesAvailable() before and after tells how
// much it consumed and isTransactionStarted() afterwards whether the request is still incomplete
// (docs/architecture.md, Qt 6.4 pitfalls: guard).
//
// It peeks the header block and the framing of chunked bodies, never copies a body, and keeps QHttpServer
// from parsing anything it refuses. After a response it closes the connection when the request asked for
// that (`Connection: close`, HTTP/1.0), and it holds the connection's per-address count and upload slots in
// the ConnectionBudget until the connection or the response ends.
class ConnectionGuard : public QObject
{
public:
    // `server` must outlive the guard or call detach() first.
    ConnectionGuard(QTcpSocket *socket, GuardedTcpServer *server, const GuardLimits &limits,
        std::shared_ptr<ConnectionBudget> budget);
    ~ConnectionGuard() override;

    QTcpSocket *socket() const { return m_socket; }
    void beforeParse();
    void afterParse();
    // Answers with the error and closes; QHttpServer sees nothing more of this connection.
    void reject(const ServiceError &error);
    // The connection now counts as one of its address's in the budget; released when it ends.
    void holdAddressSlot(const QHostAddress &peer);
    // How long the connection has been idle: no request in progress, no response awaited or being written.
    // -1 when it is not idle.
    qint64 idleForMs() const;
    // At least one request has been taken: an idle connection is then a kept-alive one.
    bool hasServedRequest() const { return m_servedRequest; }
    // Closes an idle connection silently, as the idle timeout does.
    void closeIdle();
    // The server came under pressure: the busy timeouts apply to this connection from now on.
    void applyPressure();
    void detach() { m_server = nullptr; }

private:
    enum class Phase
    {
        Idle, // between requests; blank lines may arrive
        Header, // the header block is arriving
        Body, // header block complete; QHttpServer reads the body
        Trailer, // QHttpServer has the request; the rest of its chunked trailer section is still arriving
        Closing, // the last request of the connection is complete; nothing after it is read
        Rejected,
    };

    void scanHeader();
    void scanChunks();
    void drainTrailer();
    void startRequest(qint64 blankBytesHere);
    void headerComplete();
    void requestParsed();
    void finishRequest();
    void answerAndClose(const QByteArray &response, int status, const QString &code);
    void stopReading();
    void requestTimedOut();
    void idleTimedOut();
    void wroteBytes(qint64 bytes);
    void responseWritten();
    void becomeIdle();
    void releaseSlots();
    bool underPressure() const;
    int idleTimeoutMs() const;

    QTcpSocket *m_socket;
    GuardedTcpServer *m_server;
    GuardLimits m_limits;
    std::shared_ptr<ConnectionBudget> m_budget;
    QTimer *m_requestTimer;
    QTimer *m_idleTimer;
    QElapsedTimer m_requestClock; // since the request's first byte
    QElapsedTimer m_idleClock; // since the connection became idle
    int m_requestTimeoutMs = 0; // the deadline in force for the current request
    Phase m_phase = Phase::Idle;
    // Copy of the current header block (never of the body): QHttpServer consumes it inside its transaction,
    // so what earlier reads brought can no longer be peeked.
    QByteArray m_header;
    qint64 m_blankBytes = 0; // blank lines before the request line; they count against maxHeaderBytes
    bool m_requestLineChecked = false;
    bool m_chunked = false;
    std::optional<ChunkedBodyScanner> m_chunks;
    bool m_keepAlive = true;
    qint64 m_bodyLimit = 0; // of the current request: maxBodyBytes, or maxUploadBodyBytes on an upload path
    qint64 m_headerWireBytes = 0; // bytes of the header block read since the request started
    qint64 m_requestBytesParsed = 0; // bytes of this request QHttpServer has consumed
    qint64 m_availableBefore = 0; // bytesAvailable() when the running readyRead emission started
    // Responses: a request QHttpServer has taken is awaiting its response until everything queued on the
    // socket after it has been written. Bytes the guard writes itself (100 Continue) are not a response.
    bool m_servedRequest = false;
    bool m_awaitingResponse = false;
    qint64 m_responseBytes = 0;
    qint64 m_ownBytesPending = 0;
    bool m_uploadSlotInRequest = false; // the request in progress holds an upload slot
    int m_uploadSlotsAwaiting = 0; // slots of complete requests whose responses are not written yet
    bool m_carriedUpload = false; // QHttpServer may still hold a large body of this connection
    std::optional<QHostAddress> m_addressSlot;
};

} // namespace ades
