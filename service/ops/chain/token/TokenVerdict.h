#pragma once

#include "ops/chain/abi/Uint256.h"

#include <QJsonObject>
#include <optional>

namespace ades::chain {

// Whether moving `amount` would pass the token's own checks: the owner's balance, and the spender's
// allowance when a spender moves it. Missing facts give no verdict (null), never a yes.
struct TokenVerdict
{
    std::optional<bool> wouldSucceed;
    QString blockingReason; // "balance", "allowance", "unknown", or empty when it would succeed

    static TokenVerdict decide(const Uint256 &amount, const std::optional<Uint256> &balance, bool withSpender,
        const std::optional<Uint256> &allowance);
    void writeTo(QJsonObject &result) const;
};

} // namespace ades::chain
