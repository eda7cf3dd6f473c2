#pragma once

#include "core/Result.h"
#include "core/Usdc.h"

#include <QJsonObject>
#include <QStringList>

namespace ades::guard {

// What the agent's principal allows it to spend (docs/purchase-guard.md, "Input"): amounts are USDC decimal
// strings, never floats; networks by CAIP-2 id or name ("base"); assets "USDC" (the official USDC contract
// of the network) or a contract address.
struct SpendingAuthority
{
    Usdc maxPerCall;
    Usdc maxPerDay;
    Usdc spentToday;
    QStringList allowedNetworks; // CAIP-2 ids, lower case
    QStringList allowedAssets; // "usdc" or lower-case addresses

    // From the schema-checked `spending_authority` object; 422 naming the field for an unusable amount or
    // an unknown network name.
    static Result<SpendingAuthority> read(const QJsonObject &object);
    bool allowsNetwork(const QString &caip2) const;
    // `asset` of `caip2` when it is the official USDC: allowed by "USDC" or by its address.
    bool allowsAsset(const QString &asset) const;
};

} // namespace ades::guard
