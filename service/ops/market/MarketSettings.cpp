#include "MarketSettings.h"

#include "social/SocialSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += SocialSettings::all();
    return specs;
}

} // namespace ades::market
