#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "host/CallCapture.h"
#include "store/CallLog.h"
#include "store/CallStatistics.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

// A fixed "now" on a minute boundary, so every bucket of the tests is known by hand.
const QDateTime Now = QDateTime(QDate(2026, 3, 10), QTime(12, 0), Qt::UTC);

CallRecord call(qint64 secondsAgo, const QString &channel, int status, qint64 latencyMs, qint64 units = 0,
    const QString &network = {}, const QString &operation = u"eu.iban.check"_s)
{
    CallRecord record;
    record.at = Now.addSecs(-secondsAgo);
    record.channel = channel;
    record.method = u"GET"_s;
    record.target = u"/x"_s;
    record.operationId = operation;
    record.status = status;
    record.latencyMs = latencyMs;
    record.priceUnits = units;
    record.network = network;
    record.principal = units > 0 ? u"0xAbCdEf0000000000000000000000000000000001"_s : u"ades_Key123"_s;
    return record;
}

} // namespace

// The dashboard's read model (store/CallStatistics) over known call log rows, the call log's filters and
// detail columns, and what CallCapture keeps of a call (masking, bounds, sources).
class TestCallStatistics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void bucketsPerChannel();
    void revenueIsExactPerNetworkAndOperation();
    void errorsAndPercentiles();
    void windowExcludesOlderAndLaterCalls();
    void emptyWindow();
    void filtersMatchInSql();
    void detailRoundTrip();

    void headersAreMasked();
    void queryAndJsonSecretsAreMasked();
    void bodiesAreBounded();
    void sourcesFromEvidence();

private:
    StoreFixture m_fixture;
};

void TestCallStatistics::init()
{
    QVERIFY(m_fixture.reset());
}

void TestCallStatistics::cleanup()
{
    m_fixture.clear();
}

void TestCallStatistics::bucketsPerChannel()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    // Two x402 calls in the minute 11:58, one key call in 11:58, one key call in 11:30.
    store->calls().logCall(call(90, u"x402"_s, 200, 10));
    store->calls().logCall(call(100, u"x402"_s, 200, 10));
    store->calls().logCall(call(110, u"key"_s, 200, 10));
    store->calls().logCall(call(1800, u"key"_s, 200, 10));
    const CallStatisticsReport report = store->callStatistics().report(CallStatistics::Window::LastHour, Now);
    QCOMPARE(report.bucketMinutes, 1);
    QCOMPARE(report.calls, 4);
    QCOMPARE(report.buckets.size(), 3);
    QCOMPARE(report.buckets.at(0).start, QDateTime(QDate(2026, 3, 10), QTime(11, 30), Qt::UTC));
    QCOMPARE(report.buckets.at(0).channel, u"key"_s);
    QCOMPARE(report.buckets.at(0).calls, 1);
    QCOMPARE(report.buckets.at(1).start, QDateTime(QDate(2026, 3, 10), QTime(11, 58), Qt::UTC));
    QCOMPARE(report.buckets.at(1).channel, u"key"_s);
    QCOMPARE(report.buckets.at(2).channel, u"x402"_s);
    QCOMPARE(report.buckets.at(2).calls, 2);

    // The day: ten-minute buckets, so 11:58 falls into 11:50.
    const CallStatisticsReport day = store->callStatistics().report(CallStatistics::Window::LastDay, Now);
    QCOMPARE(day.bucketMinutes, 10);
    QCOMPARE(day.buckets.at(1).start, QDateTime(QDate(2026, 3, 10), QTime(11, 50), Qt::UTC));
    // 30 days: hours.
    const CallStatisticsReport month
        = store->callStatistics().report(CallStatistics::Window::Last30Days, Now);
    QCOMPARE(month.bucketMinutes, 60);
    QCOMPARE(month.buckets.size(), 2); // key and x402 in the hour 11:00
    QCOMPARE(month.buckets.at(0).start, QDateTime(QDate(2026, 3, 10), QTime(11, 0), Qt::UTC));
    QCOMPARE(month.buckets.at(0).calls, 2);
}

