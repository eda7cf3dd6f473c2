#include "RegisterMarket.h"

#include "agentspend/AgentSpendOperation.h"

#include <QtGlobal>

namespace ades::market {

void registerMarket(Catalog &catalog, const MarketServices &services)
{
    addAgentSpendOperation(catalog, services);
}

void startMarketRecurring(const MarketServices &services, QObject *owner)
{
    Q_UNUSED(services);
    Q_UNUSED(owner);
}

} // namespace ades::market
