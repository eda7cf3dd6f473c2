#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/SqlSupport.h"
#include "store/Store.h"
#include "store/WriteBehindQueue.h"

#include <QElapsedTimer>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

// Runs `work` for the IBAN check and the VAT check on two QThreads at once and waits for both.
bool raceTwoOperations(const std::function<void(const QString &operationId)> &work)
{
    std::unique_ptr<QThread> first(QThread::create(work, u"eu.iban.check"_s));
    std::unique_ptr<QThread> second(QThread::create(work, u"eu.vat.check"_s));
    first->start();
    second->start();
    const bool firstDone = first->wait(60000);
    const bool secondDone = second->wait(60000);
    return firstDone && secondDone;
}

} // namespace

// Key quotas and usage, and the keyless daily counters: exact under concurrency, day boundaries in UTC.
class TestQuotas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void quotaRaceNeverExceedsLimit();
    void unlimitedKeyIsNeverRefused();
    void consumeCallRejectsUnknownAndRevokedKeys();
    void usageIsExactAfterConcurrentCalls();
    void unlimitedKeyIsCountedWithoutQuotaUpdate();
    void limitedKeyUsageIsWrittenWithItsQuota();
    void consumeCallByRecord_data();
    void consumeCallByRecord();
    void quotaRaceByRecordNeverExceedsLimit();
    void severalCallsAreAllOrNothing();
    void severalCallsUsageIsWrittenWithTheQuota();
    void freeQuotaRollsOverPerUtcDay();
    void freeQuotaRaceIsExact_data();
    void freeQuotaRaceIsExact();
    void remainingFreeCalls_data();
    void remainingFreeCalls();
    void nextUtcMidnight_data();
    void nextUtcMidnight();
    void usageDayIsTheUtcDate();

private:
    test::StoreFixture m_fixture;
};

void TestQuotas::init()
{
    QVERIFY(m_fixture.reset());
}

void TestQuotas::cleanup()
{
    m_fixture.clear();
}

void TestQuotas::quotaRaceNeverExceedsLimit()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"racer"_s, u"free"_s, 100);
    QVERIFY(key.ok());
    const QString keyId = key.value().id;

    std::atomic<int> allowed { 0 };
    std::atomic<int> refused { 0 };
    std::atomic<int> errors { 0 };
    const auto attempts = [&](const QString &operation) {
        for (int i = 0; i < 100; ++i) {
            const Result<QuotaDecision> decision = store->quotas().consumeCall(keyId, operation, T0);
            if (!decision.ok())
                ++errors;
            else if (decision.value().allowed)
                ++allowed;
            else
                ++refused;
        }
    };
    QVERIFY(raceTwoOperations(attempts));

    QCOMPARE(errors.load(), 0);
    QCOMPARE(allowed.load(), 100);
    QCOMPARE(refused.load(), 100);
    const QuotaUsage usage = store->quotas().usage(keyId);
    QVERIFY(usage.known);
    QCOMPARE(usage.used, 100);
    QCOMPARE(usage.limit, std::optional<qint64>(100));
    QCOMPARE(
        usage.callsByOperation.value(u"eu.iban.check"_s) + usage.callsByOperation.value(u"eu.vat.check"_s),
        100);

    const Result<QuotaDecision> after = store->quotas().consumeCall(keyId, u"eu.iban.check"_s, T0);
    QVERIFY(after.ok());
    QVERIFY(!after.value().allowed);
    QCOMPARE(after.value().used, 100);
    QCOMPARE(after.value().limit, std::optional<qint64>(100));
}

void TestQuotas::unlimitedKeyIsNeverRefused()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    for (int i = 1; i <= 150; ++i) {
        const Result<QuotaDecision> decision
            = store->quotas().consumeCall(key.value().id, u"eu.vat.check"_s, T0.addDays(i % 3));
        QVERIFY(decision.ok());
        QVERIFY(decision.value().allowed);
        QCOMPARE(decision.value().used, i);
        QVERIFY(!decision.value().limit);
    }
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 150);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), 150); // summed over the three days
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 3);
}

