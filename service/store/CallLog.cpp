#include "CallLog.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// Positive 63-bit: fits BIGINT on both engines; collisions are negligible at call-log volumes.
qint64 randomRowId()
{
    return qint64(QRandomGenerator::global()->generate64() >> 1);
}

constexpr QStringView CallColumns
    = u"at, channel, method, target, operation_id, status, price_units, latency_ms, "
      "principal, request_id, network, transaction_hash";

CallRecord readCall(const QSqlQuery &query)
{
    CallRecord record;
    record.at = parseTime(query.value(0));
    record.channel = query.value(1).toString();
    record.method = query.value(2).toString();
    record.target = query.value(3).toString();
    record.operationId = query.value(4).toString();
    record.status = query.value(5).toInt();
    record.priceUnits = query.value(6).toLongLong();
    record.latencyMs = query.value(7).toLongLong();
    record.principal = query.value(8).toString();
    record.requestId = query.value(9).toString();
    record.network = query.value(10).toString();
    record.transaction = query.value(11).toString();
    return record;
}

const QString InsertCallSql = u"INSERT INTO call_log (id, "_s + CallColumns
    + u") VALUES (:id, :at, :channel, :method, :target, :operation, :status, "
      ":price, :latency, :principal, :request, :network, :transaction)"_s;

} // namespace

CallLog::CallLog(Database &db)
    : m_db(db)
{ }

void CallLog::logCall(const CallRecord &record)
{
    if (record.at.isValid()) {
        m_db.writes().appendCall(record);
        return;
    }
    CallRecord stamped = record;
    stamped.at = m_db.now();
    m_db.writes().appendCall(stamped);
}

int CallLog::queuedCallCount() const
{
    return m_db.writes().pendingCallCount();
}

QList<CallRecord> CallLog::recentCalls(int limit)
{
    QList<CallRecord> calls;
    if (limit <= 0)
        return calls;
    m_db.flush();
    // LIMIT: PostgreSQL and SQLite (the standard's FETCH FIRST is PostgreSQL only of the two).
    static const QString sql
        = u"SELECT "_s + CallColumns + u" FROM call_log ORDER BY at DESC, id DESC LIMIT :limit"_s;
    PreparedQuery query = m_db.prepare(sql);
    query->bindValue(u":limit"_s, limit);
    if (!execLogged(*query, "read the call log"))
        return calls;
    while (query->next())
        calls.append(readCall(*query));
    return calls;
}

int CallLog::purgeCallsBefore(const QDateTime &before, int limit)
{
    m_db.flush();
    if (limit <= 0) {
        PreparedQuery purge = m_db.prepare(u"DELETE FROM call_log WHERE at < :before"_s);
        purge->bindValue(u":before"_s, isoUtc(before));
        return execLogged(*purge, "purge the call log") ? purge->numRowsAffected() : 0;
    }
    // A subquery with LIMIT (both engines): the chunk is found through call_log_at and holds the write
    // lock only briefly.
    PreparedQuery purge = m_db.prepare(u"DELETE FROM call_log WHERE id IN "
                                       "(SELECT id FROM call_log WHERE at < :before LIMIT :limit)"_s);
    purge->bindValue(u":before"_s, isoUtc(before));
    purge->bindValue(u":limit"_s, limit);
    return execLogged(*purge, "purge the call log") ? purge->numRowsAffected() : 0;
}

QString CallLog::writeQueued(ConnectionPool &pool, const PendingWrites &batch)
{
    if (batch.calls.isEmpty())
        return {};
    PreparedQuery insert = pool.prepare(InsertCallSql);
    for (const CallRecord &record : batch.calls) {
        insert->bindValue(u":id"_s, randomRowId());
        insert->bindValue(u":at"_s, isoUtc(record.at));
        insert->bindValue(u":channel"_s, sqlText(record.channel));
        insert->bindValue(u":method"_s, sqlText(record.method));
        insert->bindValue(u":target"_s, sqlText(record.target));
        insert->bindValue(u":operation"_s, sqlText(record.operationId));
        insert->bindValue(u":status"_s, record.status);
        insert->bindValue(u":price"_s, record.priceUnits);
        insert->bindValue(u":latency"_s, record.latencyMs);
        insert->bindValue(u":principal"_s, sqlText(record.principal));
        insert->bindValue(u":request"_s, sqlText(record.requestId));
        insert->bindValue(u":network"_s, sqlText(record.network));
        insert->bindValue(u":transaction"_s, sqlText(record.transaction));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

} // namespace ades
