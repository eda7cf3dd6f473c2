#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/Jobs.h"
#include "store/ProbeCounters.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"
#include "store/StoreSettings.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

CallRecord callAt(const QDateTime &at)
{
    CallRecord record;
    record.at = at;
    record.channel = u"key"_s;
    record.method = u"GET"_s;
    record.target = u"/v1/iban"_s;
    record.operationId = u"eu.iban.check"_s;
    record.status = 200;
    record.principal = u"ades_AbCdEfG"_s;
    return record;
}

StoredReceipt receiptIssuedAt(int serial, const QDateTime &at)
{
    StoredReceipt receipt = sampleReceipt(resultHashOf(serial));
    receipt.issuedAt = at;
    receipt.validUntil = at.addDays(365);
    return receipt;
}

ProbeKey healthCheckOn(const QDate &day)
{
    return { day.toString(Qt::ISODate), u"key"_s, u"GET"_s, u"/v1/health"_s, QString(), 200 };
}

JobRecord jobExpiringAt(const QString &id, const QDateTime &expiresAt)
{
    JobRecord record;
    record.id = id;
    record.kind = u"us.import"_s;
    record.secretHash = Jobs::hashSecret(u"secret"_s);
    record.createdAt = expiresAt.addDays(-1);
    record.expiresAt = expiresAt;
    return record;
}

// No purge of its own while the test runs (the default first run is a minute after start anyway).
StoreOptions manualOnly(int callLogDays = 30, int receiptDays = 3650, int chunkRows = 500)
{
    StoreOptions options;
    options.callLogDays = callLogDays;
    options.receiptDays = receiptDays;
    options.purgeChunkRows = chunkRows;
    options.purgeFirstDelayMs = 24 * 3600 * 1000;
    return options;
}

} // namespace

// Retention: what grows with traffic is purged after its days, in bounded chunks, on a schedule; what must
// keep adding up (usage, quotas) and the ledger are never purged.
class TestRetention : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void settingsDefaultsAndBounds();
    void purgesByAge();
    void zeroDaysKeepsEverything();
    void chunksAreBounded();
    void runsOnTheWriterThread();
    void probeCountersAddUp();

private:
    test::StoreFixture m_fixture;
};

void TestRetention::init()
{
    QVERIFY(m_fixture.reset());
}

void TestRetention::cleanup()
{
    m_fixture.clear();
}

void TestRetention::settingsDefaultsAndBounds()
{
    const StoreOptions defaults
        = StoreSettings::options(Settings::fromValues(m_fixture.filePath(u"d"_s), {}));
    QCOMPARE(defaults.callLogDays, 30);
    QCOMPARE(defaults.receiptDays, 3650);
    // Receipts are evidence: never kept shorter than the call log by default.
    QVERIFY(defaults.receiptDays > defaults.callLogDays);
    const StoreOptions set = StoreSettings::options(Settings::fromValues(m_fixture.filePath(u"d"_s),
        { { u"store/call_log_days"_s, u"7"_s }, { u"store/receipt_days"_s, u"0"_s } }));
    QCOMPARE(set.callLogDays, 7);
    QCOMPARE(set.receiptDays, 0);
    QVERIFY(!StoreSettings::CallLogDays.spec.problem(u"-1"_s).isEmpty());
    QVERIFY(!StoreSettings::ReceiptDays.spec.problem(u"forever"_s).isEmpty());
}

void TestRetention::purgesByAge()
{
    const std::unique_ptr<Store> store = m_fixture.openStore(u"ades.sqlite"_s, manualOnly());
    QVERIFY(store);
    for (int daysAgo : { 40, 31, 29, 0 })
        store->calls().logCall(callAt(T0.addDays(-daysAgo)));
    for (int daysAgo : { 3651, 3649, 0 })
        QVERIFY(store->receipts().storeReceipt(receiptIssuedAt(daysAgo, T0.addDays(-daysAgo))));
    for (int daysAgo : { 40, 29 })
        store->probes().count(healthCheckOn(T0.date().addDays(-daysAgo)));
    for (int daysAgo : { 2, 1, 0 })
        QVERIFY(store->quotas().consumeFreeCall(u"free:calls:192.0.2.1"_s, 5, T0.addDays(-daysAgo)).ok());
    QVERIFY(store->jobs().create(jobExpiringAt(u"expired"_s, T0.addSecs(-1))).ok());
    QVERIFY(store->jobs().create(jobExpiringAt(u"pending"_s, T0.addDays(1))).ok());
    // A year-old call of a key: its usage must keep adding up to calls_used, so it stays.
    const Result<NewApiKey> key = store->keys().create(u"old"_s, u"free"_s, 100);
    QVERIFY(key.ok());
    QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0.addDays(-400)).ok());

    const RetentionPurge::Removed removed = store->purgeExpired();
    QCOMPARE(removed.calls, 2);
    QCOMPARE(removed.receipts, 1);
    QCOMPARE(removed.probeCounters, 1);
    QCOMPARE(removed.freeCounters, 1);
    QCOMPARE(removed.jobs, 1);

    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT MIN(at) FROM call_log"_s).toString(), isoUtc(T0.addDays(-29)));
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 2);
    QVERIFY(!store->receipts().receipt(resultHashOf(3651)));
    QVERIFY(store->receipts().receipt(resultHashOf(3649)));
    QVERIFY(store->probes().countsOn(T0.date().addDays(-40)).isEmpty());
    QCOMPARE(store->probes().countsOn(T0.date().addDays(-29)).size(), 1);
    QCOMPARE(raw.scalar(u"SELECT MIN(day) FROM free_quota"_s).toString(),
        T0.date().addDays(-1).toString(Qt::ISODate));
    QVERIFY(!store->jobs().find(u"expired"_s));
    QVERIFY(store->jobs().find(u"pending"_s));
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 1);
    QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), 1);

    QCOMPARE(store->purgeExpired().total(), 0); // nothing left to do
}

