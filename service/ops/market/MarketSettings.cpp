#include "MarketSettings.h"

#include "agentspend/AgentSpendSettings.h"

namespace ades::market {

SettingSpecs MarketSettings::all()
{
    SettingSpecs specs;
    specs += AgentSpendSettings::all();
    return specs;
}

} // namespace ades::market
