#include "SocialOperation.h"

#include "SocialSearch.h"
#include "catalog/Catalog.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

void addSocialOperation(Catalog &catalog, const MarketServices &services)
{
    // SPEC.md §4.1: 0.002 USDC on x402; the MCP tool at the same price; the CLI command is the id.
    const Usdc price = Usdc::atomicUnits(2'000);
    catalog.add({
        .id = u"market.social"_s,
        .title = u"Social search"_s,
        .summary = u"Recent public posts on Bluesky and Mastodon for a query: author, text (HTML stripped), "
                   "time, replies, reposts, likes and quotes, and a link to each post, newest first; every "
                   "source that failed is named with its problem."_s,
        .area = u"market"_s,
        .outputContract = u"market-social/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.social.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.social.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/social"_s, price), Exposure::mcp(u"social_search"_s, price),
            Exposure::cli(u"market.social"_s) },
        .handler = makeSocialSearchHandler(services),
        .check = checkSocialSearch,
        .sources = { QString::fromUtf16(MarketSource::Bluesky), QString::fromUtf16(MarketSource::BlueskyAuth),
            QString::fromUtf16(MarketSource::Mastodon) },
    });
}

} // namespace ades::market
