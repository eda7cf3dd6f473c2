#pragma once

#include "CdpCredentials.h"
#include "FundingResult.h"

#include <functional>

namespace ades::market {

struct FundingRequest;
struct MarketServices;

// One session-token request to Coinbase Onramp (source `coinbase-onramp`, POST {base}/token) for `request`,
// signed with a fresh JWT, and what became of it: Issued with the hosted link and the request's evidence, or
// Failed naming the status and Coinbase's message, or the transport failure (timeout, refused, oversized).
// Never cached and not retried: a token is single use, and the caller already has a complete answer to fall
// back on, so a second wait would only delay it. `done` runs once, on the calling thread.
void requestOnrampSession(const MarketServices &services, const CdpCredentials::Key &credentials,
    const FundingRequest &request, std::function<void(OnrampOutcome)> done);

} // namespace ades::market
