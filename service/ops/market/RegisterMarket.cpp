#include "RegisterMarket.h"

#include "brief/MarketDataOperation.h"
#include "daily/DailyOperation.h"
#include "perps/PerpsOperation.h"
#include "price/PriceOperation.h"

#include <QtGlobal>

namespace ades::market {

void registerMarket(Catalog &catalog, const MarketServices &services)
{
    addPriceOperation(catalog, services);
    addPerpsOperation(catalog, services);
    addMarketDataOperation(catalog, services);
    addDailyOperation(catalog, services);
}

void startMarketRecurring(const MarketServices &services, QObject *owner)
{
    Q_UNUSED(services);
    Q_UNUSED(owner);
}

} // namespace ades::market
