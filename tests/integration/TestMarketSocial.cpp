// market.social in a running service against loopback fakes of both networks replaying the recorded bodies
// of ../shared/data/upstreams/bluesky/ and mastodon/: the merged answer with each post's provenance, every
// error form named in the result (Bluesky 403 plain text, 401, 400, malformed; Mastodon 401, 404, 429,
// a timeout), the uncharged 503 when no source answered, the signed-in path (createSession, then the
// search with the bearer token; a refused token renewed with refreshSession; a refused sign-in held), the
// per-source cache, and the x402 and MCP exposures at SPEC.md's price.

#include "CatalogCall.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "TestData.h"
#include "catalog/Invoker.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/market/MarketSources.h"
#include "ops/market/social/BlueskySession.h"
#include "upstream/UpstreamClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

QByteArray recorded(const QString &relative)
{
    QFile file(sharedDataDir() + u"/upstreams/"_s + relative);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const QString SearchPath = u"/xrpc/app.bsky.feed.searchPosts"_s;
const QString TagPath = u"/api/v1/timelines/tag/coffee"_s;
const QString AppPassword = u"abcd-efgh-ijkl-mnop"_s;

// A PDS that takes the first access token for expired: a search sent with it gets ExpiredToken, so the
// session must renew it (refreshSession) and search again.
class ExpiringPds : public ReplayServer
{
public:
    QByteArray staleToken;

protected:
    void handle(QTcpSocket *socket, const Request &request) override
    {
        Request seen = request;
        if (request.path == SearchPath && request.headers.value("authorization") == "Bearer " + staleToken)
            seen.path = u"/expired"_s;
        ReplayServer::handle(socket, seen);
    }
};

} // namespace

class TestMarketSocial : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void mergesBothNetworksWithProvenance();
    void failingSourcesAreNamed_data();
    void failingSourcesAreNamed();
    void mastodonTimeoutIsNamed();
    void noSourceAnsweredIsUncharged503();
    void queryWithoutHashtagSkipsMastodon();
    void ownHashtagsAskAnyOfThem();
    void signedInSearch();
    void refusedTokenIsRenewed();
    void refusedSignInIsNamedAndHeld();
    void oneSignInServesEveryThread();
    void repeatedQueriesShareOneFetch();
    void httpExposures();

private:
    void start(const QHash<QString, QString> &extra = {});
    Outcome call(const QJsonObject &args);
    QString instance(const ReplayServer &server) const;

    QTemporaryDir m_dir;
    FixedClock *m_clock = nullptr;
    std::unique_ptr<ReplayServer> m_appView;
    std::unique_ptr<ExpiringPds> m_pds;
    std::unique_ptr<ReplayServer> m_mastodonA;
    std::unique_ptr<ReplayServer> m_mastodonB;
    std::unique_ptr<ServiceContext> m_context;
};

void TestMarketSocial::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_appView = std::make_unique<ReplayServer>();
    m_pds = std::make_unique<ExpiringPds>();
    m_mastodonA = std::make_unique<ReplayServer>();
    m_mastodonB = std::make_unique<ReplayServer>();
    m_appView->route("GET", SearchPath, { 200, recorded(u"bluesky/searchPosts.constructed.json"_s) });
    m_pds->route("POST", u"/xrpc/com.atproto.server.createSession"_s,
        { 200, recorded(u"bluesky/createSession-response.constructed.json"_s) });
    m_pds->route("POST", u"/xrpc/com.atproto.server.refreshSession"_s,
        { 200,
            R"({"did":"did:plc:abcdefghijklmnopqrstuvwx","handle":"operator.bsky.social",)"
            R"("accessJwt":"renewed-access","refreshJwt":"renewed-refresh"})" });
    m_pds->route("GET", u"/expired"_s, { 400, R"({"error":"ExpiredToken","message":"Token has expired"})" });
    m_pds->route("GET", SearchPath, { 200, recorded(u"bluesky/searchPosts.constructed.json"_s) });
    m_mastodonA->route(
        "GET", TagPath, { 200, recorded(u"mastodon/timelines-tag-coffee.constructed.json"_s) });
    m_mastodonB->route("GET", TagPath, { 200, "[]" });
}

