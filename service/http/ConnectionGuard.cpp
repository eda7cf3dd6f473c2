#include "ConnectionGuard.h"

#include "ConnectionBudget.h"
#include "GuardedTcpServer.h"
#include "RequestHead.h"

#include <QLoggingCategory>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace Qt::StringLiterals;

namespace ades {

namespace {

Q_LOGGING_CATEGORY(lcGuard, "ades.http.guard", QtInfoMsg)

const QByteArray ContinueResponse = "HTTP/1.1 100 Continue\r\n\r\n";

// Bytes QHttpServer 6.4 skips before a request line (RFC 9112 §2.2 allows empty lines there).
bool isBlank(char c)
{
    return c == '\r' || c == '\n' || c == ' ' || c == '\t' || c == '\v';
}

ServiceError contentLengthTooLarge(qint64 length, qint64 limit)
{
    return ServiceError(ServiceError::Kind::PayloadTooLarge, u"payload_too_large"_s,
        u"Content-Length is %1 bytes; the request body limit is %2 bytes."_s.arg(length).arg(limit))
        .setParam(u"Content-Length"_s);
}

ServiceError chunkedBodyTooLarge(qint64 limit)
{
    return ServiceError(ServiceError::Kind::PayloadTooLarge, u"payload_too_large"_s,
        u"The chunked request body exceeds the limit of %1 bytes."_s.arg(limit))
        .setParam(u"body"_s);
}

ServiceError headersTooLarge(qint64 limit)
{
    return ServiceError(ServiceError::Kind::HeadersTooLarge, u"headers_too_large"_s,
        u"The request header block exceeds the limit of %1 bytes."_s.arg(limit))
        .setParam(u"headers"_s);
}

ServiceError requestLineTooLarge(qint64 limit)
{
    return ServiceError(ServiceError::Kind::HeadersTooLarge, u"request_line_too_large"_s,
        u"The request line exceeds the limit of %1 bytes."_s.arg(limit))
        .setParam(u"request_line"_s);
}

ServiceError invalidRequestLine()
{
    return ServiceError::badRequest(u"invalid_request_line"_s,
        u"The request line must read 'METHOD target HTTP/1.1'."_s, u"request_line"_s);
}

ServiceError requestTimeout(int timeoutMs)
{
    // A slow network is not the client's fault: it may try again.
    return ServiceError(ServiceError::Kind::RequestTimeout, u"request_timeout"_s,
        u"The request did not arrive completely within %1 ms."_s.arg(timeoutMs))
        .setRetryable(true);
}

ServiceError tooManyUploads(int limit)
{
    return ServiceError(ServiceError::Kind::Unavailable, u"too_many_uploads"_s,
        u"The server is receiving %1 large uploads already; retry shortly."_s.arg(limit))
        .setRetryable(true);
}

// glibc keeps freed heap memory for reuse, in the pool threads' arenas too, so that after a burst of large
// uploads the process held hundreds of megabytes it no longer used. Once no large upload is in progress,
// that memory goes back to the system.
void releaseFreedMemory(const ConnectionBudget &budget)
{
#if defined(__GLIBC__)
    if (budget.uploadsInProgress() == 0)
        malloc_trim(0);
#else
    Q_UNUSED(budget);
#endif
}

} // namespace

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, GuardedTcpServer *server, const GuardLimits &limits,
    std::shared_ptr<ConnectionBudget> budget)
    : QObject(socket)
    , m_socket(socket)
    , m_server(server)
    , m_limits(limits)
    , m_budget(std::move(budget))
    , m_requestTimer(new QTimer(this))
    , m_idleTimer(new QTimer(this))
{
    m_requestTimer->setSingleShot(true);
    m_idleTimer->setSingleShot(true);
    connect(m_requestTimer, &QTimer::timeout, this, &ConnectionGuard::requestTimedOut);
    connect(m_idleTimer, &QTimer::timeout, this, &ConnectionGuard::idleTimedOut);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &ConnectionGuard::wroteBytes);
    connect(m_socket, &QTcpSocket::disconnected, this, &ConnectionGuard::releaseSlots);
    // A connection that never sends anything is idle from the start.
    becomeIdle();
}

ConnectionGuard::~ConnectionGuard()
{
    releaseSlots();
}

