#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ActiveKeyCache.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

// list() orders by creation time, then id: keys made at one fixed-clock instant come in id order.
ApiKeyRecord byId(const QList<ApiKeyRecord> &keys, const QString &id)
{
    for (const ApiKeyRecord &key : keys) {
        if (key.id == id)
            return key;
    }
    return {};
}

} // namespace

// API keys: creation, lookup by plaintext, revocation, and that only the hash is ever stored.
class TestApiKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void create_data();
    void create();
    void findActive();
    void revoke_data();
    void revoke();
    void anotherProcessesRevocationIsSeenWithinASecond();
    void cachedKeysFollowTheirCount();
    void keyIsNeverStoredInPlaintext();
    void emailIsStored();
    void changePlan_data();
    void changePlan();
    void changePlanKeepsCallsAndRefusesRevoked();
    void lastUseAndDailyUsage();
    void migrationCopiesSignupAddresses();

private:
    test::StoreFixture m_fixture;
};

void TestApiKeys::init()
{
    QVERIFY(m_fixture.reset());
}

void TestApiKeys::cleanup()
{
    m_fixture.clear();
}

void TestApiKeys::create_data()
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

void TestApiKeys::create()
{
    QFETCH(QString, label);
    QFETCH(QString, plan);
    QFETCH(std::optional<qint64>, limit);
    QFETCH(QString, errorCode);
    QFETCH(QString, errorParam);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> created = store->keys().create(label, plan, limit);
    QCOMPARE(created.ok() ? QString() : created.error().code(), errorCode);
    if (!created.ok()) {
        QCOMPARE(created.error().param(), errorParam);
        QVERIFY(store->keys().list().isEmpty());
        return;
    }
    static const QRegularExpression format(u"^ades_[0-9A-Za-z]{40}$"_s);
    QVERIFY2(format.match(created.value().key).hasMatch(), qPrintable(created.value().key));
    QCOMPARE(created.value().prefix, created.value().key.left(ApiKeys::KeyPrefixLength));

    const QList<ApiKeyRecord> keys = store->keys().list();
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

void TestApiKeys::findActive()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> a = store->keys().create(u"a"_s);
    const Result<NewApiKey> b = store->keys().create(u"b"_s, u"full"_s, std::nullopt);
    QVERIFY(a.ok() && b.ok());
    QVERIFY(a.value().key != b.value().key);

    const std::optional<ApiKeyRecord> foundA = store->keys().findActive(a.value().key);
    QVERIFY(foundA);
    QCOMPARE(foundA->id, a.value().id);
    QCOMPARE(foundA->callLimit, std::optional<qint64>(100));
    const std::optional<ApiKeyRecord> foundB = store->keys().findActive(b.value().key);
    QVERIFY(foundB);
    QCOMPARE(foundB->id, b.value().id);
    QCOMPARE(foundB->plan, u"full"_s);

    QString altered = a.value().key;
    altered[altered.size() - 1] = altered.back() == u'x' ? u'y' : u'x';
    QVERIFY(!store->keys().findActive(altered));
    QVERIFY(!store->keys().findActive(a.value().prefix));
    QVERIFY(!store->keys().findActive(QString()));
}

void TestApiKeys::revoke_data()
{
    QTest::addColumn<QString>("by"); // id, prefix, key, unknown
    QTest::addColumn<bool>("revoked");
    QTest::newRow("by-id") << u"id"_s << true;
    QTest::newRow("by-prefix") << u"prefix"_s << true;
    QTest::newRow("by-full-key") << u"key"_s << true;
    QTest::newRow("unknown") << u"unknown"_s << false;
    QTest::newRow("empty") << u"empty"_s << false;
}

void TestApiKeys::revoke()
{
    QFETCH(QString, by);
    QFETCH(bool, revoked);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"victim"_s);
    const Result<NewApiKey> bystander = store->keys().create(u"bystander"_s);
    QVERIFY(key.ok() && bystander.ok());
    const QString argument = by == u"id"_s ? key.value().id
        : by == u"prefix"_s                ? key.value().prefix
        : by == u"key"_s                   ? key.value().key
        : by == u"unknown"_s               ? u"ades_notAKey"_s
                                           : QString();
    QVERIFY(store->keys().findActive(key.value().key)); // looked up (and kept) before it is revoked
    m_fixture.clock().advanceSeconds(60);
    QCOMPARE(store->keys().revoke(argument), revoked);
    QCOMPARE(!store->keys().findActive(key.value().key), revoked);
    QVERIFY(store->keys().findActive(bystander.value().key));
    if (!revoked)
        return;
    QVERIFY(!store->keys().revoke(argument)); // already revoked
    const QList<ApiKeyRecord> keys = store->keys().list();
    QCOMPARE(keys.size(), 2);
    for (const ApiKeyRecord &record : keys)
        QCOMPARE(
            record.revokedAt, record.id == key.value().id ? std::optional(T0.addSecs(60)) : std::nullopt);
}

