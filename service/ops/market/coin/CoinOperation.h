#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.coin: one coin's exchange-median spot, perp funding, open interest, premium and volume, a
// positioning score and the trend of the service's own 6-hourly archive (SPEC.md §4.1 /x402/coin, 0.01 USDC;
// MCP coin_snapshot).
void addCoinOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
