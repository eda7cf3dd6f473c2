#include "RegisterMarket.h"

#include "agentspend/AgentSpendOperation.h"
#include "brief/MarketDataOperation.h"
#include "coin/CoinOperation.h"
#include "coin/SnapshotRecorder.h"
#include "commodities/CommoditiesOperation.h"
#include "daily/DailyOperation.h"
#include "fundingqr/FundingQrOperation.h"
#include "perps/PerpsOperation.h"
#include "price/PriceOperation.h"
#include "social/SocialOperation.h"

namespace ades::market {

void registerMarket(Catalog &catalog, const MarketServices &services)
{
    addPriceOperation(catalog, services);
    addPerpsOperation(catalog, services);
    addMarketDataOperation(catalog, services);
    addDailyOperation(catalog, services);
    addCoinOperation(catalog, services);
    addCommoditiesOperation(catalog, services);
    addFundingQrOperation(catalog, services);
    addSocialOperation(catalog, services);
    addAgentSpendOperation(catalog, services);
}

void startMarketRecurring(const MarketServices &services, QObject *owner)
{
    SnapshotRecorder::start(services, owner);
}

} // namespace ades::market
