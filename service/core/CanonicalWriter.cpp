#include "CanonicalWriter.h"

#include "CanonicalJson.h"

#include <QJsonValue>
#include <algorithm>
#include <charconv>
#include <cstring>
#include <numeric>

namespace ades {

namespace {

// Printable ASCII other than the quote and the backslash: written as it is, and ordered by its bytes as
// JCS orders by UTF-16 code units. Branch-free: it runs for every key written.
char16_t unitOf(char c)
{
    return static_cast<unsigned char>(c);
}

char16_t unitOf(QChar c)
{
    return c.unicode();
}

template <typename Text> bool plainAscii(Text text)
{
    bool escapes = false;
    for (const auto c : text) {
        const char16_t u = unitOf(c);
        escapes |= (u < 0x20) | (u >= 0x7f) | (u == u'"') | (u == u'\\');
    }
    return !escapes;
}

// JCS §3.2.3: by UTF-16 code units.
bool utf16Less(QStringView a, QStringView b)
{
    return std::lexicographical_compare(a.utf16(), a.utf16() + a.size(), b.utf16(), b.utf16() + b.size());
}

} // namespace

CanonicalWriter::CanonicalWriter(qsizetype reserve)
{
    m_out.reserve(reserve);
}

void CanonicalWriter::beforeValue()
{
    if (m_frames.empty())
        return;
    Frame &frame = m_frames.back();
    if (frame.object) {
        Q_ASSERT_X(
            !m_members.empty() && m_members.back().end == 0, "CanonicalWriter", "a value without a key");
        return;
    }
    if (!frame.empty)
        m_out.append(',');
    frame.empty = false;
}

CanonicalWriter &CanonicalWriter::beginObject()
{
    beforeValue();
    m_out.append('{');
    m_frames.push_back({ m_out.size(), m_members.size(), true, true, true });
    return *this;
}

CanonicalWriter &CanonicalWriter::beginArray()
{
    beforeValue();
    m_out.append('[');
    m_frames.push_back({ m_out.size(), m_members.size(), false, true, true });
    return *this;
}

CanonicalWriter &CanonicalWriter::endArray()
{
    Q_ASSERT(!m_frames.empty() && !m_frames.back().object);
    m_frames.pop_back();
    m_out.append(']');
    return *this;
}

CanonicalWriter &CanonicalWriter::endObject()
{
    Q_ASSERT(!m_frames.empty() && m_frames.back().object);
    const Frame frame = m_frames.back();
    if (m_members.size() > frame.firstMember) {
        m_members.back().end = m_out.size();
        if (!frame.sorted)
            putInKeyOrder(frame);
        m_members.resize(frame.firstMember);
    }
    m_frames.pop_back();
    m_out.append('}');
    return *this;
}

void CanonicalWriter::putInKeyOrder(const Frame &frame)
{
    std::vector<size_t> order(m_members.size() - frame.firstMember);
    std::iota(order.begin(), order.end(), frame.firstMember);
    std::sort(order.begin(), order.end(),
        [this](size_t a, size_t b) { return keyLess(m_members[a], m_members[b]); });
    for (size_t i = 1; i < order.size(); ++i)
        Q_ASSERT_X(
            keyLess(m_members[order[i - 1]], m_members[order[i]]), "CanonicalWriter", "a repeated key");
    QByteArray members;
    members.reserve(m_out.size() - frame.start);
    for (const size_t i : order) {
        if (!members.isEmpty())
            members.append(',');
        members.append(m_out.constData() + m_members[i].start, m_members[i].end - m_members[i].start);
    }
    m_out.truncate(frame.start);
    m_out.append(members);
}

CanonicalWriter &CanonicalWriter::key(QLatin1StringView key)
{
    if (!plainAscii(key))
        return this->key(QStringView(QString(key)));
    // The project's own names: `"key"` copied as it is, in one resize.
    startMember({});
    const qsizetype at = m_out.size();
    m_out.resize(at + key.size() + 2);
    char *out = m_out.data() + at;
    *out++ = '"';
    std::memcpy(out, key.data(), size_t(key.size()));
    out[key.size()] = '"';
    finishKey();
    return *this;
}

CanonicalWriter &CanonicalWriter::key(QStringView key)
{
    startMember(plainAscii(key) ? QStringView() : key);
    CanonicalJson::appendString(m_out, key);
    finishKey();
    return *this;
}

void CanonicalWriter::startMember(QStringView escapedKey)
{
    Q_ASSERT_X(!m_frames.empty() && m_frames.back().object, "CanonicalWriter", "a key outside an object");
    Frame &frame = m_frames.back();
    if (!frame.empty) {
        m_members.back().end = m_out.size();
        m_out.append(',');
    }
    frame.empty = false;
    Member member;
    member.start = m_out.size();
    if (!escapedKey.isNull())
        member.escapedKey = escapedKey.toString();
    m_members.push_back(std::move(member));
}

void CanonicalWriter::finishKey()
{
    m_members.back().keyEnd = m_out.size();
    m_out.append(':');
    const Frame &frame = m_frames.back();
    if (frame.sorted && m_members.size() - frame.firstMember > 1
        && !keyLess(m_members[m_members.size() - 2], m_members.back()))
        m_frames.back().sorted = false;
}

QString CanonicalWriter::keyText(const Member &member) const
{
    if (!member.escapedKey.isNull())
        return member.escapedKey;
    return QString::fromLatin1(m_out.constData() + member.start + 1, member.keyEnd - member.start - 2);
}

bool CanonicalWriter::keyLess(const Member &a, const Member &b) const
{
    if (a.escapedKey.isNull() && b.escapedKey.isNull()) {
        const qsizetype aSize = a.keyEnd - a.start - 2;
        const qsizetype bSize = b.keyEnd - b.start - 2;
        const int order = std::memcmp(
            m_out.constData() + a.start + 1, m_out.constData() + b.start + 1, size_t(std::min(aSize, bSize)));
        return order != 0 ? order < 0 : aSize < bSize;
    }
    return utf16Less(keyText(a), keyText(b));
}

CanonicalWriter &CanonicalWriter::string(QStringView text)
{
    beforeValue();
    CanonicalJson::appendString(m_out, text);
    return *this;
}

CanonicalWriter &CanonicalWriter::string(QLatin1StringView text)
{
    if (!plainAscii(text))
        return string(QStringView(QString(text)));
    beforeValue();
    const qsizetype at = m_out.size();
    m_out.resize(at + text.size() + 2);
    char *out = m_out.data() + at;
    *out++ = '"';
    std::memcpy(out, text.data(), size_t(text.size()));
    out[text.size()] = '"';
    return *this;
}

CanonicalWriter &CanonicalWriter::integer(qint64 value)
{
    // Exact up to 2^53, as a double holds it; beyond, the double CanonicalJson would write.
    constexpr qint64 exact = qint64(1) << 53;
    if (value > exact || value < -exact)
        return number(double(value));
    beforeValue();
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, value);
    m_out.append(digits, written.ptr - digits);
    return *this;
}

CanonicalWriter &CanonicalWriter::number(double value)
{
    beforeValue();
    CanonicalJson::appendNumber(m_out, value);
    return *this;
}

CanonicalWriter &CanonicalWriter::boolean(bool value)
{
    beforeValue();
    m_out.append(value ? "true" : "false");
    return *this;
}

CanonicalWriter &CanonicalWriter::null()
{
    beforeValue();
    m_out.append("null");
    return *this;
}

CanonicalWriter &CanonicalWriter::value(const QJsonValue &value)
{
    return raw(CanonicalJson::serialise(value));
}

CanonicalWriter &CanonicalWriter::raw(QByteArrayView canonicalText)
{
    beforeValue();
    m_out.append(canonicalText);
    return *this;
}

QByteArray CanonicalWriter::take()
{
    Q_ASSERT_X(m_frames.empty(), "CanonicalWriter", "an object or array left open");
    QByteArray out = std::move(m_out);
    m_out = QByteArray();
    return out;
}

} // namespace ades
