#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ActiveKeyCache.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/ConnectionPool.h"
#include "store/Migrations.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"
#include "store/WriteBehindQueue.h"

#include <QFile>
#include <QFileInfo>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>
#include <thread>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

constexpr QFileDevice::Permissions GroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup
    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

} // namespace

// The database under every store class: file, schema, per-thread connections and statements, and the
// write-behind batch (one transaction, written on flush and on close).
class TestDatabase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void migrationsApplyOnceAndReopen();
    void refusesNewerSchema();
    void databaseFileIsOwnerOnly();
    void threadConnectionsCloseWhenThreadsEnd();
    void destructorWritesQueuedReceiptsAndUsage();
    void batchIsOneTransaction();
    void flushWaitsForBatchInFlight();
    void preparedStatementsAreCachedPerThread();
    void cachedStatementReleasesItsSnapshot();
    void reconnectsWhenTheServerDroppedItsConnections();

private:
    test::StoreFixture m_fixture;
};

void TestDatabase::init()
{
    QVERIFY(m_fixture.reset());
}

void TestDatabase::cleanup()
{
    m_fixture.clear();
}

void TestDatabase::migrationsApplyOnceAndReopen()
{
    QVERIFY(Migrations::latestVersion() >= 1);
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    }
    {
        // Re-opening applies nothing and loses nothing.
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    }
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM schema_migrations"_s).toInt(), int(Migrations::all().size()));
    const QStringList tables = raw.db().tables();
    for (const QString &table : { u"api_keys"_s, u"quotas"_s, u"usage"_s, u"call_log"_s, u"receipts"_s,
             u"free_quota"_s, u"payments"_s, u"jobs"_s, u"probe_counts"_s, u"journal_segments"_s,
             u"vies_observations"_s, u"schema_migrations"_s })
        QVERIFY2(tables.contains(table), qPrintable(table));
    if (!StoreFixture::onPostgres())
        QCOMPARE(raw.scalar(u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
    QCOMPARE(
        raw.scalar(u"SELECT applied_at FROM schema_migrations WHERE version = 1"_s).toString(), isoUtc(T0));
}

void TestDatabase::refusesNewerSchema()
{
    QVERIFY(m_fixture.openStore());
    const int newer = Migrations::latestVersion() + 1;
    {
        RawDatabase raw(m_fixture.location());
        QVERIFY(
            raw.exec(u"INSERT INTO schema_migrations (version, applied_at) VALUES (%1, 'x')"_s.arg(newer)));
    }
    const Result<std::unique_ptr<Store>> refused = Store::open(m_fixture.location(), &m_fixture.clock());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"store_schema_too_new"_s);
    QVERIFY2(
        refused.error().message().contains(QString::number(newer)), qPrintable(refused.error().message()));
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT MAX(version) FROM schema_migrations"_s).toInt(), newer);
}

void TestDatabase::databaseFileIsOwnerOnly()
{
    if (StoreFixture::onPostgres())
        QSKIP("the SQLite file's mode; PostgreSQL keeps its files itself");
#ifdef Q_OS_UNIX
    // With the usual umask a file SQLite created itself would be 0644.
    const mode_t previous = ::umask(022);
    const std::unique_ptr<Store> store = m_fixture.openStore(u"data/ades.sqlite"_s);
    ::umask(previous);
    QVERIFY(store);
    QVERIFY(store->keys().create(u"forces a WAL write"_s).ok());
    const QString path = m_fixture.filePath(u"data/ades.sqlite"_s);
    for (const QString &file : QStringList { path, path + u"-wal"_s }) {
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        const QFileDevice::Permissions permissions = QFile::permissions(file);
        QVERIFY2(!(permissions & GroupOrOther), qPrintable(file));
        QVERIFY(permissions & QFileDevice::ReadOwner);
        QVERIFY(permissions & QFileDevice::WriteOwner);
    }
    QVERIFY(!(QFile::permissions(m_fixture.filePath(u"data"_s)) & GroupOrOther));
#else
    QSKIP("POSIX permissions only");
#endif
}

void TestDatabase::threadConnectionsCloseWhenThreadsEnd()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const int before = storeConnectionCount();
    QCOMPARE(before, 1); // the opening (test) thread's

    std::atomic<int> seenInside { 0 };
    const auto useStore = [&] {
        store->calls().recentCalls(1);
        seenInside = storeConnectionCount();
    };
    std::unique_ptr<QThread> thread(QThread::create(useStore));
    thread->start();
    QVERIFY(thread->wait(10000));
    QCOMPARE(seenInside.load(), before + 1);
    QCOMPARE(storeConnectionCount(), before);

    std::thread native(useStore); // an adopted thread: Qt emits finished from its thread-exit hook
    native.join();
    QCOMPARE(seenInside.load(), before + 1);
    QCOMPARE(storeConnectionCount(), before);
}

