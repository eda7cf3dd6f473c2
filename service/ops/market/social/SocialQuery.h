#pragma once

#include <QString>
#include <QStringList>

namespace ades::market {

// What one social search asks each network (docs/market-social.md, "How q is used"): Bluesky gets the
// query text itself (its search syntax included); Mastodon can only be read by hashtag, so the hashtags
// come from the query:
// - the query's own hashtags ("#coffee #brazil") when it has any, at most MaxHashtags of them (posts with
//   any of them);
// - otherwise its words joined into one tag ("coffee futures" -> #coffeefutures), as Mastodon users write
//   multi-word tags; words that are search operators ("from:alice", "-spam") are left out.
// Tags keep letters, digits and '_' only, lowercased (Mastodon matches tags case-insensitively); one that
// is all digits or longer than MaxHashtagChars is no tag. No tag: Mastodon is not asked, and the result
// says why.
struct SocialQuery
{
    QString text; // the query, white space collapsed
    QStringList hashtags; // without '#'

    static SocialQuery from(const QString &q);
    // Whether the query has something to search for: a letter or digit.
    static bool isSearchable(const QString &q);

    static constexpr int MaxHashtags = 4;
    static constexpr int MaxHashtagChars = 100;
};

} // namespace ades::market
