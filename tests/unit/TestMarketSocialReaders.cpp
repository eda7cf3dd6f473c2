// The engines of market.social without network: the HTML-to-text of Mastodon statuses, the readers of
// Bluesky's and Mastodon's answers over the recorded bodies of ../shared/data/upstreams/bluesky/ and
// mastodon/ and each error form, the hashtags taken from a query, the instance and app-password settings,
// and the merge (dedupe, newest first, limit).

#include "TestData.h"
#include "ops/market/fetch/SourceCache.h"
#include "ops/market/social/BlueskyReader.h"
#include "ops/market/social/HtmlText.h"
#include "ops/market/social/MastodonInstance.h"
#include "ops/market/social/MastodonReader.h"
#include "ops/market/social/SocialFeedMemo.h"
#include "ops/market/social/SocialMerge.h"
#include "ops/market/social/SocialQuery.h"
#include "ops/market/social/SocialSettings.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

namespace {

QByteArray recorded(const QString &relative)
{
    QFile file(test::sharedDataDir() + u"/upstreams/"_s + relative);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString jwtWithExpiry(qint64 exp)
{
    const QByteArray header = QByteArrayLiteral(R"({"alg":"ES256K","typ":"at+jwt"})");
    const QByteArray payload
        = R"({"scope":"com.atproto.access","sub":"did:plc:x","exp":)" + QByteArray::number(exp) + "}";
    const auto encode = [](const QByteArray &part) {
        return part.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    };
    return QString::fromLatin1(encode(header) + '.' + encode(payload) + ".c2lnbmF0dXJl");
}

SocialPost post(const QString &network, const QString &id, const QString &at, qint64 likes = 0)
{
    SocialPost p;
    p.network = network;
    p.id = id;
    p.createdAt = QDateTime::fromString(at, Qt::ISODate);
    p.sortAt = p.createdAt;
    p.likes = likes;
    return p;
}

} // namespace

class TestMarketSocialReaders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void htmlToText_data();
    void htmlToText();
    void htmlDeepNestingIsWalkedWithoutRecursion();
    void blueskyRecordedSearch();
    void blueskyErrorForms_data();
    void blueskyErrorForms();
    void blueskySkipsUnreadablePosts();
    void blueskyPostLink_data();
    void blueskyPostLink();
    void blueskySession();
    void mastodonRecordedTimeline();
    void mastodonErrorForms_data();
    void mastodonErrorForms();
    void mastodonReblogAndRemoteAuthor();
    void hashtags_data();
    void hashtags();
    void instances_data();
    void instances();
    void appPassword_data();
    void appPassword();
    void mergeDedupesSortsAndCuts();
    void memoReadsEachAnswerOnce();
};

