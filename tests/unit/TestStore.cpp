#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Migrations.h"
#include "store/Store.h"
#include "store/WriteBehindQueue.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
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

namespace {

const QDateTime T0 = QDateTime(QDate(2025, 3, 14), QTime(9, 30), Qt::UTC);

constexpr QFileDevice::Permissions GroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup
    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

// A plain connection beside the Store, to look at or tamper with the file the way another program would.
class RawDatabase
{
public:
    explicit RawDatabase(const QString &path)
        : m_name(u"raw-%1"_s.arg(++s_counter))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        db.setDatabaseName(path);
        db.open();
    }
    ~RawDatabase() { QSqlDatabase::removeDatabase(m_name); }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name); }
    QVariant scalar(const QString &sql) const
    {
        QSqlQuery query(db());
        return query.exec(sql) && query.next() ? query.value(0) : QVariant();
    }
    bool exec(const QString &sql) const
    {
        QSqlQuery query(db());
        return query.exec(sql);
    }

private:
    static inline int s_counter = 0;
    QString m_name;
};

int storeConnectionCount()
{
    // ConnectionPool names per-thread connections "<template>@<n>".
    int count = 0;
    for (const QString &name : QSqlDatabase::connectionNames())
        count += name.startsWith(u"ades.store."_s) && name.contains(u'@') ? 1 : 0;
    return count;
}

StoredReceipt sampleReceipt(const QString &resultHash, const QString &subject = u"DE811907980"_s)
{
    StoredReceipt receipt;
    receipt.resultHash = resultHash;
    receipt.operationId = u"eu.vat.check"_s;
    receipt.subject = subject;
    receipt.channel = u"key"_s;
    receipt.issuedAt = T0;
    receipt.validUntil = T0.addDays(365);
    receipt.issuer = u"ADES"_s;
    receipt.receiptJson = R"({"standard":"service-receipt/2","subject":")" + subject.toUtf8() + R"("})";
    return receipt;
}

QString hashOf(int serial)
{
    return u"0x%1"_s.arg(serial, 64, 16, QChar(u'0'));
}

} // namespace

class TestStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void migrationsApplyOnceAndReopen();
    void refusesNewerSchema();
    void createApiKey_data();
    void createApiKey();
    void findActiveKey();
    void revokeKey_data();
    void revokeKey();
    void keyIsNeverStoredInPlaintext();
    void quotaRaceNeverExceedsLimit();
    void unlimitedKeyIsNeverRefused();
    void consumeCallRejectsUnknownAndRevokedKeys();
    void freeQuotaRollsOverPerUtcDay();
    void callLogIsNewestFirst();
    void callLogIsWrittenInBatches();
    void callLogTimerAndDestructorFlush();
    void receiptRoundTrip();
    void databaseFileIsOwnerOnly();
    void threadConnectionsCloseWhenThreadsEnd();

    void receiptIsVisibleRightAfterStore();
    void usageIsExactAfterConcurrentCalls();
    void unlimitedKeyIsCountedWithoutQuotaUpdate();
    void consumeCallByRecord_data();
    void consumeCallByRecord();
    void quotaRaceByRecordNeverExceedsLimit();
    void destructorWritesQueuedReceiptsAndUsage();
    void batchIsOneTransaction();
    void flushWaitsForBatchInFlight();
    void preparedStatementsAreCachedPerThread();
    void cachedStatementReleasesItsSnapshot();
    void callLogKeepsSettlement_data();
    void callLogKeepsSettlement();

private:
    std::unique_ptr<Store> openStore(const QString &fileName = u"ades.sqlite"_s);

    std::unique_ptr<QTemporaryDir> m_dir;
    FixedClock m_clock { T0 };
};

void TestStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock.setNow(T0);
}

void TestStore::cleanup()
{
    m_dir.reset();
}

std::unique_ptr<Store> TestStore::openStore(const QString &fileName)
{
    Result<std::unique_ptr<Store>> store = Store::open(m_dir->filePath(fileName), &m_clock);
    if (!store.ok()) {
        qWarning("%s", qPrintable(store.error().message()));
        return {};
    }
    return std::move(store.value());
}

