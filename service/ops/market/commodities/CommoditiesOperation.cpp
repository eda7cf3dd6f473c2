#include "CommoditiesOperation.h"

#include "CoffeeStressResult.h"
#include "CommoditiesStress.h"
#include "catalog/Catalog.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

void addCommoditiesOperation(Catalog &catalog, const MarketServices &services)
{
    const Exposure x402 = Exposure::x402(u"/x402/commodities"_s, Usdc::atomicUnits(40'000));
    catalog.add({
        .id = u"market.commodities"_s,
        .title = u"Coffee supply stress"_s,
        .summary
        = u"A supply-stress score 0-100 per Brazilian coffee belt from Open-Meteo rainfall (the last "
          "30 days of the ERA5 archive and the 16-day forecast) against configured normals, with "
          "the aggregate, the configured floor price of an African producer, and the scoring rule "
          "disclosed with its inputs, weights and thresholds."_s,
        .area = u"market"_s,
        .outputContract = QString::fromLatin1(CoffeeStressResult::Contract),
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.commodities.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.commodities.out.json"_s),
        .exposures = { x402, Exposure::mcp(u"commodities_stress"_s, x402.price),
            Exposure::cli(u"market.commodities"_s) },
        .handler = makeCommoditiesStressHandler(services),
        .sources
        = { QString::fromUtf16(MarketSource::OpenMeteo), QString::fromUtf16(MarketSource::OpenMeteoArchive) },
    });
}

} // namespace ades::market