void TestMarketSocialReaders::htmlToText_data()
{
    QTest::addColumn<QString>("html");
    QTest::addColumn<QString>("text");
    QTest::newRow("paragraph-and-hashtag-link")
        << u"<p>Rain finally back. <a href=\"https://mastodon.social/tags/coffee\" class=\"mention hashtag\" "
           "rel=\"tag\">#<span>coffee</span></a></p>"_s
        << u"Rain finally back. #coffee"_s;
    QTest::newRow("paragraphs-are-separated-by-an-empty-line")
        << u"<p>one</p><p>two</p>"_s << u"one\n\ntwo"_s;
    QTest::newRow("br-is-a-line-break") << u"<p>one<br>two<br/>three</p>"_s << u"one\ntwo\nthree"_s;
    QTest::newRow("two-br-leave-an-empty-line") << u"<p>one<br><br>two</p>"_s << u"one\n\ntwo"_s;
    QTest::newRow("entities-decoded")
        << u"<p>AT&amp;T &lt;3 caf&eacute; &#x1F600; &quot;q&quot; &nbsp;x</p>"_s
        << u"AT&T <3 café 😀 \"q\" \u00a0x"_s;
    QTest::newRow("mastodon-shortened-link-keeps-the-whole-url")
        << u"<p><a href=\"https://example.com/a/long/path\" rel=\"nofollow noopener\"><span "
           "class=\"invisible\">https://</span><span class=\"ellipsis\">example.com/a/lo</span><span "
           "class=\"invisible\">ng/path</span></a></p>"_s
        << u"https://example.com/a/long/path"_s;
    QTest::newRow("mention")
        << u"<p><span class=\"h-card\"><a href=\"https://x.y/@a\">@<span>a</span></a></span> hi</p>"_s
        << u"@a hi"_s;
    QTest::newRow("white-space-collapsed") << u"<p>  a \n\t b  </p>"_s << u"a b"_s;
    QTest::newRow("pre-keeps-white-space") << u"<p>x</p><pre>a  b\nc</pre>"_s << u"x\n\na  b\nc"_s;
    QTest::newRow("list-items-on-lines") << u"<p>top</p><ul><li>a</li><li>b</li></ul>"_s << u"top\n\na\nb"_s;
    QTest::newRow("script-and-style-dropped")
        << u"<p>a<script>alert(1)</script><style>p{}</style>b</p>"_s << u"ab"_s;
    QTest::newRow("comments-dropped") << u"a<!-- hidden -->b"_s << u"ab"_s;
    QTest::newRow("control-characters-removed") << u"a\u0007b\u007fc\u0085d\u0000e"_s << u"abcde"_s;
    QTest::newRow("unclosed-tags") << u"<p>a <b>bold <i>both"_s << u"a bold both"_s;
    QTest::newRow("plain-text") << u"just text"_s << u"just text"_s;
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("tags-only") << u"<p></p><br><p> </p>"_s << QString();
}

void TestMarketSocialReaders::htmlToText()
{
    QFETCH(QString, html);
    QFETCH(QString, text);
    QCOMPARE(HtmlText::toText(html), text);
}

void TestMarketSocialReaders::htmlDeepNestingIsWalkedWithoutRecursion()
{
    QString html;
    for (int i = 0; i < 20000; ++i)
        html += u"<span>"_s;
    html += u"deep"_s;
    QCOMPARE(HtmlText::toText(html), u"deep"_s);
    // Input beyond the bound is cut before parsing, not parsed whole.
    const QString big = QString(int(HtmlText::MaxInputBytes) + 10, u'x');
    QCOMPARE(HtmlText::toText(big).size(), HtmlText::MaxInputBytes);
}

void TestMarketSocialReaders::blueskyRecordedSearch()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto feed = BlueskyReader::readSearch(
        200, recorded(u"bluesky/searchPosts.constructed.json"_s), BlueskyReader::Access::Anonymous);
    QVERIFY(feed.ok());
    QCOMPARE(feed.value().posts.size(), 1);
    QCOMPARE(feed.value().skipped, 0);
    const SocialPost &p = feed.value().posts.at(0);
    QCOMPARE(p.network, u"bluesky"_s);
    QCOMPARE(p.id, u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lmq2xv7w4c2k"_s);
    QCOMPARE(p.authorHandle, u"bsky.app"_s);
    QCOMPARE(p.authorName, u"Bluesky"_s);
    QCOMPARE(p.authorUrl, u"https://bsky.app/profile/bsky.app"_s);
    QCOMPARE(p.text, u"Coffee futures jumped after another dry week in Minas Gerais #coffee"_s);
    QCOMPARE(p.language, u"en"_s);
    QCOMPARE(p.createdAt, QDateTime(QDate(2026, 10, 5), QTime(9, 12, 44, 512), Qt::UTC));
    QCOMPARE(p.sortAt, p.createdAt); // indexed after it was made
    QCOMPARE(p.replies, 2);
    QCOMPARE(p.reposts, 5);
    QCOMPARE(p.likes, 31);
    QCOMPARE(p.quotes, 1);
    QCOMPARE(p.link, u"https://bsky.app/profile/bsky.app/post/3lmq2xv7w4c2k"_s);
}

