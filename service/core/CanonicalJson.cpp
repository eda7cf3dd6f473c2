#include "CanonicalJson.h"

#include "JsonString.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

void appendValue(QByteArray &out, const QJsonValue &value);

// ECMAScript Number::toString (ECMA-262 §6.1.6.1.20) from the shortest round-trip digits, which
// std::to_chars gives in scientific form "d.ddde±x": JCS §3.2.2.3 defers to exactly this algorithm.
void appendNumber(QByteArray &out, double value)
{
    if (!std::isfinite(value)) {
        out.append("null");
        return;
    }
    if (value == 0) { // also -0, which ECMAScript writes as "0"
        out.append('0');
        return;
    }
    if (value < 0) {
        out.append('-');
        value = -value;
    }

    char buffer[64];
    const std::to_chars_result written
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    const char *begin = buffer;
    const char *end = written.ptr;
    const char *ePos = std::find(begin, end, 'e');

    // Significant digits without the decimal point, and the decimal exponent of the first digit.
    char digits[32];
    int k = 0;
    for (const char *p = begin; p != ePos; ++p) {
        if (*p != '.')
            digits[k++] = *p;
    }
    int exponent = 0;
    std::from_chars(ePos[1] == '+' ? ePos + 2 : ePos + 1, end, exponent);
    const int n = exponent + 1; // ECMAScript's n: value = 0.digits * 10^n

    if (k <= n && n <= 21) {
        out.append(digits, k);
        out.append(n - k, '0');
    } else if (0 < n && n <= 21) {
        out.append(digits, n);
        out.append('.');
        out.append(digits + n, k - n);
    } else if (-6 < n && n <= 0) {
        out.append("0.");
        out.append(-n, '0');
        out.append(digits, k);
    } else {
        out.append(digits[0]);
        if (k > 1) {
            out.append('.');
            out.append(digits + 1, k - 1);
        }
        out.append('e');
        out.append(n - 1 >= 0 ? '+' : '-');
        out.append(QByteArray::number(std::abs(n - 1)));
    }
}

// JSON.stringify's QuoteJSONString (core/JsonString), straight from UTF-16 into the output: this is on every
// sign and verify path.
void appendString(QByteArray &out, QStringView text)
{
    const qsizetype start = out.size();
    out.resize(start + JsonString::maxBytes(text.size()));
    out.resize(JsonString::write(out.data() + start, text) - out.constData());
}

// JCS §3.2.3: sort by UTF-16 code units, not by code points and not by locale.
bool utf16Less(QStringView a, QStringView b)
{
    return std::lexicographical_compare(a.utf16(), a.utf16() + a.size(), b.utf16(), b.utf16() + b.size());
}

void appendMember(QByteArray &out, bool first, const QString &key, const QJsonValue &value)
{
    if (!first)
        out.append(',');
    appendString(out, key);
    out.append(':');
    appendValue(out, value);
}

void appendObject(QByteArray &out, const QJsonObject &object)
{
    const qsizetype start = out.size();
    out.append('{');
    // Qt 6 keeps object keys in UTF-16 order already: write in iteration order while that holds, and fall
    // back to an explicit sort should a Qt version ever iterate differently.
    QString previous;
    bool sorted = true;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        QString key = it.key();
        if (it != object.constBegin() && !utf16Less(previous, key)) {
            sorted = false;
            break;
        }
        appendMember(out, it == object.constBegin(), key, it.value());
        previous = std::move(key);
    }
    if (!sorted) {
        out.truncate(start + 1);
        std::vector<std::pair<QString, QJsonValue>> members;
        members.reserve(object.size());
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            members.emplace_back(it.key(), it.value());
        std::sort(members.begin(), members.end(),
            [](const auto &a, const auto &b) { return utf16Less(a.first, b.first); });
        bool first = true;
        for (const auto &[key, value] : members) {
            appendMember(out, first, key, value);
            first = false;
        }
    }
    out.append('}');
}

void appendArray(QByteArray &out, const QJsonArray &array)
{
    out.append('[');
    bool first = true;
    for (const QJsonValue &item : array) {
        if (!first)
            out.append(',');
        first = false;
        appendValue(out, item);
    }
    out.append(']');
}