void TestMarketSocial::cleanup()
{
    m_context.reset();
    m_appView.reset();
    m_pds.reset();
    m_mastodonA.reset();
    m_mastodonB.reset();
}

QString TestMarketSocial::instance(const ReplayServer &server) const
{
    return u"127.0.0.1:%1"_s.arg(server.port());
}

void TestMarketSocial::start(const QHash<QString, QString> &extra)
{
    QHash<QString, QString> values {
        { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s },
        { u"upstream/bluesky/base_url"_s, m_appView->baseUrl() + u"/xrpc"_s },
        { u"upstream/bluesky-pds/base_url"_s, m_pds->baseUrl() + u"/xrpc"_s },
        { u"upstream/mastodon/timeout_ms"_s, u"700"_s },
        { u"market/social/mastodon_instances"_s,
            u"http://"_s + instance(*m_mastodonA) + u",http://"_s + instance(*m_mastodonB) },
    };
    values.insert(extra);
    auto clock = std::make_unique<FixedClock>(QDateTime(QDate(2026, 10, 5), QTime(9, 30), Qt::UTC));
    m_clock = clock.get();
    m_context = ServiceContext::createForTests(m_dir.path(), values, std::move(clock));
}

Outcome TestMarketSocial::call(const QJsonObject &args)
{
    return callThroughCatalog(m_context->catalog(), u"market.social"_s, args);
}

void TestMarketSocial::mergesBothNetworksWithProvenance()
{
    start();
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"query"_s].toString(), u"coffee"_s);
    QCOMPARE(d[u"hashtags"_s].toArray(), QJsonArray { u"coffee"_s });
    QCOMPARE(d[u"limit"_s].toInt(), 10); // the default
    QCOMPARE(d[u"complete"_s].toBool(), true);
    QCOMPARE(d[u"failed_sources"_s].toArray().size(), 0);
    const QJsonArray posts = d[u"posts"_s].toArray();
    QCOMPARE(posts.size(), 2);
    // Newest first: the Bluesky post (09:12) before the Mastodon status (08:55).
    const QJsonObject bsky = posts.at(0).toObject();
    QCOMPARE(bsky[u"network"_s].toString(), u"bluesky"_s);
    QCOMPARE(bsky[u"author"_s][u"handle"_s].toString(), u"bsky.app"_s);
    QCOMPARE(bsky[u"author"_s][u"display_name"_s].toString(), u"Bluesky"_s);
    QCOMPARE(bsky[u"created_at"_s].toString(), u"2026-10-05T09:12:44.512Z"_s);
    QCOMPARE(bsky[u"engagement"_s].toObject(),
        (QJsonObject { { u"replies"_s, 2 }, { u"reposts"_s, 5 }, { u"likes"_s, 31 }, { u"quotes"_s, 1 } }));
    QCOMPARE(bsky[u"link"_s].toString(), u"https://bsky.app/profile/bsky.app/post/3lmq2xv7w4c2k"_s);
    QCOMPARE(bsky[u"source"_s][u"source"_s].toString(), u"bluesky"_s);
    QCOMPARE(bsky[u"source"_s][u"http_status"_s].toInt(), 200);
    QCOMPARE(bsky[u"source"_s][u"fetched_at"_s].toString(), u"2026-10-05T09:30:00.000Z"_s);
    QCOMPARE(bsky[u"source"_s][u"sha256"_s].toString(),
        QString::fromLatin1(QCryptographicHash::hash(
            recorded(u"bluesky/searchPosts.constructed.json"_s), QCryptographicHash::Sha256)
                                .toHex()));
    const QJsonObject toot = posts.at(1).toObject();
    QCOMPARE(toot[u"network"_s].toString(), u"mastodon"_s);
    QCOMPARE(toot[u"text"_s].toString(), u"Rain finally back in Sul de Minas this week. #coffee"_s);
    QCOMPARE(toot[u"author"_s][u"handle"_s].toString(), u"coffeewatch@127.0.0.1"_s);
    QCOMPARE(toot[u"engagement"_s][u"likes"_s].toInt(), 7);
    QVERIFY(toot[u"engagement"_s][u"quotes"_s].isNull());
    QCOMPARE(toot[u"link"_s].toString(), u"https://mastodon.social/@coffeewatch/115321987654321098"_s);
    QCOMPARE(toot[u"source"_s][u"instance"_s].toString(), instance(*m_mastodonA));
    QCOMPARE(toot[u"source"_s][u"url"_s].toString(), m_mastodonA->baseUrl() + TagPath);

    const QJsonArray sources = d[u"sources"_s].toArray();
    QCOMPARE(sources.size(), 3);
    QCOMPARE(sources.at(0)[u"status"_s].toString(), u"ok"_s);
    QCOMPARE(sources.at(0)[u"posts_read"_s].toInt(), 1);
    QCOMPARE(sources.at(2)[u"instance"_s].toString(), instance(*m_mastodonB));
    QCOMPARE(sources.at(2)[u"posts_read"_s].toInt(), 0); // an empty timeline is an answer

    // What was asked: the newest posts, as many as the largest limit, so one answer serves every limit.
    QCOMPARE(m_appView->requestCount(), 1);
    const auto &search = m_appView->requests().at(0);
    QVERIFY(search.query.contains(qMakePair(u"q"_s, u"coffee"_s)));
    QVERIFY(search.query.contains(qMakePair(u"limit"_s, u"50"_s)));
    QVERIFY(search.query.contains(qMakePair(u"sort"_s, u"latest"_s)));
    QVERIFY(!search.headers.contains("authorization"));
    QCOMPARE(m_mastodonA->requests().at(0).path, TagPath);
    QVERIFY(m_mastodonA->requests().at(0).query.contains(qMakePair(u"limit"_s, u"40"_s)));
    QCOMPARE(m_pds->requestCount(), 0);

    // limit cuts the merged list.
    const Outcome one = call({ { u"q"_s, u"coffee"_s }, { u"limit"_s, 1 } });
    QCOMPARE(one.value().data[u"posts"_s].toArray().size(), 1);
}

