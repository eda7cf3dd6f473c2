#pragma once

#include "core/SettingSpec.h"

namespace ades::market {

// The settings of market.funding_qr (docs/market-fundingqr.md, "Settings").
namespace FundingQrSettings {

// The onramp's guest-checkout limits (../shared/reference/upstreams.md, "Onramp links": about USD 5 at
// least, about USD 500 a week), applied to every answer so that the same input is accepted or refused
// whether or not CDP credentials are configured. Decimal USD text, at most 6 decimals.
extern const TextSetting MinimumUsd;
extern const TextSetting MaximumUsd;
// The CDP Secret API key: its id (UUID or organizations/.../apiKeys/...) and its secret (an EC P-256 PEM
// or the base64 Ed25519 key CDP hands out). Both set: onramp session links; otherwise the EIP-681 link.
extern const TextSetting CdpKeyId;
extern const TextSetting CdpKeySecret;
// Where the hosted onramp lives; the session token and presets are appended as query parameters.
extern const TextSetting OnrampLinkBase;

SettingSpecs all();

} // namespace FundingQrSettings

} // namespace ades::market
