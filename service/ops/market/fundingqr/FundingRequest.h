#pragma once

#include "FundingAddress.h"
#include "core/Result.h"
#include "core/Usdc.h"

#include <QJsonObject>
#include <QString>

namespace ades::market {

struct FundingAsset;

// The onramp's limits in force for a call (FundingQrSettings::MinimumUsd, MaximumUsd).
struct FundingLimits
{
    Usdc minimum;
    Usdc maximum;
};

// The arguments of market.funding_qr checked beyond the schema, before any payment: `asset` one of
// FundingAsset::accepted(), `address` a usable address on its chain, `amount` an exact decimal within
// the limits, `client_ip` (optional) a public IP address. Every refusal is an uncharged 422 naming the
// argument; the asset's refusal lists what is accepted.
struct FundingRequest
{
    const FundingAsset *asset = nullptr;
    FundingAddress address;
    Usdc amount;
    QString clientIp; // empty when not given

    static Result<FundingRequest> parse(const QJsonObject &arguments, const FundingLimits &limits);
};

} // namespace ades::market