void TestMarketSocial::failingSourcesAreNamed_data()
{
    QTest::addColumn<int>("blueskyStatus");
    QTest::addColumn<QString>("blueskyFile");
    QTest::addColumn<int>("mastodonStatus");
    QTest::addColumn<QString>("mastodonFile");
    QTest::addColumn<QString>("blueskyProblem"); // empty: answered
    QTest::addColumn<QString>("mastodonProblem");
    QTest::newRow("bluesky-403-plain-text")
        << 403 << u"bluesky/error-403-forbidden.constructed.txt"_s << 200
        << u"mastodon/timelines-tag-coffee.constructed.json"_s
        << u"bluesky: search refused without sign-in (HTTP 403: Forbidden); configure "
           "market/social/bluesky_handle and market/social/bluesky_app_password"_s
        << QString();
    QTest::newRow("bluesky-401") << 401 << u"bluesky/error-401-auth-required.constructed.json"_s << 200
                                 << u"mastodon/timelines-tag-coffee.constructed.json"_s
                                 << u"bluesky: search refused without sign-in (HTTP 401: AuthMissing: "
                                    "Authentication Required); configure market/social/bluesky_handle and "
                                    "market/social/bluesky_app_password"_s
                                 << QString();
    QTest::newRow("bluesky-400") << 400 << u"bluesky/error-400-invalid-request.constructed.json"_s << 200
                                 << u"mastodon/timelines-tag-coffee.constructed.json"_s
                                 << u"bluesky: request refused (HTTP 400: InvalidRequest: Error: Params must "
                                    "have the property \"q\")"_s
                                 << QString();
    QTest::newRow("bluesky-malformed") << 200 << u"mastodon/error-404.constructed.json"_s << 200
                                       << u"mastodon/timelines-tag-coffee.constructed.json"_s
                                       << u"bluesky: malformed answer (no posts array)"_s << QString();
    QTest::newRow("mastodon-401")
        << 200 << u"bluesky/searchPosts.constructed.json"_s << 401
        << u"mastodon/error-401-public-timeline-disabled.constructed.json"_s << QString()
        << u"hashtag timelines need sign-in on this instance (HTTP 401: This method "
           "requires an authenticated user)"_s;
    QTest::newRow("mastodon-404")
        << 200 << u"bluesky/searchPosts.constructed.json"_s << 404 << u"mastodon/error-404.constructed.json"_s
        << QString()
        << u"no hashtag timeline here (HTTP 404: Record not found); is it a Mastodon "
           "instance?"_s;
    QTest::newRow("mastodon-429") << 200 << u"bluesky/searchPosts.constructed.json"_s << 429
                                  << u"mastodon/error-429.constructed.json"_s << QString()
                                  << u"rate limited (HTTP 429: Too many requests)"_s;
}

