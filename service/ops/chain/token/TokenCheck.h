#pragma once

#include "catalog/Operation.h"
#include "ops/chain/abi/EvmAddress.h"
#include "ops/chain/rpc/RpcPool.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.token.check: an owner's ERC-20 balance, decimals, symbol and (with `spender`) the
// allowance, read at one block; with `amount` the would_succeed verdict of a transfer of it by the owner
// (or of transferFrom by the spender) and what blocks it. A read the token does not answer is null and
// named, never zero: a token without decimals() gets no verdict for an amount in token units.
Handler makeTokenCheckHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkTokenCheck(const QJsonObject &args);

struct TokenQuery
{
    EvmAddress token;
    EvmAddress owner;
    std::optional<EvmAddress> spender;
    QString amountText; // token units, empty when not asked
};
// The result from the node's answers to the handler's batch (code, balanceOf, decimals, symbol[,
// allowance]); no network.
Result<QJsonObject> tokenCheckResult(
    const ChainInfo &chain, const RpcPool::Reply &reply, const TokenQuery &query, const QDateTime &checkedAt);

} // namespace ades::chain
