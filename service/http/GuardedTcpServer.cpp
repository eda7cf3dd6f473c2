#include "GuardedTcpServer.h"

#include "core/ServiceError.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <functional>
#include <limits>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

Q_LOGGING_CATEGORY(lcGuard, "ades.http.guard", QtInfoMsg)

// Bytes QHttpServer 6.4 skips before a request line (RFC 9112 §2.2 allows empty lines there).
bool isBlank(char c)
{
    return c == '\r' || c == '\n' || c == ' ' || c == '\t' || c == '\v';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// RFC 9110 §5.6.2 tchar: what a method may consist of.
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

// Anything visible. Bytes above 0x7f pass: clients send raw UTF-8 paths and QUrl::fromEncoded accepts them.
bool isTargetChar(char c)
{
    const auto u = static_cast<uchar>(c);
    return u > 0x20 && u != 0x7f;
}

enum class Verdict
{
    Incomplete,
    Valid,
    Invalid,
};

// request-line = method SP request-target SP HTTP-version (RFC 9112 §3). Checked while it arrives, so that
// binary garbage (a TLS hello on the plain port) is refused at its first bytes, not after the timeout.
Verdict checkRequestLine(QByteArrayView line, bool complete)
{
    if (complete && line.endsWith('\r'))
        line.chop(1);
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i < n && isTokenChar(line[i]))
        ++i;
    if (i == n)
        return complete ? Verdict::Invalid : Verdict::Incomplete;
    if (i == 0 || line[i] != ' ')
        return Verdict::Invalid;
    while (i < n && line[i] == ' ')
        ++i;
    while (i < n && isTargetChar(line[i]))
        ++i;
    if (i == n)
        return complete ? Verdict::Invalid : Verdict::Incomplete;
    if (line[i] != ' ')
        return Verdict::Invalid;
    while (i < n && line[i] == ' ')
        ++i;
    const QByteArrayView version = line.sliced(i);
    constexpr QByteArrayView pattern("HTTP/#.#"); // # = one digit
    if (version.size() > pattern.size())
        return Verdict::Invalid;
    for (qsizetype k = 0; k < version.size(); ++k) {
        const bool ok = pattern[k] == '#' ? isDigit(version[k]) : version[k] == pattern[k];
        if (!ok)
            return Verdict::Invalid;
    }
    if (!complete || version.size() < pattern.size())
        return complete ? Verdict::Invalid : Verdict::Incomplete;
    return Verdict::Valid;
}

// Index just past the blank line that ends the header block, or -1. Same rule as QHttpServer 6.4: the first
// "\n\n" or "\n\r\n", so bare LF line ends count as they do there.
qsizetype headerBlockEnd(const QByteArray &block, qsizetype from)
{
    for (qsizetype i = block.indexOf('\n', from); i >= 0; i = block.indexOf('\n', i + 1)) {
        if (i + 1 < block.size() && block.at(i + 1) == '\n')
            return i + 2;
        if (i + 2 < block.size() && block.at(i + 1) == '\r' && block.at(i + 2) == '\n')
            return i + 3;
    }
    return -1;
}

// The path of a checked request line ("POST /v1/einvoice?x=1 HTTP/1.1" -> "/v1/einvoice").
QByteArrayView requestPath(const QByteArray &block)
{
    const QByteArrayView line = QByteArrayView(block).first(qMax<qsizetype>(0, block.indexOf('\n')));
    qsizetype from = line.indexOf(' ');
    while (from >= 0 && from < line.size() && line[from] == ' ')
        ++from;
    if (from < 0)
        return {};
    qsizetype to = from;
    while (to < line.size() && line[to] != ' ' && line[to] != '?' && line[to] != '#')
        ++to;
    return line.sliced(from, to - from);
}

// What the guard needs from the header fields. QHttpServer 6.4 takes the first Content-Length and reads a
// value it cannot parse as "no body", which would let the body pass as the next request (smuggling): such
// requests are refused here instead.
struct HeaderFacts
{
    qint64 contentLength = -1; // -1: absent
    bool chunked = false;
    bool expectContinue = false;
    std::optional<ServiceError> error;
};

