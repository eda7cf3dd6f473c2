#pragma once

#include "catalog/Operation.h"

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.agent_spend (GET /x402/agent-spend, MCP agent_spend_report, 0.10 USDC; SPEC.md §4.1): the
// bookkeeping statement of a wallet's USDC payments on Base in euro (docs/market-agentspend.md).
void addAgentSpendOperation(Catalog &catalog, const MarketServices &services);

// The wallet's EIP-55 checksum when written in mixed case (the schema checks the shape): a 422 naming it.
std::optional<ServiceError> checkAgentSpend(const QJsonObject &args);

} // namespace ades::market
