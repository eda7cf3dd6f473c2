#pragma once

#include "SocialSources.h"
#include "catalog/Operation.h"

#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace ades::market {

struct MarketServices;
struct SocialQuery;

// Handler of market.social: asks Bluesky and each configured Mastodon instance in parallel (through the
// per-source cache), merges their posts and names every source that failed with its problem; when none
// answered, an uncharged 503 naming them all. Settings are read once, when the handler is made; the
// Bluesky session lives as long as the handler.
Handler makeSocialSearchHandler(const MarketServices &services);
std::optional<ServiceError> checkSocialSearch(const QJsonObject &args);

// What one source gave: its answer (any HTTP status) or the transport's failure. No answer at all: the
// source was not asked (Mastodon without a hashtag), `skipped` says why.
struct SocialAnswer
{
    std::optional<SourceCache::Fetched> fetched;
    QString skipped;
};

// The result from the sources' answers, in the order of `sources`; no network. The 503 when no source gave
// a usable answer.
Result<QJsonObject> socialResult(const SocialQuery &query, qsizetype limit,
    const QList<SocialSource> &sources, const QList<SocialAnswer> &answers, const QDateTime &now,
    qint64 freshnessSeconds);

inline constexpr qsizetype SocialMaxLimit = 50;

} // namespace ades::market
