#pragma once

#include "core/Usdc.h"

#include <QString>

namespace ades::market {

class FundingAddress;
struct FundingAsset;

// The keyless way to fund a wallet: an EIP-681 payment request that a wallet app opens as a prefilled
// ERC-20 transfer, `ethereum:<token>@<chain id>/transfer?address=<recipient>&uint256=<amount in the
// token's smallest units>` (../shared/reference/upstreams.md, "Onramp links"). The amount is written as a
// plain integer, the form every EIP-681 reader accepts ("2e7" is allowed by the EIP but not by all).
namespace Eip681Uri {

// `amount` is in USDC's 6-decimal units, which are the asset's own (FundingAsset::decimals is 6).
QString transfer(const FundingAsset &asset, const FundingAddress &recipient, Usdc amount);

} // namespace Eip681Uri

} // namespace ades::market
