#include "ActiveKeyCache.h"

#include <QMutexLocker>

namespace ades {

std::optional<ActiveKeyCache::Entry> ActiveKeyCache::find(const QString &keyHash) const
{
    QMutexLocker locker(&m_mutex);
    const auto found = m_entries.constFind(keyHash);
    if (found == m_entries.cend() || found->age.hasExpired(MaxAgeMs))
        return std::nullopt;
    return found->entry;
}

quint64 ActiveKeyCache::generation() const
{
    QMutexLocker locker(&m_mutex);
    return m_generation;
}

void ActiveKeyCache::keep(const QString &keyHash, const Entry &entry, quint64 generationAtRead)
{
    Kept kept { entry, {} };
    kept.age.start();
    QMutexLocker locker(&m_mutex);
    if (generationAtRead != m_generation)
        return; // read before a revocation or plan change that has since cleared the cache
    if (m_entries.size() >= SweepAbove) {
        m_entries.removeIf([](const auto &it) { return it.value().age.hasExpired(MaxAgeMs); });
        m_hashById.removeIf([this](const auto &it) { return !m_entries.contains(it.value()); });
    }
    m_hashById.insert(entry.record.id, keyHash);
    m_entries.insert(keyHash, std::move(kept));
}

void ActiveKeyCache::noteCallsUsed(const QString &keyId, qint64 callsUsed)
{
    QMutexLocker locker(&m_mutex);
    const auto hash = m_hashById.constFind(keyId);
    if (hash == m_hashById.cend())
        return;
    const auto kept = m_entries.find(*hash);
    if (kept == m_entries.end())
        return;
    if (kept->entry.record.callLimit) {
        kept->entry.record.callsUsed = qMax(kept->entry.record.callsUsed, callsUsed);
    } else {
        // An unlimited key counted in SQL rather than write-behind: the entry's count no longer follows from
        // the queue's, so the next lookup reads the key again.
        m_entries.erase(kept);
        m_hashById.remove(keyId);
    }
}

void ActiveKeyCache::clear()
{
    QMutexLocker locker(&m_mutex);
    m_entries.clear();
    m_hashById.clear();
    ++m_generation;
}

} // namespace ades
