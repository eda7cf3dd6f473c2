#include "CanonicalWriter.h"

#include "CanonicalJson.h"
#include "JsonString.h"

#include <QJsonValue>
#include <algorithm>
#include <charconv>
#include <cstring>
#include <numeric>
#include <utility>

namespace ades {

namespace {

// JCS §3.2.3: by UTF-16 code units.
bool utf16Less(QStringView a, QStringView b)
{
    return std::lexicographical_compare(a.utf16(), a.utf16() + a.size(), b.utf16(), b.utf16() + b.size());
}

} // namespace

CanonicalWriter::CanonicalWriter(qsizetype reserve)
{
    grow(reserve);
}

CanonicalWriter::CanonicalWriter(const CanonicalWriter &other)
    : m_out(other.m_out)
    , m_size(other.m_size)
    , m_capacity(other.m_capacity)
    , m_frames(other.m_frames)
    , m_members(other.m_members)
    , m_escapedKeys(other.m_escapedKeys)
{
    // Written through a pointer, so the buffer must be this writer's own, not shared with the other's.
    m_data = m_out.data();
}

CanonicalWriter &CanonicalWriter::operator=(const CanonicalWriter &other)
{
    if (this != &other) {
        m_out = other.m_out;
        m_size = other.m_size;
        m_capacity = other.m_capacity;
        m_frames = other.m_frames;
        m_members = other.m_members;
        m_escapedKeys = other.m_escapedKeys;
        m_data = m_out.data();
    }
    return *this;
}

CanonicalWriter::CanonicalWriter(CanonicalWriter &&other) noexcept
{
    *this = std::move(other);
}

CanonicalWriter &CanonicalWriter::operator=(CanonicalWriter &&other) noexcept
{
    if (this != &other) {
        m_out = std::move(other.m_out);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_capacity = std::exchange(other.m_capacity, 0);
        m_frames = std::move(other.m_frames);
        m_members = std::move(other.m_members);
        m_escapedKeys = std::move(other.m_escapedKeys);
        other.m_out = QByteArray();
        other.m_frames.clear();
        other.m_members.clear();
        other.m_escapedKeys.clear();
    }
    return *this;
}

void CanonicalWriter::grow(qsizetype bytes)
{
    m_capacity = std::max({ m_capacity * 2, m_size + bytes, qsizetype(64) });
    m_out.resize(m_capacity);
    m_data = m_out.data();
}

void CanonicalWriter::put(const char *text, qsizetype size)
{
    std::memcpy(room(size), text, size_t(size));
    m_size += size;
}

void CanonicalWriter::putString(QStringView text)
{
    char *const at = room(JsonString::maxBytes(text.size()));
    m_size += JsonString::write(at, text) - at;
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
        put(',');
    frame.empty = false;
}

CanonicalWriter &CanonicalWriter::beginObject()
{
    beforeValue();
    put('{');
    m_frames.push_back({ m_size, m_members.size(), true, true, true });
    return *this;
}

CanonicalWriter &CanonicalWriter::beginArray()
{
    beforeValue();
    put('[');
    m_frames.push_back({ m_size, m_members.size(), false, true, true });
    return *this;
}

CanonicalWriter &CanonicalWriter::endArray()
{
    Q_ASSERT(!m_frames.empty() && !m_frames.back().object);
    m_frames.pop_back();
    put(']');
    return *this;
}

CanonicalWriter &CanonicalWriter::endObject()
{
    Q_ASSERT(!m_frames.empty() && m_frames.back().object);
    const Frame frame = m_frames.back();
    if (m_members.size() > frame.firstMember) {
        m_members.back().end = m_size;
        if (!frame.sorted)
            putInKeyOrder(frame);
        m_members.resize(frame.firstMember);
    }
    if (m_members.empty())
        m_escapedKeys.clear();
    m_frames.pop_back();
    put('}');
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
    members.reserve(m_size - frame.start);
    for (const size_t i : order) {
        if (!members.isEmpty())
            members.append(',');
        members.append(m_data + m_members[i].start, m_members[i].end - m_members[i].start);
    }
    m_size = frame.start;
    put(members.constData(), members.size());
}

CanonicalWriter &CanonicalWriter::key(Key key)
{
    putPlainKey(key.text(), key.size(), key.prefix());
    return *this;
}

CanonicalWriter &CanonicalWriter::key(QLatin1StringView key)
{
    if (!JsonString::isPlain(key))
        return this->key(QStringView(QString(key)));
    putPlainKey(key.data(), key.size(), prefixOf(key.data(), key.size()));
    return *this;
}

CanonicalWriter &CanonicalWriter::key(QStringView key)
{
    if (!JsonString::isPlain(key)) {
        startMember(key);
        putString(key);
        finishKey();
        return *this;
    }
    // Plain: one byte a unit, so the prefix is the bytes' (JsonString::write copies them as they are).
    char bytes[8];
    for (qsizetype i = 0; i < 8; ++i)
        bytes[i] = i < key.size() ? char(key[i].unicode()) : 0;
    startMember({}, prefixOf(bytes, 8));
    putString(key);
    finishKey();
    return *this;
}

// `"key"` copied as it is.
void CanonicalWriter::putPlainKey(const char *text, qsizetype size, quint64 prefix)
{
    startMember({}, prefix);
    char *out = room(size + 2);
    *out++ = '"';
    // Keys are a few bytes: two overlapping word copies instead of a call to memcpy, which cost more than
    // the copy (both stay within the key's bytes).
    if (size >= 8 && size <= 16) {
        std::memcpy(out, text, 8);
        std::memcpy(out + size - 8, text + size - 8, 8);
    } else if (size >= 4 && size < 8) {
        std::memcpy(out, text, 4);
        std::memcpy(out + size - 4, text + size - 4, 4);
    } else {
        std::memcpy(out, text, size_t(size));
    }
    out[size] = '"';
    m_size += size + 2;
    finishKey();
}

void CanonicalWriter::startMember(QStringView escapedKey, quint64 prefix)
{
    Q_ASSERT_X(!m_frames.empty() && m_frames.back().object, "CanonicalWriter", "a key outside an object");
    Frame &frame = m_frames.back();
    if (!frame.empty) {
        m_members.back().end = m_size;
        put(',');
    }
    frame.empty = false;
    Member member;
    member.start = m_size;
    member.prefix = prefix;
    if (!escapedKey.isNull()) {
        member.escapedKey = qsizetype(m_escapedKeys.size());
        m_escapedKeys.push_back(escapedKey.toString());
    }
    m_members.push_back(member);
}

void CanonicalWriter::finishKey()
{
    m_members.back().keyEnd = m_size;
    put(':');
    const Frame &frame = m_frames.back();
    if (frame.sorted && m_members.size() - frame.firstMember > 1
        && !keyLess(m_members[m_members.size() - 2], m_members.back()))
        m_frames.back().sorted = false;
}

QString CanonicalWriter::keyText(const Member &member) const
{
    if (member.escapedKey >= 0)
        return m_escapedKeys[size_t(member.escapedKey)];
    return QString::fromLatin1(m_data + member.start + 1, member.keyEnd - member.start - 2);
}

bool CanonicalWriter::keyLess(const Member &a, const Member &b) const
{
    if (a.escapedKey < 0 && b.escapedKey < 0) {
        // Plain keys: their first eight bytes decide almost always, in one comparison.
        if (a.prefix != b.prefix)
            return a.prefix < b.prefix;
        const unsigned char *const aKey = reinterpret_cast<const unsigned char *>(m_data + a.start + 1);
        const unsigned char *const bKey = reinterpret_cast<const unsigned char *>(m_data + b.start + 1);
        const qsizetype aSize = a.keyEnd - a.start - 2;
        const qsizetype bSize = b.keyEnd - b.start - 2;
        const qsizetype common = std::min(aSize, bSize);
        qsizetype i = std::min<qsizetype>(8, common);
        while (i < common && aKey[i] == bKey[i])
            ++i;
        return i < common ? aKey[i] < bKey[i] : aSize < bSize;
    }
    return utf16Less(keyText(a), keyText(b));
}

CanonicalWriter &CanonicalWriter::string(QStringView text)
{
    beforeValue();
    putString(text);
    return *this;
}

CanonicalWriter &CanonicalWriter::string(QLatin1StringView text)
{
    if (!JsonString::isPlain(text))
        return string(QStringView(QString(text)));
    beforeValue();
    char *out = room(text.size() + 2);
    *out++ = '"';
    std::memcpy(out, text.data(), size_t(text.size()));
    out[text.size()] = '"';
    m_size += text.size() + 2;
    return *this;
}

CanonicalWriter &CanonicalWriter::integer(qint64 value)
{
    // Exact up to 2^53, as a double holds it; beyond, the double CanonicalJson would write.
    constexpr qint64 exact = qint64(1) << 53;
    if (value > exact || value < -exact)
        return number(double(value));
    beforeValue();
    char *const at = room(24);
    m_size += std::to_chars(at, at + 24, value).ptr - at;
    return *this;
}

CanonicalWriter &CanonicalWriter::number(double value)
{
    beforeValue();
    // Numbers are rare in results (amounts are strings): CanonicalJson writes it onto the text itself.
    m_out.truncate(m_size);
    CanonicalJson::appendNumber(m_out, value);
    m_size = m_out.size();
    m_capacity = std::max(m_capacity, m_size);
    m_out.resize(m_capacity);
    m_data = m_out.data();
    return *this;
}

CanonicalWriter &CanonicalWriter::boolean(bool value)
{
    beforeValue();
    if (value)
        put("true", 4);
    else
        put("false", 5);
    return *this;
}

CanonicalWriter &CanonicalWriter::null()
{
    beforeValue();
    put("null", 4);
    return *this;
}

CanonicalWriter &CanonicalWriter::value(const QJsonValue &value)
{
    return raw(CanonicalJson::serialise(value));
}

CanonicalWriter &CanonicalWriter::raw(QByteArrayView canonicalText)
{
    beforeValue();
    put(canonicalText.data(), canonicalText.size());
    return *this;
}

QByteArray CanonicalWriter::take()
{
    Q_ASSERT_X(m_frames.empty(), "CanonicalWriter", "an object or array left open");
    m_out.truncate(m_size);
    QByteArray out = std::move(m_out);
    m_out = QByteArray();
    m_data = nullptr;
    m_size = 0;
    m_capacity = 0;
    return out;
}

} // namespace ades