void TestApiKeys::anotherProcessesRevocationIsSeenWithinASecond()
{
    // Two stores on one database stand for two processes (the command line beside a server, or two
    // instances on one PostgreSQL): neither sees the other's ActiveKeyCache.
    const std::unique_ptr<Store> server = m_fixture.openStore();
    const std::unique_ptr<Store> commandLine = m_fixture.openStore();
    QVERIFY(server && commandLine);
    const Result<NewApiKey> key = commandLine->keys().create(u"revoked elsewhere"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    QVERIFY(server->keys().findActive(key.value().key)); // a key made elsewhere works at its first call
    QVERIFY(commandLine->keys().revoke(key.value().id));
    QVERIFY(!commandLine->keys().findActive(key.value().key));
    QTest::qWait(int(ActiveKeyCache::MaxAgeMs) + 50);
    QVERIFY(!server->keys().findActive(key.value().key));
    const Result<std::optional<ApiKeyRecord>> looked = server->keys().lookupActive(key.value().key);
    QVERIFY(looked.ok());
    QVERIFY(!looked.value());
}

void TestApiKeys::cachedKeysFollowTheirCount()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);

    // An unlimited key is counted write-behind; its count goes on across the batches being written.
    const Result<NewApiKey> full = store->keys().create(u"full"_s, u"full"_s, std::nullopt);
    QVERIFY(full.ok());
    for (int i = 1; i <= 6; ++i) {
        const std::optional<ApiKeyRecord> record = store->keys().findActive(full.value().key);
        QVERIFY(record);
        QCOMPARE(record->callsUsed, i - 1);
        QVERIFY(store->quotas().consumeCall(*record, u"eu.iban.check"_s, T0).ok());
        if (i % 2 == 0)
            QVERIFY(store->flush());
    }
    // Counted in SQL (the gateway's way) instead: the next lookup still sees every call.
    QVERIFY(store->quotas().consumeCall(full.value().id, u"eu.iban.check"_s, T0).ok());
    QCOMPARE(store->keys().findActive(full.value().key)->callsUsed, 7);

    // A limited key spent by its counting statements is seen spent at its next lookup, before any work.
    const Result<NewApiKey> free = store->keys().create(u"free"_s, u"free"_s, 2);
    QVERIFY(free.ok());
    QCOMPARE(store->keys().findActive(free.value().key)->callsUsed, 0);
    for (int i = 0; i < 2; ++i)
        QVERIFY(store->quotas().consumeCall(free.value().id, u"eu.iban.check"_s, T0).value().allowed);
    QCOMPARE(store->keys().findActive(free.value().key)->callsUsed, 2);

    // A plan changed here is the key's plan at its next lookup.
    QVERIFY(store->keys().changePlan(free.value().id, u"full"_s, 10).ok());
    const std::optional<ApiKeyRecord> upgraded = store->keys().findActive(free.value().key);
    QVERIFY(upgraded);
    QCOMPARE(upgraded->plan, u"full"_s);
    QCOMPARE(upgraded->callLimit, std::optional<qint64>(10));
}

void TestApiKeys::keyIsNeverStoredInPlaintext()
{
    QString plaintext;
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        const Result<NewApiKey> key = store->keys().create(u"secret holder"_s);
        QVERIFY(key.ok());
        plaintext = key.value().key;
    }
    QByteArray bytes;
    if (test::StoreFixture::onPostgres()) {
        // Every stored column of every row, as the server holds it.
        const test::RawDatabase raw(m_fixture.location());
        bytes = raw.scalar(u"SELECT string_agg(api_keys::text, ' ') FROM api_keys"_s).toString().toUtf8();
    }
    for (const QString &suffix : { QString(), u"-wal"_s }) {
        QFile file(m_fixture.filePath(u"ades.sqlite"_s + suffix));
        if (file.open(QIODevice::ReadOnly))
            bytes += file.readAll();
    }
    // The scan must be able to see stored text at all: the hash and the shown prefix are there.
    QVERIFY(bytes.contains(ApiKeys::hashKey(plaintext).toLatin1()));
    QVERIFY(bytes.contains(plaintext.left(ApiKeys::KeyPrefixLength).toLatin1()));
    QVERIFY(!bytes.contains(plaintext.toLatin1()));
    QVERIFY(!bytes.contains(plaintext.mid(ApiKeys::KeyPrefixLength).toLatin1()));
}