void TestQuotas::consumeCallRejectsUnknownAndRevokedKeys()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<QuotaDecision> unknown
        = store->quotas().consumeCall(u"no-such-id"_s, u"eu.iban.check"_s, T0);
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code(), u"invalid_api_key"_s);
    QCOMPARE(unknown.error().httpStatus(), 401);

    const Result<NewApiKey> key = store->keys().create(u"soon revoked"_s);
    QVERIFY(key.ok());
    QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->keys().revoke(key.value().id));
    const Result<QuotaDecision> revoked = store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0);
    QVERIFY(!revoked.ok());
    QCOMPARE(revoked.error().httpStatus(), 401);
    QCOMPARE(store->quotas().usage(key.value().id).used, 1);
    QVERIFY(!store->quotas().usage(u"no-such-id"_s).known);
}

void TestQuotas::usageIsExactAfterConcurrentCalls()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> limited = store->keys().create(u"limited"_s, u"free"_s, 1'000'000);
    const Result<NewApiKey> unlimited = store->keys().create(u"unlimited"_s, u"full"_s, std::nullopt);
    QVERIFY(limited.ok() && unlimited.ok());

    constexpr int CallsPerThread = 400; // more than one batch (MaxRows) from each thread
    std::atomic<int> failures { 0 };
    const auto calls = [&](const QString &operation) {
        for (int i = 0; i < CallsPerThread; ++i) {
            // Both paths: by id (the quota UPDATE) and by record (unlimited: counted in memory only).
            const QDateTime at = T0.addDays(i % 2);
            const Result<QuotaDecision> byId = store->quotas().consumeCall(limited.value().id, operation, at);
            const std::optional<ApiKeyRecord> key = store->keys().findActive(unlimited.value().key);
            const Result<QuotaDecision> byRecord = key ? store->quotas().consumeCall(*key, operation, at)
                                                       : Result<QuotaDecision>(ServiceError());
            if (!byId.ok() || !byId.value().allowed || !byRecord.ok() || !byRecord.value().allowed)
                ++failures;
        }
    };
    QVERIFY(raceTwoOperations(calls));
    QCOMPARE(failures.load(), 0);

    for (const QString &id : { limited.value().id, unlimited.value().id }) {
        const QuotaUsage usage = store->quotas().usage(id);
        QVERIFY(usage.known);
        QCOMPARE(usage.used, 2 * CallsPerThread);
        QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), CallsPerThread);
        QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), CallsPerThread);
        QCOMPARE(usage.callsByOperation.size(), 2);
    }
    RawDatabase raw(m_fixture.location());
    // Two operations on two days per key: counts were summed per row, never written as one row per call.
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 8);
    QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage"_s).toLongLong(), 4 * CallsPerThread);
    QCOMPARE(store->keys().findActive(unlimited.value().key)->callsUsed, 2 * CallsPerThread);
    for (const ApiKeyRecord &key : store->keys().list())
        QCOMPARE(key.callsUsed, 2 * CallsPerThread);
}

