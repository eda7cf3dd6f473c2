#include "MultipartFormData.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

struct HeaderValue
{
    QByteArray value; // the part before the first ';', lower-cased and trimmed
    QList<std::pair<QByteArray, QByteArray>> parameters; // lower-cased names, unquoted values
    bool ok = true;
};

// `type/subtype; name=value; name="quoted \" value"` (RFC 9110 §5.6.6). A quote that never closes makes
// the whole value unusable rather than guessing where it ends.
HeaderValue parseHeaderValue(const QByteArray &raw)
{
    HeaderValue out;
    qsizetype i = raw.indexOf(';');
    out.value = raw.left(i < 0 ? raw.size() : i).trimmed().toLower();
    while (i >= 0 && i < raw.size()) {
        ++i; // past ';'
        while (i < raw.size() && (raw.at(i) == ' ' || raw.at(i) == '\t'))
            ++i;
        const qsizetype eq = raw.indexOf('=', i);
        if (eq < 0)
            break;
        const QByteArray name = raw.mid(i, eq - i).trimmed().toLower();
        i = eq + 1;
        QByteArray value;
        if (i < raw.size() && raw.at(i) == '"') {
            ++i;
            bool closed = false;
            while (i < raw.size()) {
                const char c = raw.at(i++);
                if (c == '\\' && i < raw.size()) {
                    value.append(raw.at(i++));
                } else if (c == '"') {
                    closed = true;
                    break;
                } else {
                    value.append(c);
                }
            }
            if (!closed) {
                out.ok = false;
                return out;
            }
            i = raw.indexOf(';', i);
        } else {
            const qsizetype end = raw.indexOf(';', i);
            value = raw.mid(i, end < 0 ? raw.size() - i : end - i).trimmed();
            i = end;
        }
        out.parameters.append({ name, value });
    }
    return out;
}

QByteArray parameter(const HeaderValue &header, const QByteArray &name, bool *present = nullptr)
{
    for (const auto &[key, value] : header.parameters) {
        if (key == name) {
            if (present)
                *present = true;
            return value;
        }
    }
    if (present)
        *present = false;
    return {};
}

ServiceError malformed(const QString &message)
{
    return ServiceError::badRequest(u"invalid_multipart"_s, message, u"body"_s);
}

bool isBoundaryChar(char c)
{
    // RFC 2046 bchars.
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
        || QByteArrayView("'()+_,-./:=? ").contains(c);
}

Result<MultipartPart> parsePartHeaders(const QByteArray &block, int index)
{
    MultipartPart part;
    bool haveDisposition = false;
    const QList<QByteArray> lines = block.isEmpty() ? QList<QByteArray> {} : block.split('\n');
    // Folding is refused before any line is read, so the message names it and not its consequence.
    for (const QByteArray &line : lines) {
        if (line.startsWith(' ') || line.startsWith('\t'))
            return malformed(u"Part %1 of the multipart body has a folded header line."_s.arg(index));
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        const bool last = i == lines.size() - 1;
        if (last ? line.contains('\r') : !line.endsWith('\r'))
            return malformed(
                u"Part %1 of the multipart body has a header line not ended by CRLF."_s.arg(index));
        if (!last)
            line.chop(1);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return malformed(u"Part %1 of the multipart body has a header line without a name."_s.arg(index));
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-disposition") {
            if (haveDisposition)
                return malformed(
                    u"Part %1 of the multipart body has two Content-Disposition headers."_s.arg(index));
            haveDisposition = true;
            const HeaderValue disposition = parseHeaderValue(value);
            if (!disposition.ok || disposition.value != "form-data")
                return malformed(
                    u"Part %1 of the multipart body needs Content-Disposition: form-data; name=\"...\"."_s
                        .arg(index));
            bool named = false;
            part.name = QString::fromUtf8(parameter(disposition, "name", &named));
            if (!named || part.name.isEmpty())
                return malformed(u"Part %1 of the multipart body has no field name."_s.arg(index));
            QString filename = QString::fromUtf8(parameter(disposition, "filename"));
            // RFC 7578 §4.2: directory parts of a file name are not for the receiver.
            const qsizetype slash = qMax(filename.lastIndexOf(u'/'), filename.lastIndexOf(u'\\'));
            part.filename = filename.mid(slash + 1);
        } else if (name == "content-type") {
            part.contentType = value;
        } else if (name == "content-transfer-encoding") {
            // RFC 7578 §4.7 deprecates it; only the identity encodings are accepted.
            const QByteArray encoding = value.toLower();
            if (encoding != "binary" && encoding != "8bit" && encoding != "7bit")
                return malformed(u"Part %1 of the multipart body uses Content-Transfer-Encoding %2; send "
                                 "the bytes as they are (binary)."_s.arg(index)
                                     .arg(QString::fromLatin1(value)));
        }
    }
    if (!haveDisposition)
        return malformed(u"Part %1 of the multipart body has no Content-Disposition header."_s.arg(index));
    return part;
}

} // namespace

