#include "SocialMerge.h"

#include <QHash>
#include <algorithm>
#include <vector>

namespace ades::market {

QList<SourcedPost> SocialMerge::merge(const QList<SocialFeed> &feeds, qsizetype limit)
{
    struct Candidate
    {
        qint64 at; // sortAt in ms: compared far more often than read
        SourcedPost sourced;
    };
    std::vector<Candidate> candidates;
    // Ids of one network per table: no key needs building per post.
    QHash<QString, size_t> seenBluesky;
    QHash<QString, size_t> seenOther;
    for (qsizetype source = 0; source < feeds.size(); ++source) {
        const QList<SocialPost> &posts = feeds.at(source).posts;
        for (qsizetype index = 0; index < posts.size(); ++index) {
            const SocialPost &post = posts.at(index);
            QHash<QString, size_t> &seen = post.network == QLatin1String("bluesky") ? seenBluesky : seenOther;
            const Candidate candidate { post.sortAt.toMSecsSinceEpoch(), { &post, source, index } };
            const auto found = seen.constFind(post.id);
            if (found == seen.cend()) {
                seen.insert(post.id, candidates.size());
                candidates.push_back(candidate);
            } else if (post.engagementTotal() > candidates[*found].sourced.post->engagementTotal()) {
                candidates[*found] = candidate;
            }
        }
    }
    const auto newestFirst = [](const Candidate &a, const Candidate &b) {
        if (a.at != b.at)
            return a.at > b.at;
        if (a.sourced.post->network != b.sourced.post->network)
            return a.sourced.post->network < b.sourced.post->network;
        return a.sourced.post->id < b.sourced.post->id;
    };
    const auto kept = size_t(qBound<qsizetype>(0, limit, qsizetype(candidates.size())));
    std::partial_sort(candidates.begin(), candidates.begin() + kept, candidates.end(), newestFirst);
    QList<SourcedPost> merged;
    merged.reserve(qsizetype(kept));
    for (size_t i = 0; i < kept; ++i)
        merged.append(candidates[i].sourced);
    return merged;
}

} // namespace ades::market
