#pragma once

#include "core/Result.h"
#include "store/JobRecord.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>

namespace ades {
class Clock;
class Jobs;
} // namespace ades

namespace ades::us {

// The US import jobs in the store (store/Jobs.h, kind "us.import"): the free check issues one (a job id and
// a recovery secret, only the secret's hash is stored), the paid dossier must name it with its secret and
// the same input, its settlement keeps the signed result, and recovery hands that result back for
// UsImportOffer::RetentionSeconds. Expired jobs are dropped by the store's hourly retention purge and are
// never served before that. Every call blocks on one SQL statement; thread-safe.
class ImportJobs
{
public:
    struct Issued
    {
        QString jobId;
        QString recoverySecret; // returned once, to the caller; never stored
        QDateTime expiresAt;
    };

    // Keeps references: both must outlive this object.
    ImportJobs(Jobs &jobs, const Clock &clock);

    // A new pending job for the input with this fingerprint. 503 store_unavailable when it cannot be kept.
    Result<Issued> issue(const QString &inputFingerprint) const;
    // The job, when `secret` is its recovery secret and it has not expired; std::nullopt otherwise. Unknown
    // id, wrong secret and expired job take the same path and time (Jobs::findWithSecret), so a caller
    // cannot tell which it was.
    std::optional<JobRecord> open(const QString &jobId, const QString &secret) const;
    // Keeps the settled signed result; it is recoverable for the retention from now. False when the job was
    // no longer pending (already settled) or the write failed.
    bool settle(const QString &jobId, const QByteArray &signedResult) const;

    // The one refusal for a job that cannot be opened: it names no reason (docs/us-import.md, "Recovery").
    static ServiceError refused(const QString &param);

private:
    Jobs &m_jobs;
    const Clock &m_clock;
};

} // namespace ades::us