void TestStore::migrationsApplyOnceAndReopen()
{
    QVERIFY(Migrations::latestVersion() >= 1);
    {
        const std::unique_ptr<Store> store = openStore();
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    }
    {
        // Re-opening applies nothing and loses nothing.
        const std::unique_ptr<Store> store = openStore();
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    }
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM schema_migrations"_s).toInt(), int(Migrations::all().size()));
    const QStringList tables = raw.db().tables();
    for (const QString &table : { u"api_keys"_s, u"quotas"_s, u"usage"_s, u"call_log"_s, u"receipts"_s,
             u"free_quota"_s, u"schema_migrations"_s })
        QVERIFY2(tables.contains(table), qPrintable(table));
    QCOMPARE(raw.scalar(u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
    QCOMPARE(
        raw.scalar(u"SELECT applied_at FROM schema_migrations WHERE version = 1"_s).toString(), isoUtc(T0));
}

void TestStore::refusesNewerSchema()
{
    QVERIFY(openStore());
    const int newer = Migrations::latestVersion() + 1;
    {
        RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
        QVERIFY(
            raw.exec(u"INSERT INTO schema_migrations (version, applied_at) VALUES (%1, 'x')"_s.arg(newer)));
    }
    const Result<std::unique_ptr<Store>> refused = Store::open(m_dir->filePath(u"ades.sqlite"_s), &m_clock);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"store_schema_too_new"_s);
    QVERIFY2(
        refused.error().message().contains(QString::number(newer)), qPrintable(refused.error().message()));
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    QCOMPARE(raw.scalar(u"SELECT MAX(version) FROM schema_migrations"_s).toInt(), newer);
}

void TestStore::createApiKey_data()
{
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("plan");
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<QString>("errorCode"); // empty: created
    QTest::addColumn<QString>("errorParam");

    QTest::newRow("free-100") << u"agent@example.com"_s << u"free"_s << std::optional<qint64>(100)
                              << QString() << QString();
    QTest::newRow("full-unlimited") << u"ops team"_s << u"full"_s << std::optional<qint64>() << QString()
                                    << QString();
    QTest::newRow("zero-limit") << QString() << u"free"_s << std::optional<qint64>(0) << QString()
                                << QString();
    QTest::newRow("unknown-plan") << u"x"_s << u"business"_s << std::optional<qint64>(100)
                                  << u"invalid_plan"_s << u"plan"_s;
    QTest::newRow("negative-limit") << u"x"_s << u"free"_s << std::optional<qint64>(-1)
                                    << u"invalid_call_limit"_s << u"call_limit"_s;
    QTest::newRow("label-too-long") << QString(201, u'a') << u"free"_s << std::optional<qint64>(100)
                                    << u"invalid_label"_s << u"label"_s;
}

void TestStore::createApiKey()
{
    QFETCH(QString, label);
    QFETCH(QString, plan);
    QFETCH(std::optional<qint64>, limit);
    QFETCH(QString, errorCode);
    QFETCH(QString, errorParam);

    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> created = store->createApiKey(label, plan, limit);
    QCOMPARE(created.ok() ? QString() : created.error().code(), errorCode);
    if (!created.ok()) {
        QCOMPARE(created.error().param(), errorParam);
        QVERIFY(store->listKeys().isEmpty());
        return;
    }
    static const QRegularExpression format(u"^ades_[0-9A-Za-z]{40}$"_s);
    QVERIFY2(format.match(created.value().key).hasMatch(), qPrintable(created.value().key));
    QCOMPARE(created.value().prefix, created.value().key.left(Store::KeyPrefixLength));

    const QList<ApiKeyRecord> keys = store->listKeys();
    QCOMPARE(keys.size(), 1);
    QCOMPARE(keys[0].id, created.value().id);
    QCOMPARE(keys[0].prefix, created.value().prefix);
    QCOMPARE(keys[0].label, label);
    QCOMPARE(keys[0].plan, plan);
    QCOMPARE(keys[0].callLimit, limit);
    QCOMPARE(keys[0].callsUsed, 0);
    QCOMPARE(keys[0].createdAt, T0);
    QVERIFY(!keys[0].isRevoked());
}

void TestStore::findActiveKey()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> a = store->createApiKey(u"a"_s);
    const Result<NewApiKey> b = store->createApiKey(u"b"_s, u"full"_s, std::nullopt);
    QVERIFY(a.ok() && b.ok());
    QVERIFY(a.value().key != b.value().key);

    const std::optional<ApiKeyRecord> foundA = store->findActiveKey(a.value().key);
    QVERIFY(foundA);
    QCOMPARE(foundA->id, a.value().id);
    QCOMPARE(foundA->callLimit, std::optional<qint64>(100));
    const std::optional<ApiKeyRecord> foundB = store->findActiveKey(b.value().key);
    QVERIFY(foundB);
    QCOMPARE(foundB->id, b.value().id);
    QCOMPARE(foundB->plan, u"full"_s);

    QString altered = a.value().key;
    altered[altered.size() - 1] = altered.back() == u'x' ? u'y' : u'x';
    QVERIFY(!store->findActiveKey(altered));
    QVERIFY(!store->findActiveKey(a.value().prefix));
    QVERIFY(!store->findActiveKey(QString()));
}