void TestMarketSocialReaders::blueskyErrorForms_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("signedIn");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("problem");
    QTest::newRow("403-plain-text-anonymous")
        << 403 << u"bluesky/error-403-forbidden.constructed.txt"_s << false << u"bluesky"_s
        << u"search refused without sign-in (HTTP 403: Forbidden); configure market/social/bluesky_handle "
           u"and "
           "market/social/bluesky_app_password"_s;
    QTest::newRow("401-anonymous")
        << 401 << u"bluesky/error-401-auth-required.constructed.json"_s << false << u"bluesky"_s
        << u"search refused without sign-in (HTTP 401: AuthMissing: Authentication "
           "Required); configure market/social/bluesky_handle and "
           "market/social/bluesky_app_password"_s;
    QTest::newRow("401-signed-in")
        << 401 << u"bluesky/error-401-auth-required.constructed.json"_s << true << u"bluesky-pds"_s
        << u"signed-in search refused (HTTP 401: AuthMissing: Authentication Required)"_s;
    QTest::newRow("400")
        << 400 << u"bluesky/error-400-invalid-request.constructed.json"_s << false << u"bluesky"_s
        << u"request refused (HTTP 400: InvalidRequest: Error: Params must have the property "
           "\"q\")"_s;
    QTest::newRow("429") << 429 << QString() << false << u"bluesky"_s << u"rate limited (HTTP 429)"_s;
    QTest::newRow("502-html") << 502 << QString() << false << u"bluesky"_s << u"unavailable (HTTP 502)"_s;
    QTest::newRow("200-not-json") << 200 << u"bluesky/error-403-forbidden.constructed.txt"_s << false
                                  << u"bluesky"_s << u"malformed answer (no posts array)"_s;
    QTest::newRow("200-session-body") << 200 << u"bluesky/createSession-response.constructed.json"_s << true
                                      << u"bluesky-pds"_s << u"malformed answer (no posts array)"_s;
}

void TestMarketSocialReaders::blueskyErrorForms()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(int, status);
    QFETCH(QString, file);
    QFETCH(bool, signedIn);
    QFETCH(QString, source);
    QFETCH(QString, problem);
    const QByteArray body
        = file.isEmpty() ? QByteArrayLiteral("<html><body>Bad gateway</body></html>") : recorded(file);
    const auto feed = BlueskyReader::readSearch(
        status, body, signedIn ? BlueskyReader::Access::SignedIn : BlueskyReader::Access::Anonymous);
    QVERIFY(!feed.ok());
    QCOMPARE(feed.error().httpStatus(), 503);
    QCOMPARE(feed.error().missing(), QStringList { source });
    QCOMPARE(feed.error().message(), problem);
}