void TestCallStatistics::revenueIsExactPerNetworkAndOperation()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    // Amounts whose sum a double would not keep exactly at this size.
    store->calls().logCall(call(10, u"x402"_s, 200, 5, 9007199254740993LL, u"eip155:8453"_s));
    store->calls().logCall(call(20, u"x402"_s, 200, 5, 1, u"eip155:8453"_s, u"eu.vat.check"_s));
    store->calls().logCall(call(30, u"x402"_s, 200, 5, 2000, u"eip155:137"_s, u"eu.vat.check"_s));
    store->calls().logCall(call(40, u"key"_s, 200, 5));
    const CallStatisticsReport report = store->callStatistics().report(CallStatistics::Window::LastHour, Now);
    QCOMPARE(report.revenueByNetwork.size(), 2);
    QCOMPARE(report.revenueByNetwork.at(0).key, u"eip155:137"_s);
    QCOMPARE(report.revenueByNetwork.at(0).units, 2000);
    QCOMPARE(report.revenueByNetwork.at(1).key, u"eip155:8453"_s);
    QCOMPARE(report.revenueByNetwork.at(1).units, 9007199254740994LL);
    QCOMPARE(report.revenueByNetwork.at(1).calls, 2);
    QCOMPARE(report.revenueUnits, 9007199254742994LL);
    QCOMPARE(report.revenueByOperation.size(), 2);
    QCOMPARE(report.revenueByOperation.at(0).key, u"eu.iban.check"_s);
    QCOMPARE(report.revenueByOperation.at(0).units, 9007199254740993LL);
    QCOMPARE(report.revenueByOperation.at(1).key, u"eu.vat.check"_s);
    QCOMPARE(report.revenueByOperation.at(1).units, 2001);
}

void TestCallStatistics::errorsAndPercentiles()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    // Latencies 1..100 ms: nearest rank p50 = 50, p99 = 99.
    for (int i = 1; i <= 100; ++i) {
        const int status = i % 10 == 0 ? 503 : i % 7 == 0 ? 402 : 200;
        store->calls().logCall(call(i, u"free"_s, status, 101 - i));
    }
    const CallStatisticsReport report = store->callStatistics().report(CallStatistics::Window::LastHour, Now);
    QCOMPARE(report.calls, 100);
    QCOMPARE(report.p50Ms, 50);
    QCOMPARE(report.p99Ms, 99);
    QCOMPARE(report.errorsByStatus.size(), 2);
    QCOMPARE(report.errorsByStatus.at(0).status, 402);
    QCOMPARE(report.errorsByStatus.at(0).calls, 13); // multiples of 7 that are not multiples of 10: 14 - 1
    QCOMPARE(report.errorsByStatus.at(1).status, 503);
    QCOMPARE(report.errorsByStatus.at(1).calls, 10);
    QCOMPARE(report.errors, 23);

    // One call: both percentiles are its latency.
    const CallStatisticsReport one = store->callStatistics().report(Now, Now.addSecs(10), 1);
    QCOMPARE(one.calls, 0);
    store->calls().logCall(call(-5, u"free"_s, 200, 42));
    const CallStatisticsReport single = store->callStatistics().report(Now, Now.addSecs(10), 1);
    QCOMPARE(single.calls, 1);
    QCOMPARE(single.p50Ms, 42);
    QCOMPARE(single.p99Ms, 42);
}

void TestCallStatistics::windowExcludesOlderAndLaterCalls()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    store->calls().logCall(call(3601, u"x402"_s, 500, 10, 7, u"eip155:8453"_s)); // just outside the hour
    store->calls().logCall(call(3600, u"x402"_s, 200, 10)); // the window's first instant
    store->calls().logCall(call(-1, u"x402"_s, 200, 10)); // after now
    const CallStatisticsReport report = store->callStatistics().report(CallStatistics::Window::LastHour, Now);
    QCOMPARE(report.calls, 1);
    QCOMPARE(report.errors, 0);
    QCOMPARE(report.revenueUnits, 0);
    const CallStatisticsReport day = store->callStatistics().report(CallStatistics::Window::LastDay, Now);
    QCOMPARE(day.calls, 2);
    QCOMPARE(day.revenueUnits, 7);
}

void TestCallStatistics::emptyWindow()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const CallStatisticsReport report = store->callStatistics().report(CallStatistics::Window::LastHour, Now);
    QCOMPARE(report.calls, 0);
    QVERIFY(report.buckets.isEmpty());
    QCOMPARE(report.p50Ms, -1);
    QCOMPARE(report.p99Ms, -1);
    QCOMPARE(report.from, Now.addSecs(-3600));
}

