#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.market: the market brief, stablecoin yields or gas across chains, by `product` (SPEC.md §4.1
// /x402/market, 0.01 USDC; MCP market_data).
void addMarketDataOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
