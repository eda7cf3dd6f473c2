#include "ChunkedBodyScanner.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool isTokenChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

// Visible characters, obs-text, SP and HTAB (RFC 9110 §5.5).
bool isFieldValueChar(char c)
{
    const auto u = static_cast<uchar>(c);
    return u >= 0x20 ? u != 0x7f : c == '\t';
}

// More hex digits than this (leading zeros aside) would not fit QHttpServer's long; the body limit is far
// below anyway.
constexpr qsizetype MaxSizeDigits = 15;

} // namespace

ChunkedBodyScanner::ChunkedBodyScanner(qsizetype maxLineBytes, qsizetype maxTrailerBytes)
    : m_maxLineBytes(maxLineBytes)
    , m_maxTrailerBytes(maxTrailerBytes)
{ }

void ChunkedBodyScanner::fail(const QString &message)
{
    m_state = State::Invalid;
    m_error = ServiceError::badRequest(u"invalid_chunked_body"_s, message, u"body"_s);
}

qsizetype ChunkedBodyScanner::feed(QByteArrayView bytes)
{
    const qint64 base = m_wireBytes;
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n && m_state == State::InProgress) {
        switch (m_step) {
        case Step::Data: {
            const qsizetype take = qsizetype(qMin<qint64>(n - i, m_dataLeft));
            i += take;
            m_dataLeft -= take;
            if (m_dataLeft == 0)
                m_step = Step::DataCr;
            break;
        }
        case Step::DataCr:
        case Step::DataLf: {
            const char expected = m_step == Step::DataCr ? '\r' : '\n';
            if (bytes[i] != expected) {
                fail(u"Each chunk's data must be followed by CRLF."_s);
                break;
            }
            ++i;
            m_step = m_step == Step::DataCr ? Step::DataLf : Step::SizeLine;
            break;
        }
        case Step::SizeLine:
        case Step::TrailerLine: {
            const char c = bytes[i];
            if (m_sawCr) {
                if (c != '\n') {
                    fail(u"A line of the chunked framing contains a bare CR."_s);
                    break;
                }
                ++i;
                m_sawCr = false;
                m_wireBytes = base + i;
                if (m_step == Step::SizeLine ? endSizeLine() : endTrailerLine())
                    m_line.clear();
                break;
            }
            if (c == '\n') {
                fail(u"Lines of the chunked framing must end with CRLF."_s);
                break;
            }
            if (m_step == Step::TrailerLine && base + i + 1 - m_trailerStart > m_maxTrailerBytes) {
                fail(u"The trailer section exceeds %1 bytes."_s.arg(m_maxTrailerBytes));
                break;
            }
            ++i;
            if (c == '\r') {
                m_sawCr = true;
            } else if (m_line.size() >= m_maxLineBytes) {
                fail(u"A line of the chunked framing exceeds %1 bytes."_s.arg(m_maxLineBytes));
            } else {
                m_line.append(c);
            }
            break;
        }
        }
    }
    m_wireBytes = base + i;
    return i;
}

// chunk-size [ chunk-ext ] (RFC 9112 §7.1): hex digits, then nothing or BWS ";" and extensions.
bool ChunkedBodyScanner::endSizeLine()
{
    qsizetype digits = 0;
    while (digits < m_line.size() && isHexDigit(m_line.at(digits)))
        ++digits;
    const QByteArrayView size = QByteArrayView(m_line).first(digits);
    QByteArrayView rest = QByteArrayView(m_line).sliced(digits);
    while (!rest.isEmpty() && (rest.front() == ' ' || rest.front() == '\t'))
        rest = rest.sliced(1);
    const bool extensionOk = rest.isEmpty()
        ? digits == m_line.size()
        : rest.front() == ';' && std::all_of(rest.begin(), rest.end(), isFieldValueChar);
    if (digits == 0 || !extensionOk) {
        fail(u"A chunk must start with its size in hexadecimal digits, optionally followed by ';' and "
             "extensions."_s);
        return false;
    }
    qsizetype significant = 0;
    while (significant < size.size() && size.at(significant) == '0')
        ++significant;
    if (size.size() - significant > MaxSizeDigits) {
        fail(u"A chunk size has more than %1 hexadecimal digits."_s.arg(MaxSizeDigits));
        return false;
    }
    const qint64 chunkSize = size.toByteArray().toLongLong(nullptr, 16);
    if (chunkSize == 0) {
        m_step = Step::TrailerLine;
        m_trailerStart = m_wireBytes;
    } else {
        m_step = Step::Data;
        m_dataLeft = chunkSize;
    }
    return true;
}

// trailer-section = *( field-line CRLF ), then the CRLF that ends the body (RFC 9112 §7.1.2).
bool ChunkedBodyScanner::endTrailerLine()
{
    if (m_line.isEmpty()) {
        m_state = State::Complete;
        return true;
    }
    const qsizetype colon = m_line.indexOf(':');
    const QByteArrayView name = QByteArrayView(m_line).first(qMax<qsizetype>(0, colon));
    const QByteArrayView value = QByteArrayView(m_line).sliced(colon + 1);
    if (colon <= 0 || !std::all_of(name.begin(), name.end(), isTokenChar)
        || !std::all_of(value.begin(), value.end(), isFieldValueChar)) {
        fail(u"The trailer after the last chunk must be header fields ('Name: value') and an empty line."_s);
        return false;
    }
    return true;
}

} // namespace ades