void TestQuotas::unlimitedKeyIsCountedWithoutQuotaUpdate()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.location());
    const Result<NewApiKey> key = store->keys().create(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());

    QElapsedTimer elapsed;
    elapsed.start();
    for (int i = 1; i <= 150; ++i) {
        const std::optional<ApiKeyRecord> record = store->keys().findActive(key.value().key);
        QVERIFY(record);
        QCOMPARE(record->callsUsed, i - 1); // includes the calls still queued
        const Result<QuotaDecision> decision
            = store->quotas().consumeCall(*record, u"eu.vat.check"_s, T0.addDays(i % 3));
        QVERIFY(decision.ok());
        QVERIFY(decision.value().allowed);
        QCOMPARE(decision.value().used, i);
        QVERIFY(!decision.value().limit);
    }
    // Nothing was written per call. Only provable while no batch can have become due by age.
    if (elapsed.elapsed() < WriteBehindQueue::MaxDelayMs) {
        QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toLongLong(), 0);
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 0);
    }
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 150);
    QVERIFY(!usage.limit);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), 150);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toLongLong(), 150);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 3); // one row per UTC day

    // Mixing both signatures keeps one count.
    const Result<QuotaDecision> byId = store->quotas().consumeCall(key.value().id, u"eu.vat.check"_s, T0);
    QVERIFY(byId.ok() && byId.value().allowed);
    QCOMPARE(byId.value().used, 151);
    const Result<QuotaDecision> byRecord
        = store->quotas().consumeCall(*store->keys().findActive(key.value().key), u"eu.iban.check"_s, T0);
    QVERIFY(byRecord.ok());
    QCOMPARE(byRecord.value().used, 152);
    QCOMPARE(store->quotas().usage(key.value().id).used, 152);

    // Revocation stops the key at its next lookup: the request path looks the key up on every request.
    const std::optional<ApiKeyRecord> beforeRevocation = store->keys().findActive(key.value().key);
    QVERIFY(beforeRevocation);
    QVERIFY(store->keys().revoke(key.value().id));
    QVERIFY(!store->keys().findActive(key.value().key));
    const Result<QuotaDecision> byId401 = store->quotas().consumeCall(key.value().id, u"eu.vat.check"_s, T0);
    QVERIFY(!byId401.ok());
    QCOMPARE(byId401.error().code(), u"invalid_api_key"_s);
    const ApiKeyRecord revoked = store->keys().list().constFirst();
    QVERIFY(revoked.isRevoked());
    const Result<QuotaDecision> byRecord401 = store->quotas().consumeCall(revoked, u"eu.vat.check"_s, T0);
    QVERIFY(!byRecord401.ok());
    QCOMPARE(byRecord401.error().httpStatus(), 401);
    QCOMPARE(store->quotas().usage(key.value().id).used, 152);
}

void TestQuotas::limitedKeyUsageIsWrittenWithItsQuota()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"limited"_s, u"free"_s, 10);
    QVERIFY(key.ok());
    RawDatabase raw(m_fixture.location());
    QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok());
    // No flush, no batch: the usage row was committed with the quota, so a crash cannot part them.
    QCOMPARE(raw.scalar(u"SELECT calls FROM usage WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 1);
    QCOMPARE(
        raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 1);

    // When the usage row cannot be written, the quota is not counted either: 503, nothing half done.
    QVERIFY(raw.poison(u"UPDATE"_s, u"usage"_s));
    const Result<QuotaDecision> refused = store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"store_unavailable"_s);
    QCOMPARE(
        raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 1);
    QVERIFY(raw.unpoison(u"usage"_s));
    QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok());
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 2);
    QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), 2);
}

void TestQuotas::consumeCallByRecord_data()
{
    QTest::addColumn<QString>("plan");
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<int>("allowed");
    QTest::newRow("free-3") << u"free"_s << std::optional<qint64>(3) << 5 << 3;
    QTest::newRow("free-0") << u"free"_s << std::optional<qint64>(0) << 2 << 0;
    QTest::newRow("full-unlimited") << u"full"_s << std::optional<qint64>() << 5 << 5;
}

void TestQuotas::consumeCallByRecord()
{
    QFETCH(QString, plan);
    QFETCH(std::optional<qint64>, limit);
    QFETCH(int, attempts);
    QFETCH(int, allowed);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"by record"_s, plan, limit);
    QVERIFY(key.ok());
    for (int i = 1; i <= attempts; ++i) {
        const std::optional<ApiKeyRecord> record = store->keys().findActive(key.value().key);
        QVERIFY(record);
        const Result<QuotaDecision> decision = store->quotas().consumeCall(*record, u"eu.iban.check"_s, T0);
        QVERIFY(decision.ok());
        QCOMPARE(decision.value().allowed, i <= allowed);
        QCOMPARE(decision.value().used, qMin(i, allowed));
        QCOMPARE(decision.value().limit, limit);
    }
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, allowed);
    QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), allowed);

    ApiKeyRecord nobody;
    const Result<QuotaDecision> empty = store->quotas().consumeCall(nobody, u"eu.iban.check"_s, T0);
    QVERIFY(!empty.ok());
    QCOMPARE(empty.error().code(), u"invalid_api_key"_s);
}

