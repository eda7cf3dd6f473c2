#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.wallet.balance: exact wei, the decimal native amount (ETH or POL), the pending and
// latest nonce, all from one batch at one observed block.
Handler makeWalletBalanceHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkWalletBalance(const QJsonObject &args);

} // namespace ades::chain
