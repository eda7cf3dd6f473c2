#pragma once

#include "catalog/Operation.h"

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

} // namespace ades::chain