void TestStore::revokeKey_data()
{
    QTest::addColumn<QString>("by"); // id, prefix, key, unknown
    QTest::addColumn<bool>("revoked");
    QTest::newRow("by-id") << u"id"_s << true;
    QTest::newRow("by-prefix") << u"prefix"_s << true;
    QTest::newRow("by-full-key") << u"key"_s << true;
    QTest::newRow("unknown") << u"unknown"_s << false;
    QTest::newRow("empty") << u"empty"_s << false;
}

void TestStore::revokeKey()
{
    QFETCH(QString, by);
    QFETCH(bool, revoked);

    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"victim"_s);
    const Result<NewApiKey> bystander = store->createApiKey(u"bystander"_s);
    QVERIFY(key.ok() && bystander.ok());
    const QString argument = by == u"id"_s ? key.value().id
        : by == u"prefix"_s                ? key.value().prefix
        : by == u"key"_s                   ? key.value().key
        : by == u"unknown"_s               ? u"ades_notAKey"_s
                                           : QString();
    m_clock.advanceSeconds(60);
    QCOMPARE(store->revokeKey(argument), revoked);
    QCOMPARE(!store->findActiveKey(key.value().key), revoked);
    QVERIFY(store->findActiveKey(bystander.value().key));
    if (!revoked)
        return;
    QVERIFY(!store->revokeKey(argument)); // already revoked
    const QList<ApiKeyRecord> keys = store->listKeys();
    QCOMPARE(keys.size(), 2);
    for (const ApiKeyRecord &record : keys)
        QCOMPARE(
            record.revokedAt, record.id == key.value().id ? std::optional(T0.addSecs(60)) : std::nullopt);
}

void TestStore::keyIsNeverStoredInPlaintext()
{
    QString plaintext;
    {
        const std::unique_ptr<Store> store = openStore();
        QVERIFY(store);
        const Result<NewApiKey> key = store->createApiKey(u"secret holder"_s);
        QVERIFY(key.ok());
        plaintext = key.value().key;
    }
    QByteArray bytes;
    for (const QString &suffix : { QString(), u"-wal"_s }) {
        QFile file(m_dir->filePath(u"ades.sqlite"_s + suffix));
        if (file.open(QIODevice::ReadOnly))
            bytes += file.readAll();
    }
    // The scan must be able to see stored text at all: the hash and the shown prefix are there.
    QVERIFY(bytes.contains(Store::hashKey(plaintext).toLatin1()));
    QVERIFY(bytes.contains(plaintext.left(Store::KeyPrefixLength).toLatin1()));
    QVERIFY(!bytes.contains(plaintext.toLatin1()));
    QVERIFY(!bytes.contains(plaintext.mid(Store::KeyPrefixLength).toLatin1()));
}

void TestStore::quotaRaceNeverExceedsLimit()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"racer"_s, u"free"_s, 100);
    QVERIFY(key.ok());
    const QString keyId = key.value().id;

    std::atomic<int> allowed { 0 };
    std::atomic<int> refused { 0 };
    std::atomic<int> errors { 0 };
    const auto attempts = [&](const QString &operation) {
        for (int i = 0; i < 100; ++i) {
            const Result<QuotaDecision> decision = store->consumeCall(keyId, operation, T0);
            if (!decision.ok())
                ++errors;
            else if (decision.value().allowed)
                ++allowed;
            else
                ++refused;
        }
    };
    std::unique_ptr<QThread> first(QThread::create(attempts, u"eu.iban.check"_s));
    std::unique_ptr<QThread> second(QThread::create(attempts, u"eu.vat.check"_s));
    first->start();
    second->start();
    QVERIFY(first->wait(60000));
    QVERIFY(second->wait(60000));

    QCOMPARE(errors.load(), 0);
    QCOMPARE(allowed.load(), 100);
    QCOMPARE(refused.load(), 100);
    const QuotaUsage usage = store->usage(keyId);
    QVERIFY(usage.known);
    QCOMPARE(usage.used, 100);
    QCOMPARE(usage.limit, std::optional<qint64>(100));
    QCOMPARE(
        usage.callsByOperation.value(u"eu.iban.check"_s) + usage.callsByOperation.value(u"eu.vat.check"_s),
        100);

    const Result<QuotaDecision> after = store->consumeCall(keyId, u"eu.iban.check"_s, T0);
    QVERIFY(after.ok());
    QVERIFY(!after.value().allowed);
    QCOMPARE(after.value().used, 100);
    QCOMPARE(after.value().limit, std::optional<qint64>(100));
}

void TestStore::unlimitedKeyIsNeverRefused()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    for (int i = 1; i <= 150; ++i) {
        const Result<QuotaDecision> decision
            = store->consumeCall(key.value().id, u"eu.vat.check"_s, T0.addDays(i % 3));
        QVERIFY(decision.ok());
        QVERIFY(decision.value().allowed);
        QCOMPARE(decision.value().used, i);
        QVERIFY(!decision.value().limit);
    }
    const QuotaUsage usage = store->usage(key.value().id);
    QCOMPARE(usage.used, 150);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), 150); // summed over the three days
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 3);
}

