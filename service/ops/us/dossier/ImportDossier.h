#pragma once

#include "catalog/Operation.h"

#include <memory>
#include <optional>

class QDateTime;

namespace ades {
class Clock;
}

namespace ades::us {

class HtsClient;
class ImportJobs;
class RecallClient;
struct HtsAnswer;
struct ImportInput;
struct RecallAnswer;

// us.import.dossier, the paid dossier (docs/us-import.md): the job named by job_id and recovery_secret must
// be open and issued for the same input; then the tariff schedule (the declared code's heading, or the
// search for the product name) and the CPSC recalls are asked at once, the risk answers routed, the
// forwarding policy read, and ImportDecision decides. A source that did not answer is a missing check and
// never allows PROCEED; when neither answered the call is an uncharged 503 naming both. Its settlement keeps
// the signed result in the job for recovery.
class ImportDossier : public std::enable_shared_from_this<ImportDossier>
{
public:
    // Everything must outlive the dossier (it lives as long as the service).
    ImportDossier(std::shared_ptr<const ImportJobs> jobs, std::shared_ptr<const HtsClient> tariff,
        std::shared_ptr<const RecallClient> recalls, const Clock &clock);

    // Operation::check: the input rules, then the job (422 job_not_available, the same for an unknown id, a
    // wrong secret and an expired job) and its fingerprint (422 input_mismatch). Before any payment.
    std::optional<ServiceError> problem(const QJsonObject &arguments) const;
    // The handler, on arguments that passed problem(); `done` runs once on the calling thread. Must be
    // called through a std::shared_ptr.
    void run(const QJsonObject &arguments, const Completion &done) const;
    // Operation::settled: keeps the signed result in the job.
    void settled(const QJsonObject &arguments, const QByteArray &signedResult) const;

    // The dossier of job `jobId` from the two sources' answers; pure. A source that did not answer is a
    // missing check; when neither answered, an uncharged 503 naming both.
    static Result<QJsonObject> compose(const ImportInput &input, const QString &jobId,
        const Result<HtsAnswer> &tariff, const Result<RecallAnswer> &recalls, const QDateTime &now);

private:
    struct Run;
    void finish(Run &run) const;

    std::shared_ptr<const ImportJobs> m_jobs;
    std::shared_ptr<const HtsClient> m_tariff;
    std::shared_ptr<const RecallClient> m_recalls;
    const Clock &m_clock;
};

} // namespace ades::us
