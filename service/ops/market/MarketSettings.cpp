#include "MarketSettings.h"

#include "fundingqr/FundingQrSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += FundingQrSettings::all();
    return specs;
}

} // namespace ades::market
