#include "RegisterMarket.h"

#include "fundingqr/FundingQrOperation.h"

#include <QtGlobal>

namespace ades::market {

void registerMarket(Catalog &catalog, const MarketServices &services)
{
    addFundingQrOperation(catalog, services);
}

void startMarketRecurring(const MarketServices &services, QObject *owner)
{
    Q_UNUSED(services);
    Q_UNUSED(owner);
}

} // namespace ades::market
