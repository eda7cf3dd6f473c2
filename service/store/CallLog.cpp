#include "CallLog.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QStringView CallColumns
    = u"at, channel, method, target, operation_id, status, price_units, latency_ms, "
      "principal, request_id, network, transaction_hash";

constexpr QStringView DetailColumns = u"request_headers, request_bytes, response_bytes, sources";

// The summary columns, then (withDetail) the detail columns; the id is the last column read.
CallRecord readCall(const QSqlQuery &query, bool withDetail = false)
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
    int next = 12;
    if (withDetail) {
        record.requestHeaders = query.value(next++).toString();
        record.requestBytes = query.value(next++).toLongLong();
        record.responseBytes = query.value(next++).toLongLong();
        record.sources = query.value(next++).toString();
    }
    record.id = query.value(next).toLongLong();
    return record;
}

const QString InsertCallSql = u"INSERT INTO call_log (id, "_s + CallColumns + u", "_s + DetailColumns
    + u") VALUES (:id, :at, :channel, :method, :target, :operation, :status, "
      ":price, :latency, :principal, :request, :network, :transaction, :request_headers, "
      ":request_bytes, :response_bytes, :sources) ON CONFLICT (id) DO NOTHING"_s;

// Tries for a free id when another instance took a row's (CallIds.h): each try fails with a chance of
// about one in 10^5 at most.
constexpr int IdAttempts = 8;

} // namespace

CallLog::CallLog(Database &db)
    : m_db(db)
{ }

qint64 CallLog::logCall(const CallRecord &record)
{
    if (record.at.isValid() && record.id != 0) {
        m_db.writes().appendCall(record);
        return record.id;
    }
    CallRecord stamped = record;
    if (!stamped.at.isValid())
        stamped.at = m_db.now();
    if (stamped.id == 0)
        stamped.id = m_ids.next(stamped.at);
    m_db.writes().appendCall(stamped);
    return stamped.id;
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
        = u"SELECT "_s + CallColumns + u", id FROM call_log ORDER BY at DESC, id DESC LIMIT :limit"_s;
    PreparedQuery query = m_db.prepare(sql);
    query->bindValue(u":limit"_s, limit);
    if (!execLogged(*query, "read the call log"))
        return calls;
    while (query->next())
        calls.append(readCall(*query));
    return calls;
}

QList<CallRecord> CallLog::findCalls(const CallFilter &filter)
{
    QList<CallRecord> calls;
    if (filter.limit <= 0)
        return calls;
    m_db.flush();
    // One statement for every combination: an unset member turns its condition true, so the statement
    // cache holds one plan. LOWER() and LIKE behave alike on both engines for the ASCII principals.
    static const QString sql = u"SELECT "_s + CallColumns
        + u", id FROM call_log WHERE "
          "(:any_channel = 1 OR channel = :channel) "
          "AND (:any_operation = 1 OR operation_id = :operation) "
          "AND (:any_status = 1 OR (status >= :status_from AND status <= :status_to)) "
          "AND (:any_principal = 1 OR LOWER(principal) LIKE :principal ESCAPE '!') "
          "AND (:any_from = 1 OR at >= :from) "
          "AND (:any_to = 1 OR at < :to) "
          "ORDER BY at DESC, id DESC LIMIT :limit"_s;
    int statusFrom = 0;
    int statusTo = 0;
    if (filter.status >= 1 && filter.status <= 5) {
        statusFrom = filter.status * 100;
        statusTo = statusFrom + 99;
    } else if (filter.status > 0) {
        statusFrom = statusTo = filter.status;
    }
    // The user's text is matched literally: LIKE's wildcards in it match only themselves.
    QString principal = filter.principal.trimmed().toLower();
    principal.replace(u'!', u"!!"_s).replace(u'%', u"!%"_s).replace(u'_', u"!_"_s);
    PreparedQuery query = m_db.prepare(sql);
    // Each placeholder once: QtSql's SQLite driver binds a repeated name only at its first position.
    query->bindValue(u":any_channel"_s, filter.channel.isEmpty() ? 1 : 0);
    query->bindValue(u":channel"_s, sqlText(filter.channel));
    query->bindValue(u":any_operation"_s, filter.operationId.isEmpty() ? 1 : 0);
    query->bindValue(u":operation"_s, sqlText(filter.operationId));
    query->bindValue(u":any_status"_s, filter.status > 0 ? 0 : 1);
    query->bindValue(u":status_from"_s, statusFrom);
    query->bindValue(u":status_to"_s, statusTo);
    query->bindValue(u":any_principal"_s, principal.isEmpty() ? 1 : 0);
    query->bindValue(u":principal"_s, QString(u'%' + principal + u'%'));
    query->bindValue(u":any_from"_s, filter.from.isValid() ? 0 : 1);
    query->bindValue(u":from"_s, filter.from.isValid() ? isoUtc(filter.from) : u""_s);
    query->bindValue(u":any_to"_s, filter.to.isValid() ? 0 : 1);
    query->bindValue(u":to"_s, filter.to.isValid() ? isoUtc(filter.to) : u""_s);
    query->bindValue(u":limit"_s, filter.limit);
    if (!execLogged(*query, "filter the call log"))
        return calls;
    while (query->next())
        calls.append(readCall(*query));
    return calls;
}

std::optional<CallRecord> CallLog::callDetail(qint64 id)
{
    m_db.flush();
    static const QString sql
        = u"SELECT "_s + CallColumns + u", "_s + DetailColumns + u", id FROM call_log WHERE id = :id"_s;
    PreparedQuery query = m_db.prepare(sql);
    query->bindValue(u":id"_s, id);
    if (!execLogged(*query, "read a call's detail") || !query->next())
        return std::nullopt;
    return readCall(*query, true);
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
        insert->bindValue(u":request_headers"_s, sqlText(record.requestHeaders));
        insert->bindValue(u":request_bytes"_s, record.requestBytes);
        insert->bindValue(u":response_bytes"_s, record.responseBytes);
        insert->bindValue(u":sources"_s, sqlText(record.sources));
        // The id is bound last: a retry binds only it again.
        qint64 id = record.id != 0 ? record.id : CallIds::random(record.at);
        for (int attempt = 1;; ++attempt) {
            insert->bindValue(u":id"_s, id);
            if (!insert->exec())
                return insert->lastError().text();
            if (insert->numRowsAffected() != 0)
                break;
            if (attempt == IdAttempts)
                return u"no free call-log id in %1 tries"_s.arg(IdAttempts);
            const qint64 taken = id;
            id = CallIds::random(record.at);
            qCWarning(lcStore, "call-log id %lld is taken (by another instance); the call is stored as %lld",
                qlonglong(taken), qlonglong(id));
        }
    }
    return {};
}

} // namespace ades
