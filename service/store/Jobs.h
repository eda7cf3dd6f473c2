#pragma once

#include "core/Result.h"
#include "store/JobRecord.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>

namespace ades {

class Database;

// Jobs a caller may recover later (jobs; JobRecord.h). Every write is synchronous and one statement, and
// each state change is conditional on the row still being pending: whatever the number of threads or
// instances racing, a job is completed or failed exactly once. Thread-safe; every call blocks on SQL.
//
// Expired rows stay until purgeExpired() drops them (the store's retention purge does, hourly): callers
// that must not serve an expired job compare JobRecord::expiresAt themselves.
class Jobs
{
public:
    explicit Jobs(Database &db);
    Q_DISABLE_COPY_MOVE(Jobs)

    // Records a new pending job and returns it as stored. The record's state, result, failure and
    // completedAt are ignored; an invalid createdAt means now. Errors: 400 invalid_job (empty id or kind,
    // secretHash not 64 hex digits, invalid expiresAt), 400 job_exists (the id is taken, by any thread or
    // instance), 503 store_unavailable.
    Result<JobRecord> create(const JobRecord &record);
    std::optional<JobRecord> find(const QString &id);
    // pending -> completed with the settled result. False when the job is unknown, no longer pending (a
    // racer completed or failed it first) or the write failed. A valid `expiresAt` replaces the job's expiry
    // (a result is kept for its retention from completion, not from the job's creation).
    bool complete(const QString &id, const QByteArray &resultJson, const QDateTime &expiresAt = {});
    // pending -> failed with the reason; false as for complete().
    bool fail(const QString &id, const QString &reason);
    // The job, when `secret` is its recovery secret; std::nullopt otherwise. Compares the hashes in constant
    // time, and an unknown id takes the same path and time as a wrong secret: a caller cannot tell which.
    std::optional<JobRecord> findWithSecret(const QString &id, const QString &secret);
    // Whether `secret` is the job's recovery secret (findWithSecret); false for an unknown job.
    bool verifySecret(const QString &id, const QString &secret);
    // Drops the jobs whose expiry is at or before `now`; returns the number removed. `limit` > 0: at most
    // that many (the retention purge works in bounded chunks).
    int purgeExpired(const QDateTime &now, int limit = 0);

    // Lower-case hex SHA-256 of the UTF-8 secret: what JobRecord::secretHash holds.
    static QString hashSecret(const QString &secret);

private:
    Database &m_db;
};

} // namespace ades
