#include "MarketSettings.h"

#include "price/PriceSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += PriceSettings::all();
    return specs;
}

} // namespace ades::market
