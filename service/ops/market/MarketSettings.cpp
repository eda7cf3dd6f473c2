#include "MarketSettings.h"

#include "agentspend/AgentSpendSettings.h"
#include "brief/BriefSettings.h"
#include "coin/CoinSettings.h"
#include "commodities/CommoditiesSettings.h"
#include "fundingqr/FundingQrSettings.h"
#include "perps/PerpsSettings.h"
#include "price/PriceSettings.h"
#include "social/SocialSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += PriceSettings::all();
    specs += PerpsSettings::all();
    specs += BriefSettings::all();
    specs += CoinSettings::all();
    specs += CommoditiesSettings::all();
    specs += FundingQrSettings::all();
    specs += SocialSettings::all();
    specs += AgentSpendSettings::all();
    return specs;
}

} // namespace ades::market