void TestMarketSocial::failingSourcesAreNamed()
{
    QFETCH(int, blueskyStatus);
    QFETCH(QString, blueskyFile);
    QFETCH(int, mastodonStatus);
    QFETCH(QString, mastodonFile);
    QFETCH(QString, blueskyProblem);
    QFETCH(QString, mastodonProblem);
    m_appView->setForced(LoopbackHttpServer::Reply { blueskyStatus, recorded(blueskyFile),
        blueskyFile.endsWith(u".txt"_s) ? "text/plain" : "application/json" });
    m_mastodonB->setForced(LoopbackHttpServer::Reply { mastodonStatus, recorded(mastodonFile) });
    start();
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"complete"_s].toBool(), false);
    QStringList failed;
    for (const QJsonValue &f : d[u"failed_sources"_s].toArray())
        failed.append(f.toString());
    QStringList expected;
    if (!blueskyProblem.isEmpty())
        expected.append(blueskyProblem);
    if (!mastodonProblem.isEmpty())
        expected.append(u"mastodon:"_s + instance(*m_mastodonB) + u": "_s + mastodonProblem);
    QCOMPARE(failed, expected);
    const QJsonArray sources = d[u"sources"_s].toArray();
    QCOMPARE(sources.at(0)[u"status"_s].toString(), blueskyProblem.isEmpty() ? u"ok"_s : u"failed"_s);
    QCOMPARE(sources.at(2)[u"status"_s].toString(), mastodonProblem.isEmpty() ? u"ok"_s : u"failed"_s);
    // The refusal's own evidence is kept: status and the hash of what was answered.
    QCOMPARE(sources.at(0)[u"http_status"_s].toInt(), blueskyStatus);
    QCOMPARE(sources.at(2)[u"http_status"_s].toInt(), mastodonStatus);
    // What still answered is delivered.
    QVERIFY(!d[u"posts"_s].toArray().isEmpty());
}

void TestMarketSocial::mastodonTimeoutIsNamed()
{
    m_mastodonB->setDelayMs(3000);
    start();
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonArray failed = r.value().data[u"failed_sources"_s].toArray();
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed.at(0).toString().startsWith(u"mastodon:"_s + instance(*m_mastodonB) + u": "_s),
        qPrintable(failed.at(0).toString()));
    QCOMPARE(r.value().data[u"posts"_s].toArray().size(), 2);
}

void TestMarketSocial::noSourceAnsweredIsUncharged503()
{
    m_appView->setForced(LoopbackHttpServer::Reply {
        403, recorded(u"bluesky/error-403-forbidden.constructed.txt"_s), "text/plain" });
    m_mastodonA->setForced(
        LoopbackHttpServer::Reply { 429, recorded(u"mastodon/error-429.constructed.json"_s) });
    m_mastodonB->setDown(true);
    start();
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 503);
    QCOMPARE(r.error().code(), u"source_unavailable"_s);
    QVERIFY(r.error().isRetryable());
    QCOMPARE(r.error().missing(),
        (QStringList { u"bluesky"_s, u"mastodon:"_s + instance(*m_mastodonA),
            u"mastodon:"_s + instance(*m_mastodonB) }));
    const QString message = r.error().message();
    QVERIFY2(message.contains(u"bluesky: search refused without sign-in"_s), qPrintable(message));
    QVERIFY2(message.contains(u"rate limited (HTTP 429"_s), qPrintable(message));
    QVERIFY2(message.contains(u"Nothing was charged"_s), qPrintable(message));
    const QJsonObject body = r.error().toJson();
    QCOMPARE(body[u"charged"_s].toBool(true), false);
    QCOMPARE(body[u"partial_evidence"_s][u"sources"_s].toArray().size(), 3);
}