void TestDatabase::destructorWritesQueuedReceiptsAndUsage()
{
    QString limitedId;
    QString unlimitedId;
    {
        std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        const Result<NewApiKey> limited = store->keys().create(u"limited"_s, u"free"_s, 10);
        const Result<NewApiKey> unlimited = store->keys().create(u"unlimited"_s, u"full"_s, std::nullopt);
        QVERIFY(limited.ok() && unlimited.ok());
        limitedId = limited.value().id;
        unlimitedId = unlimited.value().id;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(store->quotas().consumeCall(limitedId, u"eu.iban.check"_s, T0).ok());
            QVERIFY(store->quotas()
                        .consumeCall(*store->keys().findActive(unlimited.value().key), u"eu.vat.check"_s, T0)
                        .ok());
            QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(i))));
        }
        CallRecord record;
        record.at = T0;
        record.channel = u"key"_s;
        record.status = 200;
        store->calls().logCall(record);
        store.reset();
    }
    {
        RawDatabase raw(m_fixture.location());
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 3);
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 1);
        QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage WHERE key_id = '%1'"_s.arg(limitedId)).toInt(), 3);
        QCOMPARE(
            raw.scalar(u"SELECT SUM(calls) FROM usage WHERE key_id = '%1'"_s.arg(unlimitedId)).toInt(), 3);
        QCOMPARE(
            raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(unlimitedId)).toInt(), 3);
    }
    const std::unique_ptr<Store> reopened = m_fixture.openStore();
    QVERIFY(reopened);
    QVERIFY(reopened->receipts().receipt(resultHashOf(2)));
    const QuotaUsage limited = reopened->quotas().usage(limitedId);
    QCOMPARE(limited.used, 3);
    QCOMPARE(limited.callsByOperation.value(u"eu.iban.check"_s), 3);
    const QuotaUsage unlimited = reopened->quotas().usage(unlimitedId);
    QCOMPARE(unlimited.used, 3);
    QCOMPARE(unlimited.callsByOperation.value(u"eu.vat.check"_s), 3);
}

void TestDatabase::batchIsOneTransaction()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    RawDatabase raw(m_fixture.location());
    // The last row of the batch fails: nothing written before it in the batch may remain.
    QVERIFY(raw.poison(u"INSERT"_s, u"receipts"_s, u"NEW.subject = 'poison'"_s));
    CallRecord record;
    record.at = T0;
    record.channel = u"key"_s;
    record.status = 200;
    store->calls().logCall(record);
    QVERIFY(
        store->quotas().consumeCall(*store->keys().findActive(key.value().key), u"eu.iban.check"_s, T0).ok());
    QVERIFY(
        store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok()); // quota written at once
    QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(1))));
    QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(2), u"poison"_s)));
    QVERIFY(!store->flush());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    // Only the by-id call's usage, written with its quota in the UPDATE's transaction, not the batch's.
    QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage"_s).toInt(), 1);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toInt(), 1); // the UPDATE's, not the batch's

    // The failed batch is dropped from memory (its receipts and counts stay journaled for the next start,
    // failedBatchReplaysOnNextOpen); the next one is written whole.
    QVERIFY(raw.unpoison(u"receipts"_s));
    QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(3))));
    QVERIFY(
        store->quotas().consumeCall(*store->keys().findActive(key.value().key), u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->flush());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 1);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toInt(), 2);
    QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage"_s).toInt(), 2);
}

void TestDatabase::flushWaitsForBatchInFlight()
{
    QSemaphore writing;
    QSemaphore release;
    std::atomic<int> written { 0 };
    const std::shared_ptr<WriteBehindQueue> queue = WriteBehindQueue::create([&](const PendingWrites &batch) {
        writing.release();
        release.acquire();
        written += int(batch.calls.size());
        return true;
    });
    CallRecord record;
    record.at = T0;
    queue->appendCall(record);
    std::thread first([&] { queue->flush(); });
    QVERIFY(writing.tryAcquire(1, 10000)); // the first thread took the batch and is writing it

    std::atomic<bool> secondReturned { false };
    std::atomic<int> seenBySecond { -1 };
    std::thread second([&] {
        queue->flush(); // finds the queue empty, yet must wait for the batch in flight
        seenBySecond = written.load();
        secondReturned = true;
    });
    QThread::msleep(100);
    QVERIFY(!secondReturned.load());
    release.release();
    first.join();
    second.join();
    QCOMPARE(seenBySecond.load(), 1);
}

