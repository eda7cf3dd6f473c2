#include "RegisterUs.h"

#include "UsImportOffer.h"
#include "UsServices.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "readiness/ImportInput.h"
#include "readiness/ReadinessCheck.h"

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

// MCP fills in what docs/interface.md §2.2 defaults there: destination US, no declared HTS code.
Exposure withMcpDefaults(Exposure exposure)
{
    return exposure.defaulting(u"destination_country"_s, u"US"_s).defaulting(u"hts_code"_s, QString());
}

} // namespace

void registerUs(Catalog &catalog, const AreaContext &context, const UsServices &services)
{
    Q_UNUSED(context);
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
}

} // namespace ades::us
