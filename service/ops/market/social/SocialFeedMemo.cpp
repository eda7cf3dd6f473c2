#include "SocialFeedMemo.h"

#include "ops/market/fetch/SourceCache.h"

#include <QMutexLocker>

using namespace Qt::StringLiterals;

namespace ades::market {

Result<SocialFeed> SocialFeedMemo::read(
    const QString &source, const FetchedBody &answer, const Reader &reader)
{
    const QString sha256 = answer.snapshot.value(u"sha256"_s).toString();
    if (sha256.isEmpty())
        return reader(answer);
    const QString key = source + u'\n' + QString::number(answer.httpStatus) + u'\n' + sha256;
    {
        QMutexLocker locker(&m_mutex);
        const auto found = m_feeds.constFind(key);
        if (found != m_feeds.cend())
            return *found;
    }
    Result<SocialFeed> feed = reader(answer);
    if (!feed.ok())
        return feed;
    SocialFeed &read = feed.value();
    read.wire.reserve(read.posts.size());
    for (const SocialPost &post : std::as_const(read.posts))
        read.wire.append(post.toJson());
    QMutexLocker locker(&m_mutex);
    if (m_feeds.size() >= MaxEntries)
        m_feeds.clear();
    m_feeds.insert(key, read);
    return feed;
}

} // namespace ades::market
