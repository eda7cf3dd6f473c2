#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.commodities: x402 GET /x402/commodities and MCP commodities_stress at 0.04 USDC (SPEC.md §4.1,
// docs/mcp.md), and the CLI; no arguments.
void addCommoditiesOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
