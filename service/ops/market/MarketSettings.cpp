#include "MarketSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    return specs;
}

} // namespace ades::market
