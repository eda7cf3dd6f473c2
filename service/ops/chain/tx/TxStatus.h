#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.tx.status: pending, success, reverted or not found; block, confirmations, gas used and
// fee paid from the receipt; for a reverted transaction the reason, decoded from the revert data of the
// same call replayed (eth_call) on the state before its block.
Handler makeTxStatusHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkTxStatus(const QJsonObject &args);

} // namespace ades::chain
