#include "HttpResponseReader.h"

namespace ades::web {

namespace {

bool isToken(QByteArrayView name)
{
    if (name.isEmpty())
        return false;
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}

// A non-negative decimal that fits comfortably in qint64, or -1.
qint64 decimal(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 15)
        return -1;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return -1;
        value = value * 10 + (c - '0');
    }
    return value;
}

} // namespace

HttpResponseReader::HttpResponseReader(qint64 maxBodyBytes)
    : m_maxBodyBytes(maxBodyBytes)
{ }

void HttpResponseReader::fail(Failure failure, const QByteArray &problem)
{
    m_state = State::Failed;
    m_failure = failure;
    m_problem = problem;
    m_buffer.clear();
}

bool HttpResponseReader::takeLine(QByteArray &line, qsizetype limit)
{
    const qsizetype end = m_buffer.indexOf('\n');
    if (end < 0) {
        if (m_buffer.size() > limit)
            fail(Failure::Malformed, "a line of the response is too long");
        return false;
    }
    if (end > limit) {
        fail(Failure::Malformed, "a line of the response is too long");
        return false;
    }
    line = m_buffer.left(end);
    if (line.endsWith('\r'))
        line.chop(1);
    m_buffer.remove(0, end + 1);
    return true;
}

void HttpResponseReader::feed(QByteArrayView data)
{
    if (m_state == State::Done || m_state == State::Failed)
        return;
    m_buffer.append(data);
    while (m_state == State::Head) {
        qsizetype end = m_buffer.indexOf("\r\n\r\n");
        qsizetype skip = 4;
        const qsizetype bare = m_buffer.indexOf("\n\n");
        if (bare >= 0 && (end < 0 || bare < end)) {
            end = bare;
            skip = 2;
        }
        if (end < 0) {
            if (m_buffer.size() > MaxHeadBytes)
                fail(Failure::Malformed, "the response head exceeds 32 KiB");
            return;
        }
        if (end > MaxHeadBytes) {
            fail(Failure::Malformed, "the response head exceeds 32 KiB");
            return;
        }
        const QByteArray head = m_buffer.left(end);
        m_buffer.remove(0, end + skip);
        if (!parseHead(head))
            return;
        if (m_status >= 100 && m_status < 200) {
            if (m_status == 101) {
                fail(Failure::Malformed, "the server switched protocols");
                return;
            }
            m_fields.clear(); // an interim response: the real one follows
            continue;
        }
        startBody();
    }
    if (m_state == State::Body)
        readBody();
}

bool HttpResponseReader::parseHead(QByteArrayView head)
{
    QList<QByteArrayView> lines;
    qsizetype start = 0;
    while (start <= head.size()) {
        qsizetype end = head.indexOf('\n', start);
        if (end < 0)
            end = head.size();
        QByteArrayView line = head.sliced(start, end - start);
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append(line);
        start = end + 1;
    }
    const QByteArrayView statusLine = lines.value(0);
    // HTTP/1.x SP 3DIGIT [SP reason]
    if (statusLine.size() < 12 || !statusLine.startsWith("HTTP/1.") || statusLine[8] != ' ') {
        fail(Failure::Malformed, "not an HTTP/1.x status line");
        return false;
    }
    const qint64 status = decimal(statusLine.sliced(9, 3));
    if (status < 100 || status > 599 || (statusLine.size() > 12 && statusLine[12] != ' ')) {
        fail(Failure::Malformed, "not an HTTP status code");
        return false;
    }
    m_status = int(status);
    if (lines.size() - 1 > MaxFields) {
        fail(Failure::Malformed, "more than 100 header fields");
        return false;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArrayView line = lines[i];
        const qsizetype colon = line.indexOf(':');
        // Obsolete line folding (a line starting with white space) is refused, as RFC 9112 §5.2 allows.
        if (colon <= 0 || !isToken(line.first(colon))) {
            fail(Failure::Malformed, "a malformed header field");
            return false;
        }
        m_fields.append(
            { line.first(colon).toByteArray().toLower(), line.sliced(colon + 1).trimmed().toByteArray() });
    }
    return true;
}

bool HttpResponseReader::hasHeader(QByteArrayView name) const
{
    for (const auto &field : m_fields) {
        if (field.first == name)
            return true;
    }
    return false;
}

QByteArray HttpResponseReader::header(QByteArrayView name) const
{
    QByteArray joined;
    for (const auto &field : m_fields) {
        if (field.first != name)
            continue;
        if (!joined.isEmpty())
            joined += ", ";
        joined += field.second;
    }
    return joined;
}