void TestMarketSocialReaders::blueskySkipsUnreadablePosts()
{
    ADES_REQUIRE_SHARED_DATA();
    QJsonObject answer
        = QJsonDocument::fromJson(recorded(u"bluesky/searchPosts.constructed.json"_s)).object();
    const QJsonObject good = answer[u"posts"_s].toArray().at(0).toObject();
    QJsonObject noUri = good;
    noUri.remove(u"uri"_s);
    QJsonObject otherCollection = good;
    otherCollection[u"uri"_s] = u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.like/3lmq"_s;
    QJsonObject invalidHandle = good;
    QJsonObject author = invalidHandle[u"author"_s].toObject();
    author[u"handle"_s] = u"handle.invalid"_s;
    invalidHandle[u"author"_s] = author;
    invalidHandle[u"uri"_s] = u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3other"_s;
    QJsonObject future = good; // claims a time after it was indexed
    QJsonObject record = future[u"record"_s].toObject();
    record[u"createdAt"_s] = u"2030-01-01T00:00:00Z"_s;
    future[u"record"_s] = record;
    future[u"uri"_s] = u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3future"_s;
    QJsonObject stringCounts = good;
    stringCounts[u"likeCount"_s] = u"31"_s;
    stringCounts[u"replyCount"_s] = -1;
    stringCounts[u"uri"_s] = u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3counts"_s;
    QJsonObject badDid
        = invalidHandle; // neither handle nor author DID usable: the URI's DID names the author
    author[u"did"_s] = u"not a did"_s;
    badDid[u"author"_s] = author;
    badDid[u"uri"_s] = u"at://did:plc:fromuri/app.bsky.feed.post/3baddid"_s;
    answer[u"posts"_s]
        = QJsonArray { noUri, otherCollection, 7, invalidHandle, future, stringCounts, badDid };
    const auto feed
        = BlueskyReader::readSearch(200, QJsonDocument(answer).toJson(), BlueskyReader::Access::Anonymous);
    QVERIFY(feed.ok());
    QCOMPARE(feed.value().skipped, 3);
    QCOMPARE(feed.value().posts.size(), 4);
    QCOMPARE(feed.value().posts.at(3).authorHandle, u"did:plc:fromuri"_s);
    QCOMPARE(feed.value().posts.at(3).authorUrl, u"https://bsky.app/profile/did:plc:fromuri"_s);
    QCOMPARE(feed.value().posts.at(0).authorHandle, u"did:plc:z72i7hdynmk6r22z27h6tvur"_s);
    QCOMPARE(
        feed.value().posts.at(0).authorUrl, u"https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur"_s);
    QCOMPARE(feed.value().posts.at(0).link,
        u"https://bsky.app/profile/did:plc:z72i7hdynmk6r22z27h6tvur/post/3other"_s);
    QCOMPARE(feed.value().posts.at(1).createdAt, QDateTime(QDate(2030, 1, 1), QTime(0, 0), Qt::UTC));
    QCOMPARE(feed.value().posts.at(1).sortAt, QDateTime(QDate(2026, 10, 5), QTime(9, 12, 45, 101), Qt::UTC));
    QVERIFY(!feed.value().posts.at(2).likes.has_value());
    QVERIFY(!feed.value().posts.at(2).replies.has_value());
    QCOMPARE(feed.value().posts.at(2).reposts, 5);
}

void TestMarketSocialReaders::blueskyPostLink_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("handle");
    QTest::addColumn<QString>("link");
    const QString did = u"did:plc:abc"_s;
    QTest::newRow("handle") << u"at://did:plc:abc/app.bsky.feed.post/3kx"_s << u"Alice.Example.com"_s
                            << u"https://bsky.app/profile/alice.example.com/post/3kx"_s;
    QTest::newRow("invalid-handle-uses-did")
        << u"at://did:plc:abc/app.bsky.feed.post/3kx"_s << u"handle.invalid"_s
        << u"https://bsky.app/profile/did:plc:abc/post/3kx"_s;
    QTest::newRow("not-a-post") << u"at://did:plc:abc/app.bsky.feed.repost/3kx"_s << u"a.b"_s << QString();
    QTest::newRow("https-uri") << u"https://bsky.app/profile/a.b/post/3kx"_s << u"a.b"_s << QString();
    QTest::newRow("rkey-with-slash") << u"at://did:plc:abc/app.bsky.feed.post/3kx/x"_s << u"a.b"_s
                                     << QString();
    QTest::newRow("trailing-line-break")
        << u"at://did:plc:abc/app.bsky.feed.post/3kx\n"_s << u"a.b"_s << QString();
    QTest::newRow("rkey-dot-dot") << u"at://did:plc:abc/app.bsky.feed.post/.."_s << u"a.b"_s << QString();
    QTest::newRow("script-in-handle") << u"at://did:plc:abc/app.bsky.feed.post/3kx"_s << u"<script>.x"_s
                                      << u"https://bsky.app/profile/did:plc:abc/post/3kx"_s;
}

void TestMarketSocialReaders::blueskyPostLink()
{
    QFETCH(QString, uri);
    QFETCH(QString, handle);
    QFETCH(QString, link);
    QCOMPARE(BlueskyReader::postLink(uri, handle, u"did:plc:abc"_s), link);
}

