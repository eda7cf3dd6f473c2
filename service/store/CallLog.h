#pragma once

#include "store/CallFilter.h"
#include "store/CallIds.h"
#include "store/CallRecord.h"

#include <QDateTime>
#include <QList>
#include <QtGlobal>
#include <optional>

namespace ades {

class ConnectionPool;
class Database;
struct PendingWrites;

// The call log (call_log): one row per answered request that named a caller or delivered a result, for
// the console's live view and `ades calls` (probes without either are counted in ProbeCounters instead).
// Rows older than store/call_log_days are purged (RetentionPurge.h). Written behind the request path
// (Database.h, WriteBehindQueue.h): within ~200 ms, at 256 queued rows, on Database::flush() and when the
// Database closes; a crash loses at most the last ~200 ms of records. Every read flushes first, so a caller
// sees every call it logged. Thread-safe.
class CallLog
{
public:
    explicit CallLog(Database &db);
    Q_DISABLE_COPY_MOVE(CallLog)

    // Queues the record for a batched write; a record without `at` is stamped now. Cheap: it blocks on SQL
    // only when it is the call that writes a due batch. Returns the row id the record will have (the
    // record's own when set; CallIds.h: ordered by time), so the console can ask for the call's detail later.
    // Only when another instance sharing the database took that id is the row stored under another.
    qint64 logCall(const CallRecord &record);
    // Call records queued and not yet written.
    int queuedCallCount() const;
    // The newest `limit` calls, newest first (flushes the queue first).
    QList<CallRecord> recentCalls(int limit);
    // The newest `filter.limit` calls matching the filter, newest first, without their detail (bodies,
    // headers); flushes first.
    QList<CallRecord> findCalls(const CallFilter &filter);
    // One call with its detail (request headers, query and body, response body, sources); nullopt when no
    // row has the id (purged, or never logged).
    std::optional<CallRecord> callDetail(qint64 id);
    // Drops call log rows older than `before`; returns the number removed. `limit` > 0: at most that many
    // (the retention purge works in bounded chunks, RetentionPurge.h).
    int purgeCallsBefore(const QDateTime &before, int limit = 0);

    // The write-behind part (Database::BatchPart): inserts the batch's records, in arrival order.
    static QString writeQueued(ConnectionPool &pool, const PendingWrites &batch);

private:
    Database &m_db;
    CallIds m_ids;
};

} // namespace ades