void ConnectionGuard::holdAddressSlot(const QHostAddress &peer)
{
    m_addressSlot = peer;
}

void ConnectionGuard::releaseSlots()
{
    if (m_addressSlot) {
        m_budget->release(*m_addressSlot);
        m_addressSlot.reset();
    }
    const int uploads = m_uploadSlotsAwaiting + (m_uploadSlotInRequest ? 1 : 0);
    for (int i = 0; i < uploads; ++i)
        m_budget->returnUploadSlot();
    m_uploadSlotsAwaiting = 0;
    m_uploadSlotInRequest = false;
    // QHttpServer deletes its copy of the request, body included, before the socket's children (this
    // guard): a connection that carried an upload leaves nothing behind.
    if (uploads > 0 || m_carriedUpload)
        releaseFreedMemory(*m_budget);
    m_carriedUpload = false;
}

bool ConnectionGuard::underPressure() const
{
    return m_server && m_server->isUnderPressure();
}

int ConnectionGuard::idleTimeoutMs() const
{
    // A handler still working keeps the full idle time to answer in; only a truly idle connection is cut
    // short.
    if (underPressure() && !m_awaitingResponse)
        return qMin(m_limits.busyIdleTimeoutMs, m_limits.idleTimeoutMs);
    return m_limits.idleTimeoutMs;
}

void ConnectionGuard::becomeIdle()
{
    m_idleClock.start();
    m_idleTimer->start(idleTimeoutMs());
}

qint64 ConnectionGuard::idleForMs() const
{
    if (m_phase != Phase::Idle || m_awaitingResponse || m_socket->bytesToWrite() > 0)
        return -1;
    return m_idleClock.elapsed();
}

void ConnectionGuard::applyPressure()
{
    if (m_phase == Phase::Header) {
        const int busy = qMin(m_limits.busyHeaderTimeoutMs, m_requestTimeoutMs);
        const qint64 left = busy - m_requestClock.elapsed();
        m_requestTimeoutMs = busy;
        if (left <= 0)
            return requestTimedOut();
        m_requestTimer->start(int(left));
        return;
    }
    if (idleForMs() < 0)
        return;
    const qint64 left = idleTimeoutMs() - m_idleClock.elapsed();
    if (left <= 0)
        return closeIdle();
    m_idleTimer->start(int(left));
}

void ConnectionGuard::beforeParse()
{
    m_availableBefore = m_socket->bytesAvailable();
    if (m_phase == Phase::Rejected || m_phase == Phase::Closing || m_availableBefore <= 0)
        return;
    if (m_phase == Phase::Trailer) {
        drainTrailer();
        if (m_phase != Phase::Idle || m_availableBefore <= 0)
            return;
    }
    if (m_phase == Phase::Body) {
        // A Content-Length body was checked with the header and QHttpServer reads no more than announced;
        // a chunked one is scanned before QHttpServer buffers this read.
        if (m_chunked)
            scanChunks();
        return;
    }
    scanHeader();
}

void ConnectionGuard::afterParse()
{
    if (m_phase != Phase::Header && m_phase != Phase::Body)
        return;
    m_requestBytesParsed += m_availableBefore - m_socket->bytesAvailable();
    // QHttpServer commits its transaction when the request is complete, before calling the handler.
    if (!m_socket->isTransactionStarted()) {
        requestParsed();
    } else if (m_phase == Phase::Body) {
        // Until then the socket keeps every byte of the request in its transaction buffer, beside
        // QHttpServer's own copy of the body: a second copy of every upload. QHttpServer 6.4 never rolls a
        // body back and starts a new transaction on the next read, so what it has consumed can go now.
        m_socket->commitTransaction();
    }
}

