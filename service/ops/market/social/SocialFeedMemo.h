#pragma once

#include "SocialPost.h"
#include "core/Result.h"

#include <QHash>
#include <QMutex>
#include <functional>

namespace ades::market {

struct FetchedBody;

// Reads each distinct answer of a source once: the cache serves one answer to every call within its
// freshness, and reading it (JSON, Mastodon's HTML) costs far more than merging, so the feed read, with its
// posts' wire forms, is kept by source and body hash and shared by those calls. Failures are not kept
// (reading an error body is cheap). Bounded: past MaxEntries the memo starts over.
//
// Thread-safe; a feed is read outside the lock (two threads may read the same answer once each).
class SocialFeedMemo
{
public:
    using Reader = std::function<Result<SocialFeed>(const FetchedBody &)>;

    Result<SocialFeed> read(const QString &source, const FetchedBody &answer, const Reader &reader);

    static constexpr qsizetype MaxEntries = 256;

private:
    QMutex m_mutex;
    QHash<QString, SocialFeed> m_feeds;
};

} // namespace ades::market
