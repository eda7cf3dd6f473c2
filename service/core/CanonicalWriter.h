#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QLatin1StringView>
#include <QString>
#include <QStringView>
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
//   w.key("decision"_L1).string(u"review");
//   w.key("checks"_L1).beginArray().string(u"gas").endArray();
//   w.endObject();
//   const QByteArray text = w.take(); // {"checks":["gas"],"decision":"review"}
class CanonicalWriter
{
public:
    explicit CanonicalWriter(qsizetype reserve = 1024);

    CanonicalWriter &beginObject();
    CanonicalWriter &endObject();
    CanonicalWriter &beginArray();
    CanonicalWriter &endArray();
    // The key of the next value; inside an object only. Latin-1 for the project's own names, QStringView for
    // keys that come from data.
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
    void startMember(QStringView escapedKey);
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