// In the header phase QHttpServer has consumed everything earlier reads brought (it reads request line and
// headers byte by byte until the socket is empty), so every available byte is new to this scan. Later
// pipelined requests are scanned only when QHttpServer starts on them.
void ConnectionGuard::scanHeader()
{
    const qint64 budget = m_limits.maxHeaderBytes - m_blankBytes - m_header.size();
    // One byte past the budget is enough to know that the block is too large.
    const QByteArray fresh = m_socket->peek(qMin(m_availableBefore, budget + 1));
    qsizetype blankHere = 0;
    if (m_phase == Phase::Idle) {
        while (blankHere < fresh.size() && isBlank(fresh.at(blankHere)))
            ++blankHere;
        m_blankBytes += blankHere;
        if (blankHere == fresh.size()) {
            // Blank lines alone start no request: the connection stays idle.
            if (m_blankBytes > m_limits.maxHeaderBytes)
                reject(headersTooLarge(m_limits.maxHeaderBytes));
            return;
        }
        startRequest(blankHere);
    }

    const qsizetype oldSize = m_header.size();
    m_header.append(fresh.constData() + blankHere, fresh.size() - blankHere);
    const auto withinBudget
        = [this](qsizetype headerBytes) { return m_blankBytes + headerBytes <= m_limits.maxHeaderBytes; };

    if (!m_requestLineChecked) {
        const qsizetype eol = m_header.indexOf('\n');
        const bool complete = eol >= 0;
        const QByteArrayView line = QByteArrayView(m_header).first(complete ? eol : m_header.size());
        if (RequestHead::checkRequestLine(line, complete) == RequestHead::Verdict::Invalid)
            return reject(invalidRequestLine());
        if (!complete) {
            if (!withinBudget(m_header.size()))
                return reject(requestLineTooLarge(m_limits.maxHeaderBytes));
            m_headerWireBytes += fresh.size() - blankHere;
            return;
        }
        m_requestLineChecked = true;
    }

    // A blank line may straddle two reads: look again at the last two old bytes.
    const qsizetype end = RequestHead::blockEnd(m_header, qMax<qsizetype>(0, oldSize - 2));
    if (end < 0 || !withinBudget(end)) {
        if (!withinBudget(m_header.size()))
            return reject(headersTooLarge(m_limits.maxHeaderBytes));
        m_headerWireBytes += fresh.size() - blankHere;
        return;
    }
    m_headerWireBytes += end - oldSize;
    m_header.truncate(end);
    headerComplete();
}

void ConnectionGuard::startRequest(qint64 blankBytesHere)
{
    m_phase = Phase::Header;
    m_headerWireBytes = blankBytesHere; // QHttpServer consumes them in this read too
    m_requestBytesParsed = 0;
    m_chunks.reset();
    m_idleTimer->stop();
    m_requestClock.start();
    // Under pressure the header block gets less time; the body then gets the rest of the full request time.
    m_requestTimeoutMs = underPressure() ? qMin(m_limits.busyHeaderTimeoutMs, m_limits.requestTimeoutMs)
                                         : m_limits.requestTimeoutMs;
    m_requestTimer->start(m_requestTimeoutMs);
}

void ConnectionGuard::headerComplete()
{
    const Result<RequestHead> parsed = RequestHead::parse(m_header);
    const QByteArrayView path = RequestHead::pathOf(m_header);
    const bool upload = std::any_of(m_limits.uploadPaths.cbegin(), m_limits.uploadPaths.cend(),
        [path](const QByteArray &uploadPath) { return QByteArrayView(uploadPath) == path; });
    m_bodyLimit = upload ? qMax(m_limits.maxUploadBodyBytes, m_limits.maxBodyBytes) : m_limits.maxBodyBytes;
    m_header = QByteArray();
    if (!parsed.ok())
        return reject(parsed.error());
    const RequestHead &head = parsed.value();
    m_phase = Phase::Body;
    m_chunked = head.chunked;
    m_keepAlive = head.keepAlive;
    if (!m_keepAlive)
        m_socket->setProperty(CloseAfterResponseProperty, true);
    if (!m_chunked && head.contentLength > m_bodyLimit)
        return reject(contentLengthTooLarge(head.contentLength, m_bodyLimit));

    // A large upload is answered before its body is read when its credentials cannot pay for it, and takes
    // one of the process-wide upload slots: its body, QHttpServer's copy of it and the handler's work are
    // what costs memory.
    const bool largeUpload = upload && (m_chunked || head.contentLength > m_limits.maxBodyBytes);
    if (largeUpload) {
        if (m_server) {
            if (const std::optional<HttpAnswer> answer
                = m_server->answerBeforeBody(head.toRequestData(m_socket->peerAddress())))
                return answerAndClose(
                    GuardedTcpServer::wireResponse(*answer), answer->status, answer->errorCode);
        }
        if (!m_budget->takeUploadSlot())
            return reject(tooManyUploads(m_budget->maxUploads()));
        m_uploadSlotInRequest = true;
        m_carriedUpload = true;
    }
    if (m_requestTimeoutMs < m_limits.requestTimeoutMs) {
        m_requestTimeoutMs = m_limits.requestTimeoutMs;
        m_requestTimer->start(int(qMax<qint64>(1, m_requestTimeoutMs - m_requestClock.elapsed())));
    }

    const qint64 bodyBytesHere = m_requestBytesParsed + m_availableBefore - m_headerWireBytes;
    if (m_chunked) {
        m_chunks.emplace(m_limits.maxHeaderBytes, m_limits.maxHeaderBytes);
        if (bodyBytesHere > 0) {
            scanChunks();
            if (m_phase == Phase::Rejected)
                return;
        }
    }
#if QT_VERSION < QT_VERSION_CHECK(6, 5, 0)
    // QHttpServer 6.4 ignores Expect, so curl waits 1 s before sending a body (docs/architecture.md, Qt 6.4
    // pitfalls: no-limits); 6.5 answers it itself. Only before any body byte: a client that did not wait
    // needs no invitation.
    const bool bodyFollows = m_chunked || head.contentLength > 0;
    if (head.expectContinue && bodyFollows && bodyBytesHere == 0) {
        m_socket->write(ContinueResponse);
        m_ownBytesPending += ContinueResponse.size();
    }
#endif
}