void TestQuotas::quotaRaceByRecordNeverExceedsLimit()
{
    // The request path's overload: a limited key must still be decided by the conditional UPDATE, even
    // when every racer holds a record read while the quota still had room.
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"racer"_s, u"free"_s, 100);
    QVERIFY(key.ok());
    const std::optional<ApiKeyRecord> fresh = store->keys().findActive(key.value().key);
    QVERIFY(fresh);

    std::atomic<int> allowed { 0 };
    std::atomic<int> refused { 0 };
    std::atomic<int> errors { 0 };
    const auto attempts = [&](const QString &operation) {
        for (int i = 0; i < 100; ++i) {
            const Result<QuotaDecision> decision = store->quotas().consumeCall(*fresh, operation, T0);
            if (!decision.ok())
                ++errors;
            else if (decision.value().allowed)
                ++allowed;
            else
                ++refused;
        }
    };
    std::unique_ptr<QThread> first(QThread::create(attempts, u"eu.iban.check"_s));
    std::thread second(attempts, u"eu.vat.check"_s);
    first->start();
    QVERIFY(first->wait(60000));
    second.join();

    QCOMPARE(errors.load(), 0);
    QCOMPARE(allowed.load(), 100);
    QCOMPARE(refused.load(), 100);
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 100);
    QCOMPARE(
        usage.callsByOperation.value(u"eu.iban.check"_s) + usage.callsByOperation.value(u"eu.vat.check"_s),
        100);
}

// A batch's result counts several calls at once (OperationResult::calls): exactly that many, or none when
// fewer are left.
void TestQuotas::severalCallsAreAllOrNothing()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> limited = store->keys().create(u"limited"_s, u"full"_s, 10);
    const Result<NewApiKey> unlimited = store->keys().create(u"unlimited"_s, u"full"_s, std::nullopt);
    QVERIFY(limited.ok() && unlimited.ok());

    const Result<QuotaDecision> seven = store->quotas().consumeCalls(
        *store->keys().findActive(limited.value().key), u"eu.vat.batch"_s, 7, T0);
    QVERIFY(seven.ok() && seven.value().allowed);
    QCOMPARE(seven.value().used, 7);
    // 4 more would pass the limit of 10: refused, and nothing counted.
    const Result<QuotaDecision> four
        = store->quotas().consumeCalls(limited.value().id, u"eu.vat.batch"_s, 4, T0);
    QVERIFY(four.ok());
    QVERIFY(!four.value().allowed);
    QCOMPARE(four.value().used, 7);
    const Result<QuotaDecision> three
        = store->quotas().consumeCalls(limited.value().id, u"eu.vat.batch"_s, 3, T0);
    QVERIFY(three.ok() && three.value().allowed);
    QCOMPARE(three.value().used, 10);
    QuotaUsage usage = store->quotas().usage(limited.value().id);
    QCOMPARE(usage.used, 10);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.batch"_s), 10);

    // Unlimited: counted write-behind, by the number given.
    for (int i = 0; i < 3; ++i) {
        const Result<QuotaDecision> batch = store->quotas().consumeCalls(
            *store->keys().findActive(unlimited.value().key), u"eu.vat.batch"_s, 25, T0);
        QVERIFY(batch.ok() && batch.value().allowed);
        QCOMPARE(batch.value().used, 25 * (i + 1));
    }
    const Result<QuotaDecision> single = store->quotas().consumeCall(
        *store->keys().findActive(unlimited.value().key), u"eu.vat.check"_s, T0);
    QCOMPARE(single.value().used, 76);
    usage = store->quotas().usage(unlimited.value().id);
    QCOMPARE(usage.used, 76);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.batch"_s), 75);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), 1);
}

