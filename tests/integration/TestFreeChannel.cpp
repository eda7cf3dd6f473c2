#include "HttpTestClient.h"
#include "catalog/Catalog.h"
#include "channels/free/FreeChannel.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "http/HttpExchange.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

// 23:00 UTC: the daily counters reset in one hour.
const QDateTime Start = QDateTime(QDate(2026, 3, 1), QTime(23, 0), QTimeZone::utc());

QJsonObject textSchema()
{
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"text"_s, QJsonObject { { u"type"_s, u"string"_s }, { u"maxLength"_s, 20 } } } } },
        { u"required"_s, QJsonArray { u"text"_s } },
        { u"additionalProperties"_s, false },
    };
}

OperationResult echo(const QJsonObject &arguments)
{
    const QString text = arguments.value(u"text"_s).toString();
    return OperationResult { QJsonObject { { u"echo"_s, text } }, text };
}

// Operations of this test only, so that the channel's rules are tested apart from any production operation
// (eu.vat.rules has its own test, integration.TestVatRulesOperation). One per behaviour the channel must
// handle: an immediate result, an input check (the other quota), a result that arrives later (requests
// overlap) and an unavailable source (503).
void registerTestOperations(Catalog &catalog, QObject *timerContext)
{
    const auto operation = [](const QString &id, Exposure exposure, Handler handler) {
        return Operation { .id = id,
            .title = id,
            .summary = id,
            .area = u"test"_s,
            .outputContract = id + u"/1"_s,
            .inputSchema = textSchema(),
            .outputSchema = QJsonObject { { u"type"_s, u"object"_s } },
            .exposures = { exposure },
            .handler = std::move(handler) };
    };
    catalog.add(operation(u"test.echo"_s,
        { .channel = Channel::Free, .route = u"/free/echo"_s, .price = Usdc::free() },
        [](const QJsonObject &args, const CallContext &, Completion done) { done(echo(args)); }));
    catalog.add(operation(u"test.echo.check"_s,
        { .channel = Channel::Free,
            .route = u"/free/echo/check"_s,
            .price = Usdc::free(),
            .method = u"POST"_s,
            .freeQuota = FreeQuota::InputChecks },
        [](const QJsonObject &args, const CallContext &, Completion done) { done(echo(args)); }));
    catalog.add(operation(u"test.slow"_s,
        { .channel = Channel::Free, .route = u"/free/slow"_s, .price = Usdc::free() },
        [timerContext](const QJsonObject &args, const CallContext &, Completion done) {
            QTimer::singleShot(50, timerContext, [args, done]() { done(echo(args)); });
        }));
    catalog.add(operation(u"test.down"_s,
        { .channel = Channel::Free, .route = u"/free/down"_s, .price = Usdc::free() },
        [](const QJsonObject &, const CallContext &, Completion done) {
            done(ServiceError::sourceUnavailable(u"fake"_s, u"The fake source is down."_s));
        }));
}

// A FreeChannel over the test catalog behind its own QHttpServer on loopback, dispatched the way HttpFront
// dispatches the production channels.
struct FreeServer
{
    QTemporaryDir dir;
    FixedClock *clock = nullptr; // owned by the context
    std::unique_ptr<ServiceContext> context;
    Catalog catalog;
    QObject timers;
    std::unique_ptr<FreeChannel> channel;
    QHttpServer server;
    quint16 port = 0;
    std::unique_ptr<HttpTestClient> client;
    QList<CallNotes> sent;

    bool start(const QHash<QString, QString> &settings)
    {
        auto ownClock = std::make_unique<FixedClock>(Start);
        clock = ownClock.get();
        context = ServiceContext::createForTests(dir.path(), settings, std::move(ownClock));
        registerTestOperations(catalog, &timers);
        channel = std::make_unique<FreeChannel>(*context, catalog);
        server.setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            const HttpRequestData data = HttpRequestData::copyOf(request);
            HttpReply reply(std::move(responder), data.isHead(),
                [this](int, const CallNotes &notes) { sent.append(notes); });
            if (!channel->allowedMethods(data.path).contains(QString::fromLatin1(data.method)))
                return reply.sendError(ServiceError(ServiceError::Kind::NotFound, u"not_found"_s, u"-"_s));
            channel->handle(data, reply);
        });
        port = server.listen(QHostAddress::LocalHost, 0);
        client = std::make_unique<HttpTestClient>(port);
        return port != 0;
    }

    HttpTestResponse echo(const QByteArray &forwardedFor, const QString &text = u"hello"_s)
    {
        return client->get(u"/free/echo?text="_s + text, { { "X-Forwarded-For", forwardedFor } });
    }

    HttpTestResponse check(const QByteArray &forwardedFor, const QByteArray &body = R"({"text":"hello"})")
    {
        return client->post(u"/free/echo/check"_s, body, { { "X-Forwarded-For", forwardedFor } });
    }

    qint64 countOf(const QString &table)
    {
        const QString name = u"count-"_s + table;
        qint64 rows = -1;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
            db.setDatabaseName(context->store().databasePath());
            if (db.open()) {
                QSqlQuery query(u"SELECT COUNT(*) FROM "_s + table, db);
                if (query.next())
                    rows = query.value(0).toLongLong();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return rows;
    }
};