void TestMarketSocial::queryWithoutHashtagSkipsMastodon()
{
    start();
    const Outcome r = call({ { u"q"_s, u"2026"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"hashtags"_s].toArray().size(), 0);
    QCOMPARE(d[u"complete"_s].toBool(), false);
    QCOMPARE(d[u"failed_sources"_s].toArray().size(), 0); // not asked is not failed
    const QJsonArray sources = d[u"sources"_s].toArray();
    QCOMPARE(sources.size(), 2);
    QCOMPARE(sources.at(1)[u"status"_s].toString(), u"skipped"_s);
    QVERIFY(sources.at(1)[u"problem"_s].toString().contains(u"no hashtag"_s));
    QCOMPARE(m_mastodonA->requestCount() + m_mastodonB->requestCount(), 0);

    // Bluesky refusing as well leaves nothing: 503.
    m_appView->setForced(LoopbackHttpServer::Reply { 403, "Forbidden", "text/plain" });
    const Outcome none = call({ { u"q"_s, u"1999"_s } });
    QCOMPARE(none.error().httpStatus(), 503);
    QCOMPARE(none.error().missing(), QStringList { u"bluesky"_s });
}

void TestMarketSocial::ownHashtagsAskAnyOfThem()
{
    start();
    const Outcome r = call({ { u"q"_s, u"harvest #Coffee #brazil"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"hashtags"_s].toArray(), (QJsonArray { u"coffee"_s, u"brazil"_s }));
    const auto &request = m_mastodonA->requests().at(0);
    QCOMPARE(request.path, TagPath);
    QVERIFY(request.query.contains(qMakePair(u"any[]"_s, u"brazil"_s)));
    QVERIFY(m_appView->requests().at(0).query.contains(qMakePair(u"q"_s, u"harvest #Coffee #brazil"_s)));
}

void TestMarketSocial::signedInSearch()
{
    start({ { u"market/social/bluesky_handle"_s, u"operator.bsky.social"_s },
        { u"market/social/bluesky_app_password"_s, AppPassword } });
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(m_appView->requestCount(), 0); // the public AppView is not asked
    QCOMPARE(m_pds->requestCount(), 2);
    const auto &signIn = m_pds->requests().at(0);
    QCOMPARE(signIn.method, QByteArray("POST"));
    QCOMPARE(signIn.path, u"/xrpc/com.atproto.server.createSession"_s);
    const QJsonObject credentials = QJsonDocument::fromJson(signIn.body).object();
    QCOMPARE(credentials[u"identifier"_s].toString(), u"operator.bsky.social"_s);
    QCOMPARE(credentials[u"password"_s].toString(), AppPassword);
    const auto &search = m_pds->requests().at(1);
    QCOMPARE(search.path, SearchPath);
    QCOMPARE(search.headers.value("authorization"), QByteArray("Bearer eyJ...access"));
    const QJsonObject d = r.value().data;
    QCOMPARE(d[u"posts"_s][0][u"source"_s][u"source"_s].toString(), u"bluesky-pds"_s);
    QCOMPARE(d[u"sources"_s][0][u"source"_s].toString(), u"bluesky-pds"_s);
    // The app password appears nowhere in the result.
    QVERIFY(!QJsonDocument(d).toJson().contains(AppPassword.toLatin1()));
    QVERIFY(!QJsonDocument(d).toJson().contains("eyJ...access"));

    // The session is kept: another query signs in no more.
    const Outcome again = call({ { u"q"_s, u"bitcoin"_s } });
    QVERIFY(again.ok());
    QCOMPARE(m_pds->requestCount(), 3);
    QCOMPARE(m_pds->requests().at(2).headers.value("authorization"), QByteArray("Bearer eyJ...access"));
}

void TestMarketSocial::refusedTokenIsRenewed()
{
    m_pds->staleToken = "eyJ...access";
    start({ { u"market/social/bluesky_handle"_s, u"operator.bsky.social"_s },
        { u"market/social/bluesky_app_password"_s, AppPassword } });
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(r.value().data[u"failed_sources"_s].toArray().size(), 0);
    QStringList paths;
    for (const auto &request : m_pds->requests())
        paths.append(request.path);
    QCOMPARE(paths,
        (QStringList { u"/xrpc/com.atproto.server.createSession"_s, u"/expired"_s,
            u"/xrpc/com.atproto.server.refreshSession"_s, SearchPath }));
    QCOMPARE(m_pds->requests().at(2).headers.value("authorization"), QByteArray("Bearer eyJ...refresh"));
    QCOMPARE(m_pds->requests().at(3).headers.value("authorization"), QByteArray("Bearer renewed-access"));

    // A token refused even after renewal is a failure named, not a loop.
    m_pds->staleToken = "renewed-access";
    const Outcome refused = call({ { u"q"_s, u"bitcoin"_s } });
    QVERIFY(!refused.ok()); // Mastodon has no #bitcoin here: 404 from the fakes' default
    QVERIFY2(refused.error().message().contains(u"bluesky-pds: request refused (HTTP 400: ExpiredToken"_s),
        qPrintable(refused.error().message()));
}

void TestMarketSocial::refusedSignInIsNamedAndHeld()
{
    m_pds->setForced(LoopbackHttpServer::Reply {
        401, R"({"error":"AuthenticationRequired","message":"Invalid identifier or password"})" });
    start({ { u"market/social/bluesky_handle"_s, u"operator.bsky.social"_s },
        { u"market/social/bluesky_app_password"_s, AppPassword } });
    const Outcome r = call({ { u"q"_s, u"coffee"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    const QJsonArray failed = r.value().data[u"failed_sources"_s].toArray();
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.at(0).toString(),
        u"bluesky-pds: sign-in refused (HTTP 401: AuthenticationRequired: Invalid identifier or password)"_s);
    QCOMPARE(m_pds->requestCount(), 1);
    // Other queries within the hold do not sign in again (Bluesky limits createSession per account) ...
    QVERIFY(call({ { u"q"_s, u"#coffee"_s } }).ok());
    QCOMPARE(m_pds->requestCount(), 1);
    // ... and after it, one does.
    m_clock->advanceSeconds(301);
    QVERIFY(call({ { u"q"_s, u"coffee"_s } }).ok());
    QCOMPARE(m_pds->requestCount(), 2);
}

// Callers on several I/O threads needing a token while the first sign-in is in flight wait for it: one
// createSession, and each caller is answered on its own thread.
void TestMarketSocial::oneSignInServesEveryThread()
{
    m_pds->setDelayMs(300);
    const Settings settings = Settings::fromValues(
        QString(), { { u"upstream/bluesky-pds/base_url"_s, m_pds->baseUrl() + u"/xrpc"_s } });
    FixedClock clock(QDateTime(QDate(2026, 10, 5), QTime(9, 30), Qt::UTC));
    UpstreamClient upstream(settings, clock);
    for (const UpstreamSource &source : market::MarketSource::all())
        upstream.addSource(source);
    const auto session
        = std::make_shared<market::BlueskySession>(upstream, clock, u"operator.bsky.social"_s, AppPassword);

    constexpr int Threads = 4;
    std::vector<std::unique_ptr<QThread>> threads;
    std::vector<std::unique_ptr<QObject>> contexts;
    QMutex mutex;
    QList<QPair<QThread *, QString>> answers; // the thread each answer ran on, and its token
    for (int i = 0; i < Threads; ++i) {
        threads.push_back(std::make_unique<QThread>());
        threads.back()->start();
        contexts.push_back(std::make_unique<QObject>());
        contexts.back()->moveToThread(threads.back().get());
    }
    for (int i = 0; i < Threads; ++i) {
        QThread *thread = threads[size_t(i)].get();
        QMetaObject::invokeMethod(contexts[size_t(i)].get(), [session, thread, &mutex, &answers]() {
            session->accessToken([thread, &mutex, &answers](Result<QString> token) {
                QMutexLocker locker(&mutex);
                answers.append({ thread == QThread::currentThread() ? thread : nullptr,
                    token.ok() ? token.value() : token.error().message() });
            });
        });
    }
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            QMutexLocker locker(&mutex);
            return answers.size() == Threads;
        }(),
        10000);
    for (const auto &[thread, token] : std::as_const(answers)) {
        QVERIFY(thread != nullptr); // answered on the thread that asked
        QCOMPARE(token, u"eyJ...access"_s);
    }
    QCOMPARE(m_pds->requestCount(), 1);
    QCOMPARE(session->signInRequests(), 1);
    for (auto &context : contexts)
        QMetaObject::invokeMethod(context.get(), [object = context.release()]() { delete object; });
    for (auto &thread : threads) {
        thread->quit();
        thread->wait();
    }
}

void TestMarketSocial::repeatedQueriesShareOneFetch()
{
    start();
    for (int i = 0; i < 5; ++i)
        QVERIFY(call({ { u"q"_s, u"coffee"_s }, { u"limit"_s, 1 + i } }).ok());
    QCOMPARE(m_appView->requestCount(), 1);
    QCOMPARE(m_mastodonA->requestCount(), 1);
    QCOMPARE(m_mastodonB->requestCount(), 1);
    m_clock->advanceSeconds(30);
    const Outcome cached = call({ { u"q"_s, u"  coffee "_s } }); // the same query once normalised
    QCOMPARE(cached.value().data[u"posts"_s][0][u"source"_s][u"age_seconds"_s].toInt(), 30);
    QCOMPARE(cached.value().data[u"freshness_seconds"_s].toInt(), 60);
    QCOMPARE(m_appView->requestCount(), 1);
    // A different query is its own entry; past the freshness the source is asked again.
    QVERIFY(call({ { u"q"_s, u"tea"_s } }).ok());
    QCOMPARE(m_appView->requestCount(), 2);
    m_clock->advanceSeconds(31);
    QVERIFY(call({ { u"q"_s, u"coffee"_s } }).ok());
    QCOMPARE(m_appView->requestCount(), 3);
    QCOMPARE(m_mastodonA->requestCount(), 3);
}

void TestMarketSocial::httpExposures()
{
    start();
    ServiceHost host(*m_context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    HttpTestClient client(host.port());
    // Input is refused before payment is asked for.
    auto r = client.get(u"/x402/social"_s);
    QVERIFY2(r.status == 400 || r.status == 422, r.body.constData());
    r = client.get(u"/x402/social?q=%20%21%20"_s);
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json()[u"error_code"_s].toString(), u"query_not_searchable"_s);
    r = client.get(u"/x402/social?q=coffee&limit=51"_s);
    QVERIFY2(r.status == 400 || r.status == 422, r.body.constData());
    r = client.get(u"/x402/social?q="_s + QString(201, u'a'));
    QVERIFY2(r.status == 400 || r.status == 422, r.body.constData());
    QCOMPARE(m_appView->requestCount(), 0);
    // A valid call gets the x402 challenge at SPEC.md's price; the MCP tool costs the same.
    r = client.get(u"/x402/social?q=coffee&limit=5"_s);
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(challenge[u"accepts"_s][0][u"amount"_s].toString(), u"2000"_s);
    const QJsonObject offer = client.mcpToolOffer(u"social_search"_s, { { u"q"_s, u"coffee"_s } });
    QCOMPARE(offer[u"amount"_s].toString(), u"2000"_s);
    QCOMPARE(m_appView->requestCount(), 0); // nothing is fetched before payment
}

QTEST_GUILESS_MAIN(TestMarketSocial)
#include "TestMarketSocial.moc"
