#include "RegisterMarket.h"

#include <QtGlobal>

namespace ades::market {

void registerMarket(Catalog &catalog, const MarketServices &services)
{
    Q_UNUSED(catalog);
    Q_UNUSED(services);
}

void startMarketRecurring(const MarketServices &services, QObject *owner)
{
    Q_UNUSED(services);
    Q_UNUSED(owner);
}

} // namespace ades::market
