#include "SocialMerge.h"

#include <QHash>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::market {

QList<SourcedPost> SocialMerge::merge(const QList<SocialFeed> &feeds, qsizetype limit)
{
    QList<SourcedPost> posts;
    QHash<QString, qsizetype> seen; // network + id -> index in posts
    for (qsizetype source = 0; source < feeds.size(); ++source) {
        for (const SocialPost &post : feeds.at(source).posts) {
            const QString key = post.network + u'\n' + post.id;
            const auto found = seen.constFind(key);
            if (found == seen.cend()) {
                seen.insert(key, posts.size());
                posts.append({ post, source });
            } else if (post.engagementTotal() > posts.at(*found).post.engagementTotal()) {
                posts[*found] = { post, source };
            }
        }
    }
    const auto newestFirst = [](const SourcedPost &a, const SourcedPost &b) {
        if (a.post.sortAt != b.post.sortAt)
            return a.post.sortAt > b.post.sortAt;
        if (a.post.network != b.post.network)
            return a.post.network < b.post.network;
        return a.post.id < b.post.id;
    };
    const qsizetype kept = qBound<qsizetype>(0, limit, posts.size());
    std::partial_sort(posts.begin(), posts.begin() + kept, posts.end(), newestFirst);
    posts.resize(kept);
    return posts;
}

} // namespace ades::market
