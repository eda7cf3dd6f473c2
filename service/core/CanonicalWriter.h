#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QLatin1StringView>
#include <QString>
#include <QStringView>
#include <cstddef>
#include <vector>

class QJsonValue;

namespace ades {

// Writes canonical JSON text (RFC 8785, exactly as CanonicalJson::serialise writes it) straight from values,
// without building a QJsonObject first: for results on hot paths, where Qt's JSON containers cost more than
// the work they hold (docs/benchmarks.md, "Chain data"). Members may be written in any order; an object is
// put in key order when it closes, which costs one key comparison per member when they came in order.
// Keys within one object must be unique: the caller names them, so a repeat is a programming error.
//
//   CanonicalWriter w;
//   w.beginObject();
//   w.key("decision").string(u"review");
//   w.key("checks").beginArray().string(u"gas").endArray();
//   w.endObject();
//   const QByteArray text = w.take(); // {"checks":["gas"],"decision":"review"}
class CanonicalWriter
{
public:
    // A key written in the source: checked for plain ASCII (written as it is, no escapes) when the program is
    // compiled, so writing it costs a copy. A literal that is not plain does not compile.
    class Key
    {
    public:
        template <std::size_t N>
        consteval Key(const char (&text)[N])
            : m_text(text)
            , m_size(qsizetype(N - 1))
        {
            for (std::size_t i = 0; i + 1 < N; ++i) {
                const auto c = static_cast<unsigned char>(text[i]);
                if (c < 0x20 || c > 0x7f || c == '"' || c == '\\')
                    keyLiteralMustBePlainAscii();
            }
            m_prefix = prefixOf(text, m_size);
        }
        const char *text() const { return m_text; }
        qsizetype size() const { return m_size; }
        quint64 prefix() const { return m_prefix; }

    private:
        static void keyLiteralMustBePlainAscii(); // not constexpr: reaching it fails the compilation
        const char *m_text;
        qsizetype m_size;
        quint64 m_prefix = 0;
    };

    // A plain key's first eight bytes as one big-endian number, zeros after its end: keys of plain ASCII
    // (no byte below 0x20) order as these numbers do whenever the numbers differ.
    static constexpr quint64 prefixOf(const char *text, qsizetype size)
    {
        quint64 prefix = 0;
        for (qsizetype i = 0; i < 8; ++i)
            prefix = (prefix << 8) | (i < size ? static_cast<unsigned char>(text[i]) : 0u);
        return prefix;
    }

    explicit CanonicalWriter(qsizetype reserve = 1024);
    // A copy writes on its own: the text written so far, its open objects and arrays (a caller may close a
    // copy to see what it would give so far).
    CanonicalWriter(const CanonicalWriter &other);
    CanonicalWriter &operator=(const CanonicalWriter &other);
    // A move takes the buffer as it is (its address does not change); the other writer is left empty.
    CanonicalWriter(CanonicalWriter &&other) noexcept;
    CanonicalWriter &operator=(CanonicalWriter &&other) noexcept;

    CanonicalWriter &beginObject();
    CanonicalWriter &endObject();
    CanonicalWriter &beginArray();
    CanonicalWriter &endArray();
    // The key of the next value; inside an object only. A literal for the project's own names, Latin-1 or
    // QStringView for keys chosen at run time or taken from data.
    CanonicalWriter &key(Key key);
    CanonicalWriter &key(QLatin1StringView key);
    CanonicalWriter &key(QStringView key);

    CanonicalWriter &string(QStringView text);
    CanonicalWriter &string(QLatin1StringView text);
    CanonicalWriter &integer(qint64 value);
    CanonicalWriter &number(double value);
    CanonicalWriter &boolean(bool value);
    CanonicalWriter &null();
    CanonicalWriter &value(const QJsonValue &value);
    // One whole value that is canonical JSON text already (from this class or CanonicalJson).
    CanonicalWriter &raw(QByteArrayView canonicalText);

    // The text written; the writer starts empty again. Every object and array must be closed.
    QByteArray take();

private:
    struct Member
    {
        qsizetype start = 0; // the key's opening quote
        qsizetype keyEnd = 0; // one past its closing quote
        qsizetype end = 0; // one past the value
        qsizetype escapedKey = -1; // into m_escapedKeys when the key's text needs escaping (ordering must not
                                   // see escapes); -1 for the usual plain key
        quint64 prefix = 0; // prefixOf() a plain key
    };
    struct Frame
    {
        qsizetype start = 0; // one past the '{' or '['
        size_t firstMember = 0; // into m_members
        bool object = false;
        bool empty = true;
        bool sorted = true;
    };

    // Room for `bytes` more at the end of the text; returns where they go. Written bytes are then claimed
    // by moving m_size: the buffer is kept larger than the text, so writing a member costs no call into
    // QByteArray.
    char *room(qsizetype bytes)
    {
        if (m_capacity - m_size < bytes)
            grow(bytes);
        return m_data + m_size;
    }
    void grow(qsizetype bytes);
    void put(char c) { *room(1) = c, ++m_size; }
    void put(const char *text, qsizetype size);
    void putString(QStringView text);

    void beforeValue();
    void startMember(QStringView escapedKey, quint64 prefix = 0);
    void putPlainKey(const char *text, qsizetype size, quint64 prefix);
    void finishKey();
    QString keyText(const Member &member) const;
    bool keyLess(const Member &a, const Member &b) const;
    void putInKeyOrder(const Frame &frame);

    QByteArray m_out; // its size is the capacity; the text is its first m_size bytes
    char *m_data = nullptr;
    qsizetype m_size = 0;
    qsizetype m_capacity = 0;
    std::vector<Frame> m_frames;
    std::vector<Member> m_members; // of the open objects, innermost last
    std::vector<QString> m_escapedKeys;
};

} // namespace ades
