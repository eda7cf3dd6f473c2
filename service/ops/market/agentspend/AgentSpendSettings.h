#pragma once

#include "core/SettingSpec.h"

namespace ades::market {

// Settings of market.agent_spend (docs/market-agentspend.md, "Settings").
namespace AgentSpendSettings {
// The USDC contract whose Transfer logs are read: Base USDC by default; a test chain's token otherwise.
extern const TextSetting UsdcContract;
// Blocks per eth_getLogs window before any provider refused one (it shrinks on refusal).
extern const IntSetting WindowBlocks;
// JSON-RPC batches one statement may send through chain.rpc.proxy (search, logs, block times).
extern const IntSetting MaxRpcBatches;
// Transfers one statement may hold; more is a 422 asking for fewer days.
extern const IntSetting MaxTransfers;

SettingSpecs all();
} // namespace AgentSpendSettings

} // namespace ades::market