void verifyRemaining(const HttpTestResponse &r, int limit, int remaining)
{
    QCOMPARE(r.header("X-Free-Quota-Limit"), QByteArray::number(limit));
    QCOMPARE(r.header("X-Free-Quota-Remaining"), QByteArray::number(remaining));
}

} // namespace

class TestFreeChannel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void dailyCallsThen429();
    void validationIsNotCounted_data();
    void validationIsNotCounted();
    void inputChecksHaveTheirOwnQuota();
    void defaultQuotas();
    void addressesAreIndependent();
    void forwardedForOnlyFromTrustedProxy();
    void concurrentRequestsNeverExceedTheLimit();
    void unavailableSourceKeepsTheSlot();
    void nothingIsCharged();

private:
    // Trusts 127.0.0.1 as its proxy, so each test counts under addresses of its own; 3 input checks a day.
    FreeServer m_proxied;
    // Default settings: nobody trusted, X-Forwarded-For ignored.
    FreeServer m_direct;
};

void TestFreeChannel::initTestCase()
{
    QVERIFY(m_proxied.start(
        { { u"http/trusted_proxies"_s, u"127.0.0.1"_s }, { u"free/daily_input_checks"_s, u"3"_s } }));
    QVERIFY(m_direct.start({}));
}

void TestFreeChannel::init()
{
    m_proxied.clock->setNow(Start);
    m_direct.clock->setNow(Start);
}

void TestFreeChannel::dailyCallsThen429()
{
    for (int i = 1; i <= 5; ++i) {
        const HttpTestResponse r = m_proxied.echo("198.51.100.1");
        QCOMPARE(r.status, 200);
        verifyRemaining(r, 5, 5 - i);
        QCOMPARE(r.json().value(u"echo"_s).toString(), u"hello"_s);
        // Delivered like the key channel: signed, verifiable, kept under its result hash.
        const QJsonObject receipt = r.json().value(u"receipt"_s).toObject();
        QCOMPARE(r.json().value(u"extensions"_s).toObject().value(u"delivery-receipt"_s).toObject(), receipt);
        QVERIFY(m_proxied.context->verifier().verify(r.json()).valid);
        const auto stored
            = m_proxied.context->store().receipts().receipt(receipt.value(u"result_hash"_s).toString());
        QVERIFY(stored.has_value());
        QCOMPARE(stored->channel, u"free"_s);
    }

    const HttpTestResponse r = m_proxied.echo("198.51.100.1");
    QCOMPARE(r.status, 429);
    QCOMPARE(r.header("Retry-After"), QByteArray("3600")); // 23:00 -> 00:00 UTC
    verifyRemaining(r, 5, 0);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"error_code"_s).toString(), u"free_quota_exhausted"_s);
    QCOMPARE(body.value(u"error"_s).toObject().value(u"code"_s).toString(), u"free_quota_exhausted"_s);
    QVERIFY(!body.value(u"message"_s).toString().isEmpty());
    QCOMPARE(body.value(u"charged"_s).toBool(true), false);
    QCOMPARE(body.value(u"settled"_s).toBool(true), false);
    QCOMPARE(body.value(u"retryable"_s).toBool(false), true);
    QCOMPARE(body.value(u"status_code"_s).toInt(), 429);
    QCOMPARE(body.value(u"quota"_s).toString(), u"daily_calls"_s);
    QCOMPARE(body.value(u"limit"_s).toInt(), 5);
    QCOMPARE(body.value(u"resets_at"_s).toString(), u"2026-03-02T00:00:00.000Z"_s);
    QVERIFY(!body.contains(u"receipt"_s));

    // Later the same day: still spent, and the wait is shorter.
    m_proxied.clock->advanceSeconds(1800);
    QCOMPARE(m_proxied.echo("198.51.100.1").header("Retry-After"), QByteArray("1800"));
    // A new UTC day: a fresh counter.
    m_proxied.clock->advanceSeconds(1800);
    const HttpTestResponse nextDay = m_proxied.echo("198.51.100.1");
    QCOMPARE(nextDay.status, 200);
    verifyRemaining(nextDay, 5, 4);
}

