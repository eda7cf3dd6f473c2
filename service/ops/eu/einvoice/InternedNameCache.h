#pragma once

#include <QString>
#include <QtGlobal>
#include <array>

namespace ades::eu {

// A per-thread memo from an element's name (namespace and local name as interned by XmlDocument's
// parser) to something worked out from the name alone, such as which rule contexts could match an element
// of that name. An invoice repeats the same hundred-odd names, and so does the next invoice: with the memo
// each distinct name is worked out once per thread instead of once per element or per document.
//
// Lookups compare the strings' data pointers, which the parser's interning makes unique per name. The
// entries hold their own references to the strings, so a pointer cannot be freed and reused for another
// name while it is cached. `owner` separates the users of one memo (e.g. the UBL and the CII table).
template <typename Value, int Size = 512> class InternedNameCache
{
    static_assert((Size & (Size - 1)) == 0, "Size must be a power of two");

public:
    template <typename Compute>
    const Value &get(const void *owner, const QString &ns, const QString &name, Compute &&compute)
    {
        const quintptr key
            = quintptr(name.constData()) ^ (quintptr(ns.constData()) >> 4) ^ (quintptr(owner) >> 2);
        size_t slot = size_t((quint64(key) * 0x9E3779B97F4A7C15ull) >> 32) & (Size - 1);
        for (int probe = 0; probe < MaxProbes; ++probe, slot = (slot + 1) & (Size - 1)) {
            Entry &e = m_entries[slot];
            if (!e.used)
                return fill(e, owner, ns, name, compute);
            if (e.owner == owner && e.name.constData() == name.constData()
                && e.ns.constData() == ns.constData())
                return e.value;
        }
        // Crowded (a stream of documents with many distinct names): forget everything and start over.
        for (Entry &e : m_entries)
            e = Entry();
        ++m_clears;
        return get(owner, ns, name, compute);
    }

    // How often the memo was cleared: a value returned by get() stays valid until the next clear.
    quint64 clears() const { return m_clears; }

private:
    static constexpr int MaxProbes = 16;
    struct Entry
    {
        bool used = false;
        const void *owner = nullptr;
        QString ns;
        QString name;
        Value value {};
    };
    std::array<Entry, Size> m_entries;
    quint64 m_clears = 0;

    template <typename Compute>
    const Value &fill(Entry &e, const void *owner, const QString &ns, const QString &name, Compute &compute)
    {
        e.used = true;
        e.owner = owner;
        e.ns = ns;
        e.name = name;
        e.value = compute();
        return e.value;
    }
};

} // namespace ades::eu
