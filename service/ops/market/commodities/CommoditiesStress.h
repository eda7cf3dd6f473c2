#pragma once

#include "catalog/Operation.h"

namespace ades::market {

struct MarketServices;

// Handler of market.commodities: reads the belts, normals and rule from the settings, fetches the
// Open-Meteo archive and forecast for all belts in parallel through the area's SourceCache (fresh for
// market/commodities/archive_fresh_seconds and forecast_fresh_seconds), and composes the result
// (CoffeeStressResult). Never blocks; `done` runs once on the calling thread.
Handler makeCommoditiesStressHandler(const MarketServices &services);

} // namespace ades::market
