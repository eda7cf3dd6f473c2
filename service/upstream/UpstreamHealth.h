#pragma once

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

namespace ades {

// The last success and the last failure (with why) of each upstream source, as the one upstream client
// saw them: what the console's dashboard shows per configured source. In memory only: it starts empty with
// the process. Thread-safe: every I/O thread records into it.
class UpstreamHealth
{
public:
    struct Entry
    {
        QString source; // source id ("vies")
        QDateTime lastSuccess; // invalid: none since start
        QDateTime lastFailure;
        QString lastFailureReason; // English, as ServiceError::sourceUnavailable words it
        int lastHttpStatus = 0; // of the last answer (0: none, or it never arrived)
        qint64 successes = 0;
        qint64 failures = 0;
    };

    // An answer arrived (any status below 500: a 4xx is the caller's request, not the source's health).
    void recordSuccess(const QString &source, const QDateTime &at, int httpStatus);
    // No usable answer: unreachable, timed out, oversized, a 5xx, or not configured.
    void recordFailure(const QString &source, const QDateTime &at, const QString &reason, int httpStatus = 0);
    // The entry of a source; one with only its id when nothing was recorded for it yet.
    Entry entry(const QString &source) const;

private:
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
};

} // namespace ades