void TestMarketSocialReaders::blueskySession()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto session
        = BlueskyReader::readSession(200, recorded(u"bluesky/createSession-response.constructed.json"_s));
    QVERIFY(session.ok());
    QCOMPARE(session.value().accessJwt, u"eyJ...access"_s);
    QCOMPARE(session.value().refreshJwt, u"eyJ...refresh"_s);
    QVERIFY(!session.value().accessExpiresAt.isValid()); // the sample token says nothing of its expiry

    const QByteArray withExpiry = QJsonDocument(
        QJsonObject { { u"accessJwt"_s, jwtWithExpiry(1790000000) },
            { u"refreshJwt"_s,
                u"r"_s } }).toJson();
    QCOMPARE(BlueskyReader::readSession(200, withExpiry).value().accessExpiresAt,
        QDateTime::fromSecsSinceEpoch(1790000000, Qt::UTC));
    QVERIFY(!BlueskyReader::jwtExpiry(u"a.b"_s).isValid());
    QVERIFY(!BlueskyReader::jwtExpiry(u"a.!!!.c"_s).isValid());

    const auto refused = BlueskyReader::readSession(
        401, R"({"error":"AuthenticationRequired","message":"Invalid identifier or password"})");
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().missing(), QStringList { u"bluesky-pds"_s });
    QCOMPARE(refused.error().message(),
        u"sign-in refused (HTTP 401: AuthenticationRequired: Invalid identifier or password)"_s);
    // A token that cannot go into a header is no session.
    QVERIFY(!BlueskyReader::readSession(200, R"({"accessJwt":"a\r\nX-Injected: 1"})").ok());
    QVERIFY(!BlueskyReader::readSession(200, R"({"accessJwt":""})").ok());
    QVERIFY(!BlueskyReader::readSession(200, "{\"accessJwt\":\"token\n\"}").ok());
    QVERIFY(BlueskyReader::readSession(200, "{\"accessJwt\":\"a\",\"refreshJwt\":\"r\n\"}")
                .value()
                .refreshJwt.isEmpty());
}

void TestMarketSocialReaders::mastodonRecordedTimeline()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto feed = MastodonReader::readTimeline(
        200, recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s), u"mastodon.social"_s);
    QVERIFY(feed.ok());
    QCOMPARE(feed.value().posts.size(), 1);
    const SocialPost &p = feed.value().posts.at(0);
    QCOMPARE(p.network, u"mastodon"_s);
    QCOMPARE(p.id, u"https://mastodon.social/users/coffeewatch/statuses/115321987654321098"_s);
    QCOMPARE(p.authorHandle, u"coffeewatch@mastodon.social"_s);
    QCOMPARE(p.authorName, u"Coffee Watch"_s);
    QCOMPARE(p.authorUrl, u"https://mastodon.social/@coffeewatch"_s);
    QCOMPARE(p.text, u"Rain finally back in Sul de Minas this week. #coffee"_s);
    QCOMPARE(p.language, u"en"_s);
    QVERIFY(p.contentWarning.isEmpty());
    QCOMPARE(p.createdAt, QDateTime(QDate(2026, 10, 5), QTime(8, 55, 12), Qt::UTC));
    QCOMPARE(p.replies, 0);
    QCOMPARE(p.reposts, 3);
    QCOMPARE(p.likes, 7);
    QVERIFY(!p.quotes.has_value()); // not sent before Mastodon 4.5
    QCOMPARE(p.link, u"https://mastodon.social/@coffeewatch/115321987654321098"_s);
}

void TestMarketSocialReaders::mastodonErrorForms_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("problem");
    QTest::newRow("401")
        << 401 << u"mastodon/error-401-public-timeline-disabled.constructed.json"_s
        << u"hashtag timelines need sign-in on this instance (HTTP 401: This method requires "
           "an authenticated user)"_s;
    QTest::newRow("404")
        << 404 << u"mastodon/error-404.constructed.json"_s
        << u"no hashtag timeline here (HTTP 404: Record not found); is it a Mastodon instance?"_s;
    QTest::newRow("429") << 429 << u"mastodon/error-429.constructed.json"_s
                         << u"rate limited (HTTP 429: Too many requests)"_s;
    QTest::newRow("200-search-object") << 200 << u"mastodon/search-v2-statuses-unauth.constructed.json"_s
                                       << u"malformed answer (not an array of statuses)"_s;
    QTest::newRow("200-truncated") << 200 << QString() << u"malformed answer (not an array of statuses)"_s;
}

