#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.rpc.proxy (POST /x402/rpc): a JSON-RPC request or a batch of at most 20, forwarded
// through the chain's pool (failover, chain id checked) with the client's ids restored. Methods off the
// allow-list are refused before payment (422, uncharged) with the JSON-RPC error a client expects; reverts
// in the answers are decoded beside them.
Handler makeRpcProxyHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkRpcProxy(const QJsonObject &args);

inline constexpr int MaxBatch = 20; // SPEC.md §8

} // namespace ades::chain
