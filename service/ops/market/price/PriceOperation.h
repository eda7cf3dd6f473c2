#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.price: the median of three exchange tickers (SPEC.md §4.1 /x402/price, 0.001 USDC; MCP
// crypto_price).
void addPriceOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
