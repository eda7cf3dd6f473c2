#include "Quotas.h"

#include "store/ActiveKeyCache.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/Transaction.h"
#include "store/WriteBehindQueue.h"

#include <QSqlError>
#include <QSqlQuery>
#include <algorithm>
#include <optional>
#include <tuple>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

ServiceError invalidKey()
{
    return ServiceError(ServiceError::Kind::Unauthorized, u"invalid_api_key"_s,
        u"The API key is unknown or has been revoked."_s)
        .setParam(u"x-api-key"_s);
}

ServiceError emptyScope()
{
    return ServiceError::badRequest(u"invalid_address"_s, u"The caller address is empty."_s, u"address"_s);
}

} // namespace

Quotas::Quotas(Database &db, ActiveKeyCache &cache)
    : m_db(db)
    , m_cache(cache)
{ }

Result<QuotaDecision> Quotas::consumeCall(
    const QString &keyId, const QString &operationId, const QDateTime &at)
{
    return consumeCalls(keyId, operationId, 1, at);
}

Result<QuotaDecision> Quotas::consumeCall(
    const ApiKeyRecord &key, const QString &operationId, const QDateTime &at)
{
    return consumeCalls(key, operationId, 1, at);
}

Result<QuotaDecision> Quotas::consumeCalls(
    const QString &keyId, const QString &operationId, qint64 calls, const QDateTime &at)
{
    calls = qMax<qint64>(calls, 1);
    if (keyId.isEmpty())
        return invalidKey();
    std::optional<QuotaDecision> counted;
    {
        // One transaction holds the quota and the usage row of the call: calls_used and the per-operation
        // usage agree after any crash (docs/reliability.md). A limited key pays a commit per call either way
        // (its refusal must be exact); the usage row is one more statement inside it, not one more commit.
        QSqlDatabase db = m_db.connection();
        Transaction transaction(db);
        if (!transaction.isActive())
            return storeUnavailable(u"count the call"_s, db.lastError());
        {
            // One conditional UPDATE is the whole race guard: the row lock (PostgreSQL) or the write lock
            // (SQLite) serialises racers, and a racer that finds fewer than `calls` left updates nothing, so
            // a result counting several calls is counted all or nothing.
            // UPDATE ... RETURNING: PostgreSQL and SQLite >= 3.35 (not in the SQL standard).
            PreparedQuery bump = m_db.prepare(
                u"UPDATE quotas SET calls_used = calls_used + :calls "
                "WHERE key_id = :id AND (call_limit IS NULL OR calls_used + :within <= call_limit) "
                "AND EXISTS (SELECT 1 FROM api_keys k WHERE k.id = quotas.key_id "
                "AND k.revoked_at IS NULL) "
                "RETURNING calls_used, call_limit"_s);
            bump->bindValue(u":calls"_s, calls);
            bump->bindValue(u":id"_s, keyId);
            bump->bindValue(u":within"_s, calls);
            if (!bump->exec())
                return storeUnavailable(u"count the call"_s, bump->lastError());
            if (bump->next()) {
                QuotaDecision decision;
                decision.allowed = true;
                decision.used = bump->value(0).toLongLong();
                decision.limit = optionalInt(bump->value(1));
                counted = decision;
            }
            if (bump->next() || bump->lastError().isValid())
                return storeUnavailable(u"count the call"_s, bump->lastError());
        } // the statement is reset here: SQLite commits no transaction while a statement of it is active
        if (counted) {
            PreparedQuery usage = m_db.prepare(
                u"INSERT INTO usage (key_id, operation_id, day, calls) "
                "VALUES (:id, :operation, :day, :calls) "
                "ON CONFLICT (key_id, operation_id, day) DO UPDATE SET calls = usage.calls + excluded.calls"_s);
            usage->bindValue(u":id"_s, keyId);
            usage->bindValue(u":operation"_s, sqlText(operationId));
            usage->bindValue(u":day"_s, utcDay(at.isValid() ? at : m_db.now()));
            usage->bindValue(u":calls"_s, calls);
            if (!usage->exec())
                return storeUnavailable(u"count the call"_s, usage->lastError());
        }
        // A failed commit rolls both back: the call is refused as not counted (503), never half counted.
        if (counted && !transaction.commit())
            return storeUnavailable(u"count the call"_s, db.lastError());
    }
    if (counted) {
        if (!counted->limit)
            counted->used += m_db.writes().callsUsed(keyId).pending;
        m_cache.noteCallsUsed(keyId, counted->used);
        return *counted;
    }
    // Nothing updated: spent quota, or no such active key.
    PreparedQuery state = m_db.prepare(u"SELECT q.calls_used, q.call_limit, k.revoked_at FROM quotas q "
                                       "JOIN api_keys k ON k.id = q.key_id WHERE q.key_id = :id"_s);
    state->bindValue(u":id"_s, keyId);
    if (!state->exec())
        return storeUnavailable(u"read the quota"_s, state->lastError());
    if (!state->next() || !state->value(2).isNull())
        return invalidKey();
    QuotaDecision decision;
    decision.used = state->value(0).toLongLong();
    decision.limit = optionalInt(state->value(1));
    m_cache.noteCallsUsed(keyId, decision.used);
    return decision;
}

