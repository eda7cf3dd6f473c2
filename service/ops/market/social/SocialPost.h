#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace ades::market {

// One public post as social search delivers it, whichever network it came from. Engagement counts are
// absent (null on the wire) where the network does not send them.
struct SocialPost
{
    QString network; // "bluesky", "mastodon"
    // What makes two copies the same post: the at:// URI on Bluesky, the ActivityPub URI on Mastodon (one
    // status read from two instances has two local ids but one URI).
    QString id;
    QString authorHandle; // "bsky.app", "coffeewatch@mastodon.social"
    QString authorName; // display name; may be empty
    QString authorUrl; // the author's profile page (https) or empty
    QString text; // plain text
    QString language; // BCP 47 tag or empty
    QString contentWarning; // Mastodon spoiler text or empty
    QDateTime createdAt; // as the post claims, UTC
    // What the merge sorts by: createdAt, except that a Bluesky post claiming a time after the AppView
    // indexed it sorts by when it was indexed (the record's createdAt is set by the client).
    QDateTime sortAt;
    std::optional<qint64> replies;
    std::optional<qint64> reposts; // Bluesky reposts, Mastodon reblogs
    std::optional<qint64> likes; // Bluesky likes, Mastodon favourites
    std::optional<qint64> quotes;
    QString link; // https URL of the post's page, or empty

    // The sum of the counts known: which copy of a post seen twice is kept (an instance that is not the
    // author's home undercounts).
    qint64 engagementTotal() const;
    // The post's wire form without its source (the caller adds the fetch's provenance).
    QJsonObject toJson() const;
};

// What one source's answer held: the posts read, and how many entries were left out as unreadable.
struct SocialFeed
{
    QList<SocialPost> posts;
    int skipped = 0;
    // The posts' wire forms (SocialPost::toJson), made once per answer by SocialFeedMemo when it is served
    // to many calls from the cache; empty when not made.
    QList<QJsonObject> wire;
};

} // namespace ades::market
