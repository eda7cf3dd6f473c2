#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.daily: the market decision pack (SPEC.md §2.5, §4.1 /x402/daily, 0.05 USDC; MCP daily_market_pack).
void addDailyOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
