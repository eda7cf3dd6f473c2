#include "ReadinessCheck.h"

#include "ImportInput.h"
#include "ImportJobs.h"
#include "PrecheckIssues.h"
#include "core/Clock.h"
#include "ops/us/UsImportOffer.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

QJsonObject purchaseOf(const QJsonObject &arguments, const ImportInput &in, const ImportJobs::Issued &job)
{
    QJsonObject paidArguments = arguments;
    paidArguments.insert(u"job_id"_s, job.jobId);
    paidArguments.insert(u"recovery_secret"_s, job.recoverySecret);
    return QJsonObject {
        { u"method"_s, u"POST"_s },
        { u"url"_s, UsImportOffer::PaidPath },
        { u"price_usdc"_s, UsImportOffer::PriceText },
        { u"amount_atomic_units"_s, QString::number(UsImportOffer::PriceUnits) },
        { u"asset"_s, u"USDC"_s },
        { u"body"_s, u"the same JSON body as this check, plus job_id and recovery_secret from `job`"_s },
        { u"mcp_tool"_s, UsImportOffer::PaidTool },
        { u"mcp_arguments"_s, paidArguments },
        { u"input_fingerprint"_s, in.fingerprint },
        { u"recovery"_s, UsImportOffer::recoverPathOf(job.jobId) },
    };
}

QJsonObject coverage()
{
    return QJsonObject {
        { u"checked_here"_s,
            QJsonArray { u"input_schema"_s, u"country_of_origin_iso3166"_s, u"gtin_check_digit"_s,
                u"customs_value_format"_s, u"risk_answers_complete"_s, u"forwarding_policy"_s } },
        { u"left_for_paid_dossier"_s,
            QJsonArray { u"hts_validation_or_candidates"_s, u"ordinary_duty_component"_s, u"cpsc_recalls"_s,
                u"regulatory_routing"_s, u"forwarding"_s, u"cost_view"_s } },
        { u"sources_called"_s, QJsonArray() },
        { u"note"_s,
            u"Local checks only: no tariff lookup, no recall search. Warnings say what the dossier will hold "
            "on; they are not its decision."_s },
    };
}

} // namespace

Handler makeReadinessCheckHandler(std::shared_ptr<const ImportJobs> jobs)
{
    return [jobs](const QJsonObject &arguments, const CallContext &, Completion done) {
        const ImportInput in = ImportInput::read(arguments);
        const PrecheckIssues issues = PrecheckIssues::of(in);
        const Result<ImportJobs::Issued> job = jobs->issue(in.fingerprint);
        if (!job.ok())
            return done(job.error());
        const bool eligible = !issues.blocking();
        const QJsonObject result {
            { u"contract"_s, UsImportOffer::Contract },
            { u"chargeable"_s, false },
            { u"eligible_for_paid_dossier"_s, eligible },
            { u"input_fingerprint"_s, in.fingerprint },
            { u"issues"_s, issues.list() },
            { u"coverage"_s, coverage() },
            { u"purchase"_s, eligible ? QJsonValue(purchaseOf(arguments, in, job.value())) : QJsonValue() },
            { u"privacy"_s,
                QJsonObject {
                    { u"product_url_accepted"_s, false },
                    { u"addresses_collected"_s, false },
                    { u"raw_request_body_stored"_s, false },
                    { u"stored"_s,
                        u"the job only: its id, the SHA-256 of the recovery secret, the input fingerprint "
                        u"and "
                        "its expiry"_s },
                    { u"recovery_retention_hours"_s, UsImportOffer::RetentionSeconds / 3600 },
                } },
            { u"job"_s,
                QJsonObject {
                    { u"job_id"_s, job.value().jobId },
                    { u"recovery_secret"_s, job.value().recoverySecret },
                    { u"expires_at"_s, isoUtc(job.value().expiresAt) },
                    { u"note"_s,
                        u"Keep the recovery secret: it is shown once, stored only as a hash, and needed to "
                        u"buy "
                        "the dossier and to recover it for 24 hours after it settled."_s },
                } },
            { u"price"_s, u"free"_s },
        };
        done(OperationResult { result, u"us-import check "_s + in.fingerprint });
    };
}

} // namespace ades::us
