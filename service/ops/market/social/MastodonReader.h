#pragma once

#include "SocialPost.h"
#include "core/Result.h"

#include <QByteArray>

namespace ades::market {

// Reads a Mastodon hashtag timeline (GET /api/v1/timelines/tag/{tag}: an array of Status entities) into
// posts: content HTML turned into text (HtmlText), the author's acct completed with the instance's host
// when it is local ("coffeewatch" on mastodon.social is coffeewatch@mastodon.social), a reblog read as the
// status it shares. Any other answer becomes ServiceError::sourceUnavailable("mastodon") with the problem
// in words. Pure; no network.
namespace MastodonReader {

// `instanceHost`: the host the timeline was read from ("mastodon.social").
Result<SocialFeed> readTimeline(int httpStatus, const QByteArray &body, const QString &instanceHost);

inline constexpr qsizetype MaxContentChars = 100000;

} // namespace MastodonReader

} // namespace ades::market
