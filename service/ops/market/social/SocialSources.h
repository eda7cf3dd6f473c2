#pragma once

#include "SocialPost.h"
#include "core/Result.h"
#include "ops/market/fetch/SourceCache.h"

#include <QString>
#include <functional>
#include <memory>

namespace ades::market {

class BlueskySession;
struct MarketServices;
struct MastodonInstance;
struct SocialQuery;

// One source a social search asks: how the result names it, its cache key (source and query, so that
// repeated queries within the freshness share one upstream request), the fetch and the reader of its
// answer.
struct SocialSource
{
    QString label; // "bluesky", "bluesky-pds", "mastodon:mastodon.social"
    QString network; // "bluesky", "mastodon"
    QString instance; // Mastodon only
    QString cacheKey;
    SourceCache::Fetch fetch;
    std::function<Result<SocialFeed>(const FetchedBody &)> read;
    QString skipped; // why the source is not asked (then no fetch)
};

namespace SocialSources {

// Every source asks for as many posts as the largest limit, so that one cached answer serves every limit.
inline constexpr int BlueskyPageSize = 50; // searchPosts allows 1-100
inline constexpr int MastodonPageSize = 40; // the tag timeline's maximum

// Bluesky's search: signed in through `session` when there is one, else anonymous on the public AppView.
SocialSource bluesky(
    const MarketServices &services, const std::shared_ptr<BlueskySession> &session, const SocialQuery &query);
// One instance's timeline of the query's hashtags (the first in the path, the others as any[]).
SocialSource mastodon(
    const MarketServices &services, const MastodonInstance &instance, const SocialQuery &query);

} // namespace SocialSources

} // namespace ades::market