void TestQuotas::severalCallsUsageIsWrittenWithTheQuota()
{
    // A result counting several calls on a limited key: its usage row is in the quota's transaction, by n.
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"limited"_s, u"full"_s, 100);
    QVERIFY(key.ok());
    RawDatabase raw(m_fixture.location());
    QVERIFY(store->quotas().consumeCalls(key.value().id, u"eu.vat.batch"_s, 7, T0).ok());
    // No flush, no batch: committed with the quota.
    QCOMPARE(raw.scalar(u"SELECT calls FROM usage WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 7);
    QCOMPARE(
        raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 7);
    QVERIFY(store->quotas().consumeCalls(key.value().id, u"eu.vat.batch"_s, 5, T0).ok());
    QCOMPARE(raw.scalar(u"SELECT calls FROM usage WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 12);

    // The usage row refused: the quota is not counted either.
    QVERIFY(raw.poison(u"UPDATE"_s, u"usage"_s));
    const Result<QuotaDecision> refused
        = store->quotas().consumeCalls(key.value().id, u"eu.vat.batch"_s, 3, T0);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"store_unavailable"_s);
    QCOMPARE(
        raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(key.value().id)).toInt(), 12);
    QVERIFY(raw.unpoison(u"usage"_s));
    const QuotaUsage usage = store->quotas().usage(key.value().id);
    QCOMPARE(usage.used, 12);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.batch"_s), 12);
}

void TestQuotas::freeQuotaRollsOverPerUtcDay()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const QString alice = u"203.0.113.7"_s;
    const QString bob = u"0x52908400098527886E0F7030069857D2E4169EE7"_s;
    const QDateTime lastMoment = QDateTime(QDate(2025, 3, 14), QTime(23, 59, 59, 999), Qt::UTC);
    // 01:30 in UTC+02:00 is still the 14th in UTC: the day is the UTC day.
    const QDateTime sameUtcDay = QDateTime(QDate(2025, 3, 15), QTime(1, 30), Qt::OffsetFromUTC, 7200);

    for (int i = 1; i <= 5; ++i) {
        const Result<QuotaDecision> d = store->quotas().consumeFreeCall(alice, 5, i == 5 ? sameUtcDay : T0);
        QVERIFY(d.ok());
        QVERIFY(d.value().allowed);
        QCOMPARE(d.value().used, i);
        QCOMPARE(d.value().limit, std::optional<qint64>(5));
    }
    const Result<QuotaDecision> sixth = store->quotas().consumeFreeCall(alice, 5, lastMoment);
    QVERIFY(sixth.ok());
    QVERIFY(!sixth.value().allowed);
    QCOMPARE(sixth.value().used, 5);

    const Result<QuotaDecision> other = store->quotas().consumeFreeCall(bob, 5, lastMoment);
    QVERIFY(other.ok() && other.value().allowed);
    QCOMPARE(other.value().used, 1);

    const Result<QuotaDecision> nextDay = store->quotas().consumeFreeCall(alice, 5, lastMoment.addMSecs(1));
    QVERIFY(nextDay.ok());
    QVERIFY(nextDay.value().allowed);
    QCOMPARE(nextDay.value().used, 1);

    const Result<QuotaDecision> closed = store->quotas().consumeFreeCall(alice, 0, lastMoment.addMSecs(1));
    QVERIFY(closed.ok() && !closed.value().allowed);
    QCOMPARE(closed.value().used, 1);

    const Result<QuotaDecision> anonymous = store->quotas().consumeFreeCall(QString(), 5, T0);
    QVERIFY(!anonymous.ok());
    QCOMPARE(anonymous.error().param(), u"address"_s);

    QCOMPARE(store->quotas().purgeFreeQuotaBefore(QDate(2025, 3, 15)), 2); // alice and bob on the 14th
    const Result<QuotaDecision> afterPurge
        = store->quotas().consumeFreeCall(alice, 5, lastMoment.addMSecs(1));
    QVERIFY(afterPurge.ok());
    QCOMPARE(afterPurge.value().used, 2);
}