void TestStore::consumeCallRejectsUnknownAndRevokedKeys()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<QuotaDecision> unknown = store->consumeCall(u"no-such-id"_s, u"eu.iban.check"_s, T0);
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code(), u"invalid_api_key"_s);
    QCOMPARE(unknown.error().httpStatus(), 401);

    const Result<NewApiKey> key = store->createApiKey(u"soon revoked"_s);
    QVERIFY(key.ok());
    QVERIFY(store->consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->revokeKey(key.value().id));
    const Result<QuotaDecision> revoked = store->consumeCall(key.value().id, u"eu.iban.check"_s, T0);
    QVERIFY(!revoked.ok());
    QCOMPARE(revoked.error().httpStatus(), 401);
    QCOMPARE(store->usage(key.value().id).used, 1);
    QVERIFY(!store->usage(u"no-such-id"_s).known);
}

void TestStore::freeQuotaRollsOverPerUtcDay()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const QString alice = u"203.0.113.7"_s;
    const QString bob = u"0x52908400098527886E0F7030069857D2E4169EE7"_s;
    const QDateTime lastMoment = QDateTime(QDate(2025, 3, 14), QTime(23, 59, 59, 999), Qt::UTC);
    // 01:30 in UTC+02:00 is still the 14th in UTC: the day is the UTC day.
    const QDateTime sameUtcDay = QDateTime(QDate(2025, 3, 15), QTime(1, 30), Qt::OffsetFromUTC, 7200);

    for (int i = 1; i <= 5; ++i) {
        const Result<QuotaDecision> d = store->consumeFreeCall(alice, 5, i == 5 ? sameUtcDay : T0);
        QVERIFY(d.ok());
        QVERIFY(d.value().allowed);
        QCOMPARE(d.value().used, i);
        QCOMPARE(d.value().limit, std::optional<qint64>(5));
    }
    const Result<QuotaDecision> sixth = store->consumeFreeCall(alice, 5, lastMoment);
    QVERIFY(sixth.ok());
    QVERIFY(!sixth.value().allowed);
    QCOMPARE(sixth.value().used, 5);

    const Result<QuotaDecision> other = store->consumeFreeCall(bob, 5, lastMoment);
    QVERIFY(other.ok() && other.value().allowed);
    QCOMPARE(other.value().used, 1);

    const Result<QuotaDecision> nextDay = store->consumeFreeCall(alice, 5, lastMoment.addMSecs(1));
    QVERIFY(nextDay.ok());
    QVERIFY(nextDay.value().allowed);
    QCOMPARE(nextDay.value().used, 1);

    const Result<QuotaDecision> closed = store->consumeFreeCall(alice, 0, lastMoment.addMSecs(1));
    QVERIFY(closed.ok() && !closed.value().allowed);
    QCOMPARE(closed.value().used, 1);

    const Result<QuotaDecision> anonymous = store->consumeFreeCall(QString(), 5, T0);
    QVERIFY(!anonymous.ok());
    QCOMPARE(anonymous.error().param(), u"address"_s);

    QCOMPARE(store->purgeFreeQuotaBefore(QDate(2025, 3, 15)), 2); // alice and bob on the 14th
    const Result<QuotaDecision> afterPurge = store->consumeFreeCall(alice, 5, lastMoment.addMSecs(1));
    QVERIFY(afterPurge.ok());
    QCOMPARE(afterPurge.value().used, 2);
}

void TestStore::callLogIsNewestFirst()
{
    const std::unique_ptr<Store> store = openStore();
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
        store->logCall(record);
    }
    // A call that matched no operation and has no principal: the empty fields must still be stored.
    CallRecord sparse;
    sparse.at = T0.addSecs(-60);
    sparse.channel = u"free"_s;
    sparse.status = 404;
    store->logCall(sparse);

    const QList<CallRecord> recent = store->recentCalls(3);
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
    const QList<CallRecord> all = store->recentCalls(100);
    QCOMPARE(all.size(), 6);
    QCOMPARE(all.constLast().status, 404);
    QCOMPARE(all.constLast().channel, u"free"_s);
    QVERIFY(all.constLast().principal.isEmpty());
    QVERIFY(store->recentCalls(0).isEmpty());

    QCOMPARE(store->purgeCallsBefore(T0.addSecs(120)), 3);
    QCOMPARE(store->recentCalls(100).constLast().at, T0.addSecs(120));
}