Result<QuotaDecision> Quotas::consumeCalls(
    const ApiKeyRecord &key, const QString &operationId, qint64 calls, const QDateTime &at)
{
    calls = qMax<qint64>(calls, 1);
    if (key.id.isEmpty() || key.isRevoked())
        return invalidKey();
    if (key.callLimit)
        return consumeCalls(key.id, operationId, calls, at);
    // Unlimited: nothing to refuse, so nothing to decide in SQL. findActive() read the key as active for
    // this request; calls_used and usage are counted with the next batch.
    m_db.writes().countUsage({ key.id, sqlText(operationId), utcDay(at.isValid() ? at : m_db.now()) },
        WriteBehindQueue::Quota::Count, calls);
    QuotaDecision decision;
    decision.allowed = true;
    decision.used = key.callsUsed + calls;
    return decision;
}

QuotaUsage Quotas::usage(const QString &keyId)
{
    QuotaUsage result;
    m_db.flush();
    {
        PreparedQuery quota = m_db.prepare(u"SELECT calls_used, call_limit FROM quotas WHERE key_id = :id"_s);
        quota->bindValue(u":id"_s, keyId);
        if (!execLogged(*quota, "read the quota") || !quota->next())
            return result;
        result.known = true;
        result.used = quota->value(0).toLongLong();
        result.limit = optionalInt(quota->value(1));
    }
    PreparedQuery perOperation = m_db.prepare(
        u"SELECT operation_id, SUM(calls) FROM usage WHERE key_id = :id GROUP BY operation_id"_s);
    perOperation->bindValue(u":id"_s, keyId);
    if (!execLogged(*perOperation, "read the usage"))
        return result;
    while (perOperation->next())
        result.callsByOperation.insert(
            perOperation->value(0).toString(), perOperation->value(1).toLongLong());
    return result;
}

QList<DailyUsage> Quotas::dailyUsage(const QString &keyId, const QDate &from, const QDate &to)
{
    static constexpr qint64 MaxDays = 366;
    QList<DailyUsage> days;
    if (!from.isValid() || !to.isValid() || from > to)
        return days;
    const QDate first = from.daysTo(to) >= MaxDays ? to.addDays(-(MaxDays - 1)) : from;
    for (QDate day = first; day <= to; day = day.addDays(1))
        days.append({ day, 0 });
    m_db.flush(); // calls of unlimited keys still queued
    // Days are ISO text (utcDay), so the range compares as text in both engines.
    PreparedQuery perDay = m_db.prepare(u"SELECT day, SUM(calls) FROM usage WHERE key_id = :id "
                                        "AND day >= :first AND day <= :last GROUP BY day"_s);
    perDay->bindValue(u":id"_s, keyId);
    perDay->bindValue(u":first"_s, first.toString(Qt::ISODate));
    perDay->bindValue(u":last"_s, to.toString(Qt::ISODate));
    if (!execLogged(*perDay, "read the daily usage"))
        return days;
    while (perDay->next()) {
        const qint64 index = first.daysTo(QDate::fromString(perDay->value(0).toString(), Qt::ISODate));
        if (index >= 0 && index < days.size())
            days[index].calls = perDay->value(1).toLongLong();
    }
    return days;
}

Result<QuotaDecision> Quotas::consumeFreeCall(const QString &scope, int dailyLimit, const QDateTime &at)
{
    if (scope.isEmpty())
        return emptyScope();
    const QString day = utcDay(at.isValid() ? at : m_db.now());
    QuotaDecision decision;
    decision.limit = qMax(dailyLimit, 0);
    if (dailyLimit > 0) {
        // A single statement: insert the day's first call, or count one more only while below the limit.
        // When the WHERE of DO UPDATE is false, nothing changes and RETURNING yields no row (both engines;
        // INSERT ... ON CONFLICT is the spelling PostgreSQL and SQLite share, not the SQL standard MERGE).
        // Run to its end, like consumeCall's UPDATE: SQLite commits it then, and reports a failed commit.
        PreparedQuery bump
            = m_db.prepare(u"INSERT INTO free_quota (address, day, calls) VALUES (:address, :day, 1) "
                           "ON CONFLICT (address, day) DO UPDATE SET calls = free_quota.calls + 1 "
                           "WHERE free_quota.calls < :limit "
                           "RETURNING calls"_s);
        bump->bindValue(u":address"_s, scope);
        bump->bindValue(u":day"_s, day);
        bump->bindValue(u":limit"_s, dailyLimit);
        if (!bump->exec())
            return storeUnavailable(u"count the free call"_s, bump->lastError());
        const bool allowed = bump->next();
        if (allowed)
            decision.used = bump->value(0).toLongLong();
        if (bump->next() || bump->lastError().isValid())
            return storeUnavailable(u"count the free call"_s, bump->lastError());
        if (allowed) {
            decision.allowed = true;
            return decision;
        }
    }
    PreparedQuery state
        = m_db.prepare(u"SELECT calls FROM free_quota WHERE address = :address AND day = :day"_s);
    state->bindValue(u":address"_s, scope);
    state->bindValue(u":day"_s, day);
    if (!state->exec())
        return storeUnavailable(u"read the free quota"_s, state->lastError());
    decision.used = state->next() ? state->value(0).toLongLong() : 0;
    return decision;
}