void TestApiKeys::emailIsStored()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> withEmail
        = store->keys().create(u"shop"_s, u"free"_s, 100, u"  owner@example.com "_s);
    const Result<NewApiKey> without = store->keys().create(u"batch job"_s);
    QVERIFY(withEmail.ok() && without.ok());
    const QString tooLong = QString(250, u'a') + u"@b.de"_s;
    const Result<NewApiKey> refused = store->keys().create(u"x"_s, u"free"_s, 100, tooLong);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().param(), u"email"_s);
    const QList<ApiKeyRecord> keys = store->keys().list();
    QCOMPARE(keys.size(), 2);
    QCOMPARE(byId(keys, withEmail.value().id).email, u"owner@example.com"_s);
    QCOMPARE(byId(keys, without.value().id).email, QString());
    const std::optional<ApiKeyRecord> found = store->keys().findActive(withEmail.value().key);
    QVERIFY(found);
    QCOMPARE(found->email, u"owner@example.com"_s);
}

void TestApiKeys::changePlan_data()
{
    QTest::addColumn<QString>("plan");
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<QString>("errorCode"); // empty: changed

    QTest::newRow("to-full-unlimited") << u"full"_s << std::optional<qint64>() << QString();
    QTest::newRow("to-full-limited") << u"full"_s << std::optional<qint64>(5000) << QString();
    QTest::newRow("free-more-calls") << u"free"_s << std::optional<qint64>(250) << QString();
    QTest::newRow("free-zero") << u"free"_s << std::optional<qint64>(0) << QString();
    QTest::newRow("unknown-plan") << u"gold"_s << std::optional<qint64>(10) << u"invalid_plan"_s;
    QTest::newRow("negative") << u"free"_s << std::optional<qint64>(-5) << u"invalid_call_limit"_s;
}

void TestApiKeys::changePlan()
{
    QFETCH(QString, plan);
    QFETCH(std::optional<qint64>, limit);
    QFETCH(QString, errorCode);

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"customer"_s);
    const Result<NewApiKey> other = store->keys().create(u"other"_s);
    QVERIFY(key.ok() && other.ok());
    const Result<ApiKeyRecord> changed = store->keys().changePlan(key.value().prefix, plan, limit);
    QCOMPARE(changed.ok(), errorCode.isEmpty());
    const QList<ApiKeyRecord> keys = store->keys().list();
    const ApiKeyRecord mine = byId(keys, key.value().id);
    const ApiKeyRecord theirs = byId(keys, other.value().id);
    if (!changed.ok()) {
        QCOMPARE(changed.error().code(), errorCode);
        QCOMPARE(mine.plan, u"free"_s); // nothing changed
        QCOMPARE(mine.callLimit, std::optional<qint64>(100));
        return;
    }
    QCOMPARE(changed.value().id, key.value().id);
    QCOMPARE(changed.value().plan, plan);
    QCOMPARE(changed.value().callLimit, limit);
    QCOMPARE(mine.plan, plan);
    QCOMPARE(mine.callLimit, limit);
    QCOMPARE(theirs.plan, u"free"_s); // the other key untouched
    QCOMPARE(theirs.callLimit, std::optional<qint64>(100));
    // The lookup of the request path sees the new quota at once.
    const std::optional<ApiKeyRecord> found = store->keys().findActive(key.value().key);
    QVERIFY(found);
    QCOMPARE(found->callLimit, limit);
}

void TestApiKeys::changePlanKeepsCallsAndRefusesRevoked()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"busy"_s, u"free"_s, 3);
    QVERIFY(key.ok());
    for (int i = 0; i < 3; ++i)
        QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).value().allowed);
    QVERIFY(!store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).value().allowed);
    // A higher quota lets the spent key call again; the calls used stay.
    const Result<ApiKeyRecord> raised = store->keys().changePlan(key.value().id, u"free"_s, 4);
    QVERIFY(raised.ok());
    QCOMPARE(raised.value().callsUsed, 3);
    QVERIFY(store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).value().allowed);
    QVERIFY(!store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, T0).value().allowed);
    // Unknown and revoked keys are refused, naming why.
    QCOMPARE(store->keys().changePlan(u"ades_nothing"_s, u"full"_s, std::nullopt).error().code(),
        u"unknown_api_key"_s);
    QVERIFY(store->keys().revoke(key.value().id));
    const Result<ApiKeyRecord> revoked = store->keys().changePlan(key.value().id, u"full"_s, std::nullopt);
    QVERIFY(!revoked.ok());
    QCOMPARE(revoked.error().code(), u"revoked_api_key"_s);
    QCOMPARE(store->keys().list().constFirst().plan, u"free"_s);
}