void TestStore::callLogIsWrittenInBatches()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    CallRecord record;
    record.at = T0;
    record.channel = u"key"_s;
    record.status = 200;
    // No event is processed in here, so the 200 ms timer cannot fire: only the row count triggers a write.
    for (int i = 1; i < WriteBehindQueue::MaxRows; ++i)
        store->logCall(record);
    QCOMPARE(store->queuedCallCount(), WriteBehindQueue::MaxRows - 1);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    store->logCall(record);
    QCOMPARE(store->queuedCallCount(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), WriteBehindQueue::MaxRows);

    // A thread without an event loop arms no timer: its next call writes once the oldest record is due.
    std::thread native([&] {
        store->logCall(record);
        QThread::msleep(WriteBehindQueue::MaxDelayMs + 50);
        store->logCall(record);
    });
    native.join();
    QCOMPARE(store->queuedCallCount(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), WriteBehindQueue::MaxRows + 2);
}

void TestStore::callLogTimerAndDestructorFlush()
{
    std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    CallRecord record;
    record.at = T0;
    record.channel = u"mcp"_s;
    record.target = u"validate_iban"_s;
    record.status = 200;
    store->logCall(record);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    // This thread runs an event loop (QTRY_* spins it): the single-shot timer writes the record.
    QTRY_COMPARE_WITH_TIMEOUT(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 1, 5000);
    QCOMPARE(store->queuedCallCount(), 0);

    store->logCall(record);
    store->logCall(record);
    QCOMPARE(store->queuedCallCount(), 2);
    store.reset();
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 3);
}

void TestStore::receiptRoundTrip()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    StoredReceipt receipt;
    receipt.resultHash = u"0x5f3c1a"_s + QString(58, u'b');
    receipt.operationId = u"eu.vat.check"_s;
    receipt.subject = u"DE811907980"_s;
    receipt.channel = u"x402"_s;
    receipt.issuedAt = T0;
    receipt.validUntil = T0.addDays(365);
    receipt.issuer = u"ADES"_s;
    receipt.receiptJson = R"({"standard":"service-receipt/2","subject":"DE811907980","note":"Grüße"})";
    QVERIFY(store->storeReceipt(receipt));

    const std::optional<StoredReceipt> loaded = store->receipt(receipt.resultHash);
    QVERIFY(loaded);
    QCOMPARE(loaded->resultHash, receipt.resultHash);
    QCOMPARE(loaded->operationId, receipt.operationId);
    QCOMPARE(loaded->subject, receipt.subject);
    QCOMPARE(loaded->channel, receipt.channel);
    QCOMPARE(loaded->issuedAt, receipt.issuedAt);
    QCOMPARE(loaded->validUntil, receipt.validUntil);
    QCOMPARE(loaded->issuer, receipt.issuer);
    QCOMPARE(loaded->receiptJson, receipt.receiptJson);

    // The first receipt for a result hash wins: redelivery must return the bytes that were signed first.
    StoredReceipt second = receipt;
    second.receiptJson = R"({"standard":"service-receipt/2","subject":"other"})";
    QVERIFY(store->storeReceipt(second));
    QCOMPARE(store->receipt(receipt.resultHash)->receiptJson, receipt.receiptJson);

    QVERIFY(!store->receipt(u"0xunknown"_s));
    QVERIFY(!store->storeReceipt(StoredReceipt()));
}

void TestStore::databaseFileIsOwnerOnly()
{
#ifdef Q_OS_UNIX
    // With the usual umask a file SQLite created itself would be 0644.
    const mode_t previous = ::umask(022);
    const std::unique_ptr<Store> store = openStore(u"data/ades.sqlite"_s);
    ::umask(previous);
    QVERIFY(store);
    QVERIFY(store->createApiKey(u"forces a WAL write"_s).ok());
    const QString path = m_dir->filePath(u"data/ades.sqlite"_s);
    for (const QString &file : QStringList { path, path + u"-wal"_s }) {
        QVERIFY2(QFileInfo::exists(file), qPrintable(file));
        const QFileDevice::Permissions permissions = QFile::permissions(file);
        QVERIFY2(!(permissions & GroupOrOther), qPrintable(file));
        QVERIFY(permissions & QFileDevice::ReadOwner);
        QVERIFY(permissions & QFileDevice::WriteOwner);
    }
    QVERIFY(!(QFile::permissions(m_dir->filePath(u"data"_s)) & GroupOrOther));
#else
    QSKIP("POSIX permissions only");
#endif
}

