#pragma once

#include "catalog/Operation.h"

namespace ades::market {

struct FundingLimits;
struct MarketServices;

// The handler of market.funding_qr. With CDP credentials and the end user's IP it asks Coinbase for an
// onramp session token (POST {base}/token, a fresh ES256/EdDSA JWT per call, never cached: the token is
// single use) and answers with the hosted link; without them, or when Coinbase fails (401, 5xx, timeout),
// with the EIP-681 transfer link, naming what failed and why: that link is a complete answer, so the call
// succeeds. The QR code is made here, on the global thread pool (a few hundred microseconds of CPU for a
// link not seen recently, QrImageCache). Completes once, on the calling thread.
Handler makeFundingQrHandler(const MarketServices &services);

// The limits in force (settings), and the operation's check before any payment (FundingRequest::parse).
FundingLimits fundingLimits(const MarketServices &services);
std::optional<ServiceError> checkFundingQr(const MarketServices &services, const QJsonObject &arguments);

} // namespace ades::market