void HttpResponseReader::startBody()
{
    m_state = State::Body;
    if (m_status == 204 || m_status == 304) {
        m_framing = Framing::None;
        m_state = State::Done;
        return;
    }
    if (hasHeader("transfer-encoding")) {
        if (header("transfer-encoding").trimmed().toLower() != "chunked") {
            fail(Failure::Malformed, "a transfer coding other than chunked");
            return;
        }
        m_framing = Framing::Chunked;
        m_chunkStep = ChunkStep::Size;
        return;
    }
    if (hasHeader("content-length")) {
        // Repeated fields must agree ("5, 5" is one length, "5, 6" is a smuggling attempt).
        qint64 length = -1;
        for (const QByteArray &part : header("content-length").split(',')) {
            const qint64 value = decimal(part.trimmed());
            if (value < 0 || (length >= 0 && value != length)) {
                fail(Failure::Malformed, "an invalid Content-Length");
                return;
            }
            length = value;
        }
        if (length > m_maxBodyBytes) {
            fail(Failure::TooLarge, "the Content-Length exceeds the body cap");
            return;
        }
        m_framing = Framing::Length;
        m_remaining = length;
        if (length == 0)
            m_state = State::Done;
        return;
    }
    m_framing = Framing::UntilClose;
}

bool HttpResponseReader::appendBody(QByteArrayView data)
{
    if (m_body.size() + data.size() > m_maxBodyBytes) {
        fail(Failure::TooLarge, "the body exceeds the cap");
        return false;
    }
    m_body.append(data);
    return true;
}

void HttpResponseReader::readBody()
{
    switch (m_framing) {
    case Framing::None:
        m_state = State::Done;
        return;
    case Framing::UntilClose:
        if (appendBody(m_buffer))
            m_buffer.clear();
        return;
    case Framing::Length: {
        const qsizetype take = qsizetype(qMin<qint64>(m_remaining, m_buffer.size()));
        if (!appendBody(QByteArrayView(m_buffer).first(take)))
            return;
        m_buffer.remove(0, take);
        m_remaining -= take;
        if (m_remaining == 0) {
            m_state = State::Done;
            m_buffer.clear();
        }
        return;
    }
    case Framing::Chunked:
        break;
    }
    while (m_state == State::Body) {
        QByteArray line;
        switch (m_chunkStep) {
        case ChunkStep::Size: {
            if (!takeLine(line, 1024))
                return;
            const qsizetype semicolon = line.indexOf(';');
            const QByteArray digits = (semicolon >= 0 ? line.left(semicolon) : line).trimmed();
            if (digits.isEmpty() || digits.size() > 12) {
                fail(Failure::Malformed, "an invalid chunk size");
                return;
            }
            bool ok = false;
            const qint64 size = digits.toLongLong(&ok, 16);
            if (!ok || size < 0 || digits.startsWith('+') || digits.startsWith('-') || digits.contains("0x")
                || digits.contains("0X")) {
                fail(Failure::Malformed, "an invalid chunk size");
                return;
            }
            if (m_body.size() + size > m_maxBodyBytes) {
                fail(Failure::TooLarge, "the body exceeds the cap");
                return;
            }
            m_remaining = size;
            m_chunkStep = size == 0 ? ChunkStep::Trailer : ChunkStep::Data;
            break;
        }
        case ChunkStep::Data: {
            if (m_buffer.isEmpty())
                return;
            const qsizetype take = qsizetype(qMin<qint64>(m_remaining, m_buffer.size()));
            if (!appendBody(QByteArrayView(m_buffer).first(take)))
                return;
            m_buffer.remove(0, take);
            m_remaining -= take;
            if (m_remaining == 0)
                m_chunkStep = ChunkStep::DataEnd;
            break;
        }
        case ChunkStep::DataEnd:
            if (!takeLine(line, 2))
                return;
            if (!line.isEmpty()) {
                fail(Failure::Malformed, "a chunk is longer than its size");
                return;
            }
            m_chunkStep = ChunkStep::Size;
            break;
        case ChunkStep::Trailer:
            if (!takeLine(line, 8 * 1024))
                return;
            if (line.isEmpty()) {
                m_state = State::Done;
                m_buffer.clear();
                return;
            }
            if (++m_trailerFields > MaxFields) {
                fail(Failure::Malformed, "too many trailer fields");
                return;
            }
            break;
        }
    }
}

void HttpResponseReader::finish()
{
    if (m_state == State::Body && m_framing == Framing::UntilClose) {
        m_state = State::Done;
        return;
    }
    if (m_state == State::Head || m_state == State::Body)
        fail(Failure::Truncated, "the connection ended before the response did");
}

} // namespace ades::web
