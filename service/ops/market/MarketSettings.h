#pragma once

#include "core/SettingSpec.h"

namespace ades::market {

// Every setting of the market area: each operation group declares its own (price/PriceSettings.h ...);
// this joins them for the start-up check, `ades settings` and the console.
namespace MarketSettings {
SettingSpecs all();
}

} // namespace ades::market
