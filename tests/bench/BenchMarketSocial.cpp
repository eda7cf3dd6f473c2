// The service's own cost of one market.social answer, without upstream waits (issue 19: merging <= 100 µs
// per call): reading one full Bluesky page (50 posts) and two full Mastodon pages (40 statuses each, HTML
// to text with gumbo), merging them (dedupe, newest first, limit) and building the result with each post's
// provenance, with the answers read anew and (the usual call, its answers from the cache) read before;
// and the merge alone over already-read feeds. Bodies: the recorded ones of
// ../shared/data/upstreams/, repeated with distinct ids and times.
#include "TestData.h"
#include "ops/market/social/BlueskyReader.h"
#include "ops/market/social/MastodonReader.h"
#include "ops/market/social/SocialFeedMemo.h"
#include "ops/market/social/SocialMerge.h"
#include "ops/market/social/SocialQuery.h"
#include "ops/market/social/SocialSearch.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
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

QByteArray blueskyPage(int posts)
{
    QJsonObject answer
        = QJsonDocument::fromJson(recorded(u"bluesky/searchPosts.constructed.json"_s)).object();
    const QJsonObject one = answer[u"posts"_s].toArray().at(0).toObject();
    QJsonArray all;
    for (int i = 0; i < posts; ++i) {
        QJsonObject post = one;
        post[u"uri"_s] = u"at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lmq%1"_s.arg(i);
        QJsonObject record = post[u"record"_s].toObject();
        record[u"createdAt"_s] = u"2026-10-05T09:%1:00.000Z"_s.arg(i % 60, 2, 10, QChar(u'0'));
        post[u"record"_s] = record;
        all.append(post);
    }
    answer[u"posts"_s] = all;
    return QJsonDocument(answer).toJson(QJsonDocument::Compact);
}

QByteArray mastodonPage(int statuses, int offset)
{
    const QJsonObject one
        = QJsonDocument::fromJson(recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s))
              .array()
              .at(0)
              .toObject();
    QJsonArray all;
    for (int i = 0; i < statuses; ++i) {
        QJsonObject status = one;
        status[u"uri"_s] = u"https://mastodon.social/users/coffeewatch/statuses/%1"_s.arg(offset + i);
        status[u"created_at"_s] = u"2026-10-05T08:%1:12.000Z"_s.arg(i % 60, 2, 10, QChar(u'0'));
        all.append(status);
    }
    return QJsonDocument(all).toJson(QJsonDocument::Compact);
}

FetchedBody fetched(const QByteArray &body, const QString &source)
{
    const QString sha256
        = QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
    return FetchedBody { 200, body,
        QJsonObject { { u"source"_s, source }, { u"http_status"_s, 200 }, { u"sha256"_s, sha256 } },
        QDateTime(QDate(2026, 10, 5), QTime(9, 30), Qt::UTC) };
}

} // namespace

class BenchMarketSocial : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readMergeAndBuild_data();
    void readMergeAndBuild();
    void mergeOnly();
};

void BenchMarketSocial::readMergeAndBuild_data()
{
    QTest::addColumn<bool>("memo");
    QTest::newRow("answers-read-anew") << false;
    // The usual call: its answers came from the cache and were read by an earlier call.
    QTest::newRow("answers-read-before") << true;
}

void BenchMarketSocial::readMergeAndBuild()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(bool, memo);
    auto feeds = std::make_shared<SocialFeedMemo>();
    SocialSource bluesky;
    bluesky.label = u"bluesky"_s;
    bluesky.network = u"bluesky"_s;
    bluesky.read = [](const FetchedBody &b) {
        return BlueskyReader::readSearch(b.httpStatus, b.body, BlueskyReader::Access::Anonymous);
    };
    QList<SocialSource> sources { bluesky };
    QList<SocialAnswer> answers { { fetched(blueskyPage(50), u"bluesky"_s), QString() } };
    for (int instance = 0; instance < 2; ++instance) {
        SocialSource mastodon;
        mastodon.label = u"mastodon:i%1.example"_s.arg(instance);
        mastodon.network = u"mastodon"_s;
        mastodon.instance = u"i%1.example"_s.arg(instance);
        mastodon.read = [](const FetchedBody &b) {
            return MastodonReader::readTimeline(b.httpStatus, b.body, u"mastodon.social"_s);
        };
        sources.append(mastodon);
        // The second instance sees half of the first one's statuses again (federation): dedupe has work.
        answers.append({ fetched(mastodonPage(40, instance * 20), u"mastodon"_s), QString() });
    }
    if (memo) {
        for (SocialSource &source : sources)
            source.read = [feeds, label = source.label, read = source.read](
                              const FetchedBody &answer) { return feeds->read(label, answer, read); };
    }
    const SocialQuery query = SocialQuery::from(u"coffee"_s);
    const QDateTime now(QDate(2026, 10, 5), QTime(9, 30), Qt::UTC);
    Result<QJsonObject> result = socialResult(query, 50, sources, answers, now, 60); // warms the memo
    QBENCHMARK
    {
        result = socialResult(query, 50, sources, answers, now, 60);
    }
    QVERIFY(result.ok());
    QCOMPARE(result.value()[u"posts"_s].toArray().size(), 50);
    QCOMPARE(result.value()[u"sources"_s][2][u"posts_read"_s].toInt(), 40);
}

void BenchMarketSocial::mergeOnly()
{
    ADES_REQUIRE_SHARED_DATA();
    const QList<SocialFeed> feeds {
        BlueskyReader::readSearch(200, blueskyPage(50), BlueskyReader::Access::Anonymous).value(),
        MastodonReader::readTimeline(200, mastodonPage(40, 0), u"mastodon.social"_s).value(),
        MastodonReader::readTimeline(200, mastodonPage(40, 20), u"mastodon.social"_s).value(),
    };
    QList<SourcedPost> merged;
    QBENCHMARK
    {
        merged = SocialMerge::merge(feeds, 50);
    }
    QCOMPARE(merged.size(), 50);
}

QTEST_APPLESS_MAIN(BenchMarketSocial)
#include "BenchMarketSocial.moc"
