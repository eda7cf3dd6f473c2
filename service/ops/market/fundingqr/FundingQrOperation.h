#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.funding_qr: x402 GET /x402/funding-qr and MCP funding_qr at 0.005 USDC (SPEC.md §4.1,
// docs/mcp.md), and `ades call market.funding_qr`.
void addFundingQrOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