void TestCallStatistics::filtersMatchInSql()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QList<CallRecord> logged { call(10, u"x402"_s, 200, 1, 1000, u"eip155:8453"_s),
        call(20, u"key"_s, 404, 1), call(30, u"key"_s, 200, 1, 0, {}, u"eu.vat.check"_s),
        call(4000, u"free"_s, 503, 1) };
    logged.last().principal = u"100%_sure"_s;
    for (CallRecord &record : logged)
        record.id = store->calls().logCall(record);
    // The console applies CallFilter::matches to calls the store may not have yet: it must pick exactly the
    // rows the SQL picks.
    const auto sameAsInMemory = [&](const CallFilter &f) {
        QSet<qint64> expected;
        for (const CallRecord &record : logged)
            if (f.matches(record))
                expected.insert(record.id);
        QSet<qint64> found;
        for (const CallRecord &record : store->calls().findCalls(f))
            found.insert(record.id);
        return found == expected;
    };

    CallFilter filter;
    QCOMPARE(store->calls().findCalls(filter).size(), 4);
    QVERIFY(sameAsInMemory(filter));
    filter.channel = u"key"_s;
    QCOMPARE(store->calls().findCalls(filter).size(), 2);
    QVERIFY(sameAsInMemory(filter));
    filter.status = 4;
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    QCOMPARE(store->calls().findCalls(filter).first().status, 404);
    filter = {};
    filter.operationId = u"eu.vat.check"_s;
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    filter = {};
    filter.principal = u"abcdef"_s; // case-insensitive part of the payer
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    QCOMPARE(store->calls().findCalls(filter).first().channel, u"x402"_s);
    filter.principal = u"%"_s; // LIKE's wildcard matches only itself
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    filter.principal = u"0%_"_s;
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    filter.principal = u"_x"_s;
    QCOMPARE(store->calls().findCalls(filter).size(), 0);
    QVERIFY(sameAsInMemory(filter));
    filter = {};
    filter.from = Now.addSecs(-3600);
    QCOMPARE(store->calls().findCalls(filter).size(), 3);
    QVERIFY(sameAsInMemory(filter));
    filter.to = Now.addSecs(-15);
    QCOMPARE(store->calls().findCalls(filter).size(), 2);
    QVERIFY(sameAsInMemory(filter));
    // The bounds themselves: `from` inclusive, `to` exclusive, on a call logged exactly there.
    filter = {};
    filter.from = Now.addSecs(-20);
    QCOMPARE(store->calls().findCalls(filter).size(), 2);
    QVERIFY(sameAsInMemory(filter));
    filter = {};
    filter.to = Now.addSecs(-20);
    QCOMPARE(store->calls().findCalls(filter).size(), 2);
    QVERIFY(sameAsInMemory(filter));
    filter = {};
    filter.status = 503;
    QCOMPARE(store->calls().findCalls(filter).size(), 1);
    QVERIFY(sameAsInMemory(filter));
    filter = {};
    filter.limit = 2;
    const QList<CallRecord> newest = store->calls().findCalls(filter);
    QCOMPARE(newest.size(), 2);
    QCOMPARE(newest.at(0).at, Now.addSecs(-10));
    QVERIFY(newest.at(0).id != 0);
    // The summary carries no detail.
    QVERIFY(newest.at(0).responseBody.isEmpty());
}

void TestCallStatistics::detailRoundTrip()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    CallRecord record = call(10, u"x402"_s, 200, 3, 2000, u"eip155:8453"_s);
    record.query = u"format=json"_s;
    record.requestHeaders = u"Accept: */*\n"_s;
    record.requestBody = u"{}"_s;
    record.responseBody = u"{\"ok\":true}"_s;
    record.requestBytes = 2;
    record.responseBytes = 11;
    record.sources = u"vies,gleif"_s;
    record.transaction = u"0x"_s + QString(64, u'a');
    const qint64 id = store->calls().logCall(record);
    QVERIFY(id != 0);
    const std::optional<CallRecord> read = store->calls().callDetail(id);
    QVERIFY(read);
    QCOMPARE(read->id, id);
    QCOMPARE(read->requestHeaders, record.requestHeaders);
    // The query and the bodies never reach the store (host/RecentCallBodies.h keeps the last ones in memory).
    QVERIFY(read->query.isEmpty());
    QVERIFY(read->requestBody.isEmpty());
    QVERIFY(read->responseBody.isEmpty());
    QVERIFY(!read->bodiesKept);
    QCOMPARE(read->requestBytes, 2);
    QCOMPARE(read->responseBytes, 11);
    QCOMPARE(read->sources, record.sources);
    QCOMPARE(read->transaction, record.transaction);
    QCOMPARE(read->priceUnits, 2000);
    QVERIFY(!store->calls().callDetail(id + 1));
}