// The framing of a chunked body, checked before QHttpServer parses this read: bytes of the request are at
// offsets [m_requestBytesParsed, + bytesAvailable) of the socket now; the scanner has seen the body up to
// its wireBytes().
void ConnectionGuard::scanChunks()
{
    const qint64 scannedTo = m_headerWireBytes + m_chunks->wireBytes();
    const qint64 from = scannedTo - m_requestBytesParsed;
    if (from < 0 || from >= m_availableBefore || m_chunks->state() != ChunkedBodyScanner::State::InProgress)
        return;
    const QByteArray bytes = m_socket->peek(m_availableBefore);
    m_chunks->feed(QByteArrayView(bytes).sliced(from));
    if (m_chunks->state() == ChunkedBodyScanner::State::Invalid)
        return reject(m_chunks->error());
    if (m_chunks->wireBytes() > m_bodyLimit)
        return reject(chunkedBodyTooLarge(m_bodyLimit));
}

// QHttpServer has taken the request (committed its transaction; the handler runs or has run).
void ConnectionGuard::requestParsed()
{
    bool trailerPending = false;
    if (m_chunked) {
        // QHttpServer 6.4 stops reading two bytes after the last chunk: the rest of the trailer section is
        // still in the socket and would be parsed as the next request. What the scanner has seen of it goes
        // now (outside any transaction, so skip() drops it); what has not arrived yet goes in drainTrailer().
        const qint64 leftover = m_headerWireBytes + m_chunks->wireBytes() - m_requestBytesParsed;
        if (leftover > 0)
            m_socket->skip(leftover);
        trailerPending = m_chunks->state() != ChunkedBodyScanner::State::Complete;
    }
    finishRequest();
    if (trailerPending)
        m_phase = Phase::Trailer;
    // RFC 9112 §9.6: after `Connection: close` nothing more is read; the response is the last one.
    if (!m_keepAlive) {
        m_phase = Phase::Closing;
        stopReading();
    }
}

void ConnectionGuard::drainTrailer()
{
    const QByteArray bytes = m_socket->peek(m_availableBefore);
    const qsizetype taken = m_chunks->feed(bytes);
    if (m_chunks->state() == ChunkedBodyScanner::State::Invalid)
        return reject(m_chunks->error());
    m_socket->skip(taken);
    m_availableBefore -= taken;
    if (m_chunks->state() == ChunkedBodyScanner::State::Complete)
        m_phase = Phase::Idle;
}

