#include "MarketSettings.h"

#include "commodities/CommoditiesSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += CommoditiesSettings::all();
    return specs;
}

} // namespace ades::market