void TestStore::threadConnectionsCloseWhenThreadsEnd()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const int before = storeConnectionCount();
    QCOMPARE(before, 1); // the opening (test) thread's

    std::atomic<int> seenInside { 0 };
    const auto useStore = [&] {
        store->recentCalls(1);
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

void TestStore::receiptIsVisibleRightAfterStore()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    const StoredReceipt receipt = sampleReceipt(hashOf(1));
    QVERIFY(store->storeReceipt(receipt));
    // Queued, not written: the point of the change. The first queued row is not due, and no event runs.
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
    const std::optional<StoredReceipt> loaded = store->receipt(receipt.resultHash);
    QVERIFY(loaded);
    QCOMPARE(loaded->receiptJson, receipt.receiptJson);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 1);

    // Stored by other threads (own connections, own statement caches), read here right after.
    const auto storeSome = [&](int first) {
        for (int i = first; i < first + 50; ++i)
            store->storeReceipt(sampleReceipt(hashOf(i), u"subject %1"_s.arg(i)));
    };
    std::unique_ptr<QThread> writer(QThread::create(storeSome, 100));
    writer->start();
    std::thread native(storeSome, 200);
    QVERIFY(writer->wait(30000));
    native.join();
    for (int i : { 100, 149, 200, 249 }) {
        const std::optional<StoredReceipt> found = store->receipt(hashOf(i));
        QVERIFY2(found, qPrintable(hashOf(i)));
        QCOMPARE(found->subject, u"subject %1"_s.arg(i));
    }
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 101);
}

void TestStore::usageIsExactAfterConcurrentCalls()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> limited = store->createApiKey(u"limited"_s, u"free"_s, 1'000'000);
    const Result<NewApiKey> unlimited = store->createApiKey(u"unlimited"_s, u"full"_s, std::nullopt);
    QVERIFY(limited.ok() && unlimited.ok());

    constexpr int CallsPerThread = 400; // more than one batch (MaxRows) from each thread
    std::atomic<int> failures { 0 };
    const auto calls = [&](const QString &operation) {
        for (int i = 0; i < CallsPerThread; ++i) {
            // Both paths: by id (the quota UPDATE) and by record (unlimited: counted in memory only).
            const QDateTime at = T0.addDays(i % 2);
            const Result<QuotaDecision> byId = store->consumeCall(limited.value().id, operation, at);
            const std::optional<ApiKeyRecord> key = store->findActiveKey(unlimited.value().key);
            const Result<QuotaDecision> byRecord
                = key ? store->consumeCall(*key, operation, at) : Result<QuotaDecision>(ServiceError());
            if (!byId.ok() || !byId.value().allowed || !byRecord.ok() || !byRecord.value().allowed)
                ++failures;
        }
    };
    std::unique_ptr<QThread> first(QThread::create(calls, u"eu.iban.check"_s));
    std::unique_ptr<QThread> second(QThread::create(calls, u"eu.vat.check"_s));
    first->start();
    second->start();
    QVERIFY(first->wait(60000));
    QVERIFY(second->wait(60000));
    QCOMPARE(failures.load(), 0);

    for (const QString &id : { limited.value().id, unlimited.value().id }) {
        const QuotaUsage usage = store->usage(id);
        QVERIFY(usage.known);
        QCOMPARE(usage.used, 2 * CallsPerThread);
        QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), CallsPerThread);
        QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), CallsPerThread);
        QCOMPARE(usage.callsByOperation.size(), 2);
    }
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    // Two operations on two days per key: counts were summed per row, never written as one row per call.
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 8);
    QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage"_s).toLongLong(), 4 * CallsPerThread);
    QCOMPARE(store->findActiveKey(unlimited.value().key)->callsUsed, 2 * CallsPerThread);
    for (const ApiKeyRecord &key : store->listKeys())
        QCOMPARE(key.callsUsed, 2 * CallsPerThread);
}

void TestStore::unlimitedKeyIsCountedWithoutQuotaUpdate()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    const Result<NewApiKey> key = store->createApiKey(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());

    QElapsedTimer elapsed;
    elapsed.start();
    for (int i = 1; i <= 150; ++i) {
        const std::optional<ApiKeyRecord> record = store->findActiveKey(key.value().key);
        QVERIFY(record);
        QCOMPARE(record->callsUsed, i - 1); // includes the calls still queued
        const Result<QuotaDecision> decision
            = store->consumeCall(*record, u"eu.vat.check"_s, T0.addDays(i % 3));
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
    const QuotaUsage usage = store->usage(key.value().id);
    QCOMPARE(usage.used, 150);
    QVERIFY(!usage.limit);
    QCOMPARE(usage.callsByOperation.value(u"eu.vat.check"_s), 150);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toLongLong(), 150);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 3); // one row per UTC day

    // Mixing both signatures keeps one count.
    const Result<QuotaDecision> byId = store->consumeCall(key.value().id, u"eu.vat.check"_s, T0);
    QVERIFY(byId.ok() && byId.value().allowed);
    QCOMPARE(byId.value().used, 151);
    const Result<QuotaDecision> byRecord
        = store->consumeCall(*store->findActiveKey(key.value().key), u"eu.iban.check"_s, T0);
    QVERIFY(byRecord.ok());
    QCOMPARE(byRecord.value().used, 152);
    QCOMPARE(store->usage(key.value().id).used, 152);

    // Revocation stops the key at its next lookup: the request path looks the key up on every request.
    const std::optional<ApiKeyRecord> beforeRevocation = store->findActiveKey(key.value().key);
    QVERIFY(beforeRevocation);
    QVERIFY(store->revokeKey(key.value().id));
    QVERIFY(!store->findActiveKey(key.value().key));
    const Result<QuotaDecision> byId401 = store->consumeCall(key.value().id, u"eu.vat.check"_s, T0);
    QVERIFY(!byId401.ok());
    QCOMPARE(byId401.error().code(), u"invalid_api_key"_s);
    const ApiKeyRecord revoked = store->listKeys().constFirst();
    QVERIFY(revoked.isRevoked());
    const Result<QuotaDecision> byRecord401 = store->consumeCall(revoked, u"eu.vat.check"_s, T0);
    QVERIFY(!byRecord401.ok());
    QCOMPARE(byRecord401.error().httpStatus(), 401);
    QCOMPARE(store->usage(key.value().id).used, 152);
}