void TestDatabase::preparedStatementsAreCachedPerThread()
{
    const QString templateName = u"pool-test"_s;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, templateName);
        db.setDatabaseName(m_fixture.filePath(u"pool.sqlite"_s));
    }
    const std::shared_ptr<ConnectionPool> pool = ConnectionPool::create(templateName, {});
    const QString sql = u"SELECT :value"_s;
    QSqlQuery *cached = nullptr;
    {
        PreparedQuery query = pool->prepare(sql);
        cached = &*query;
        query->bindValue(u":value"_s, 1);
        QVERIFY(query->exec() && query->next());
        QCOMPARE(query->value(0).toInt(), 1);
        // The same SQL while the first is held (a nested use) gets its own statement.
        PreparedQuery nested = pool->prepare(sql);
        QVERIFY(&*nested != cached);
        nested->bindValue(u":value"_s, 2);
        QVERIFY(nested->exec() && nested->next());
        QCOMPARE(nested->value(0).toInt(), 2);
        QCOMPARE(query->value(0).toInt(), 1);
    }
    QCOMPARE(pool->cachedStatementCount(), 1);
    {
        PreparedQuery again = pool->prepare(sql);
        QCOMPARE(&*again, cached);
        QVERIFY(!again->isActive()); // finished when the last handle died
        again->bindValue(u":value"_s, 3);
        QVERIFY(again->exec() && again->next());
        QCOMPARE(again->value(0).toInt(), 3);
    }
    {
        PreparedQuery broken = pool->prepare(u"SELECT nothing FROM nowhere"_s);
        QVERIFY(broken->lastError().isValid());
        QVERIFY(!broken->exec());
    }
    QCOMPARE(pool->cachedStatementCount(), 1); // failed statements are not kept

    // Bounded: past the limit statements still work, uncached.
    for (int i = 0; i < ConnectionPool::MaxCachedStatements + 5; ++i) {
        PreparedQuery query = pool->prepare(u"SELECT %1"_s.arg(i));
        QVERIFY(query->exec() && query->next());
        QCOMPARE(query->value(0).toInt(), i);
    }
    QCOMPARE(pool->cachedStatementCount(), ConnectionPool::MaxCachedStatements);

    // Another thread has its own cache, dropped with its connection when it ends.
    std::atomic<int> before { -1 };
    std::atomic<int> after { -1 };
    std::atomic<bool> differs { false };
    std::unique_ptr<QThread> thread(QThread::create([&] {
        before = pool->cachedStatementCount();
        PreparedQuery query = pool->prepare(sql);
        differs = &*query != cached;
        query->bindValue(u":value"_s, 4);
        if (query->exec() && query->next() && query->value(0).toInt() == 4)
            after = pool->cachedStatementCount();
    }));
    thread->start();
    QVERIFY(thread->wait(10000));
    QCOMPARE(before.load(), 0);
    QCOMPARE(after.load(), 1);
    QVERIFY(differs.load());
    QCOMPARE(pool->size(), 1);

    pool->closeAll();
    QCOMPARE(pool->cachedStatementCount(), 0);
    PreparedQuery reopened = pool->prepare(sql);
    reopened->bindValue(u":value"_s, 5);
    QVERIFY(reopened->exec() && reopened->next());
    QCOMPARE(reopened->value(0).toInt(), 5);
}

void TestDatabase::cachedStatementReleasesItsSnapshot()
{
    if (StoreFixture::onPostgres())
        QSKIP("SQLite's WAL checkpoint; a PostgreSQL statement holds no snapshot after its transaction");
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"a"_s);
    QVERIFY(key.ok());
    // findActiveKey() reads the one row of a statement that stays cached and is not stepped to its end.
    // Had its handle not reset it, this connection would keep its read snapshot open: it would not see
    // later writes, and no checkpoint could empty the WAL behind it.
    QVERIFY(store->keys().findActive(key.value().key));
    RawDatabase raw(m_fixture.location());
    QVERIFY(raw.exec(u"INSERT INTO free_quota (address, day, calls) VALUES ('x', '2025-03-14', 1)"_s));
    QSqlQuery checkpoint(raw.db());
    QVERIFY(checkpoint.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s) && checkpoint.next());
    QCOMPARE(checkpoint.value(0).toInt(), 0); // 1: blocked by a reader
    checkpoint.finish();
    QVERIFY(raw.exec(u"UPDATE api_keys SET label = 'changed'"_s));
    // A change made by another connection reaches the lookup once the key cache lets it read the row again.
    QTest::qWait(int(ActiveKeyCache::MaxAgeMs) + 50);
    QCOMPARE(store->keys().findActive(key.value().key)->label, u"changed"_s);
}

void TestDatabase::reconnectsWhenTheServerDroppedItsConnections()
{
    if (!StoreFixture::onPostgres())
        QSKIP("an SQLite file has no server to lose");
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> before = store->keys().create(u"before"_s);
    QVERIFY(before.ok());
    {
        // What a restart of PostgreSQL or an operator's pg_terminate_backend does to every open connection.
        RawDatabase raw(m_fixture.location());
        QVERIFY(raw.scalar(u"SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity "
                           "WHERE application_name = 'ades' AND pid <> pg_backend_pid()"_s)
                    .toInt()
            >= 1);
    }
    // A connection the server ended is noticed before a statement runs on it, or, if the server's goodbye
    // had not arrived yet, the one statement fails and says the store is unavailable — never that the key
    // is unknown. Either way the store then opens a new connection on its own.
    const Result<std::optional<ApiKeyRecord>> during = store->keys().lookupActive(before.value().key);
    QVERIFY2(during.ok() ? during.value().has_value() : during.error().code() == u"store_unavailable"_s,
        qPrintable(during.ok() ? u"the key was reported unknown"_s : during.error().message()));
    const Result<NewApiKey> after = store->keys().create(u"after"_s);
    QVERIFY2(after.ok(), qPrintable(after.ok() ? QString() : after.error().message()));
    QVERIFY(store->keys().findActive(after.value().key));
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "TestDatabase.moc"
