#include "RequestHead.h"

#include <QUrl>
#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// RFC 9110 §5.6.2 tchar: what a method, a field name and a transfer coding consist of.
bool isTokenChar(char c)
{
    return isAlpha(c) || isDigit(c) || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView text)
{
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), isTokenChar);
}

// Anything visible. Bytes above 0x7f pass: clients send raw UTF-8 paths and QUrl::fromEncoded accepts them.
bool isTargetChar(char c)
{
    const auto u = static_cast<uchar>(c);
    return u > 0x20 && u != 0x7f;
}

// RFC 9110 §5.5 field-value: visible characters, obs-text, SP and HTAB; no other control character.
bool isFieldValueChar(char c)
{
    const auto u = static_cast<uchar>(c);
    return u >= 0x20 ? u != 0x7f : c == '\t';
}

QByteArrayView trimmedOws(QByteArrayView text)
{
    while (!text.isEmpty() && (text.front() == ' ' || text.front() == '\t'))
        text = text.sliced(1);
    while (!text.isEmpty() && (text.back() == ' ' || text.back() == '\t'))
        text.chop(1);
    return text;
}

// The non-empty elements of a comma-separated list (RFC 9110 §5.6.1: empty elements are ignored).
QList<QByteArrayView> listElements(QByteArrayView value)
{
    QList<QByteArrayView> elements;
    qsizetype start = 0;
    while (start <= value.size()) {
        qsizetype comma = value.indexOf(',', start);
        if (comma < 0)
            comma = value.size();
        const QByteArrayView element = trimmedOws(value.sliced(start, comma - start));
        if (!element.isEmpty())
            elements.append(element);
        start = comma + 1;
    }
    return elements;
}

// Host = uri-host [ ":" port ] (RFC 9110 §7.2); empty is allowed.
bool isValidHost(QByteArrayView host)
{
    if (host.isEmpty())
        return true;
    QByteArrayView port;
    if (host.front() == '[') {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return false;
        const QByteArrayView literal = host.sliced(1, close - 1);
        const bool literalOk = !literal.isEmpty() && std::all_of(literal.begin(), literal.end(), [](char c) {
            return isAlpha(c) || isDigit(c) || c == ':' || c == '.' || c == '%' || c == '-' || c == '_'
                || c == '~';
        });
        if (!literalOk)
            return false;
        const QByteArrayView rest = host.sliced(close + 1);
        if (!rest.isEmpty() && rest.front() != ':')
            return false;
        port = rest.isEmpty() ? rest : rest.sliced(1);
    } else {
        const qsizetype colon = host.lastIndexOf(':');
        const QByteArrayView name = colon < 0 ? host : host.first(colon);
        port = colon < 0 ? QByteArrayView() : host.sliced(colon + 1);
        // reg-name: unreserved, pct-encoded and sub-delims (RFC 3986 §3.2.2).
        const bool nameOk = std::all_of(name.begin(), name.end(), [](char c) {
            return isAlpha(c) || isDigit(c) || QByteArrayView("-._~%!$&'()*+,;=").contains(c);
        });
        if (!nameOk)
            return false;
    }
    return std::all_of(port.begin(), port.end(), isDigit);
}

ServiceError invalidHeaderField(const QString &why)
{
    return ServiceError::badRequest(u"invalid_header_field"_s, why, u"headers"_s);
}

ServiceError invalidTransferEncoding(const QString &why)
{
    return ServiceError::badRequest(u"invalid_transfer_encoding"_s, why, u"Transfer-Encoding"_s);
}

