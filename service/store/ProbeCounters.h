#pragma once

#include "store/ProbeKey.h"

#include <QDate>
#include <QList>

namespace ades {

class ConnectionPool;
class Database;
struct PendingWrites;

// Daily counters of unauthenticated probes (probe_counts): the requests that named no caller and delivered
// nothing (health checks, discovery documents, 404s, refused unauthenticated calls ...). A monitor asking
// for /v1/health every second made one call_log row each (795,000 checks were 112 MB); here they are one
// counter per day and kind of request. Counted in the write-behind batch, like the call log (not
// journaled: a crash may lose the last ~200 ms of counts). Reads flush first. Thread-safe.
class ProbeCounters
{
public:
    struct Count
    {
        ProbeKey key;
        qint64 calls = 0;
    };

    explicit ProbeCounters(Database &db);
    Q_DISABLE_COPY_MOVE(ProbeCounters)

    // Queues one request of this kind (key.day empty: today, UTC).
    void count(const ProbeKey &key);
    // The counters of `day`, ordered by channel, method, route, operation and status.
    QList<Count> countsOn(const QDate &day);
    // Drops the counters of days before `day`; returns the number of rows removed.
    int purgeBefore(const QDate &day);

    // The write-behind part (Database::BatchPart): adds the batch's counts.
    static QString writeQueued(ConnectionPool &pool, const PendingWrites &batch);

private:
    Database &m_db;
};

} // namespace ades
