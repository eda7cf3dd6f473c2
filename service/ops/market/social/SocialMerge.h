#pragma once

#include "SocialPost.h"

namespace ades::market {

// A post with the index of the source (feed) it came from, for its provenance.
struct SourcedPost
{
    SocialPost post;
    qsizetype source = 0;
};

// Merges the feeds of several sources into one answer: one copy per post (same network and id; of two
// copies the one with more engagement, as the author's home instance counts best, and on a tie the
// earlier source), newest first by SocialPost::sortAt (ties by network and id, so the order never depends
// on which source answered first), cut to `limit`. Pure.
namespace SocialMerge {
QList<SourcedPost> merge(const QList<SocialFeed> &feeds, qsizetype limit);
}

} // namespace ades::market