HeaderFacts readHeaderFields(const QByteArray &block)
{
    HeaderFacts facts;
    bool hasTransferEncoding = false;
    qsizetype start = block.indexOf('\n') + 1; // past the request line
    while (start < block.size()) {
        qsizetype end = block.indexOf('\n', start);
        if (end < 0)
            end = block.size();
        QByteArrayView line = QByteArrayView(block).sliced(start, end - start);
        start = end + 1;
        if (line.endsWith('\r'))
            line.chop(1);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.first(colon).toByteArray().toLower();
        const QByteArray value = line.sliced(colon + 1).toByteArray().trimmed();
        if (name == "content-length") {
            const bool digitsOnly = !value.isEmpty() && std::all_of(value.cbegin(), value.cend(), isDigit);
            if (!digitsOnly) {
                facts.error = ServiceError::badRequest(u"invalid_content_length"_s,
                    u"Content-Length must be one non-negative decimal integer."_s, u"Content-Length"_s);
                return facts;
            }
            bool fits = false;
            qint64 length = value.toLongLong(&fits);
            if (!fits)
                length = std::numeric_limits<qint64>::max();
            if (facts.contentLength >= 0 && facts.contentLength != length) {
                facts.error = ServiceError::badRequest(u"invalid_content_length"_s,
                    u"Content-Length must be sent once; this request has conflicting values."_s,
                    u"Content-Length"_s);
                return facts;
            }
            facts.contentLength = length;
        } else if (name == "transfer-encoding") {
            hasTransferEncoding = true;
            // QHttpServer 6.4 treats any value containing "chunked" as chunked.
            if (value.toLower().contains("chunked"))
                facts.chunked = true;
        } else if (name == "expect") {
            if (value.compare("100-continue", Qt::CaseInsensitive) == 0)
                facts.expectContinue = true;
        }
    }
    if (hasTransferEncoding && facts.contentLength >= 0) {
        facts.error = ServiceError::badRequest(u"conflicting_body_length"_s,
            u"Content-Length and Transfer-Encoding must not be sent together."_s, u"Transfer-Encoding"_s);
    } else if (hasTransferEncoding && !facts.chunked) {
        facts.error = ServiceError::badRequest(u"unsupported_transfer_encoding"_s,
            u"Transfer-Encoding must be chunked."_s, u"Transfer-Encoding"_s);
    }
    return facts;
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

ServiceError tooManyConnections(int limit)
{
    return ServiceError(ServiceError::Kind::Unavailable, u"too_many_connections"_s,
        u"The server has reached its limit of %1 open connections; retry shortly."_s.arg(limit))
        .setRetryable(true);
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 400:
        return "Bad Request";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 503:
        return "Service Unavailable";
    }
    return "Error";
}

QByteArray errorResponse(const ServiceError &error)
{
    const int status = error.httpStatus();
    const QByteArray body = QJsonDocument(error.toJson()).toJson(QJsonDocument::Compact);
    QByteArray response = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status)
        + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\nConnection: close\r\n";
    if (status == 503)
        response += "Retry-After: 1\r\n";
    response += "\r\n" + body;
    return response;
}

// The per-connection half of the guard: a child of its socket, so it lives exactly as long as the connection.
// Its two slots bracket QHttpServer's readyRead slot; QHttpServer reads each request inside a socket
// transaction, so bytesAvailable() before and after tells how much it consumed and isTransactionStarted()
// afterwards whether the request is still incomplete (docs/architecture.md, Qt 6.4 pitfalls: guard).
class ConnectionGuard : public QObject
{
public:
    using RejectedCallback = std::function<void(int status, const QString &code)>;

    ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits, RejectedCallback onRejected);

    void beforeParse();
    void afterParse();
    // Answers with the error and closes; QHttpServer sees nothing more of this connection.
    void reject(const ServiceError &error);

