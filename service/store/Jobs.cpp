#include "Jobs.h"

#include "core/Clock.h"
#include "core/ConstantTime.h"
#include "store/Database.h"
#include "store/SqlSupport.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

JobRecord::State stateFrom(const QString &name)
{
    if (name == u"completed"_s)
        return JobRecord::State::Completed;
    if (name == u"failed"_s)
        return JobRecord::State::Failed;
    return JobRecord::State::Pending;
}

ServiceError invalidJob(const QString &message, const QString &param)
{
    return ServiceError::badRequest(u"invalid_job"_s, message, param);
}

JobRecord readJob(const QSqlQuery &q)
{
    JobRecord job;
    job.id = q.value(0).toString();
    job.kind = q.value(1).toString();
    job.state = stateFrom(q.value(2).toString());
    job.secretHash = q.value(3).toString();
    job.inputFingerprint = q.value(4).toString();
    job.resultJson = q.value(5).toString().toUtf8();
    job.failureReason = q.value(6).toString();
    job.createdAt = parseTime(q.value(7));
    job.completedAt = parseTime(q.value(8));
    job.expiresAt = parseTime(q.value(9));
    return job;
}

} // namespace

Jobs::Jobs(Database &db)
    : m_db(db)
{ }

QString Jobs::hashSecret(const QString &secret)
{
    return QString::fromLatin1(QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

Result<JobRecord> Jobs::create(const JobRecord &record)
{
    static const QRegularExpression sha256Hex(u"^[0-9a-fA-F]{64}$"_s);
    if (record.id.isEmpty())
        return invalidJob(u"The job id is empty."_s, u"id"_s);
    if (record.kind.isEmpty())
        return invalidJob(u"The job kind is empty."_s, u"kind"_s);
    if (!sha256Hex.match(record.secretHash).hasMatch())
        return invalidJob(u"The secret hash must be a hex SHA-256 (64 digits)."_s, u"secret_hash"_s);
    if (!record.expiresAt.isValid())
        return invalidJob(u"The job has no expiry time."_s, u"expires_at"_s);

    JobRecord stored;
    stored.id = record.id;
    stored.kind = record.kind;
    stored.state = JobRecord::State::Pending;
    stored.secretHash = record.secretHash.toLower();
    stored.inputFingerprint = sqlText(record.inputFingerprint);
    stored.createdAt = record.createdAt.isValid() ? record.createdAt.toUTC() : m_db.now();
    stored.expiresAt = record.expiresAt.toUTC();

    // ON CONFLICT ... DO NOTHING rather than a failed constraint: both engines then report the taken id as
    // zero rows inserted, without parsing driver-specific error texts.
    PreparedQuery insert
        = m_db.prepare(u"INSERT INTO jobs (id, kind, state, secret_hash, input_fingerprint, created_at, "
                       "expires_at) VALUES (:id, :kind, 'pending', :secret, :input, :created, :expires) "
                       "ON CONFLICT (id) DO NOTHING"_s);
    insert->bindValue(u":id"_s, stored.id);
    insert->bindValue(u":kind"_s, stored.kind);
    insert->bindValue(u":secret"_s, stored.secretHash);
    insert->bindValue(u":input"_s, stored.inputFingerprint);
    insert->bindValue(u":created"_s, isoUtc(stored.createdAt));
    insert->bindValue(u":expires"_s, isoUtc(stored.expiresAt));
    if (!insert->exec())
        return storeUnavailable(u"record the job"_s, insert->lastError());
    if (insert->numRowsAffected() != 1)
        return ServiceError::badRequest(
            u"job_exists"_s, u"A job with the id %1 exists already."_s.arg(stored.id), u"id"_s);
    return stored;
}

std::optional<JobRecord> Jobs::find(const QString &id)
{
    PreparedQuery query
        = m_db.prepare(u"SELECT id, kind, state, secret_hash, input_fingerprint, result_json, "
                       "failure_reason, created_at, completed_at, expires_at FROM jobs "
                       "WHERE id = :id"_s);
    query->bindValue(u":id"_s, id);
    if (!execLogged(*query, "read a job") || !query->next())
        return std::nullopt;
    return readJob(*query);
}

bool Jobs::complete(const QString &id, const QByteArray &resultJson, const QDateTime &expiresAt)
{
    // The state guard is the race guard: of two racers the second finds the row no longer pending.
    PreparedQuery update = m_db.prepare(expiresAt.isValid()
            ? u"UPDATE jobs SET state = 'completed', result_json = :result, completed_at = :at, "
              "expires_at = :expires WHERE id = :id AND state = 'pending'"_s
            : u"UPDATE jobs SET state = 'completed', result_json = :result, completed_at = :at "
              "WHERE id = :id AND state = 'pending'"_s);
    update->bindValue(u":result"_s, QString::fromUtf8(resultJson));
    update->bindValue(u":at"_s, isoUtc(m_db.now()));
    if (expiresAt.isValid())
        update->bindValue(u":expires"_s, isoUtc(expiresAt.toUTC()));
    update->bindValue(u":id"_s, id);
    if (!execLogged(*update, "complete a job"))
        return false;
    return update->numRowsAffected() == 1;
}

bool Jobs::fail(const QString &id, const QString &reason)
{
    PreparedQuery update = m_db.prepare(u"UPDATE jobs SET state = 'failed', failure_reason = :reason, "
                                        "completed_at = :at WHERE id = :id AND state = 'pending'"_s);
    update->bindValue(u":reason"_s, sqlText(reason));
    update->bindValue(u":at"_s, isoUtc(m_db.now()));
    update->bindValue(u":id"_s, id);
    if (!execLogged(*update, "fail a job"))
        return false;
    return update->numRowsAffected() == 1;
}

std::optional<JobRecord> Jobs::findWithSecret(const QString &id, const QString &secret)
{
    // Without a row the hash is compared against a stand-in of the same shape, so an unknown id costs what
    // a wrong secret costs. Both sides are 64 lower-case hex digits (create() lower-cases the stored hash),
    // so only the content could leak, and the comparison takes the same time whatever it is.
    static const QByteArray standIn(64, '0');
    const std::optional<JobRecord> job = find(id);
    const bool matches
        = constantTimeEquals(hashSecret(secret).toLatin1(), job ? job->secretHash.toLatin1() : standIn);
    if (!job || !matches)
        return std::nullopt;
    return job;
}

bool Jobs::verifySecret(const QString &id, const QString &secret)
{
    return findWithSecret(id, secret).has_value();
}

int Jobs::purgeExpired(const QDateTime &now, int limit)
{
    // ISO-8601 UTC text with a fixed width compares in time order (Migrations.h).
    if (limit <= 0) {
        PreparedQuery purge = m_db.prepare(u"DELETE FROM jobs WHERE expires_at <= :now"_s);
        purge->bindValue(u":now"_s, isoUtc(now));
        return execLogged(*purge, "purge expired jobs") ? purge->numRowsAffected() : 0;
    }
    PreparedQuery purge = m_db.prepare(
        u"DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE expires_at <= :now LIMIT :limit)"_s);
    purge->bindValue(u":now"_s, isoUtc(now));
    purge->bindValue(u":limit"_s, limit);
    return execLogged(*purge, "purge expired jobs") ? purge->numRowsAffected() : 0;
}

} // namespace ades