void TestMarketSocialReaders::mastodonErrorForms()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(int, status);
    QFETCH(QString, file);
    QFETCH(QString, problem);
    const QByteArray body = file.isEmpty()
        ? recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s).left(200)
        : recorded(file);
    const auto feed = MastodonReader::readTimeline(status, body, u"mastodon.social"_s);
    QVERIFY(!feed.ok());
    QCOMPARE(feed.error().missing(), QStringList { u"mastodon"_s });
    QCOMPARE(feed.error().message(), problem);
}

void TestMarketSocialReaders::mastodonReblogAndRemoteAuthor()
{
    ADES_REQUIRE_SHARED_DATA();
    const QJsonObject status
        = QJsonDocument::fromJson(recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s))
              .array()
              .at(0)
              .toObject();
    QJsonObject original = status;
    QJsonObject account = original[u"account"_s].toObject();
    account[u"acct"_s] = u"roaster@coffee.example"_s;
    account[u"url"_s] = u"http://coffee.example/@roaster"_s; // not https: no author link
    original[u"account"_s] = account;
    original[u"uri"_s] = u"https://coffee.example/users/roaster/statuses/1"_s;
    original[u"url"_s] = u"javascript:alert(1)"_s; // not https: the URI stands in
    original[u"spoiler_text"_s] = u"harvest numbers"_s;
    original[u"quotes_count"_s] = 4;
    QJsonObject reblog = status;
    reblog[u"reblog"_s] = original;
    reblog[u"content"_s] = QString();
    QJsonObject noDate = status;
    noDate[u"created_at"_s] = u"yesterday"_s;
    const QByteArray body = QJsonDocument(QJsonArray { reblog, noDate, u"x"_s }).toJson();
    const auto feed = MastodonReader::readTimeline(200, body, u"mastodon.social"_s);
    QVERIFY(feed.ok());
    QCOMPARE(feed.value().skipped, 2);
    QCOMPARE(feed.value().posts.size(), 1);
    const SocialPost &p = feed.value().posts.at(0);
    QCOMPARE(p.authorHandle, u"roaster@coffee.example"_s);
    QVERIFY(p.authorUrl.isEmpty());
    QCOMPARE(p.id, u"https://coffee.example/users/roaster/statuses/1"_s);
    QCOMPARE(p.link, u"https://coffee.example/users/roaster/statuses/1"_s);
    QCOMPARE(p.contentWarning, u"harvest numbers"_s);
    QCOMPARE(p.quotes, 4);
    QCOMPARE(p.text, u"Rain finally back in Sul de Minas this week. #coffee"_s);
}

void TestMarketSocialReaders::hashtags_data()
{
    QTest::addColumn<QString>("q");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tags");
    QTest::newRow("one-word") << u"Bitcoin"_s << u"Bitcoin"_s << QStringList { u"bitcoin"_s };
    QTest::newRow("words-joined") << u"  coffee   futures "_s << u"coffee futures"_s
                                  << QStringList { u"coffeefutures"_s };
    QTest::newRow("own-hashtags") << u"rain #Coffee in #brazil #coffee"_s
                                  << u"rain #Coffee in #brazil #coffee"_s
                                  << QStringList { u"coffee"_s, u"brazil"_s };
    QTest::newRow("at-most-four") << u"#a1 #b2 #c3 #d4 #e5"_s << u"#a1 #b2 #c3 #d4 #e5"_s
                                  << QStringList { u"a1"_s, u"b2"_s, u"c3"_s, u"d4"_s };
    QTest::newRow("operators-left-out")
        << u"from:alice coffee -decaf"_s << u"from:alice coffee -decaf"_s << QStringList { u"coffee"_s };
    QTest::newRow("punctuation-dropped") << u"S&P 500!"_s << u"S&P 500!"_s << QStringList { u"sp500"_s };
    QTest::newRow("digits-only-is-no-tag") << u"2026"_s << u"2026"_s << QStringList();
    QTest::newRow("unicode-letters") << u"café Ürün"_s << u"café Ürün"_s << QStringList { u"caféürün"_s };
    QTest::newRow("snake-case-kept") << u"#web_3"_s << u"#web_3"_s << QStringList { u"web_3"_s };
}

