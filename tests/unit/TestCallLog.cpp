#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/CallIds.h"
#include "store/CallLog.h"
#include "store/Migrations.h"
#include "store/Store.h"
#include "store/WriteBehindQueue.h"

#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

} // namespace

// The call log: order, batching behind the request path, flush by timer and on close, settlement fields.
class TestCallLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void newestFirst();
    void writtenInBatches();
    void timerAndDestructorFlush();
    void keepsSettlement_data();
    void keepsSettlement();
    void idsFollowTime();
    void anIdTakenElsewhereIsReplaced();

private:
    test::StoreFixture m_fixture;
};

void TestCallLog::init()
{
    QVERIFY(m_fixture.reset());
}

void TestCallLog::cleanup()
{
    m_fixture.clear();
}

void TestCallLog::newestFirst()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    // Logged out of order: the order comes from `at`, not from insertion.
    for (int minute : { 3, 1, 4, 0, 2 }) {
        CallRecord record;
        record.at = T0.addSecs(60 * minute);
        record.channel = minute % 2 ? u"x402"_s : u"key"_s;
        record.method = u"GET"_s;
        record.target = u"/x402/iban/DE89370400440532013000"_s;
        record.operationId = u"eu.iban.check"_s;
        record.status = 200 + minute;
        record.priceUnits = 2000 * minute;
        record.latencyMs = 10 + minute;
        record.principal = u"ades_AbCdEfG"_s;
        record.requestId = u"req-%1"_s.arg(minute);
        store->calls().logCall(record);
    }
    // A call that matched no operation and has no principal: the empty fields must still be stored.
    CallRecord sparse;
    sparse.at = T0.addSecs(-60);
    sparse.channel = u"free"_s;
    sparse.status = 404;
    store->calls().logCall(sparse);

    const QList<CallRecord> recent = store->calls().recentCalls(3);
    QCOMPARE(recent.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const int minute = 4 - i;
        QCOMPARE(recent[i].at, T0.addSecs(60 * minute));
        QCOMPARE(recent[i].requestId, u"req-%1"_s.arg(minute));
        QCOMPARE(recent[i].status, 200 + minute);
        QCOMPARE(recent[i].priceUnits, 2000 * minute);
        QCOMPARE(recent[i].latencyMs, 10 + minute);
        QCOMPARE(recent[i].channel, minute % 2 ? u"x402"_s : u"key"_s);
        QCOMPARE(recent[i].target, u"/x402/iban/DE89370400440532013000"_s);
        QCOMPARE(recent[i].operationId, u"eu.iban.check"_s);
        QCOMPARE(recent[i].principal, u"ades_AbCdEfG"_s);
    }
    const QList<CallRecord> all = store->calls().recentCalls(100);
    QCOMPARE(all.size(), 6);
    QCOMPARE(all.constLast().status, 404);
    QCOMPARE(all.constLast().channel, u"free"_s);
    QVERIFY(all.constLast().principal.isEmpty());
    QVERIFY(store->calls().recentCalls(0).isEmpty());

    QCOMPARE(store->calls().purgeCallsBefore(T0.addSecs(120)), 3);
    QCOMPARE(store->calls().recentCalls(100).constLast().at, T0.addSecs(120));
}

void TestCallLog::writtenInBatches()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.location());
    CallRecord record;
    record.at = T0;
    record.channel = u"key"_s;
    record.status = 200;
    // Logging only queues: the caller never writes (the writer thread waits for the batch to be due).
    store->calls().logCall(record);
    QCOMPARE(store->calls().queuedCallCount(), 1);
    QCOMPARE(store->pendingWrites(), 1); // the queue's depth, as /metrics shows it
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);

    // Threads without an event loop log too; the writer thread writes their records without any flush().
    std::thread native([&] {
        for (int i = 1; i < WriteBehindQueue::MaxRows; ++i)
            store->calls().logCall(record);
    });
    native.join();
    QTRY_COMPARE_WITH_TIMEOUT(
        raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), WriteBehindQueue::MaxRows, 5000);
    QCOMPARE(store->calls().queuedCallCount(), 0);
    QCOMPARE(store->pendingWrites(), 0);

    // A full batch and a later straggler both reach the table.
    for (int i = 0; i <= WriteBehindQueue::MaxRows; ++i)
        store->calls().logCall(record);
    QTRY_COMPARE_WITH_TIMEOUT(
        raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 2 * WriteBehindQueue::MaxRows + 1, 5000);
    QCOMPARE(store->calls().queuedCallCount(), 0);
}