void TestRetention::zeroDaysKeepsEverything()
{
    const std::unique_ptr<Store> store = m_fixture.openStore(u"ades.sqlite"_s, manualOnly(0, 0));
    QVERIFY(store);
    store->calls().logCall(callAt(T0.addDays(-4000)));
    QVERIFY(store->receipts().storeReceipt(receiptIssuedAt(1, T0.addDays(-40000))));
    store->probes().count(healthCheckOn(T0.date().addDays(-4000)));
    const RetentionPurge::Removed removed = store->purgeExpired();
    QCOMPARE(removed.calls + removed.receipts + removed.probeCounters, 0);
    QCOMPARE(store->calls().recentCalls(10).size(), 1);
}

void TestRetention::chunksAreBounded()
{
    const std::unique_ptr<Store> store = m_fixture.openStore(u"ades.sqlite"_s, manualOnly(30, 3650, 3));
    QVERIFY(store);
    for (int i = 0; i < 10; ++i) {
        store->calls().logCall(callAt(T0.addDays(-40).addSecs(i)));
        QVERIFY(store->receipts().storeReceipt(receiptIssuedAt(i, T0.addDays(-4000).addSecs(i))));
    }
    // One DELETE never takes more than its chunk, oldest first...
    QCOMPARE(store->calls().purgeCallsBefore(T0.addDays(-30), 3), 3);
    QCOMPARE(store->receipts().purgeIssuedBefore(T0.addDays(-3650), 3), 3);
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 7);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 7);
    // ...and a whole purge is as many steps as it takes.
    const RetentionPurge::Removed removed = store->purgeExpired();
    QCOMPARE(removed.calls, 7);
    QCOMPARE(removed.receipts, 7);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
}

void TestRetention::runsOnTheWriterThread()
{
    StoreOptions options = manualOnly(30, 3650, 2);
    options.purgeFirstDelayMs = 0;
    options.purgeIntervalMs = 50;
    const std::unique_ptr<Store> store = m_fixture.openStore(u"ades.sqlite"_s, options);
    QVERIFY(store);
    for (int i = 0; i < 9; ++i)
        store->calls().logCall(callAt(T0.addDays(-31).addSecs(i)));
    store->calls().logCall(callAt(T0));
    // Nobody calls purgeExpired(): the writer thread purges by itself, two rows a step.
    QTRY_COMPARE_WITH_TIMEOUT(store->calls().recentCalls(100).size(), 1, 10000);
    QCOMPARE(store->calls().recentCalls(1).constFirst().at, T0);
}

void TestRetention::probeCountersAddUp()
{
    const std::unique_ptr<Store> store = m_fixture.openStore(u"ades.sqlite"_s, manualOnly());
    QVERIFY(store);
    for (int i = 0; i < 1000; ++i)
        store->probes().count(healthCheckOn(T0.date()));
    store->probes().count({ QString(), u"http"_s, u"GET"_s, u"*"_s, QString(), 404 }); // today (the clock's)
    QVERIFY(store->flush());
    for (int i = 0; i < 5; ++i)
        store->probes().count(healthCheckOn(T0.date()));

    const QList<ProbeCounters::Count> counts = store->probes().countsOn(T0.date());
    QCOMPARE(counts.size(), 2);
    QCOMPARE(counts.at(0).key.route, u"*"_s);
    QCOMPARE(counts.at(0).key.status, 404);
    QCOMPARE(counts.at(0).calls, 1);
    QCOMPARE(counts.at(1).key, healthCheckOn(T0.date()));
    QCOMPARE(counts.at(1).calls, 1005);
    // 1,006 requests, two rows.
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM probe_counts"_s).toInt(), 2);
}

QTEST_GUILESS_MAIN(TestRetention)
#include "TestRetention.moc"