void TestStore::consumeCallByRecord_data()
{
    QTest::addColumn<QString>("plan");
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<int>("allowed");
    QTest::newRow("free-3") << u"free"_s << std::optional<qint64>(3) << 5 << 3;
    QTest::newRow("free-0") << u"free"_s << std::optional<qint64>(0) << 2 << 0;
    QTest::newRow("full-unlimited") << u"full"_s << std::optional<qint64>() << 5 << 5;
}

void TestStore::consumeCallByRecord()
{
    QFETCH(QString, plan);
    QFETCH(std::optional<qint64>, limit);
    QFETCH(int, attempts);
    QFETCH(int, allowed);

    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"by record"_s, plan, limit);
    QVERIFY(key.ok());
    for (int i = 1; i <= attempts; ++i) {
        const std::optional<ApiKeyRecord> record = store->findActiveKey(key.value().key);
        QVERIFY(record);
        const Result<QuotaDecision> decision = store->consumeCall(*record, u"eu.iban.check"_s, T0);
        QVERIFY(decision.ok());
        QCOMPARE(decision.value().allowed, i <= allowed);
        QCOMPARE(decision.value().used, qMin(i, allowed));
        QCOMPARE(decision.value().limit, limit);
    }
    const QuotaUsage usage = store->usage(key.value().id);
    QCOMPARE(usage.used, allowed);
    QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), allowed);

    ApiKeyRecord nobody;
    const Result<QuotaDecision> empty = store->consumeCall(nobody, u"eu.iban.check"_s, T0);
    QVERIFY(!empty.ok());
    QCOMPARE(empty.error().code(), u"invalid_api_key"_s);
}

void TestStore::quotaRaceByRecordNeverExceedsLimit()
{
    // The request path's overload: a limited key must still be decided by the conditional UPDATE, even
    // when every racer holds a record read while the quota still had room.
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"racer"_s, u"free"_s, 100);
    QVERIFY(key.ok());
    const std::optional<ApiKeyRecord> fresh = store->findActiveKey(key.value().key);
    QVERIFY(fresh);

    std::atomic<int> allowed { 0 };
    std::atomic<int> refused { 0 };
    std::atomic<int> errors { 0 };
    const auto attempts = [&](const QString &operation) {
        for (int i = 0; i < 100; ++i) {
            const Result<QuotaDecision> decision = store->consumeCall(*fresh, operation, T0);
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
    const QuotaUsage usage = store->usage(key.value().id);
    QCOMPARE(usage.used, 100);
    QCOMPARE(
        usage.callsByOperation.value(u"eu.iban.check"_s) + usage.callsByOperation.value(u"eu.vat.check"_s),
        100);
}

void TestStore::destructorWritesQueuedReceiptsAndUsage()
{
    QString limitedId;
    QString unlimitedId;
    {
        std::unique_ptr<Store> store = openStore();
        QVERIFY(store);
        const Result<NewApiKey> limited = store->createApiKey(u"limited"_s, u"free"_s, 10);
        const Result<NewApiKey> unlimited = store->createApiKey(u"unlimited"_s, u"full"_s, std::nullopt);
        QVERIFY(limited.ok() && unlimited.ok());
        limitedId = limited.value().id;
        unlimitedId = unlimited.value().id;
        for (int i = 0; i < 3; ++i) {
            QVERIFY(store->consumeCall(limitedId, u"eu.iban.check"_s, T0).ok());
            QVERIFY(
                store->consumeCall(*store->findActiveKey(unlimited.value().key), u"eu.vat.check"_s, T0).ok());
            QVERIFY(store->storeReceipt(sampleReceipt(hashOf(i))));
        }
        CallRecord record;
        record.at = T0;
        record.channel = u"key"_s;
        record.status = 200;
        store->logCall(record);
        store.reset();
    }
    {
        RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 3);
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 1);
        QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage WHERE key_id = '%1'"_s.arg(limitedId)).toInt(), 3);
        QCOMPARE(
            raw.scalar(u"SELECT SUM(calls) FROM usage WHERE key_id = '%1'"_s.arg(unlimitedId)).toInt(), 3);
        QCOMPARE(
            raw.scalar(u"SELECT calls_used FROM quotas WHERE key_id = '%1'"_s.arg(unlimitedId)).toInt(), 3);
    }
    const std::unique_ptr<Store> reopened = openStore();
    QVERIFY(reopened);
    QVERIFY(reopened->receipt(hashOf(2)));
    const QuotaUsage limited = reopened->usage(limitedId);
    QCOMPARE(limited.used, 3);
    QCOMPARE(limited.callsByOperation.value(u"eu.iban.check"_s), 3);
    const QuotaUsage unlimited = reopened->usage(unlimitedId);
    QCOMPARE(unlimited.used, 3);
    QCOMPARE(unlimited.callsByOperation.value(u"eu.vat.check"_s), 3);
}

