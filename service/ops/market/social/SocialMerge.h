#pragma once

#include "SocialPost.h"

namespace ades::market {

// A post of one of the merged feeds: where it is (feed and index, for its provenance and its wire form).
struct SourcedPost
{
    const SocialPost *post = nullptr;
    qsizetype source = 0;
    qsizetype index = 0;
};

// Merges the feeds of several sources into one answer: one copy per post (same network and id; of two
// copies the one with more engagement, as the author's home instance counts best, and on a tie the
// earlier source), newest first by SocialPost::sortAt (ties by network and id, so the order never depends
// on which source answered first), cut to `limit`. Pure; the result points into `feeds`, which must
// outlive it.
namespace SocialMerge {
QList<SourcedPost> merge(const QList<SocialFeed> &feeds, qsizetype limit);
}

} // namespace ades::market