Result<qint64> Quotas::remainingFreeCalls(const QString &scope, int dailyLimit, const QDateTime &at)
{
    if (scope.isEmpty())
        return emptyScope();
    // The same statement consumeFreeCall() reads its refusal with: one prepared statement in the cache.
    PreparedQuery state
        = m_db.prepare(u"SELECT calls FROM free_quota WHERE address = :address AND day = :day"_s);
    state->bindValue(u":address"_s, scope);
    state->bindValue(u":day"_s, utcDay(at.isValid() ? at : m_db.now()));
    if (!state->exec())
        return storeUnavailable(u"read the free quota"_s, state->lastError());
    const qint64 used = state->next() ? state->value(0).toLongLong() : 0;
    if (state->lastError().isValid())
        return storeUnavailable(u"read the free quota"_s, state->lastError());
    return qMax<qint64>(qint64(dailyLimit) - used, 0);
}

QDateTime Quotas::nextUtcMidnight(const QDateTime &at)
{
    return QDateTime(at.toUTC().date().addDays(1), QTime(0, 0), Qt::UTC);
}

qint64 Quotas::secondsUntilReset(const QDateTime &at)
{
    return qMax<qint64>(1, at.secsTo(nextUtcMidnight(at)));
}

int Quotas::purgeFreeQuotaBefore(const QDate &day, int limit)
{
    if (limit <= 0) {
        PreparedQuery purge = m_db.prepare(u"DELETE FROM free_quota WHERE day < :day"_s);
        purge->bindValue(u":day"_s, day.toString(Qt::ISODate));
        return execLogged(*purge, "purge the free quota") ? purge->numRowsAffected() : 0;
    }
    // Row values in IN (SQLite >= 3.15, PostgreSQL): the primary key is (address, day).
    PreparedQuery purge
        = m_db.prepare(u"DELETE FROM free_quota WHERE (address, day) IN "
                       "(SELECT address, day FROM free_quota WHERE day < :day LIMIT :limit)"_s);
    purge->bindValue(u":day"_s, day.toString(Qt::ISODate));
    purge->bindValue(u":limit"_s, limit);
    return execLogged(*purge, "purge the free quota") ? purge->numRowsAffected() : 0;
}

// Rows are updated in key order: two PostgreSQL instances flushing at once then lock them in the same
// order and cannot deadlock.
QString Quotas::writeQueuedUsage(ConnectionPool &pool, const PendingWrites &batch)
{
    const QHash<UsageDay, qint64> &usage = batch.usage;
    if (usage.isEmpty())
        return {};
    QList<UsageDay> rows = usage.keys();
    std::sort(rows.begin(), rows.end(), [](const UsageDay &a, const UsageDay &b) {
        return std::tie(a.keyId, a.operationId, a.day) < std::tie(b.keyId, b.operationId, b.day);
    });
    // A key deleted meanwhile (ON DELETE CASCADE) must not fail the whole batch on the foreign key: its
    // counts are skipped. The CAST types the parameter for PostgreSQL, which reads SELECT parameters as text.
    PreparedQuery upsert = pool.prepare(
        u"INSERT INTO usage (key_id, operation_id, day, calls) "
        "SELECT :id, :operation, :day, CAST(:calls AS BIGINT) "
        "WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = :key) "
        "ON CONFLICT (key_id, operation_id, day) DO UPDATE SET calls = usage.calls + excluded.calls"_s);
    for (const UsageDay &row : std::as_const(rows)) {
        upsert->bindValue(u":id"_s, row.keyId);
        upsert->bindValue(u":operation"_s, sqlText(row.operationId));
        upsert->bindValue(u":day"_s, row.day);
        upsert->bindValue(u":calls"_s, usage.value(row));
        upsert->bindValue(u":key"_s, row.keyId);
        if (!upsert->exec())
            return upsert->lastError().text();
    }
    return {};
}

QString Quotas::writeQueuedCallsUsed(ConnectionPool &pool, const PendingWrites &batch)
{
    const QHash<QString, qint64> &callsUsed = batch.callsUsed;
    if (callsUsed.isEmpty())
        return {};
    QStringList keys = callsUsed.keys();
    keys.sort();
    PreparedQuery bump
        = pool.prepare(u"UPDATE quotas SET calls_used = calls_used + :calls WHERE key_id = :id"_s);
    for (const QString &keyId : std::as_const(keys)) {
        bump->bindValue(u":calls"_s, callsUsed.value(keyId));
        bump->bindValue(u":id"_s, keyId);
        if (!bump->exec())
            return bump->lastError().text();
    }
    return {};
}

} // namespace ades
