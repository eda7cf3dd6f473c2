#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.perps: Hyperliquid's perpetual markets by 24 h volume (SPEC.md §4.1 /x402/perps, 0.005 USDC;
// MCP perps_markets).
void addPerpsOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
