#include "UpstreamHealth.h"

namespace ades {

void UpstreamHealth::recordSuccess(const QString &source, const QDateTime &at, int httpStatus)
{
    QMutexLocker locker(&m_mutex);
    Entry &entry = m_entries[source];
    entry.source = source;
    entry.lastSuccess = at;
    entry.lastHttpStatus = httpStatus;
    ++entry.successes;
}

void UpstreamHealth::recordFailure(
    const QString &source, const QDateTime &at, const QString &reason, int httpStatus)
{
    QMutexLocker locker(&m_mutex);
    Entry &entry = m_entries[source];
    entry.source = source;
    entry.lastFailure = at;
    entry.lastFailureReason = reason;
    entry.lastHttpStatus = httpStatus;
    ++entry.failures;
}

UpstreamHealth::Entry UpstreamHealth::entry(const QString &source) const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_entries.constFind(source);
    if (it != m_entries.constEnd())
        return it.value();
    Entry empty;
    empty.source = source;
    return empty;
}

} // namespace ades
