#include "ImportJobs.h"

#include "core/Clock.h"
#include "ops/us/UsImportOffer.h"
#include "store/Jobs.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

QByteArray randomBytes(int count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return bytes;
}

} // namespace

ImportJobs::ImportJobs(Jobs &jobs, const Clock &clock)
    : m_jobs(jobs)
    , m_clock(clock)
{ }

Result<ImportJobs::Issued> ImportJobs::issue(const QString &inputFingerprint) const
{
    // 128 random bits name the job, 256 more prove its owner: neither can be guessed.
    Issued issued;
    issued.jobId = u"usi_"_s + QString::fromLatin1(randomBytes(16).toHex());
    issued.recoverySecret = QString::fromLatin1(
        randomBytes(32).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    const QDateTime now = m_clock.now();
    issued.expiresAt = now.addSecs(UsImportOffer::RetentionSeconds);

    JobRecord record;
    record.id = issued.jobId;
    record.kind = UsImportOffer::JobKind;
    record.secretHash = Jobs::hashSecret(issued.recoverySecret);
    record.inputFingerprint = inputFingerprint;
    record.createdAt = now;
    record.expiresAt = issued.expiresAt;
    const Result<JobRecord> created = m_jobs.create(record);
    if (!created.ok())
        return created.error();
    return issued;
}

std::optional<JobRecord> ImportJobs::open(const QString &jobId, const QString &secret) const
{
    const std::optional<JobRecord> job = m_jobs.findWithSecret(jobId, secret);
    if (!job || job->kind != UsImportOffer::JobKind || job->expiresAt <= m_clock.now())
        return std::nullopt;
    return job;
}

bool ImportJobs::settle(const QString &jobId, const QByteArray &signedResult) const
{
    return m_jobs.complete(jobId, signedResult, m_clock.now().addSecs(UsImportOffer::RetentionSeconds));
}

ServiceError ImportJobs::refused(const QString &param)
{
    return ServiceError::unprocessable(u"job_not_available"_s,
        u"%1: no US import job matches this job_id and recovery_secret (the id is unknown, the secret is "
        "wrong, or the job expired after 24 hours). Run the free check again for a new job."_s.arg(param),
        param);
}

} // namespace ades::us