void TestMarketSocialReaders::hashtags()
{
    QFETCH(QString, q);
    QFETCH(QString, text);
    QFETCH(QStringList, tags);
    const SocialQuery query = SocialQuery::from(q);
    QCOMPARE(query.text, text);
    QCOMPARE(query.hashtags, tags);
}

void TestMarketSocialReaders::instances_data()
{
    QTest::addColumn<QString>("entry");
    QTest::addColumn<QString>("label"); // empty: refused
    QTest::addColumn<QString>("origin");
    QTest::newRow("host") << u"mastodon.social"_s << u"mastodon.social"_s << u"https://mastodon.social"_s;
    QTest::newRow("host-upper-case") << u" Fosstodon.ORG "_s << u"fosstodon.org"_s
                                     << u"https://fosstodon.org"_s;
    QTest::newRow("host-port") << u"example.org:8443"_s << u"example.org:8443"_s
                               << u"https://example.org:8443"_s;
    QTest::newRow("https-origin") << u"https://example.org"_s << u"example.org"_s << u"https://example.org"_s;
    QTest::newRow("http-loopback") << u"http://127.0.0.1:9000"_s << u"127.0.0.1:9000"_s
                                   << u"http://127.0.0.1:9000"_s;
    QTest::newRow("http-public") << u"http://mastodon.social"_s << QString() << QString();
    QTest::newRow("path") << u"mastodon.social/api"_s << QString() << QString();
    QTest::newRow("user-info") << u"https://u:p@mastodon.social"_s << QString() << QString();
    QTest::newRow("ftp") << u"ftp://mastodon.social"_s << QString() << QString();
    QTest::newRow("underscore") << u"bad_host.example"_s << QString() << QString();
    QTest::newRow("space") << u"bad host"_s << QString() << QString();
    QTest::newRow("empty") << u" "_s << QString() << QString();
}

void TestMarketSocialReaders::instances()
{
    QFETCH(QString, entry);
    QFETCH(QString, label);
    QFETCH(QString, origin);
    QCOMPARE(MastodonInstance::problem(entry).isEmpty(), !label.isEmpty());
    const QList<MastodonInstance> parsed = MastodonInstance::parseList(entry);
    QCOMPARE(parsed.size(), label.isEmpty() ? 0 : 1);
    if (!label.isEmpty()) {
        QCOMPARE(parsed.at(0).label, label);
        QCOMPARE(parsed.at(0).origin.toString(), origin);
    }
}

void TestMarketSocialReaders::appPassword_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("app-password") << u"abcd-ef12-ghij-3456"_s << true;
    QTest::newRow("recorded-form") << u"xxxx-xxxx-xxxx-xxxx"_s << true;
    QTest::newRow("account-password") << u"correct horse battery staple"_s << false;
    QTest::newRow("upper-case") << u"ABCD-EF12-GHIJ-3456"_s << false;
    QTest::newRow("short") << u"abcd-ef12-ghij"_s << false;
    QTest::newRow("trailing-line-break") << u"abcd-ef12-ghij-3456\n"_s << false;
}

void TestMarketSocialReaders::appPassword()
{
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    QCOMPARE(SocialSettings::appPasswordProblem(value).isEmpty(), accepted);
    // The setting's check sees the value trimmed, as Settings reads it.
    QCOMPARE(SocialSettings::BlueskyAppPassword.spec.problem(value).isEmpty(),
        SocialSettings::appPasswordProblem(value.trimmed()).isEmpty());
    QVERIFY(SocialSettings::MastodonInstances.spec.problem(u"a.example,b.example"_s).isEmpty());
    QVERIFY(!SocialSettings::MastodonInstances.spec.problem(u"a.example,http://b.example"_s).isEmpty());
    QVERIFY(!SocialSettings::MastodonInstances.spec
                 .problem(u"a1.x,a2.x,a3.x,a4.x,a5.x,a6.x,a7.x,a8.x,a9.x,a10.x,a11.x"_s)
                 .isEmpty());
}