private:
    enum class Phase
    {
        Idle, // between requests; blank lines may arrive
        Header, // the header block is arriving
        Body, // header block complete; QHttpServer reads the body
        Rejected,
    };

    void scanHeader();
    void startRequest(qint64 blankBytesHere);
    void headerComplete(qint64 bodyBytesHere);
    void finishRequest();
    void requestTimedOut();
    void idleTimedOut();
    void wroteBytes();

    QTcpSocket *m_socket;
    GuardLimits m_limits;
    RejectedCallback m_onRejected;
    QTimer *m_requestTimer;
    QTimer *m_idleTimer;
    Phase m_phase = Phase::Idle;
    // Copy of the current header block (never of the body): QHttpServer consumes it inside its transaction,
    // so what earlier reads brought can no longer be peeked.
    QByteArray m_header;
    qint64 m_blankBytes = 0; // blank lines before the request line; they count against maxHeaderBytes
    bool m_requestLineChecked = false;
    bool m_chunked = false;
    qint64 m_bodyLimit = 0; // of the current request: maxBodyBytes, or maxUploadBodyBytes on an upload path
    qint64 m_headerWireBytes = 0; // bytes of the header block read since the request started
    qint64 m_requestBytesParsed = 0; // bytes of this request QHttpServer has consumed
    qint64 m_availableBefore = 0; // bytesAvailable() when the running readyRead emission started
};

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const GuardLimits &limits, RejectedCallback onRejected)
    : QObject(socket)
    , m_socket(socket)
    , m_limits(limits)
    , m_onRejected(std::move(onRejected))
    , m_requestTimer(new QTimer(this))
    , m_idleTimer(new QTimer(this))
{
    m_requestTimer->setSingleShot(true);
    m_requestTimer->setInterval(m_limits.requestTimeoutMs);
    m_idleTimer->setSingleShot(true);
    m_idleTimer->setInterval(m_limits.idleTimeoutMs);
    connect(m_requestTimer, &QTimer::timeout, this, &ConnectionGuard::requestTimedOut);
    connect(m_idleTimer, &QTimer::timeout, this, &ConnectionGuard::idleTimedOut);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &ConnectionGuard::wroteBytes);
    // A connection that never sends anything is idle from the start.
    m_idleTimer->start();
}

void ConnectionGuard::beforeParse()
{
    m_availableBefore = m_socket->bytesAvailable();
    if (m_phase == Phase::Rejected || m_availableBefore <= 0)
        return;
    if (m_phase == Phase::Body) {
        // A Content-Length body was checked with the header and QHttpServer reads no more than announced;
        // a chunked one is counted on the wire before QHttpServer buffers this read.
        const qint64 bodyBytes = m_requestBytesParsed - m_headerWireBytes + m_availableBefore;
        if (m_chunked && bodyBytes > m_bodyLimit)
            reject(chunkedBodyTooLarge(m_bodyLimit));
        return;
    }
    scanHeader();
}

void ConnectionGuard::afterParse()
{
    if (m_phase == Phase::Idle || m_phase == Phase::Rejected)
        return;
    m_requestBytesParsed += m_availableBefore - m_socket->bytesAvailable();
    // QHttpServer commits its transaction when the request is complete, before calling the handler.
    if (!m_socket->isTransactionStarted())
        finishRequest();
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
        if (checkRequestLine(line, complete) == Verdict::Invalid)
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
    const qsizetype end = headerBlockEnd(m_header, qMax<qsizetype>(0, oldSize - 2));
    if (end < 0 || !withinBudget(end)) {
        if (!withinBudget(m_header.size()))
            return reject(headersTooLarge(m_limits.maxHeaderBytes));
        m_headerWireBytes += fresh.size() - blankHere;
        return;
    }
    const qint64 headerBytesHere = end - oldSize;
    m_headerWireBytes += headerBytesHere;
    m_header.truncate(end);
    headerComplete(m_availableBefore - blankHere - headerBytesHere);
}

void ConnectionGuard::startRequest(qint64 blankBytesHere)
{
    m_phase = Phase::Header;
    m_headerWireBytes = blankBytesHere; // QHttpServer consumes them in this read too
    m_requestBytesParsed = 0;
    m_idleTimer->stop();
    m_requestTimer->start();
}

void ConnectionGuard::headerComplete(qint64 bodyBytesHere)
{
    const HeaderFacts facts = readHeaderFields(m_header);
    const QByteArrayView path = requestPath(m_header);
    const bool upload = std::any_of(m_limits.uploadPaths.cbegin(), m_limits.uploadPaths.cend(),
        [path](const QByteArray &uploadPath) { return QByteArrayView(uploadPath) == path; });
    m_bodyLimit = upload ? qMax(m_limits.maxUploadBodyBytes, m_limits.maxBodyBytes) : m_limits.maxBodyBytes;
    m_header = QByteArray();
    if (facts.error)
        return reject(*facts.error);
    m_phase = Phase::Body;
    m_chunked = facts.chunked;
    if (!m_chunked && facts.contentLength > m_bodyLimit)
        return reject(contentLengthTooLarge(facts.contentLength, m_bodyLimit));
    if (m_chunked && bodyBytesHere > m_bodyLimit)
        return reject(chunkedBodyTooLarge(m_bodyLimit));
#if QT_VERSION < QT_VERSION_CHECK(6, 5, 0)
    // QHttpServer 6.4 ignores Expect, so curl waits 1 s before sending a body (docs/architecture.md, Qt 6.4
    // pitfalls: no-limits); 6.5 answers it itself. Only before any body byte: a client that did not wait
    // needs no invitation.
    const bool bodyFollows = m_chunked || facts.contentLength > 0;
    if (facts.expectContinue && bodyFollows && bodyBytesHere == 0)
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
#endif
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
    m_idleTimer->start();
}