void TestApiKeys::lastUseAndDailyUsage()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const Result<NewApiKey> limited = store->keys().create(u"limited"_s);
    const Result<NewApiKey> unlimited = store->keys().create(u"unlimited"_s, u"full"_s, std::nullopt);
    const Result<NewApiKey> idle = store->keys().create(u"idle"_s);
    QVERIFY(limited.ok() && unlimited.ok() && idle.ok());
    const QDate day0 = T0.date();
    // Two calls three days ago, one today, of two operations; the unlimited key's calls are write-behind.
    QVERIFY(store->quotas().consumeCall(limited.value().id, u"a.op"_s, T0.addDays(-3)).ok());
    QVERIFY(store->quotas().consumeCall(limited.value().id, u"b.op"_s, T0.addDays(-3)).ok());
    QVERIFY(store->quotas().consumeCall(limited.value().id, u"a.op"_s, T0).ok());
    const std::optional<ApiKeyRecord> unlimitedKey = store->keys().findActive(unlimited.value().key);
    QVERIFY(unlimitedKey);
    QVERIFY(store->quotas().consumeCalls(*unlimitedKey, u"a.op"_s, 7, T0.addDays(-1)).ok());

    const QList<DailyUsage> week = store->quotas().dailyUsage(limited.value().id, day0.addDays(-6), day0);
    QCOMPARE(week.size(), 7);
    QCOMPARE(week.first().day, day0.addDays(-6));
    QCOMPARE(week.last().day, day0);
    qint64 total = 0;
    for (const DailyUsage &d : week) {
        const qint64 expected = d.day == day0.addDays(-3) ? 2 : d.day == day0 ? 1 : 0;
        QCOMPARE(d.calls, expected);
        total += d.calls;
    }
    QCOMPARE(total, 3);
    const QList<DailyUsage> queued = store->quotas().dailyUsage(unlimited.value().id, day0.addDays(-1), day0);
    QCOMPARE(queued.size(), 2);
    QCOMPARE(queued[0].calls, 7);
    QCOMPARE(queued[1].calls, 0);
    // A range longer than a year is cut to the last 366 days; a reversed one is empty.
    QCOMPARE(store->quotas().dailyUsage(limited.value().id, day0.addYears(-5), day0).size(), 366);
    QVERIFY(store->quotas().dailyUsage(limited.value().id, day0, day0.addDays(-1)).isEmpty());

    const QList<ApiKeyRecord> keys = store->keys().list();
    QCOMPARE(keys.size(), 3);
    QCOMPARE(byId(keys, limited.value().id).lastUsedDay, day0);
    QCOMPARE(byId(keys, unlimited.value().id).lastUsedDay, day0.addDays(-1));
    QVERIFY(!byId(keys, idle.value().id).lastUsedDay.isValid());
}

void TestApiKeys::migrationCopiesSignupAddresses()
{
    // Keys made before migration 10: a signup's address was its label, and there was no email column.
    QString signupId, namedId, gatewayId;
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        signupId = store->keys().create(u"buyer@shop.example"_s).value().id;
        namedId = store->keys().create(u"ops team"_s).value().id;
        gatewayId = store->keys().create(u"gateway:edge@x.example"_s, u"full"_s, std::nullopt).value().id;
    }
    {
        test::RawDatabase raw(m_fixture.location());
        QVERIFY(raw.exec(u"ALTER TABLE api_keys DROP COLUMN email"_s));
        // The store applies what comes after its highest version: migration 11 (the call log's detail
        // columns) is taken back too, so that 10 runs again.
        for (const QString &column :
            { u"request_headers"_s, u"request_bytes"_s, u"response_bytes"_s, u"sources"_s })
            QVERIFY(raw.exec(u"ALTER TABLE call_log DROP COLUMN "_s + column));
        QVERIFY(raw.exec(u"DELETE FROM schema_migrations WHERE version >= 10"_s));
    }
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const QList<ApiKeyRecord> keys = store->keys().list();
    QCOMPARE(byId(keys, signupId).email, u"buyer@shop.example"_s);
    QCOMPARE(byId(keys, signupId).label, u"buyer@shop.example"_s);
    QCOMPARE(byId(keys, namedId).email, QString());
    QCOMPARE(byId(keys, gatewayId).email, QString());
}

QTEST_GUILESS_MAIN(TestApiKeys)
#include "TestApiKeys.moc"
