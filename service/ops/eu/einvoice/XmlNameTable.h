#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>
#include <array>
#include <cstring>

namespace ades::eu::xml {

// A qualified name as written ("cbc:ID", "Invoice") split at its colon, the local part interned.
struct QualifiedName
{
    qsizetype colon = -1; // -1: unprefixed
    bool valid = true; // false: an empty prefix or local part, or a second colon
    QString local;
};

// Qualified names and namespace URIs turned into interned QStrings. An invoice uses a handful of
// namespaces and a few hundred names, the same in every invoice, so the table lives per thread across
// documents and an element costs a cache probe instead of splitting, a UTF-8 decode and an allocation.
// Bounded, so that a stream of documents with random names cannot grow it without limit.
class NameTable
{
public:
    const QualifiedName &qualified(QByteArrayView name)
    {
        // Only names of a plausible length are kept: the table outlives the document, and a hostile one
        // must not leave megabyte-long names behind.
        if (name.size() > MaxCachedLength) {
            m_uncached = split(name);
            return m_uncached;
        }
        // A direct-mapped cache in front of the hash, chosen by the length and a few characters (the last
        // two, the middle one and one three quarters in: names of one length often share their ending, and
        // every miss here costs a hash of the name): one memcmp instead of hashing the name.
        const qsizetype n = name.size();
        const auto at = [&name, n](qsizetype i) { return size_t(uchar(name.data()[n ? i : 0])); };
        Recent &recent = m_recent[(size_t(n) * 31u + at(n - 1) * 7u + at(n > 1 ? n - 2 : 0) + at(n / 2) * 131u
                                      + at(n * 3 / 4) * 17u)
            % m_recent.size()];
        if (recent.key.size() == n && std::memcmp(recent.key.constData(), name.data(), size_t(n)) == 0)
            return recent.name;
        auto it = m_names.constFind(QByteArray::fromRawData(name.data(), n));
        if (it == m_names.cend()) {
            if (m_names.size() >= MaxNames)
                m_names.clear();
            it = m_names.insert(name.toByteArray(), split(name));
        }
        recent = { it.key(), it.value() };
        return recent.name;
    }

    QString ns(QByteArrayView uri)
    {
        if (uri.size() > MaxCachedLength)
            return QString::fromUtf8(uri);
        const auto it = m_namespaces.constFind(QByteArray::fromRawData(uri.data(), uri.size()));
        if (it != m_namespaces.cend())
            return it.value();
        if (m_namespaces.size() >= MaxNamespaces)
            m_namespaces.clear();
        QString known = knownNamespace(uri);
        return m_namespaces.insert(uri.toByteArray(), known.isNull() ? QString::fromUtf8(uri) : known)
            .value();
    }

    // The invoice namespaces as string literals, or a null string for any other URI. Elements in these
    // namespaces then share the literal's data: copying their namespace needs no reference count, and the
    // rules' namespace constants (the same literals, which the linker stores once) compare by pointer.
    static QString knownNamespace(QByteArrayView uri);

private:
    static QualifiedName split(QByteArrayView name)
    {
        QualifiedName q;
        q.colon = name.indexOf(':');
        const QByteArrayView local = q.colon < 0 ? name : name.sliced(q.colon + 1);
        q.valid = !name.isEmpty() && q.colon != 0 && !local.isEmpty() && !local.contains(':');
        q.local = QString::fromUtf8(local);
        return q;
    }

    struct Recent
    {
        QByteArray key;
        QualifiedName name;
    };

    static constexpr qsizetype MaxNames = 4096;
    static constexpr qsizetype MaxNamespaces = 256;
    static constexpr qsizetype MaxCachedLength = 512;
    QualifiedName m_uncached;
    std::array<Recent, 512> m_recent;
    QHash<QByteArray, QualifiedName> m_names;
    QHash<QByteArray, QString> m_namespaces;
};

// The table of the calling thread.
NameTable &nameTable();

} // namespace ades::eu::xml
