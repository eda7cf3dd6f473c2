#include "ImportDossier.h"

#include "DossierResult.h"
#include "ForwardingCheck.h"
#include "ImportDecision.h"
#include "RecallFinding.h"
#include "RegulatoryRouting.h"
#include "TariffFinding.h"
#include "core/Clock.h"
#include "ops/us/UsImportOffer.h"
#include "ops/us/readiness/ImportInput.h"
#include "ops/us/readiness/ImportJobs.h"
#include "ops/us/sources/HtsClient.h"
#include "ops/us/sources/RecallClient.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

QString jobIdOf(const QJsonObject &arguments)
{
    return arguments.value(u"job_id"_s).toString();
}

QString secretOf(const QJsonObject &arguments)
{
    return arguments.value(u"recovery_secret"_s).toString();
}

} // namespace

struct ImportDossier::Run
{
    ImportInput input;
    QString jobId;
    Completion done;
    // One for the start itself, so that answers arriving synchronously cannot finish the run early.
    int pending = 1;
    std::optional<Result<HtsAnswer>> tariff;
    std::optional<Result<RecallAnswer>> recalls;
};

ImportDossier::ImportDossier(std::shared_ptr<const ImportJobs> jobs, std::shared_ptr<const HtsClient> tariff,
    std::shared_ptr<const RecallClient> recalls, const Clock &clock)
    : m_jobs(std::move(jobs))
    , m_tariff(std::move(tariff))
    , m_recalls(std::move(recalls))
    , m_clock(clock)
{ }

std::optional<ServiceError> ImportDossier::problem(const QJsonObject &arguments) const
{
    if (auto problem = ImportInput::problem(arguments))
        return problem;
    const std::optional<JobRecord> job = m_jobs->open(jobIdOf(arguments), secretOf(arguments));
    if (!job)
        return ImportJobs::refused(u"recovery_secret"_s);
    const QString fingerprint = ImportInput::read(arguments).fingerprint;
    if (job->inputFingerprint != fingerprint)
        return ServiceError::unprocessable(u"input_mismatch"_s,
            u"body: this input (%1) is not the one the free check issued the job for (%2); send exactly the "
            "checked input, or run the free check again."_s.arg(fingerprint, job->inputFingerprint),
            u"body"_s);
    return std::nullopt;
}

void ImportDossier::run(const QJsonObject &arguments, const Completion &done) const
{
    // problem() passed before the payment (Operation::check); only the job can have changed since: a racer
    // settled it, or it expired.
    const std::optional<JobRecord> job = m_jobs->open(jobIdOf(arguments), secretOf(arguments));
    if (!job)
        return done(ImportJobs::refused(u"recovery_secret"_s));
    // A new payment for a job whose dossier settled already: the result is there to recover, free.
    if (job->state != JobRecord::State::Pending)
        return done(ServiceError::unprocessable(u"job_already_settled"_s,
            u"job_id: the dossier of this job was delivered and paid already; recover it free at POST %1 "
            "(or MCP %2)."_s.arg(UsImportOffer::recoverPathOf(job->id), UsImportOffer::RecoverTool),
            u"job_id"_s));

    auto run = std::make_shared<Run>();
    run->input = ImportInput::read(arguments);
    run->jobId = jobIdOf(arguments);
    run->done = done;
    const std::shared_ptr<const ImportDossier> self = shared_from_this();
    const auto finishOne = [self, run]() {
        if (--run->pending == 0)
            self->finish(*run);
    };
    run->pending += 2;
    const auto tariffDone = [run, finishOne](Result<HtsAnswer> answer) {
        run->tariff.emplace(std::move(answer));
        finishOne();
    };
    if (run->input.htsCode.isEmpty())
        m_tariff->search(run->input.productName, tariffDone);
    else
        m_tariff->heading(run->input.htsCode, tariffDone);
    m_recalls->search(run->input.productName, [run, finishOne](Result<RecallAnswer> answer) {
        run->recalls.emplace(std::move(answer));
        finishOne();
    });
    finishOne();
}

void ImportDossier::finish(Run &run) const
{
    const Result<QJsonObject> result
        = compose(run.input, run.jobId, *run.tariff, *run.recalls, m_clock.now());
    if (!result.ok())
        return run.done(result.error());
    run.done(OperationResult { result.value(), u"us-import "_s + run.input.fingerprint });
}

Result<QJsonObject> ImportDossier::compose(const ImportInput &input, const QString &jobId,
    const Result<HtsAnswer> &tariffAnswer, const Result<RecallAnswer> &recallAnswer, const QDateTime &now)
{
    const TariffFinding tariff = TariffFinding::of(input, tariffAnswer);
    const RecallFinding recalls = RecallFinding::of(input, recallAnswer);
    if (tariff.missing && recalls.missing) {
        // Nothing outside was learned: a dossier of the buyer's own answers is not worth a charge.
        ServiceError error = ServiceError::sourceUnavailable(HtsClient::sourceId(),
            u"Neither the USITC tariff schedule nor the CPSC recall service answered (%1; %2). Nothing was "
            "charged; try again later."_s.arg(
                tariffAnswer.error().message(), recallAnswer.error().message()));
        error.setMissing({ HtsClient::sourceId(), RecallClient::sourceId() });
        error.setExtra(u"missing_checks"_s, QJsonArray { u"tariff"_s, u"recalls"_s });
        return error;
    }
    const RegulatoryRouting::Outcome routing = RegulatoryRouting::route(input);
    const ForwardingCheck forwarding = ForwardingCheck::of(input);
    QList<DecisionReason> reasons = forwarding.reasons + routing.reasons + tariff.reasons + recalls.reasons;
    QStringList missing;
    if (tariff.missing)
        missing.append(u"tariff"_s);
    if (recalls.missing)
        missing.append(u"recalls"_s);
    const ImportDecision decision = ImportDecision::decide(reasons, missing);
    return DossierResult::build({ input, jobId, tariff, recalls, routing.json, forwarding, now }, decision);
}

void ImportDossier::settled(const QJsonObject &arguments, const QByteArray &signedResult) const
{
    if (!m_jobs->settle(jobIdOf(arguments), signedResult))
        qWarning("us: the settled dossier of job %s could not be kept for recovery",
            qPrintable(jobIdOf(arguments)));
}

} // namespace ades::us
