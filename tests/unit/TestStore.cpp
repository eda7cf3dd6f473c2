#include "core/Clock.h"
#include "store/CallLogQueue.h"
#include "store/Migrations.h"
#include "store/Store.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDatabase>
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
    for (int i = 1; i < CallLogQueue::MaxRows; ++i)
        store->logCall(record);
    QCOMPARE(store->queuedCallCount(), CallLogQueue::MaxRows - 1);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), 0);
    store->logCall(record);
    QCOMPARE(store->queuedCallCount(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), CallLogQueue::MaxRows);

    // A thread without an event loop arms no timer: its next call writes once the oldest record is due.
    std::thread native([&] {
        store->logCall(record);
        QThread::msleep(CallLogQueue::MaxDelayMs + 50);
        store->logCall(record);
    });
    native.join();
    QCOMPARE(store->queuedCallCount(), 0);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM call_log"_s).toInt(), CallLogQueue::MaxRows + 2);
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

QTEST_GUILESS_MAIN(TestStore)
#include "TestStore.moc"
