#include "BlueskyReader.h"

#include "SocialJson.h"
#include "UpstreamProblem.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString sourceOf(BlueskyReader::Access access)
{
    return QString::fromUtf16(
        access == BlueskyReader::Access::SignedIn ? MarketSource::BlueskyAuth : MarketSource::Bluesky);
}

ServiceError problem(BlueskyReader::Access access, const QString &message)
{
    return ServiceError::sourceUnavailable(sourceOf(access), message);
}

// Handles are domain names (atproto handle syntax); DIDs are did:<method>:<id>.
bool isHandle(const QString &handle)
{
    static const QRegularExpression form(QRegularExpression::anchoredPattern(
        u"([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"_s));
    return handle.size() <= 253 && handle != u"handle.invalid"_s && form.match(handle).hasMatch();
}

bool isDid(const QString &did)
{
    static const QRegularExpression form(
        QRegularExpression::anchoredPattern(u"did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]"_s));
    return did.size() <= 2048 && form.match(did).hasMatch();
}

std::optional<SocialPost> readPost(const QJsonObject &view)
{
    const QJsonObject author = view.value(u"author"_s).toObject();
    const QJsonObject record = view.value(u"record"_s).toObject();
    const QString uri = view.value(u"uri"_s).toString();
    const QString did = author.value(u"did"_s).toString();
    const QString handle = author.value(u"handle"_s).toString();
    if (record.value(u"$type"_s).toString() != u"app.bsky.feed.post"_s || !record.value(u"text"_s).isString())
        return std::nullopt;
    const QString link = BlueskyReader::postLink(uri, handle, did);
    if (link.isEmpty())
        return std::nullopt;
    SocialPost post;
    post.network = u"bluesky"_s;
    post.id = uri;
    // The profile the link names: the handle, else a valid DID (never an unchecked string).
    post.authorUrl = link.left(link.lastIndexOf(u"/post/"_s));
    post.authorHandle = post.authorUrl.mid(qsizetype(sizeof("https://bsky.app/profile/")) - 1);
    post.authorName = author.value(u"displayName"_s).toString().left(640).trimmed();
    post.text = record.value(u"text"_s).toString().left(BlueskyReader::MaxTextChars);
    const QJsonArray langs = record.value(u"langs"_s).toArray();
    if (!langs.isEmpty() && langs.at(0).isString())
        post.language = langs.at(0).toString().left(35);
    post.createdAt = SocialJson::timestamp(record.value(u"createdAt"_s));
    const QDateTime indexedAt = SocialJson::timestamp(view.value(u"indexedAt"_s));
    if (!post.createdAt.isValid())
        post.createdAt = indexedAt;
    if (!post.createdAt.isValid())
        return std::nullopt;
    post.sortAt = indexedAt.isValid() && indexedAt < post.createdAt ? indexedAt : post.createdAt;
    post.replies = SocialJson::count(view, u"replyCount"_s);
    post.reposts = SocialJson::count(view, u"repostCount"_s);
    post.likes = SocialJson::count(view, u"likeCount"_s);
    post.quotes = SocialJson::count(view, u"quoteCount"_s);
    post.link = link;
    return post;
}

} // namespace

QString BlueskyReader::postLink(const QString &atUri, const QString &handle, const QString &did)
{
    // at://<did or handle>/app.bsky.feed.post/<rkey>; record keys are 1-512 of [A-Za-z0-9._:~-], not "."
    // or "..".
    static const QRegularExpression form(QRegularExpression::anchoredPattern(
        u"at://([^/]+)/app\\.bsky\\.feed\\.post/([A-Za-z0-9._:~-]{1,512})"_s));
    const QRegularExpressionMatch match = form.match(atUri);
    if (!match.hasMatch())
        return {};
    const QString rkey = match.captured(2);
    if (rkey == u"."_s || rkey == u".."_s)
        return {};
    QString profile;
    if (isHandle(handle))
        profile = handle.toLower();
    else if (isDid(did))
        profile = did;
    else if (isDid(match.captured(1)))
        profile = match.captured(1);
    else
        return {};
    return u"https://bsky.app/profile/"_s + profile + u"/post/"_s + rkey;
}

Result<SocialFeed> BlueskyReader::readSearch(int httpStatus, const QByteArray &body, Access access)
{
    if (httpStatus != 200) {
        const QString detail = UpstreamProblem::describe(httpStatus, body);
        if (access == Access::Anonymous && (httpStatus == 401 || httpStatus == 403))
            return problem(access,
                u"search refused without sign-in (%1); configure market/social/bluesky_handle and "
                "market/social/bluesky_app_password"_s.arg(detail));
        if (httpStatus == 401 || httpStatus == 403)
            return problem(access, u"signed-in search refused (%1)"_s.arg(detail));
        if (httpStatus == 429)
            return problem(access, u"rate limited (%1)"_s.arg(detail));
        if (httpStatus >= 500)
            return problem(access, u"unavailable (%1)"_s.arg(detail));
        return problem(access, u"request refused (%1)"_s.arg(detail));
    }
    const QJsonDocument json = QJsonDocument::fromJson(body);
    const QJsonValue posts = json.object().value(u"posts"_s);
    if (!posts.isArray())
        return problem(access, u"malformed answer (no posts array)"_s);
    SocialFeed feed;
    const QJsonArray views = posts.toArray();
    for (const QJsonValue &view : views) {
        std::optional<SocialPost> post = readPost(view.toObject());
        if (post)
            feed.posts.append(std::move(*post));
        else
            ++feed.skipped;
    }
    return feed;
}

Result<BlueskyReader::Session> BlueskyReader::readSession(int httpStatus, const QByteArray &body)
{
    if (httpStatus != 200)
        return problem(
            Access::SignedIn, u"sign-in refused (%1)"_s.arg(UpstreamProblem::describe(httpStatus, body)));
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    Session session;
    session.accessJwt = object.value(u"accessJwt"_s).toString();
    session.refreshJwt = object.value(u"refreshJwt"_s).toString();
    // Tokens go into an Authorization header: printable ASCII only (anchored: '$' would let a final line
    // break through), and a sane size.
    static const QRegularExpression token(QRegularExpression::anchoredPattern(u"[\\x21-\\x7e]{1,8192}"_s));
    if (!token.match(session.accessJwt).hasMatch())
        return problem(Access::SignedIn, u"malformed sign-in answer (no access token)"_s);
    if (!token.match(session.refreshJwt).hasMatch())
        session.refreshJwt.clear();
    session.accessExpiresAt = jwtExpiry(session.accessJwt);
    return session;
}

QDateTime BlueskyReader::jwtExpiry(const QString &jwt)
{
    const QStringList parts = jwt.split(u'.');
    if (parts.size() != 3)
        return {};
    const auto payload = QByteArray::fromBase64Encoding(
        parts[1].toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!payload)
        return {};
    const QJsonValue exp = QJsonDocument::fromJson(*payload).object().value(u"exp"_s);
    if (!exp.isDouble() || exp.toDouble() <= 0 || exp.toDouble() > 32503680000.0) // year 3000
        return {};
    return QDateTime::fromSecsSinceEpoch(qint64(exp.toDouble()), Qt::UTC);
}

} // namespace ades::market