bool MultipartFormData::isMultipart(const QByteArray &contentType)
{
    return parseHeaderValue(contentType).value == "multipart/form-data";
}

QByteArray MultipartFormData::boundary(const QByteArray &contentType)
{
    const HeaderValue header = parseHeaderValue(contentType);
    if (!header.ok)
        return {};
    const QByteArray b = parameter(header, "boundary");
    if (b.isEmpty() || b.size() > 70 || b.endsWith(' '))
        return {};
    for (char c : b) {
        if (!isBoundaryChar(c))
            return {};
    }
    return b;
}

Result<QList<MultipartPart>> MultipartFormData::parse(
    const QByteArray &contentType, const QByteArray &body, const MultipartLimits &limits)
{
    if (!isMultipart(contentType))
        return malformed(u"The Content-Type is not multipart/form-data."_s);
    const QByteArray b = boundary(contentType);
    if (b.isEmpty())
        return malformed(u"The multipart/form-data Content-Type has no valid boundary parameter."_s);
    const QByteArray delimiter = "--" + b;
    const QByteArray innerDelimiter = "\r\n" + delimiter;

    qsizetype pos = 0;
    if (!body.startsWith(delimiter)) {
        const qsizetype first = body.indexOf(innerDelimiter); // after a preamble (RFC 2046)
        if (first < 0)
            return malformed(u"The multipart body does not contain its boundary."_s);
        pos = first + 2;
    }

    QList<MultipartPart> parts;
    QSet<QString> names;
    for (;;) {
        pos += delimiter.size();
        if (body.mid(pos, 2) == "--")
            break; // closing delimiter; the epilogue is ignored
        while (pos < body.size() && (body.at(pos) == ' ' || body.at(pos) == '\t'))
            ++pos; // transport padding
        if (body.mid(pos, 2) != "\r\n")
            return malformed(u"A boundary line of the multipart body is not followed by CRLF."_s);
        pos += 2;
        const int index = int(parts.size()) + 1;
        if (index > limits.maxParts)
            return malformed(u"The multipart body has more than %1 parts."_s.arg(limits.maxParts));

        qsizetype dataStart = 0;
        QByteArray headerBlock;
        if (body.mid(pos, 2) == "\r\n") {
            dataStart = pos + 2;
        } else {
            const qsizetype end = body.indexOf("\r\n\r\n", pos);
            if (end < 0 || end - pos > limits.maxPartHeaderBytes)
                return malformed(
                    u"Part %1 of the multipart body has no end of headers within %2 bytes."_s.arg(index).arg(
                        limits.maxPartHeaderBytes));
            headerBlock = body.mid(pos, end - pos);
            dataStart = end + 4;
        }
        Result<MultipartPart> part = parsePartHeaders(headerBlock, index);
        if (!part.ok())
            return part.error();
        const qsizetype next = body.indexOf(innerDelimiter, dataStart);
        if (next < 0)
            return malformed(u"The multipart body ends without its closing boundary."_s);
        MultipartPart value = part.value();
        if (names.contains(value.name))
            return malformed(u"The multipart body has two fields named \"%1\"."_s.arg(value.name));
        names.insert(value.name);
        value.data = body.mid(dataStart, next - dataStart);
        parts.append(std::move(value));
        pos = next + 2;
    }
    return parts;
}

} // namespace ades