void TestCallLog::timerAndDestructorFlush()
{
    std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.location());
    CallRecord record;
    record.at = T0;
    record.channel = u"mcp"_s;
    record.target = u"validate_iban"_s;
    record.status = 200;
    store->calls().logCall(record);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    // Nobody flushes: the writer thread writes the record once it is due.
    QTRY_COMPARE_WITH_TIMEOUT(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 1, 5000);
    QCOMPARE(store->calls().queuedCallCount(), 0);

    store->calls().logCall(record);
    store->calls().logCall(record);
    QCOMPARE(store->calls().queuedCallCount(), 2);
    store.reset();
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 3);
}

void TestCallLog::keepsSettlement_data()
{
    QTest::addColumn<qint64>("priceUnits");
    QTest::addColumn<QString>("network");
    QTest::addColumn<QString>("transaction");
    QTest::newRow("settled-base") << qint64(2'000) << u"eip155:8453"_s
                                  << u"0x4f1c2d8e9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d"_s;
    QTest::newRow("settled-solana") << qint64(4'000) << u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s
                                    << u"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb"_s;
    QTest::newRow("free") << qint64(0) << QString() << QString();
}

void TestCallLog::keepsSettlement()
{
    QFETCH(qint64, priceUnits);
    QFETCH(QString, network);
    QFETCH(QString, transaction);
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    CallRecord record;
    record.channel = u"x402"_s;
    record.method = u"GET"_s;
    record.target = u"/x402/iban/DE89370400440532013000"_s;
    record.status = 200;
    record.priceUnits = priceUnits;
    record.principal = u"0x857b06519E91e3A54538791bDbb0E22373e36b66"_s;
    record.network = network;
    record.transaction = transaction;
    store->calls().logCall(record);

    const QList<CallRecord> recent = store->calls().recentCalls(10);
    QCOMPARE(recent.size(), 1);
    QCOMPARE(recent.first().priceUnits, priceUnits);
    QCOMPARE(recent.first().network, network);
    QCOMPARE(recent.first().transaction, transaction);
    QCOMPARE(recent.first().principal, record.principal);

    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT transaction_hash FROM call_log"_s).toString(), transaction);
    QCOMPARE(raw.scalar(u"SELECT network FROM call_log"_s).toString(), network);
}

// Ids are ordered by the second of the call and unique within the process, also when the times of calls
// arrive out of order (CallIds.h).
void TestCallLog::idsFollowTime()
{
    CallIds ids;
    const auto secondOf = [](qint64 id) { return id >> CallIds::CounterBits; };
    const qint64 t0
        = T0.toSecsSinceEpoch() - QDateTime(QDate(2020, 1, 1), QTime(0, 0), Qt::UTC).toSecsSinceEpoch();
    QSet<qint64> seen;
    int newestSecond = 0;
    for (int second : { 0, 0, 1, 1, 1, 5, 2, 5, 6 }) {
        newestSecond = qMax(newestSecond, second);
        for (int i = 0; i < 1000; ++i) {
            const qint64 id = ids.next(T0.addSecs(second));
            QVERIFY(id > 0);
            QVERIFY2(!seen.contains(id), qPrintable(u"id %1 handed out twice"_s.arg(id)));
            seen.insert(id);
            // Never an earlier second than one already handed out: a late call joins the newest second.
            QCOMPARE(secondOf(id), t0 + newestSecond);
        }
    }
    // A time before 2020 (a test clock, a bad `at`) still gets a positive id.
    CallIds early;
    for (int i = 0; i < 100; ++i)
        QVERIFY(early.next(QDateTime::fromSecsSinceEpoch(0, Qt::UTC)) > 0);
    const qint64 random = CallIds::random(T0.addSecs(3));
    QCOMPARE(secondOf(random), t0 + 3);
}

// Two instances sharing a database can draw one id: the later row is stored under another id of its second,
// never dropped and never failing the batch it is in.
void TestCallLog::anIdTakenElsewhereIsReplaced()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    CallRecord record;
    record.at = T0;
    record.channel = u"key"_s;
    record.status = 200;
    record.id = CallIds().next(T0);
    record.requestId = u"first"_s;
    QCOMPARE(store->calls().logCall(record), record.id);
    store->flush();
    record.requestId = u"second"_s;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"call-log id %1 is taken"_s.arg(record.id)));
    store->calls().logCall(record);
    CallRecord other = record;
    other.id = 0;
    other.requestId = u"third"_s;
    store->calls().logCall(other);

    const QList<CallRecord> calls = store->calls().recentCalls(10);
    QCOMPARE(calls.size(), 3);
    QSet<qint64> ids;
    for (const CallRecord &call : calls) {
        ids.insert(call.id);
        QCOMPARE(call.id >> CallIds::CounterBits, record.id >> CallIds::CounterBits);
        if (call.requestId == u"first"_s)
            QCOMPARE(call.id, record.id);
    }
    QCOMPARE(ids.size(), 3);
}

QTEST_GUILESS_MAIN(TestCallLog)
#include "TestCallLog.moc"
