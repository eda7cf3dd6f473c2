#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>

namespace ades {

class ActiveKeyCache;

class ConnectionPool;
class Database;
struct PendingWrites;

// Call counting: the quota of each API key (quotas, with per-operation and per-UTC-day counts in usage)
// and the keyless daily counters of the free tier and of anything else limited per scope and day
// (free_quota).
//
// What guards access is never deferred: a limited key's quota and a free counter are each counted by one
// conditional statement, exact across threads and across processes sharing the database; a key counted that
// way gets its usage row in the same transaction. The calls of an unlimited key (ApiKeyRecord overload) are
// only recorded: they are journaled and counted in the write-behind batch (Database.h, docs/reliability.md),
// so they survive a crash without a commit per call, and usage() flushes them first. Thread-safe; every call
// blocks on SQL but the unlimited-key one.
class Quotas
{
public:
    // cache: told a limited key's calls_used after each count, so a spent key is refused before any work.
    Quotas(Database &db, ActiveKeyCache &cache);
    Q_DISABLE_COPY_MOVE(Quotas)

    // --- API keys ---

    // Counts one call of `operationId` against the key, atomically: never more than call_limit calls are
    // allowed, whatever the number of threads or instances racing. allowed=false (used=limit) when the
    // quota is spent. Error (401, invalid_api_key) when the key is unknown or revoked; 503 when the write
    // failed (nothing counted). One transaction: the quota and the usage row for the UTC day of `at`.
    Result<QuotaDecision> consumeCall(const QString &keyId, const QString &operationId, const QDateTime &at);
    // The same for a key just returned by ApiKeys::findActive() (the request path). A limited key goes
    // through the transaction above. An unlimited key (callLimit empty) is never refused, so it costs no
    // SQL: its call is journaled (one write(2)) and counted in calls_used and usage by the write-behind
    // batch, and used is
    // key.callsUsed + 1 (exact for one caller at a time, approximate while other requests of the key run).
    // A key revoked after the lookup is still counted for this call; the next lookup refuses it.
    Result<QuotaDecision> consumeCall(
        const ApiKeyRecord &key, const QString &operationId, const QDateTime &at);
    // The same for a result that counts `calls` calls at once (a batch: one call per item checked),
    // all or nothing: a limited key with fewer than `calls` left is refused (allowed=false) and nothing is
    // counted. calls < 1 counts one.
    Result<QuotaDecision> consumeCalls(
        const QString &keyId, const QString &operationId, qint64 calls, const QDateTime &at);
    Result<QuotaDecision> consumeCalls(
        const ApiKeyRecord &key, const QString &operationId, qint64 calls, const QDateTime &at);
    // Flushes the write-behind queue first: the counts include every call counted before.
    QuotaUsage usage(const QString &keyId);
    // The key's calls per UTC day from `from` to `to` (both included), all operations together, one entry
    // per day in order, days without calls as 0 (the console's usage chart). At most 366 days: a longer
    // range is cut to the last 366 days before `to`. Flushes the write-behind queue first.
    QList<DailyUsage> dailyUsage(const QString &keyId, const QDate &from, const QDate &to);

    // --- keyless daily counters (free_quota) ---

    // At most `dailyLimit` calls per scope and UTC day of `at` (an invalid `at`: now). The scope is the
    // caller's address on /free/, or any other string naming what is limited. One conditional statement:
    // exact under concurrency. Error 400 (param "address") for an empty scope.
    Result<QuotaDecision> consumeFreeCall(const QString &scope, int dailyLimit, const QDateTime &at);
    // What consumeFreeCall() would still allow for the scope on the UTC day of `at`, without counting:
    // max(0, dailyLimit - calls counted). Error 400 for an empty scope, 503 when the read failed.
    Result<qint64> remainingFreeCalls(const QString &scope, int dailyLimit, const QDateTime &at);
    // The start of the UTC day after `at`: when the daily counters of `at` reset (Retry-After).
    static QDateTime nextUtcMidnight(const QDateTime &at);
    // Whole seconds from `at` until then, at least 1: the Retry-After of a spent daily counter.
    static qint64 secondsUntilReset(const QDateTime &at);
    // Drops the counters of days before `day`; returns the number of rows removed. `limit` > 0: at most that
    // many (the retention purge works in bounded chunks).
    int purgeFreeQuotaBefore(const QDate &day, int limit = 0);

    // --- write-behind parts (Database::BatchPart) ---

    // Adds the batch's usage counts to usage (rows of keys deleted meanwhile are skipped).
    static QString writeQueuedUsage(ConnectionPool &pool, const PendingWrites &batch);
    // Adds the batch's calls of unlimited keys to quotas.calls_used.
    static QString writeQueuedCallsUsed(ConnectionPool &pool, const PendingWrites &batch);

private:
    Database &m_db;
    ActiveKeyCache &m_cache;
};

} // namespace ades