void TestMarketSocialReaders::mergeDedupesSortsAndCuts()
{
    SocialFeed bluesky;
    bluesky.posts = { post(u"bluesky"_s, u"at://a/app.bsky.feed.post/1"_s, u"2026-10-05T09:00:00Z"_s),
        post(u"bluesky"_s, u"at://a/app.bsky.feed.post/2"_s, u"2026-10-05T11:00:00Z"_s) };
    SocialFeed remote; // the same status seen from an instance that is not its home: fewer likes
    remote.posts = { post(u"mastodon"_s, u"https://x.example/s/1"_s, u"2026-10-05T10:00:00Z"_s, 1),
        post(u"mastodon"_s, u"https://x.example/s/2"_s, u"2026-10-05T08:00:00Z"_s) };
    SocialFeed home;
    home.posts = { post(u"mastodon"_s, u"https://x.example/s/1"_s, u"2026-10-05T10:00:00Z"_s, 9),
        post(u"mastodon"_s, u"https://x.example/s/3"_s, u"2026-10-05T11:00:00Z"_s) };
    const QList<SourcedPost> merged = SocialMerge::merge({ bluesky, remote, home }, 4);
    QCOMPARE(merged.size(), 4);
    // Newest first; the tie at 11:00 ordered by network, then id.
    QCOMPARE(merged.at(0).post->id, u"at://a/app.bsky.feed.post/2"_s);
    QCOMPARE(merged.at(1).post->id, u"https://x.example/s/3"_s);
    QCOMPARE(merged.at(2).post->id, u"https://x.example/s/1"_s);
    QCOMPARE(merged.at(2).post->likes, 9);
    QCOMPARE(merged.at(2).source, 2);
    QCOMPARE(merged.at(3).post->id, u"at://a/app.bsky.feed.post/1"_s);
    QCOMPARE(SocialMerge::merge({ bluesky, remote, home }, 50).size(), 5);
    QCOMPARE(SocialMerge::merge({}, 10).size(), 0);
}

void TestMarketSocialReaders::memoReadsEachAnswerOnce()
{
    ADES_REQUIRE_SHARED_DATA();
    SocialFeedMemo memo;
    int reads = 0;
    const SocialFeedMemo::Reader reader = [&reads](const FetchedBody &answer) {
        ++reads;
        return MastodonReader::readTimeline(answer.httpStatus, answer.body, u"mastodon.social"_s);
    };
    const auto answer = [](const QByteArray &body, int status) {
        return FetchedBody { status, body,
            QJsonObject { { u"sha256"_s,
                QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex()) } },
            QDateTime() };
    };
    const FetchedBody timeline = answer(recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s), 200);
    const auto first = memo.read(u"mastodon:a"_s, timeline, reader);
    const auto second = memo.read(u"mastodon:a"_s, timeline, reader);
    QCOMPARE(reads, 1);
    QCOMPARE(second.value().posts.size(), 1);
    QCOMPARE(second.value().wire.size(), 1); // the wire forms are made once too
    QCOMPARE(second.value().wire.at(0), first.value().posts.at(0).toJson());
    // Another instance reads the same bytes with its own host; failures are read every time.
    (void)memo.read(u"mastodon:b"_s, timeline, reader);
    QCOMPARE(reads, 2);
    const FetchedBody refused = answer(recorded(u"mastodon/error-429.constructed.json"_s), 429);
    QVERIFY(!memo.read(u"mastodon:a"_s, refused, reader).ok());
    QVERIFY(!memo.read(u"mastodon:a"_s, refused, reader).ok());
    QCOMPARE(reads, 4);
}

QTEST_APPLESS_MAIN(TestMarketSocialReaders)
#include "TestMarketSocialReaders.moc"
