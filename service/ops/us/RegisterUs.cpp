#include "RegisterUs.h"

#include "UsImportOffer.h"
#include "UsServices.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "dossier/ImportDossier.h"
#include "readiness/ImportInput.h"
#include "readiness/ReadinessCheck.h"
#include "readiness/ResultRecovery.h"
#include "sources/HtsClient.h"
#include "sources/RecallClient.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

// MCP fills in what docs/interface.md §2.2 defaults there: destination US, no declared HTS code.
Exposure withMcpDefaults(Exposure exposure)
{
    return exposure.defaulting(u"destination_country"_s, u"US"_s).defaulting(u"hts_code"_s, QString());
}

// The paid body: the checked body plus the job's two fields (docs/interface.md §2.2), one schema each.
QJsonObject paidSchema()
{
    QJsonObject schema = Catalog::loadSchema(u":/schemas/us/us.import.in.json"_s);
    const QJsonObject job = Catalog::loadSchema(u":/schemas/us/us.import.job.in.json"_s);
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    QJsonArray required = schema.value(u"required"_s).toArray();
    const QJsonObject jobProperties = job.value(u"properties"_s).toObject();
    for (auto it = jobProperties.begin(); it != jobProperties.end(); ++it)
        properties.insert(it.key(), it.value());
    for (const QJsonValue &name : job.value(u"required"_s).toArray())
        required.append(name);
    schema.insert(u"properties"_s, properties);
    schema.insert(u"required"_s, required);
    schema.insert(u"description"_s,
        QString(schema.value(u"description"_s).toString()
            + u" The job_id and recovery_secret come from the free check, "
              "issued for this same input."_s));
    return schema;
}

} // namespace

void registerUs(Catalog &catalog, const AreaContext &context, const UsServices &services)
{
    // docs/interface.md §2.2, §4.2, §4.5 and docs/us-import.md: the free check on the free channel's
    // input-check quota and as a free MCP tool, which shares that counter.
    catalog.add({
        .id = u"us.import.check"_s,
        .title = u"US import readiness free check"_s,
        .summary
        = u"Free check before the US import readiness dossier for goods sent from Germany or Austria "
          "to the United States: validates the input, says what the dossier will hold on, and issues "
          "the job (job_id and recovery_secret) the paid dossier needs. No tariff lookup, no recall "
          "search, never charged."_s,
        .area = u"us"_s,
        .outputContract = UsImportOffer::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/us/us.import.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/us/us.import.check.out.json"_s),
        .exposures = { Exposure::free(UsImportOffer::FreePath, FreeQuota::InputChecks).post(),
            withMcpDefaults(Exposure::mcp(UsImportOffer::FreeTool)), Exposure::cli(u"us.import.check"_s) },
        .handler = makeReadinessCheckHandler(services.jobs),
        .check = &ImportInput::problem,
    });
    // docs/interface.md §4.1, §4.5: 0.25 USDC on x402 and MCP; its settlement keeps the signed result for
    // recovery (Operation::settled).
    const auto dossier = std::make_shared<const ImportDossier>(
        services.jobs, services.tariff, services.recalls, context.clock);
    catalog.add({
        .id = u"us.import.dossier"_s,
        .title = u"US import readiness dossier"_s,
        .summary
        = u"Signed pre-purchase dossier for ordinary goods sent from Germany or Austria to the United "
          "States: the declared HTS code checked against the current USITC schedule (or non-binding "
          "candidates), the ordinary MFN duty when the rate is simple ad valorem, CPSC recall "
          "candidates, the regulated attributes routed to their US agencies, the merchant's forwarding "
          "policy and a cost view. PROCEED_TO_CARRIER_QUOTE, REVIEW_REQUIRED or DO_NOT_FORWARD with "
          "reasons; unknown answers and unavailable sources never proceed. Needs the job of the free "
          "check; recoverable free for 24 hours."_s,
        .area = u"us"_s,
        .outputContract = UsImportOffer::Contract,
        .inputSchema = paidSchema(),
        .outputSchema = Catalog::loadSchema(u":/schemas/us/us.import.dossier.out.json"_s),
        .exposures
        = { Exposure::x402(UsImportOffer::PaidPath, Usdc::atomicUnits(UsImportOffer::PriceUnits)).post(),
            withMcpDefaults(
                Exposure::mcp(UsImportOffer::PaidTool, Usdc::atomicUnits(UsImportOffer::PriceUnits))),
            Exposure::cli(u"us.import.dossier"_s) },
        .handler = [dossier](const QJsonObject &arguments, const CallContext &,
                       Completion done) { dossier->run(arguments, done); },
        .check = [dossier](const QJsonObject &arguments) { return dossier->problem(arguments); },
        .sources = { HtsClient::sourceId(), RecallClient::sourceId() },
        .settled = [dossier](const QJsonObject &arguments,
                       const QByteArray &signedResult) { dossier->settled(arguments, signedResult); },
    });
    // docs/interface.md §4.2, §4.5, §8: the settled dossier again for 24 hours, free; the secret travels in
    // the JSON body, never in the URL (logs and proxies keep URLs).
    catalog.add({
        .id = u"us.import.recover"_s,
        .title = u"US import readiness recovery"_s,
        .summary
        = u"Returns the already-settled, signed US import readiness dossier of a job for 24 hours after "
          "it settled, given its job_id and recovery_secret: no new lookup, no new charge. A wrong "
          "secret is refused without telling whether the job exists."_s,
        .area = u"us"_s,
        .outputContract = UsImportOffer::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/us/us.import.job.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/us/us.import.recover.out.json"_s),
        .exposures = { Exposure::free(UsImportOffer::RecoverPath, FreeQuota::InputChecks).post(),
            Exposure::mcp(UsImportOffer::RecoverTool), Exposure::cli(u"us.import.recover"_s) },
        .handler = makeResultRecoveryHandler(services.jobs),
    });
}

} // namespace ades::us