// RFC 9112 §6.1, §6.3, §7: only exactly "chunked" as the final coding frames a request body. Chunked anywhere
// else (or twice) leaves the length undeterminable: 400. Any other coding is one this server does not
// implement: 501 (QHttpServer would take "xchunked" or "chunked, identity" for chunked).
std::optional<ServiceError> checkTransferCodings(const QList<QByteArrayView> &codings)
{
    if (codings.isEmpty())
        return invalidTransferEncoding(u"Transfer-Encoding names no transfer coding."_s);
    for (qsizetype i = 0; i < codings.size(); ++i) {
        const qsizetype semicolon = codings.at(i).indexOf(';');
        const QByteArrayView name
            = trimmedOws(semicolon < 0 ? codings.at(i) : codings.at(i).first(semicolon));
        if (!isToken(name))
            return invalidTransferEncoding(u"Transfer-Encoding must be a list of transfer codings."_s);
        if (name.compare("chunked", Qt::CaseInsensitive) != 0)
            continue;
        if (i != codings.size() - 1 || semicolon >= 0)
            return invalidTransferEncoding(
                u"chunked must be the final transfer coding, applied once and without parameters."_s);
    }
    for (const QByteArrayView coding : codings) {
        const qsizetype semicolon = coding.indexOf(';');
        const QByteArrayView name = trimmedOws(semicolon < 0 ? coding : coding.first(semicolon));
        if (name.compare("chunked", Qt::CaseInsensitive) != 0)
            return ServiceError(ServiceError::Kind::UnsupportedTransferCoding,
                u"unsupported_transfer_encoding"_s,
                u"The transfer coding \"%1\" is not supported; send the body with Content-Length or as "
                "chunked."_s.arg(QString::fromLatin1(name.first(qMin<qsizetype>(name.size(), 64)))))
                .setParam(u"Transfer-Encoding"_s);
    }
    return std::nullopt;
}

} // namespace

RequestHead::Verdict RequestHead::checkRequestLine(QByteArrayView line, bool complete)
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

qsizetype RequestHead::blockEnd(QByteArrayView block, qsizetype from)
{
    for (qsizetype i = block.indexOf('\n', from); i >= 0; i = block.indexOf('\n', i + 1)) {
        if (i + 1 < block.size() && block.at(i + 1) == '\n')
            return i + 2;
        if (i + 2 < block.size() && block.at(i + 1) == '\r' && block.at(i + 2) == '\n')
            return i + 3;
    }
    return -1;
}

QByteArrayView RequestHead::pathOf(QByteArrayView block)
{
    const qsizetype eol = block.indexOf('\n');
    const QByteArrayView line = eol < 0 ? block : block.first(eol);
    qsizetype from = line.indexOf(' ');
    if (from < 0)
        return {};
    while (from < line.size() && line[from] == ' ')
        ++from;
    qsizetype to = from;
    while (to < line.size() && line[to] != ' ' && line[to] != '?' && line[to] != '#')
        ++to;
    return line.sliced(from, to - from);
}

