#pragma once

namespace ades {
class Catalog;
}

namespace ades::market {

struct MarketServices;

// market.social: recent public posts from Bluesky and Mastodon (SPEC.md §4.1 /x402/social, docs/mcp.md
// social_search; docs/market-social.md).
void addSocialOperation(Catalog &catalog, const MarketServices &services);

} // namespace ades::market
