#include "ResultRecovery.h"

#include "ImportJobs.h"
#include "core/Clock.h"
#include "ops/us/UsImportOffer.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::us {

Handler makeResultRecoveryHandler(std::shared_ptr<const ImportJobs> jobs)
{
    return [jobs](const QJsonObject &arguments, const CallContext &, Completion done) {
        const QString jobId = arguments.value(u"job_id"_s).toString();
        const std::optional<JobRecord> job
            = jobs->open(jobId, arguments.value(u"recovery_secret"_s).toString());
        if (!job)
            return done(ImportJobs::refused(u"recovery_secret"_s));
        if (job->state != JobRecord::State::Completed)
            return done(ServiceError::unprocessable(u"job_not_settled"_s,
                u"job_id: this job has no settled dossier to recover; buy it at %1 with this job_id and "
                "recovery_secret."_s.arg(UsImportOffer::PaidPath),
                u"job_id"_s));
        const QJsonDocument settled = QJsonDocument::fromJson(job->resultJson);
        if (!settled.isObject())
            return done(ServiceError::internal(u"The settled dossier of this job cannot be read back."_s));
        done(OperationResult { QJsonObject {
                                   { u"contract"_s, UsImportOffer::Contract },
                                   { u"job_id"_s, jobId },
                                   { u"recovered"_s, true },
                                   { u"settled_at"_s, isoUtc(job->completedAt) },
                                   { u"available_until"_s, isoUtc(job->expiresAt) },
                                   { u"charged"_s, false },
                                   { u"result"_s, settled.object() },
                               },
            u"us-import recovery "_s + jobId });
    };
}

} // namespace ades::us