void TestFreeChannel::validationIsNotCounted_data()
{
    QTest::addColumn<QByteArray>("address");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");

    QTest::newRow("get-missing-argument")
        << QByteArray("198.51.100.21") << u"GET"_s << u"/free/echo"_s << QByteArray() << 422;
    QTest::newRow("get-too-long") << QByteArray("198.51.100.22") << u"GET"_s
                                  << u"/free/echo?text=abcdefghijklmnopqrstuvwxyz"_s << QByteArray() << 422;
    QTest::newRow("get-unknown-argument") << QByteArray("198.51.100.23") << u"GET"_s
                                          << u"/free/echo?text=a&colour=red"_s << QByteArray() << 422;
    QTest::newRow("post-not-json") << QByteArray("198.51.100.24") << u"POST"_s << u"/free/echo/check"_s
                                   << QByteArray("{not json") << 400;
    QTest::newRow("post-array") << QByteArray("198.51.100.25") << u"POST"_s << u"/free/echo/check"_s
                                << QByteArray("[1]") << 400;
    QTest::newRow("post-missing-argument")
        << QByteArray("198.51.100.26") << u"POST"_s << u"/free/echo/check"_s << QByteArray("{}") << 422;
}

void TestFreeChannel::validationIsNotCounted()
{
    QFETCH(QByteArray, address);
    QFETCH(QString, method);
    QFETCH(QString, target);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    const bool isCheck = method == u"POST"_s;
    const int limit = isCheck ? 3 : 5;
    const QList<QPair<QByteArray, QByteArray>> headers { { "X-Forwarded-For", address },
        { "Content-Type", "application/json" } };
    for (int i = 0; i < limit + 2; ++i) {
        const HttpTestResponse r = m_proxied.client->send(method.toLatin1(), target, body, headers);
        QCOMPARE(r.status, status);
        QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
        // Refused before the counter: every answer still shows the whole day's quota.
        verifyRemaining(r, limit, limit);
    }
    // ... and the quota is still all there.
    const HttpTestResponse ok = isCheck ? m_proxied.check(address) : m_proxied.echo(address);
    QCOMPARE(ok.status, 200);
    verifyRemaining(ok, limit, limit - 1);
}

void TestFreeChannel::inputChecksHaveTheirOwnQuota()
{
    // Free calls used up: input checks are untouched.
    for (int i = 0; i < 5; ++i)
        QCOMPARE(m_proxied.echo("198.51.100.3").status, 200);
    QCOMPARE(m_proxied.echo("198.51.100.3").status, 429);
    for (int i = 1; i <= 3; ++i) {
        const HttpTestResponse r = m_proxied.check("198.51.100.3");
        QCOMPARE(r.status, 200);
        verifyRemaining(r, 3, 3 - i);
    }
    const HttpTestResponse spent = m_proxied.check("198.51.100.3");
    QCOMPARE(spent.status, 429);
    QCOMPARE(spent.json().value(u"quota"_s).toString(), u"daily_input_checks"_s);
    QCOMPARE(spent.json().value(u"limit"_s).toInt(), 3);
    QCOMPARE(spent.header("Retry-After"), QByteArray("3600"));

    // The other way round: checks used up, free calls untouched.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_proxied.check("198.51.100.4").status, 200);
    QCOMPARE(m_proxied.check("198.51.100.4").status, 429);
    const HttpTestResponse call = m_proxied.echo("198.51.100.4");
    QCOMPARE(call.status, 200);
    verifyRemaining(call, 5, 4);
}

void TestFreeChannel::defaultQuotas()
{
    // free/daily_calls 5 (docs/interface.md §5) and free/daily_input_checks 50 when not configured.
    verifyRemaining(m_direct.client->get(u"/free/echo?text=x"_s), 5, 4);
    verifyRemaining(m_direct.client->post(u"/free/echo/check"_s, R"({"text":"x"})"), 50, 49);
}

