#include "SocialSources.h"

#include "BlueskyReader.h"
#include "BlueskySession.h"
#include "MastodonInstance.h"
#include "MastodonReader.h"
#include "SocialQuery.h"
#include "UpstreamProblem.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// Answers are a page of posts: a few hundred KB at most; beyond this one is refused as oversized.
constexpr qint64 MaxAnswerBytes = 4 * 1024 * 1024;

UpstreamRequest searchRequest(const QString &source, const SocialQuery &query)
{
    UpstreamRequest request;
    request.source = source;
    request.path = u"/app.bsky.feed.searchPosts?q=%1&limit=%2&sort=latest"_s.arg(
        QString::fromLatin1(QUrl::toPercentEncoding(query.text)),
        QString::number(SocialSources::BlueskyPageSize));
    request.headers.append({ QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") });
    request.maxResponseBytes = MaxAnswerBytes;
    return request;
}

// The PDS refused the token itself (expired, revoked), not the search: renew it and search once more.
bool tokenRefused(const FetchedBody &answer)
{
    if (answer.httpStatus == 401)
        return true;
    const QString name = UpstreamProblem::errorName(answer.body);
    return answer.httpStatus == 400 && (name == u"ExpiredToken"_s || name == u"InvalidToken"_s);
}

// The signed-in search: a token, the search, and when the token itself is refused one renewal and one
// more search.
void searchSignedIn(const UpstreamClient &upstream, const Clock &clock,
    const std::shared_ptr<BlueskySession> &session, const UpstreamRequest &request,
    const SourceCache::Done &done, bool renewed)
{
    session->accessToken([&upstream, &clock, session, request, done, renewed](Result<QString> token) {
        if (!token.ok())
            return done(token.error());
        UpstreamRequest signedIn = request;
        signedIn.headers.append(
            { QByteArrayLiteral("Authorization"), QByteArray("Bearer " + token.value().toLatin1()) });
        SourceCache::upstreamFetch(upstream, signedIn, clock)(
            [&upstream, &clock, session, request, done, renewed, used = token.value()](
                SourceCache::Fetched answer) {
                if (answer.ok() && !renewed && tokenRefused(answer.value())) {
                    session->refused(used);
                    return searchSignedIn(upstream, clock, session, request, done, true);
                }
                done(std::move(answer));
            });
    });
}

} // namespace

SocialSource SocialSources::bluesky(
    const MarketServices &services, const std::shared_ptr<BlueskySession> &session, const SocialQuery &query)
{
    SocialSource source;
    source.network = u"bluesky"_s;
    if (session) {
        source.label = QString::fromUtf16(MarketSource::BlueskyAuth);
        const UpstreamRequest request = searchRequest(source.label, query);
        source.fetch = [&services, session, request](const SourceCache::Done &done) {
            searchSignedIn(services.upstream, services.clock, session, request, done, false);
        };
        source.read = [](const FetchedBody &answer) {
            return BlueskyReader::readSearch(answer.httpStatus, answer.body, BlueskyReader::Access::SignedIn);
        };
    } else {
        source.label = QString::fromUtf16(MarketSource::Bluesky);
        source.fetch = SourceCache::upstreamFetch(
            services.upstream, searchRequest(source.label, query), services.clock);
        source.read = [](const FetchedBody &answer) {
            return BlueskyReader::readSearch(
                answer.httpStatus, answer.body, BlueskyReader::Access::Anonymous);
        };
    }
    source.cacheKey = source.label + u':' + query.text;
    return source;
}

SocialSource SocialSources::mastodon(
    const MarketServices &services, const MastodonInstance &instance, const SocialQuery &query)
{
    SocialSource source;
    source.network = u"mastodon"_s;
    source.instance = instance.label;
    source.label = QString::fromUtf16(MarketSource::Mastodon) + u':' + instance.label;
    source.cacheKey = source.label + u'/' + query.hashtags.join(u',');
    QUrl url = instance.origin;
    url.setPath(u"/api/v1/timelines/tag/"_s + query.hashtags.value(0));
    QUrlQuery parameters;
    parameters.addQueryItem(u"limit"_s, QString::number(MastodonPageSize));
    for (qsizetype i = 1; i < query.hashtags.size(); ++i)
        parameters.addQueryItem(u"any[]"_s, query.hashtags.at(i));
    url.setQuery(parameters);
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::Mastodon);
    request.url = url;
    request.headers.append({ QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") });
    request.maxResponseBytes = MaxAnswerBytes;
    source.fetch = SourceCache::upstreamFetch(services.upstream, request, services.clock);
    const QString host = instance.origin.host();
    source.read = [host](const FetchedBody &answer) {
        return MastodonReader::readTimeline(answer.httpStatus, answer.body, host);
    };
    return source;
}

} // namespace ades::market