void TestCallStatistics::headersAreMasked()
{
    const HeaderList headers { { "Authorization", "Bearer ades_SuperSecretKey123" },
        { "X-API-Key", "ades_AnotherSecret" }, { "PAYMENT-SIGNATURE", "eyJwYXlsb2FkIjoic2VjcmV0In0=" },
        { "X-PAYMENT", "eyJzZWNyZXQiOjF9" }, { "Cookie", "session=abc" }, { "Accept", "application/json" } };
    const QString text = CallCapture::maskedHeaders(headers);
    QVERIFY(!text.contains(u"SuperSecretKey"_s));
    QVERIFY(!text.contains(u"AnotherSecret"_s));
    QVERIFY(!text.contains(u"eyJwYXlsb2Fk"_s));
    QVERIFY(!text.contains(u"eyJzZWNyZXQi"_s));
    QVERIFY(!text.contains(u"session=abc"_s));
    QVERIFY(text.contains(u"Authorization: Bearer \u2022"_s)); // the scheme stays
    QVERIFY(text.contains(u"Accept: application/json"_s));
    QVERIFY(text.contains(u"masked, 28 bytes"_s)); // the Authorization value's length
}

void TestCallStatistics::queryAndJsonSecretsAreMasked()
{
    QUrlQuery query;
    query.addQueryItem(u"api_key"_s, u"ades_QuerySecret"_s);
    query.addQueryItem(u"iban"_s, u"DE89370400440532013000"_s);
    const QString masked = CallCapture::maskedQuery(query);
    QVERIFY(!masked.contains(u"QuerySecret"_s));
    QVERIFY(masked.contains(u"iban=DE89370400440532013000"_s));

    const QByteArray body = R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"validate_iban",
        "arguments":{"iban":"DE89370400440532013000"},"_meta":{"x402/payment":{"payload":{"signature":"0xdead"}}}},
        "token":"t0ps3cret","nested":[{"password":"hunter2"}]})";
    const QString text = CallCapture::requestBodyText(body, "application/json");
    QVERIFY(!text.contains(u"0xdead"_s));
    QVERIFY(!text.contains(u"t0ps3cret"_s));
    QVERIFY(!text.contains(u"hunter2"_s));
    QVERIFY(text.contains(u"DE89370400440532013000"_s));
    QVERIFY(text.contains(u"validate_iban"_s));
    // A form body is masked like a query.
    const QString form
        = CallCapture::requestBodyText("secret=abc&name=x", "application/x-www-form-urlencoded");
    QVERIFY(!form.contains(u"abc"_s));
    QVERIFY(form.contains(u"name=x"_s));
}

void TestCallStatistics::bodiesAreBounded()
{
    // A JSON body too large to mask whole is not kept at all.
    const QByteArray big
        = "{\"token\":\"secret\",\"pad\":\"" + QByteArray(CallCapture::MaxStoredBody, 'x') + "\"}";
    const QString request = CallCapture::requestBodyText(big, "application/json");
    QVERIFY(!request.contains(u"secret\""_s));
    QVERIFY(request.contains(u"not kept"_s));
    // Binary uploads are a note.
    QVERIFY(
        CallCapture::requestBodyText(QByteArray(100, '\0'), "application/pdf").startsWith(u"[100 bytes"_s));
    // An answer is cut at the bound, on a whole UTF-8 character.
    const QByteArray answer = QByteArray(CallCapture::MaxStoredBody - 1, 'a') + "\xc3\xa4" + "tail";
    const QString kept = CallCapture::responseBodyText(answer, "application/json");
    QCOMPARE(kept.size(), CallCapture::MaxStoredBody - 1);
    QVERIFY(!kept.contains(QChar::ReplacementCharacter));
}

void TestCallStatistics::sourcesFromEvidence()
{
    const QJsonObject answer {
        { u"valid"_s, true },
        { u"source_snapshots"_s,
            QJsonArray {
                QJsonObject { { u"source"_s, u"vies"_s }, { u"fetched_at"_s, u"2026-01-01T00:00:00Z"_s } },
                QJsonObject {
                    { u"source"_s, u"gleif"_s }, { u"fetched_at"_s, u"2026-01-01T00:00:01Z"_s } } } },
        { u"evidence"_s,
            QJsonObject { { u"upstream"_s,
                QJsonObject {
                    { u"source"_s, u"vies"_s }, { u"fetched_at"_s, u"2026-01-01T00:00:02Z"_s } } } } },
        // A "source" without fetch evidence is a field of the result, not an upstream.
        { u"rates"_s, QJsonObject { { u"source"_s, u"built-in table"_s } } },
    };
    const QByteArray json = QJsonDocument(answer).toJson(QJsonDocument::Compact);
    QCOMPARE(CallCapture::sourcesOf(json, "application/json"), u"vies,gleif"_s);
    QCOMPARE(CallCapture::sourcesOf(R"({"valid":true})", "application/json"), QString());
    QCOMPARE(CallCapture::sourcesOf(json, "application/pdf"), QString());
}

QTEST_GUILESS_MAIN(TestCallStatistics)

#include "TestCallStatistics.moc"