Result<RequestHead> RequestHead::parse(QByteArrayView block)
{
    RequestHead head;
    qsizetype eol = block.indexOf('\n');
    if (eol < 0)
        eol = block.size();
    QByteArrayView line = block.first(eol);
    if (line.endsWith('\r'))
        line.chop(1);
    const qsizetype methodEnd = line.indexOf(' ');
    head.method = line.first(qMax<qsizetype>(0, methodEnd)).toByteArray();
    qsizetype targetStart = methodEnd;
    while (targetStart >= 0 && targetStart < line.size() && line[targetStart] == ' ')
        ++targetStart;
    const qsizetype targetEnd = line.indexOf(' ', qMax<qsizetype>(0, targetStart));
    if (methodEnd > 0 && targetEnd > targetStart)
        head.target = line.sliced(targetStart, targetEnd - targetStart).toByteArray();
    if (line.size() >= 1 && isDigit(line.back()))
        head.minorVersion = line.back() - '0';

    qsizetype hostFields = 0;
    QByteArrayView hostValue;
    bool hasTransferEncoding = false;
    QList<QByteArrayView> codings;
    bool connectionClose = false;
    bool connectionKeepAlive = false;
    qsizetype start = eol + 1;
    while (start < block.size()) {
        qsizetype end = block.indexOf('\n', start);
        if (end < 0)
            end = block.size();
        QByteArrayView field = block.sliced(start, end - start);
        start = end + 1;
        if (field.endsWith('\r'))
            field.chop(1);
        if (field.isEmpty())
            break; // the blank line that ends the block
        // RFC 9112 §5.1, §5.2: no whitespace before the colon, no obs-fold; §2.2: no bare CR.
        if (field.front() == ' ' || field.front() == '\t')
            return invalidHeaderField(u"Header fields must not be folded over several lines."_s);
        const qsizetype colon = field.indexOf(':');
        if (colon <= 0 || !isToken(field.first(colon)))
            return invalidHeaderField(u"Each header line must read 'Name: value'."_s);
        const QByteArrayView name = field.first(colon);
        const QByteArrayView value = trimmedOws(field.sliced(colon + 1));
        if (!std::all_of(value.begin(), value.end(), isFieldValueChar))
            return invalidHeaderField(u"The value of %1 contains a control character."_s.arg(
                QString::fromLatin1(name.first(qMin<qsizetype>(name.size(), 64)))));
        head.fields.append({ name.toByteArray(), value.toByteArray() });

        if (name.compare("content-length", Qt::CaseInsensitive) == 0) {
            const bool digitsOnly = !value.isEmpty() && std::all_of(value.begin(), value.end(), isDigit);
            if (!digitsOnly)
                return ServiceError::badRequest(u"invalid_content_length"_s,
                    u"Content-Length must be one non-negative decimal integer."_s, u"Content-Length"_s);
            bool fits = false;
            qint64 length = value.toLongLong(&fits);
            if (!fits)
                length = std::numeric_limits<qint64>::max();
            if (head.contentLength >= 0 && head.contentLength != length)
                return ServiceError::badRequest(u"invalid_content_length"_s,
                    u"Content-Length must be sent once; this request has conflicting values."_s,
                    u"Content-Length"_s);
            head.contentLength = length;
        } else if (name.compare("transfer-encoding", Qt::CaseInsensitive) == 0) {
            hasTransferEncoding = true;
            codings += listElements(value);
        } else if (name.compare("expect", Qt::CaseInsensitive) == 0) {
            if (value.compare("100-continue", Qt::CaseInsensitive) == 0)
                head.expectContinue = true;
        } else if (name.compare("host", Qt::CaseInsensitive) == 0) {
            ++hostFields;
            hostValue = value;
        } else if (name.compare("connection", Qt::CaseInsensitive) == 0) {
            const QList<QByteArrayView> options = listElements(value);
            for (const QByteArrayView option : options) {
                connectionClose |= option.compare("close", Qt::CaseInsensitive) == 0;
                connectionKeepAlive |= option.compare("keep-alive", Qt::CaseInsensitive) == 0;
            }
        }
    }

    // RFC 9112 §3.2: an HTTP/1.1 request without Host, any request with two, or with an invalid one: 400.
    if (hostFields > 1)
        return ServiceError::badRequest(
            u"invalid_host"_s, u"The request must carry one Host header field, not several."_s, u"Host"_s);
    if (hostFields == 0 && head.minorVersion >= 1)
        return ServiceError::badRequest(
            u"missing_host"_s, u"An HTTP/1.1 request must carry a Host header field."_s, u"Host"_s);
    if (hostFields == 1 && !isValidHost(hostValue))
        return ServiceError::badRequest(u"invalid_host"_s,
            u"The Host header field must be a host name or address with an optional port."_s, u"Host"_s);

    if (hasTransferEncoding) {
        // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing.
        if (head.minorVersion == 0)
            return invalidTransferEncoding(u"HTTP/1.0 requests must not use Transfer-Encoding."_s);
        if (head.contentLength >= 0)
            return ServiceError::badRequest(u"conflicting_body_length"_s,
                u"Content-Length and Transfer-Encoding must not be sent together."_s, u"Transfer-Encoding"_s);
        if (std::optional<ServiceError> error = checkTransferCodings(codings))
            return *error;
        head.chunked = true;
    }
    // RFC 9112 §9.3: HTTP/1.1 persists unless "close"; HTTP/1.0 only with "keep-alive".
    head.keepAlive = !connectionClose && (head.minorVersion >= 1 || connectionKeepAlive);
    return head;
}

HttpRequestData RequestHead::toRequestData(const QHostAddress &peer) const
{
    HttpRequestData data;
    data.method = method;
    // As QHttpServer 6.4 reads the target, so that a path matches here exactly when it matches there.
    const QUrl url = QUrl::fromEncoded(target);
    data.path = url.path();
    data.query = QUrlQuery(url);
    data.headers = fields;
    data.remoteAddress = peer;
    data.receivedAt = QDateTime::currentDateTimeUtc();
    return data;
}

} // namespace ades