void ConnectionGuard::finishRequest()
{
    m_requestTimer->stop();
    m_phase = Phase::Idle;
    m_header = QByteArray();
    m_blankBytes = 0;
    m_requestLineChecked = false;
    m_chunked = false;
    m_headerWireBytes = 0;
    m_requestBytesParsed = 0;
    if (m_uploadSlotInRequest)
        ++m_uploadSlotsAwaiting;
    m_uploadSlotInRequest = false;
    m_servedRequest = true;
    m_awaitingResponse = true;
    m_responseBytes = 0;
    becomeIdle();
}

void ConnectionGuard::wroteBytes(qint64 bytes)
{
    const qint64 own = qMin(bytes, m_ownBytesPending);
    m_ownBytesPending -= own;
    m_responseBytes += bytes - own;
    if (m_phase == Phase::Rejected)
        return;
    if (m_socket->bytesToWrite() > 0) {
        // A response still being written keeps the connection alive.
        if (m_phase == Phase::Idle || m_phase == Phase::Closing || m_phase == Phase::Trailer)
            m_idleTimer->start(m_limits.idleTimeoutMs);
        return;
    }
    if (m_awaitingResponse && m_responseBytes > 0)
        responseWritten();
}

// Everything queued after the last complete request has been written: its response (pipelined requests
// may share one flush).
void ConnectionGuard::responseWritten()
{
    m_awaitingResponse = false;
    m_responseBytes = 0;
    if (m_uploadSlotsAwaiting > 0) {
        for (; m_uploadSlotsAwaiting > 0; --m_uploadSlotsAwaiting)
            m_budget->returnUploadSlot();
        releaseFreedMemory(*m_budget);
    }
    if (m_phase == Phase::Closing) {
        qCDebug(lcGuard) << "closing after the response, as the request asked" << m_socket->peerAddress();
        m_socket->disconnectFromHost();
        m_idleTimer->start(m_limits.idleTimeoutMs); // bound on the wait for a client that does not read
        return;
    }
    if (m_phase == Phase::Idle)
        becomeIdle();
}

void ConnectionGuard::requestTimedOut()
{
    if (m_phase == Phase::Header || m_phase == Phase::Body)
        reject(requestTimeout(m_requestTimeoutMs));
}

void ConnectionGuard::idleTimedOut()
{
    if (m_phase == Phase::Rejected || m_phase == Phase::Closing) {
        // The client has not taken the last response within the idle time: stop waiting for the flush.
        m_socket->abort();
        return;
    }
    if (m_phase == Phase::Idle || m_phase == Phase::Trailer)
        closeIdle();
}

void ConnectionGuard::closeIdle()
{
    qCDebug(lcGuard) << "closing idle connection from" << m_socket->peerAddress();
    // Bytes still queued mean the client stopped reading; a graceful close would wait for them forever.
    if (m_socket->bytesToWrite() > 0)
        m_socket->abort();
    else
        m_socket->disconnectFromHost();
}

void ConnectionGuard::stopReading()
{
    // Keeps QHttpServer from parsing this read and any later one: Qt skips slots disconnected during the
    // running emission (docs/architecture.md, Qt 6.4 pitfalls: guard).
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, nullptr, nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction();
    // Drop what has arrived and what still comes instead of buffering it until the close.
    m_socket->skip(m_socket->bytesAvailable());
    connect(m_socket, &QTcpSocket::readyRead, this, [this] { m_socket->skip(m_socket->bytesAvailable()); });
}

void ConnectionGuard::reject(const ServiceError &error)
{
    answerAndClose(
        GuardedTcpServer::wireResponse(HttpAnswer::error(error)), error.httpStatus(), error.code());
}

void ConnectionGuard::answerAndClose(const QByteArray &response, int status, const QString &code)
{
    m_phase = Phase::Rejected;
    m_requestTimer->stop();
    m_header = QByteArray();
    stopReading();
    m_socket->write(response);
    m_socket->disconnectFromHost();
    m_idleTimer->start(m_limits.idleTimeoutMs); // bound on the wait for a client that does not read
    qCDebug(lcGuard) << "refused" << status << code << "from" << m_socket->peerAddress();
    // Its upload slot is free again: the body will never be read.
    if (m_uploadSlotInRequest) {
        m_budget->returnUploadSlot();
        m_uploadSlotInRequest = false;
    }
    if (m_server)
        Q_EMIT m_server->requestRejected(status, code);
}

} // namespace ades