void TestQuotas::freeQuotaRaceIsExact_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("attemptsPerThread");
    QTest::addColumn<int>("dailyLimit");
    QTest::newRow("4-threads-limit-50") << 4 << 40 << 50;
    QTest::newRow("6-threads-limit-1") << 6 << 10 << 1;
    QTest::newRow("3-threads-all-fit") << 3 << 20 << 100;
}

void TestQuotas::freeQuotaRaceIsExact()
{
    QFETCH(int, threads);
    QFETCH(int, attemptsPerThread);
    QFETCH(int, dailyLimit);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const QString scope = u"203.0.113.7"_s;
    std::atomic<int> refused { 0 };
    std::atomic<int> errors { 0 };
    QMutex mutex;
    QList<qint64> granted; // the `used` of every allowed call: must be 1..n, each once
    const auto attempts = [&] {
        for (int i = 0; i < attemptsPerThread; ++i) {
            const Result<QuotaDecision> decision = store->quotas().consumeFreeCall(scope, dailyLimit, T0);
            if (!decision.ok()) {
                ++errors;
            } else if (decision.value().allowed) {
                const QMutexLocker locker(&mutex);
                granted.append(decision.value().used);
            } else {
                ++refused;
            }
        }
    };
    // Half QThreads, half adopted native threads: both get their own connection.
    std::vector<std::unique_ptr<QThread>> qthreads;
    std::vector<std::thread> natives;
    for (int t = 0; t < threads; ++t) {
        if (t % 2 == 0) {
            qthreads.emplace_back(QThread::create(attempts));
            qthreads.back()->start();
        } else {
            natives.emplace_back(attempts);
        }
    }
    for (const std::unique_ptr<QThread> &thread : qthreads)
        QVERIFY(thread->wait(60000));
    for (std::thread &thread : natives)
        thread.join();

    const int total = threads * attemptsPerThread;
    const int expectedAllowed = qMin(total, dailyLimit);
    QCOMPARE(errors.load(), 0);
    QCOMPARE(int(granted.size()), expectedAllowed);
    QCOMPARE(refused.load(), total - expectedAllowed);
    std::sort(granted.begin(), granted.end());
    for (int i = 0; i < granted.size(); ++i)
        QCOMPARE(granted.at(i), qint64(i + 1));
    const Result<qint64> remaining = store->quotas().remainingFreeCalls(scope, dailyLimit, T0);
    QVERIFY(remaining.ok());
    QCOMPARE(remaining.value(), qint64(dailyLimit - expectedAllowed));
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT calls FROM free_quota"_s).toInt(), expectedAllowed);
}

void TestQuotas::remainingFreeCalls_data()
{
    QTest::addColumn<int>("consumed"); // calls made on T0's day before reading
    QTest::addColumn<int>("dailyLimit");
    QTest::addColumn<QDateTime>("readAt");
    QTest::addColumn<qint64>("remaining");
    QTest::newRow("untouched") << 0 << 5 << T0 << qint64(5);
    QTest::newRow("some-used") << 3 << 5 << T0 << qint64(2);
    QTest::newRow("spent") << 5 << 5 << T0 << qint64(0);
    QTest::newRow("refused-calls-not-counted") << 8 << 5 << T0 << qint64(0);
    QTest::newRow("limit-lowered") << 4 << 2 << T0 << qint64(0);
    QTest::newRow("closed") << 0 << 0 << T0 << qint64(0);
    QTest::newRow("next-utc-day") << 5 << 5 << Quotas::nextUtcMidnight(T0) << qint64(5);
    QTest::newRow("same-utc-day-other-offset")
        << 3 << 5 << QDateTime(QDate(2025, 3, 15), QTime(1, 30), Qt::OffsetFromUTC, 7200) << qint64(2);
}

