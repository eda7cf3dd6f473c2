#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ApiKeys.h"
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
    void keyIsNeverStoredInPlaintext();

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

QTEST_GUILESS_MAIN(TestApiKeys)
#include "TestApiKeys.moc"