void TestFreeChannel::addressesAreIndependent()
{
    for (int i = 0; i < 5; ++i)
        QCOMPARE(m_proxied.echo("198.51.100.5").status, 200);
    QCOMPARE(m_proxied.echo("198.51.100.5").status, 429);
    const HttpTestResponse other = m_proxied.echo("198.51.100.6");
    QCOMPARE(other.status, 200);
    verifyRemaining(other, 5, 4);
    // IPv6 clients count per /64: a fresh address in the same network is the same client.
    for (int i = 1; i <= 5; ++i)
        QCOMPARE(m_proxied.echo(QByteArray("2001:db8:7:7::") + QByteArray::number(i)).status, 200);
    QCOMPARE(m_proxied.echo("2001:db8:7:7::99").status, 429);
    QCOMPARE(m_proxied.echo("2001:db8:7:8::1").status, 200);
}

void TestFreeChannel::forwardedForOnlyFromTrustedProxy()
{
    // Without trusted proxies the header is ignored: every request counts under the peer 127.0.0.1,
    // whatever address it claims (a day after defaultQuotas spent one of its calls).
    m_direct.clock->advanceSeconds(86400);
    for (int i = 1; i <= 5; ++i) {
        const HttpTestResponse r = m_direct.echo("203.0.113." + QByteArray::number(i));
        QCOMPARE(r.status, 200);
        verifyRemaining(r, 5, 5 - i);
    }
    QCOMPARE(m_direct.echo("203.0.113.99").status, 429);

    // Behind the trusted proxy only its own entry counts: addresses the client put in front of it do not.
    for (int i = 1; i <= 5; ++i)
        QCOMPARE(m_proxied.echo("192.0.2." + QByteArray::number(i) + ", 198.51.100.7").status, 200);
    const HttpTestResponse spoofed = m_proxied.echo("192.0.2.200, 198.51.100.7");
    QCOMPARE(spoofed.status, 429);
    // Garbage where the proxy's entry should be: counted under the proxy itself, never as a new client.
    for (int i = 0; i < 5; ++i)
        QCOMPARE(m_proxied.echo("not-an-address").status, 200);
    QCOMPARE(m_proxied.echo("also garbage").status, 429);
    QCOMPARE(m_proxied.client->get(u"/free/echo?text=x"_s).status, 429); // no header: the peer
}

void TestFreeChannel::concurrentRequestsNeverExceedTheLimit()
{
    // Twenty overlapping requests of one address; each handler answers 50 ms later, so several are in
    // flight at once. The slot is taken before the handler runs: exactly five may run.
    QNetworkAccessManager manager;
    QList<QNetworkReply *> replies;
    for (int i = 0; i < 20; ++i) {
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/free/slow?text=n%2"_s.arg(m_proxied.port).arg(i)));
        request.setRawHeader("X-Forwarded-For", "198.51.100.8");
        replies.append(manager.get(request));
    }
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(replies.cbegin(), replies.cend(), [](QNetworkReply *r) { return r->isFinished(); }),
        15000);
    int delivered = 0;
    int refused = 0;
    for (QNetworkReply *reply : std::as_const(replies)) {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        delivered += status == 200;
        refused += status == 429;
        reply->deleteLater();
    }
    QCOMPARE(delivered, 5);
    QCOMPARE(refused, 15);
}

void TestFreeChannel::unavailableSourceKeepsTheSlot()
{
    // Documented choice (FreeChannel.cpp): an accepted request spends its slot even when a source is down.
    const HttpTestResponse r
        = m_proxied.client->get(u"/free/down?text=x"_s, { { "X-Forwarded-For", "198.51.100.9" } });
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"fake"_s });
    verifyRemaining(r, 5, 4);
    verifyRemaining(m_proxied.echo("198.51.100.9"), 5, 3);
}

void TestFreeChannel::nothingIsCharged()
{
    // Never a payment: no settlement ledger row, no price in any call record.
    QCOMPARE(m_proxied.countOf(u"payments"_s), 0);
    QCOMPARE(m_direct.countOf(u"payments"_s), 0);
    QVERIFY(m_proxied.context->store().flush());
    QVERIFY(m_proxied.countOf(u"receipts"_s) > 0);
    QVERIFY(!m_proxied.sent.isEmpty());
    for (const FreeServer *server : { &m_proxied, &m_direct }) {
        for (const CallNotes &notes : server->sent) {
            QCOMPARE(notes.channel, u"free"_s);
            QCOMPARE(notes.priceUnits, qint64(0));
            QVERIFY(notes.principal.isEmpty());
        }
    }
}

QTEST_GUILESS_MAIN(TestFreeChannel)

#include "TestFreeChannel.moc"