void TestQuotas::remainingFreeCalls()
{
    QFETCH(int, consumed);
    QFETCH(int, dailyLimit);
    QFETCH(QDateTime, readAt);
    QFETCH(qint64, remaining);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const QString scope = u"0x52908400098527886E0F7030069857D2E4169EE7"_s;
    for (int i = 0; i < consumed; ++i)
        QVERIFY(store->quotas().consumeFreeCall(scope, 5, T0).ok());
    // Reading twice gives the same answer: a read counts nothing.
    for (int read = 0; read < 2; ++read) {
        const Result<qint64> left = store->quotas().remainingFreeCalls(scope, dailyLimit, readAt);
        QVERIFY(left.ok());
        QCOMPARE(left.value(), remaining);
    }
    const Result<QuotaDecision> next = store->quotas().consumeFreeCall(scope, 100, T0);
    QVERIFY(next.ok());
    QCOMPARE(next.value().used, qint64(qMin(consumed, 5) + 1));

    const Result<qint64> anonymous = store->quotas().remainingFreeCalls(QString(), dailyLimit, readAt);
    QVERIFY(!anonymous.ok());
    QCOMPARE(anonymous.error().param(), u"address"_s);
}

void TestQuotas::nextUtcMidnight_data()
{
    QTest::addColumn<QDateTime>("at");
    QTest::addColumn<QDateTime>("midnight");
    const QDateTime midnight15 = QDateTime(QDate(2025, 3, 15), QTime(0, 0), Qt::UTC);
    QTest::newRow("morning") << T0 << midnight15;
    QTest::newRow("last-millisecond")
        << QDateTime(QDate(2025, 3, 14), QTime(23, 59, 59, 999), Qt::UTC) << midnight15;
    QTest::newRow("at-midnight") << midnight15 << midnight15.addDays(1);
    // 01:30 in UTC+02:00 on the 15th is 23:30 UTC on the 14th.
    QTest::newRow("offset-time") << QDateTime(QDate(2025, 3, 15), QTime(1, 30), Qt::OffsetFromUTC, 7200)
                                 << midnight15;
    QTest::newRow("year-end") << QDateTime(QDate(2025, 12, 31), QTime(12, 0), Qt::UTC)
                              << QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
}

void TestQuotas::nextUtcMidnight()
{
    QFETCH(QDateTime, at);
    QFETCH(QDateTime, midnight);
    const QDateTime next = Quotas::nextUtcMidnight(at);
    QCOMPARE(next, midnight);
    QCOMPARE(next.timeSpec(), Qt::UTC);
    QVERIFY(next > at);
}

void TestQuotas::usageDayIsTheUtcDate()
{
    // utcDay() keeps the last day's text per thread: it must follow every change of day, back and forth,
    // before 1970 (negative milliseconds), from a time given in another zone, and say nothing for no time.
    const QList<QDateTime> times {
        QDateTime(QDate(2026, 11, 30), QTime(23, 59, 59, 999), Qt::UTC),
        QDateTime(QDate(2026, 12, 1), QTime(0, 0), Qt::UTC),
        QDateTime(QDate(2026, 11, 30), QTime(12, 0), Qt::UTC),
        QDateTime(QDate(1970, 1, 1), QTime(0, 0), Qt::UTC),
        QDateTime(QDate(1969, 12, 31), QTime(23, 59, 59, 999), Qt::UTC),
        QDateTime(QDate(1969, 12, 31), QTime(0, 0), Qt::UTC),
        QDateTime(QDate(2026, 12, 1), QTime(1, 0), Qt::OffsetFromUTC, 2 * 3600), // 23:00 UTC the day before
        QDateTime(QDate(2026, 12, 1), QTime(1, 0), Qt::OffsetFromUTC, 2 * 3600),
        QDateTime(),
        QDateTime(QDate(2000, 2, 29), QTime(0, 0), Qt::UTC),
    };
    for (const QDateTime &at : times)
        QCOMPARE(utcDay(at), at.toUTC().date().toString(Qt::ISODate));
    QCOMPARE(utcDay(times.at(6)), u"2026-11-30"_s);
    QCOMPARE(utcDay(times.at(4)), u"1969-12-31"_s);
}

QTEST_GUILESS_MAIN(TestQuotas)
#include "TestQuotas.moc"
