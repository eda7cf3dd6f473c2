#pragma once

class QObject;

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// Adds every market operation to the catalog (each group declares its own entries in its folder).
void registerMarket(Catalog &catalog, const MarketServices &services);
// The area's recurring work: the 6-hourly coin snapshots (coin/).
void startMarketRecurring(const MarketServices &services, QObject *owner);

} // namespace ades::market