void appendValue(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out.append("null");
        break;
    case QJsonValue::Bool:
        out.append(value.toBool() ? "true" : "false");
        break;
    case QJsonValue::Double:
        appendNumber(out, value.toDouble());
        break;
    case QJsonValue::String:
        appendString(out, value.toString());
        break;
    case QJsonValue::Array:
        appendArray(out, value.toArray());
        break;
    case QJsonValue::Object:
        appendObject(out, value.toObject());
        break;
    }
}

} // namespace

QByteArray CanonicalJson::serialise(const QJsonValue &value)
{
    QByteArray out;
    out.reserve(256);
    appendValue(out, value);
    return out;
}

QByteArray CanonicalJson::serialise(const QJsonObject &object)
{
    QByteArray out;
    out.reserve(256);
    appendObject(out, object);
    return out;
}

namespace {

// The end of the JSON value starting at `from` in canonical text (no whitespace): one past its last byte.
qsizetype skipValue(const QByteArray &text, qsizetype from)
{
    int depth = 0;
    bool inString = false;
    for (qsizetype i = from; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            if (!inString && depth == 0)
                return i + 1;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '{':
        case '[':
            ++depth;
            break;
        case '}':
        case ']':
            if (--depth == 0)
                return i + 1;
            if (depth < 0)
                return i; // the end of the enclosing object: a scalar ended here
            break;
        case ',':
            if (depth == 0)
                return i;
            break;
        default:
            break;
        }
    }
    return text.size();
}

} // namespace

QByteArray CanonicalJson::withMembers(
    const QByteArray &canonicalObject, QList<QPair<QString, QJsonValue>> members)
{
    QList<QPair<QString, QByteArray>> serialised;
    serialised.reserve(members.size());
    for (const auto &member : std::as_const(members))
        serialised.append({ member.first, serialise(member.second) });
    return withSerialisedMembers(canonicalObject, std::move(serialised));
}

QByteArray CanonicalJson::withSerialisedMembers(
    const QByteArray &canonicalObject, QList<QPair<QString, QByteArray>> members)
{
    if (canonicalObject.size() < 2 || canonicalObject.front() != '{' || canonicalObject.back() != '}')
        return {};
    // ASCII keys sort the same by UTF-16 code unit and by byte.
    for (const auto &member : std::as_const(members)) {
        for (const QChar c : member.first) {
            if (c.unicode() >= 0x80)
                return {};
        }
    }
    std::sort(members.begin(), members.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<QByteArray> memberKeys;
    memberKeys.reserve(members.size());
    for (const auto &member : std::as_const(members))
        memberKeys.append(member.first.toLatin1());
    qsizetype extra = 0;
    for (const auto &member : std::as_const(members))
        extra += member.first.size() + member.second.size() + 8;
    QByteArray out;
    out.reserve(canonicalObject.size() + extra);
    out.append('{');
    bool first = true;
    qsizetype next = 0; // the next member to place
    const auto place = [&](const QPair<QString, QByteArray> &member) {
        if (!first)
            out.append(',');
        first = false;
        appendString(out, member.first);
        out.append(':').append(member.second);
    };
    qsizetype at = 1;
    while (at < canonicalObject.size() - 1) {
        if (canonicalObject.at(at) != '"')
            return {};
        const qsizetype keyEnd = canonicalObject.indexOf('"', at + 1);
        if (keyEnd < 0)
            return {};
        const QByteArrayView key(canonicalObject.constData() + at + 1, keyEnd - at - 1);
        for (const char c : key) {
            if (c == '\\' || static_cast<unsigned char>(c) >= 0x80)
                return {};
        }
        while (next < members.size() && memberKeys.at(next) < key)
            place(members.at(next++));
        if (next < members.size() && memberKeys.at(next) == key)
            return {}; // the member is there already: the caller decides which one wins
        const qsizetype valueEnd = skipValue(canonicalObject, keyEnd + 2);
        if (!first)
            out.append(',');
        first = false;
        out.append(canonicalObject.constData() + at, valueEnd - at);
        at = valueEnd + (valueEnd < canonicalObject.size() - 1 ? 1 : 0); // past the ','
    }
    while (next < members.size())
        place(members.at(next++));
    out.append('}');
    return out;
}

void CanonicalJson::appendString(QByteArray &out, QStringView text)
{
    ades::appendString(out, text);
}

void CanonicalJson::appendNumber(QByteArray &out, double value)
{
    ades::appendNumber(out, value);
}

} // namespace ades
