#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.gas.estimate: the EIP-1559 base fee of the latest block, the node's priority fee
// suggestion and legacy gas price (wei and gwei); with `to`, eth_estimateGas of the call, its gas limit and
// execution fee. On rollups the L1 data fee and any operator fee are not in these numbers and the result
// says so.
Handler makeGasEstimateHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkGasEstimate(const QJsonObject &args);

} // namespace ades::chain
