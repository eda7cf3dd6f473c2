#include "MastodonReader.h"

#include "HtmlText.h"
#include "SocialJson.h"
#include "UpstreamProblem.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

ServiceError problem(const QString &message)
{
    return ServiceError::sourceUnavailable(QString::fromUtf16(MarketSource::Mastodon), message);
}

// Links must be https pages; anything else (http, javascript:, relative) is not given out as a link.
QString httpsUrl(const QJsonValue &value)
{
    const QUrl url(value.toString(), QUrl::StrictMode);
    if (!url.isValid() || url.scheme() != u"https"_s || url.host().isEmpty() || !url.userInfo().isEmpty())
        return {};
    return url.toString(QUrl::FullyEncoded);
}

std::optional<SocialPost> readStatus(QJsonObject status, const QString &instanceHost)
{
    // A reblog in a timeline stands for the status it shares.
    if (status.value(u"reblog"_s).isObject())
        status = status.value(u"reblog"_s).toObject();
    const QJsonObject account = status.value(u"account"_s).toObject();
    const QString uri = status.value(u"uri"_s).toString();
    QString acct = account.value(u"acct"_s).toString();
    if (uri.isEmpty() || uri.size() > 2048 || acct.isEmpty() || acct.size() > 320
        || !status.value(u"content"_s).isString())
        return std::nullopt;
    if (!acct.contains(u'@'))
        acct += u'@' + instanceHost;
    SocialPost post;
    post.network = u"mastodon"_s;
    post.id = uri;
    post.authorHandle = acct;
    post.authorName = account.value(u"display_name"_s).toString().left(640).trimmed();
    post.authorUrl = httpsUrl(account.value(u"url"_s));
    post.text = HtmlText::toText(status.value(u"content"_s).toString().left(MastodonReader::MaxContentChars));
    post.language = status.value(u"language"_s).toString().left(35);
    post.contentWarning = status.value(u"spoiler_text"_s).toString().left(1000).trimmed();
    post.createdAt = SocialJson::timestamp(status.value(u"created_at"_s));
    if (!post.createdAt.isValid())
        return std::nullopt;
    post.sortAt = post.createdAt;
    post.replies = SocialJson::count(status, u"replies_count"_s);
    post.reposts = SocialJson::count(status, u"reblogs_count"_s);
    post.likes = SocialJson::count(status, u"favourites_count"_s);
    post.quotes = SocialJson::count(status, u"quotes_count"_s); // Mastodon 4.5 and later
    // The status's page ("url", possibly on the author's instance); its ActivityPub id when there is none.
    post.link = httpsUrl(status.value(u"url"_s));
    if (post.link.isEmpty())
        post.link = httpsUrl(status.value(u"uri"_s));
    return post;
}

} // namespace

Result<SocialFeed> MastodonReader::readTimeline(
    int httpStatus, const QByteArray &body, const QString &instanceHost)
{
    if (httpStatus != 200) {
        const QString detail = UpstreamProblem::describe(httpStatus, body);
        if (httpStatus == 401 || httpStatus == 403)
            return problem(u"hashtag timelines need sign-in on this instance (%1)"_s.arg(detail));
        if (httpStatus == 404)
            return problem(u"no hashtag timeline here (%1); is it a Mastodon instance?"_s.arg(detail));
        if (httpStatus == 429)
            return problem(u"rate limited (%1)"_s.arg(detail));
        if (httpStatus >= 500)
            return problem(u"unavailable (%1)"_s.arg(detail));
        return problem(u"request refused (%1)"_s.arg(detail));
    }
    const QJsonDocument json = QJsonDocument::fromJson(body);
    if (!json.isArray())
        return problem(u"malformed answer (not an array of statuses)"_s);
    SocialFeed feed;
    const QJsonArray statuses = json.array();
    for (const QJsonValue &status : statuses) {
        std::optional<SocialPost> post = readStatus(status.toObject(), instanceHost);
        if (post)
            feed.posts.append(std::move(*post));
        else
            ++feed.skipped;
    }
    return feed;
}

} // namespace ades::market
