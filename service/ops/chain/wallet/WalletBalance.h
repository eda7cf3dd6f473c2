#pragma once

#include "catalog/Operation.h"
#include "ops/chain/abi/EvmAddress.h"
#include "ops/chain/rpc/RpcPool.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.wallet.balance: exact wei, the decimal native amount (ETH or POL), the pending and
// latest nonce, all from one batch at one observed block.
Handler makeWalletBalanceHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkWalletBalance(const QJsonObject &args);
// The result from the node's answers to the handler's batch (balance, pending and latest nonce); no network.
Result<QJsonObject> walletBalanceResult(const ChainInfo &chain, const RpcPool::Reply &reply,
    const EvmAddress &address, const QDateTime &checkedAt);

} // namespace ades::chain
