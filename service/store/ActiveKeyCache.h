#pragma once

#include "store/ApiKeyRecord.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>
#include <QString>
#include <optional>

namespace ades {

// API keys recently found active, by key hash, so that a busy key does not pay a SELECT on every call (a
// tenth of a /v1/iban call's server time, docs/benchmarks.md). An entry is trusted for MaxAgeMs: ApiKeys
// drops a key the moment this process revokes or changes it, so a revocation in the console or over the
// API stops the key's next call; one made by another process (the command line, another instance on the
// same PostgreSQL) is seen within MaxAgeMs. Only keys found active are kept, so a new key works at once.
//
// What a call counts stays exact: a limited key's call is counted and refused by a conditional UPDATE
// (Quotas), whatever calls_used an entry holds. Thread-safe.
class ActiveKeyCache
{
public:
    static constexpr qint64 MaxAgeMs = 1000;

    struct Entry
    {
        ApiKeyRecord record; // callsUsed as it was when read
        qint64 callsCountedAtRead = 0; // WriteBehindQueue::callsCounted() of the key when read
    };

    std::optional<Entry> find(const QString &keyHash) const;
    // Taken before a key is read from the database and handed to keep(): an entry read before a clear()
    // is not kept after it.
    quint64 generation() const;
    void keep(const QString &keyHash, const Entry &entry, quint64 generationAtRead);
    // The key's calls_used as a counting statement in SQL left it (Quotas): a limited key's entry takes it,
    // an unlimited key's entry is dropped (its count is otherwise followed through the write-behind queue).
    void noteCallsUsed(const QString &keyId, qint64 callsUsed);
    // Drops every entry: after a revocation or plan change in this process.
    void clear();

private:
    struct Kept
    {
        Entry entry;
        QElapsedTimer age;
    };
    // Keys used within a second are few; past this, expired entries are swept before one is added.
    static constexpr qsizetype SweepAbove = 4096;

    mutable QMutex m_mutex;
    QHash<QString, Kept> m_entries; // by key hash
    QHash<QString, QString> m_hashById; // key id -> key hash, of the entries above
    quint64 m_generation = 0; // counts clear()
};

} // namespace ades
