#include "McpBodyScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cstring>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The index after the string whose opening quote is at `from`; `size` when it is not closed. memchr finds
// each quote, so a megabyte of base64 in an argument costs little; a quote preceded by an odd number of
// backslashes is escaped.
qsizetype stringEnd(const char *data, qsizetype size, qsizetype from)
{
    qsizetype at = from + 1;
    while (at < size) {
        const void *quote = std::memchr(data + at, '"', size_t(size - at));
        if (!quote)
            return size;
        const qsizetype found = static_cast<const char *>(quote) - data;
        qsizetype backslashes = 0;
        while (found - backslashes - 1 > from && data[found - backslashes - 1] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0)
            return found + 1;
        at = found + 1;
    }
    return size;
}

// `key` with its quotes. An escaped spelling ("\u0069d") is decoded by Qt's own parser, as the key that
// QJsonDocument keeps is; it is rare, so the common case is one comparison.
bool isIdKey(const char *key, qsizetype size)
{
    if (size == 4)
        return std::memcmp(key, "\"id\"", 4) == 0;
    if (size > 14 || std::memchr(key, '\\', size_t(size)) == nullptr) // "\u0069\u0064" is the longest
        return false;
    const QJsonDocument decoded = QJsonDocument::fromJson("[" + QByteArray(key, size) + "]");
    return decoded.array().at(0).toString() == u"id"_s;
}

} // namespace

McpBodyScan McpBodyScan::scan(const QByteArray &body, qsizetype maxEntries)
{
    McpBodyScan result;
    const char *data = body.constData();
    const qsizetype size = body.size();
    // QJsonDocument skips a UTF-8 byte order mark, so this does too: a batch behind one is still a batch.
    qsizetype at = body.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (at < size && isBlank(data[at]))
        ++at;
    if (at == size)
        return result;
    result.isBatch = data[at] == '[';
    if (!result.isBatch)
        result.ids.append(QByteArray());
    // Messages are the body (depth 1 inside it) or the batch's elements (depth 2).
    const int messageDepth = result.isBatch ? 2 : 1;
    int depth = 0;
    bool inMessage = false; // the container open at messageDepth is an object
    bool expectKey = false;
    bool idMember = false;
    qsizetype valueStart = 0;
    bool elementOpen = false; // a batch element has started at depth 1 and no ',' followed yet

    for (; at < size; ++at) {
        const char c = data[at];
        if (isBlank(c))
            continue;
        if (result.isBatch && depth == 1 && !elementOpen && c != ',' && c != ']') {
            if (++result.entries > maxEntries) {
                result.tooManyEntries = true;
                return result;
            }
            result.ids.append(QByteArray());
            elementOpen = true;
        }
        switch (c) {
        case '"': {
            const qsizetype end = stringEnd(data, size, at);
            if (inMessage && depth == messageDepth && expectKey)
                idMember = isIdKey(data + at, end - at);
            at = end - 1;
            break;
        }
        case '{':
        case '[':
            ++depth;
            if (depth == messageDepth) {
                inMessage = c == '{';
                expectKey = true;
                idMember = false;
            }
            break;
        case ':':
            if (inMessage && depth == messageDepth) {
                expectKey = false;
                valueStart = at + 1;
            }
            break;
        case ',':
        case '}':
        case ']':
            if (inMessage && depth == messageDepth && !expectKey) {
                if (idMember)
                    result.ids.last() = QByteArray(data + valueStart, at - valueStart).trimmed();
                idMember = false;
                expectKey = true;
            }
            if (c == ',') {
                if (result.isBatch && depth == 1)
                    elementOpen = false;
                break;
            }
            if (depth == messageDepth)
                inMessage = false;
            if (--depth <= 0)
                return result; // the body's value is closed; what follows is QJsonDocument's to refuse
            break;
        default:
            break;
        }
    }
    return result;
}

} // namespace ades::mcp