void ConnectionGuard::requestTimedOut()
{
    if (m_phase == Phase::Header || m_phase == Phase::Body)
        reject(requestTimeout(m_limits.requestTimeoutMs));
}

void ConnectionGuard::idleTimedOut()
{
    if (m_phase == Phase::Rejected) {
        // The client has not taken the refusal within the idle time: stop waiting for the flush.
        m_socket->abort();
        return;
    }
    if (m_phase != Phase::Idle)
        return;
    qCDebug(lcGuard) << "closing idle connection from" << m_socket->peerAddress();
    // Bytes still queued mean the client stopped reading; a graceful close would wait for them forever.
    if (m_socket->bytesToWrite() > 0)
        m_socket->abort();
    else
        m_socket->disconnectFromHost();
}

void ConnectionGuard::wroteBytes()
{
    // A response still being written (or an asynchronous one just sent) keeps the connection alive.
    if (m_phase == Phase::Idle)
        m_idleTimer->start();
}

void ConnectionGuard::reject(const ServiceError &error)
{
    m_phase = Phase::Rejected;
    m_requestTimer->stop();
    m_header = QByteArray();
    // Keeps QHttpServer from parsing this read and any later one: Qt skips slots disconnected during the
    // running emission (docs/architecture.md, Qt 6.4 pitfalls: guard).
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, nullptr, nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction();
    // Drop what has arrived and what still comes instead of buffering it until the close.
    m_socket->skip(m_socket->bytesAvailable());
    connect(m_socket, &QTcpSocket::readyRead, this, [this] { m_socket->skip(m_socket->bytesAvailable()); });
    m_socket->write(errorResponse(error));
    m_socket->disconnectFromHost();
    m_idleTimer->start(); // bound on the wait for a client that does not read
    qCDebug(lcGuard) << "refused" << error.httpStatus() << error.code() << "from" << m_socket->peerAddress();
    m_onRejected(error.httpStatus(), error.code());
}

} // namespace

GuardedTcpServer::GuardedTcpServer(GuardLimits limits, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
{ }

GuardedTcpServer::~GuardedTcpServer() = default;

int GuardedTcpServer::openConnections() const
{
    return int(m_live.size());
}

void GuardedTcpServer::incomingConnection(qintptr socketDescriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(socketDescriptor)) {
        qCWarning(lcGuard) << "cannot adopt an accepted connection:" << socket->errorString();
        delete socket;
        return;
    }
    const QPointer<GuardedTcpServer> self(this);
    auto *guard = new ConnectionGuard(socket, m_limits, [self](int status, const QString &code) {
        if (self)
            Q_EMIT self->requestRejected(status, code);
    });

    if (m_live.size() >= m_limits.maxConnections) {
        // Never handed to QHttpServer, so deleting it is ours.
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        guard->reject(tooManyConnections(m_limits.maxConnections));
        return;
    }

    m_live.insert(socket);
    const auto forget = [this, socket] { m_live.remove(socket); };
    connect(socket, &QTcpSocket::disconnected, this, forget);
    connect(socket, &QObject::destroyed, this, forget);
    // Order matters: QHttpServer 6.4 connects its own readyRead slot inside addPendingConnection() (through
    // pendingConnectionAvailable), between the guard's two.
    connect(socket, &QTcpSocket::readyRead, guard, &ConnectionGuard::beforeParse);
    addPendingConnection(socket);
    connect(socket, &QTcpSocket::readyRead, guard, &ConnectionGuard::afterParse);
}

} // namespace ades

#include "moc_GuardedTcpServer.cpp"