void TestStore::batchIsOneTransaction()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    // The last row of the batch fails: nothing written before it in the batch may remain.
    QVERIFY(raw.exec(u"CREATE TRIGGER poison BEFORE INSERT ON receipts WHEN NEW.subject = 'poison' "
                     "BEGIN SELECT RAISE(ABORT, 'poisoned receipt'); END"_s));
    CallRecord record;
    record.at = T0;
    record.channel = u"key"_s;
    record.status = 200;
    store->logCall(record);
    QVERIFY(store->consumeCall(*store->findActiveKey(key.value().key), u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->consumeCall(key.value().id, u"eu.iban.check"_s, T0).ok()); // quota written at once
    QVERIFY(store->storeReceipt(sampleReceipt(hashOf(1))));
    QVERIFY(store->storeReceipt(sampleReceipt(hashOf(2), u"poison"_s)));
    QVERIFY(!store->flush());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM usage"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toInt(), 1); // the UPDATE's, not the batch's

    // The failed batch is dropped; the next one is written whole.
    QVERIFY(raw.exec(u"DROP TRIGGER poison"_s));
    QVERIFY(store->storeReceipt(sampleReceipt(hashOf(3))));
    QVERIFY(store->consumeCall(*store->findActiveKey(key.value().key), u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->flush());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 1);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toInt(), 2);
    QCOMPARE(raw.scalar(u"SELECT SUM(calls) FROM usage"_s).toInt(), 1);
}

void TestStore::flushWaitsForBatchInFlight()
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

void TestStore::preparedStatementsAreCachedPerThread()
{
    const QString templateName = u"pool-test"_s;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, templateName);
        db.setDatabaseName(m_dir->filePath(u"pool.sqlite"_s));
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

void TestStore::cachedStatementReleasesItsSnapshot()
{
    const std::unique_ptr<Store> store = openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->createApiKey(u"a"_s);
    QVERIFY(key.ok());
    // findActiveKey() reads the one row of a statement that stays cached and is not stepped to its end.
    // Had its handle not reset it, this connection would keep its read snapshot open: it would not see
    // later writes, and no checkpoint could empty the WAL behind it.
    QVERIFY(store->findActiveKey(key.value().key));
    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    QVERIFY(raw.exec(u"INSERT INTO free_quota (address, day, calls) VALUES ('x', '2025-03-14', 1)"_s));
    QSqlQuery checkpoint(raw.db());
    QVERIFY(checkpoint.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s) && checkpoint.next());
    QCOMPARE(checkpoint.value(0).toInt(), 0); // 1: blocked by a reader
    checkpoint.finish();
    QVERIFY(raw.exec(u"UPDATE api_keys SET label = 'changed'"_s));
    QCOMPARE(store->findActiveKey(key.value().key)->label, u"changed"_s);
}

QTEST_GUILESS_MAIN(TestStore)
void TestStore::callLogKeepsSettlement_data()
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

void TestStore::callLogKeepsSettlement()
{
    QFETCH(qint64, priceUnits);
    QFETCH(QString, network);
    QFETCH(QString, transaction);
    const std::unique_ptr<Store> store = openStore();
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
    store->logCall(record);

    const QList<CallRecord> recent = store->recentCalls(10);
    QCOMPARE(recent.size(), 1);
    QCOMPARE(recent.first().priceUnits, priceUnits);
    QCOMPARE(recent.first().network, network);
    QCOMPARE(recent.first().transaction, transaction);
    QCOMPARE(recent.first().principal, record.principal);

    RawDatabase raw(m_dir->filePath(u"ades.sqlite"_s));
    QCOMPARE(raw.scalar(u"SELECT transaction_hash FROM call_log"_s).toString(), transaction);
    QCOMPARE(raw.scalar(u"SELECT network FROM call_log"_s).toString(), network);
}

#include "TestStore.moc"
