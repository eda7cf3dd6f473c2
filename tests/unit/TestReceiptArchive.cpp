#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "crypto/Secp256k1Key.h"
#include "receipts/ReceiptFormat.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"
#include "store/Migrations.h"
#include "store/ReceiptArchive.h"
#include "store/SqlSupport.h"
#include "store/Store.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();
// A fixed issuer key (any valid secp256k1 scalar): the receipts of the test are reproducible.
constexpr char TestIssuerKeyHex[] = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

} // namespace

// Delivered receipts: exact bytes kept, one row per receipt (a result delivered twice keeps both), visible
// right after they were queued, rekeyed from result hash to signature by migration 5.
class TestReceiptArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void roundTrip();
    void visibleRightAfterStore();
    void sameResultDeliveredTwiceKeepsBoth();
    void keptWithoutSignedMessageAndReadBackAsSent();
    void migrationKeysReceiptsBySignature();
    void lookupsUseThePrefixIndexes();

private:
    test::StoreFixture m_fixture;
};

void TestReceiptArchive::init()
{
    QVERIFY(m_fixture.reset());
}

void TestReceiptArchive::cleanup()
{
    m_fixture.clear();
}

void TestReceiptArchive::roundTrip()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    StoredReceipt receipt;
    receipt.signature = u"0x"_s + QString(130, u'a');
    receipt.resultHash = u"0x5f3c1a"_s + QString(58, u'b');
    receipt.operationId = u"eu.vat.check"_s;
    receipt.subject = u"DE811907980"_s;
    receipt.channel = u"x402"_s;
    receipt.issuedAt = T0;
    receipt.validUntil = T0.addDays(365);
    receipt.issuer = u"ADES"_s;
    receipt.receiptJson = R"({"standard":"service-receipt/2","subject":"DE811907980","note":"Grüße"})";
    QVERIFY(store->receipts().storeReceipt(receipt));

    const std::optional<StoredReceipt> loaded = store->receipts().receipt(receipt.resultHash);
    QVERIFY(loaded);
    QCOMPARE(loaded->signature, receipt.signature);
    QCOMPARE(loaded->resultHash, receipt.resultHash);
    QCOMPARE(loaded->operationId, receipt.operationId);
    QCOMPARE(loaded->subject, receipt.subject);
    QCOMPARE(loaded->channel, receipt.channel);
    QCOMPARE(loaded->issuedAt, receipt.issuedAt);
    QCOMPARE(loaded->validUntil, receipt.validUntil);
    QCOMPARE(loaded->issuer, receipt.issuer);
    QCOMPARE(loaded->receiptJson, receipt.receiptJson);
    // Kept as text, not as bytes (SQLite is given the UTF-8 bytes and casts them): length() counts the
    // characters of text but the bytes of a BLOB, and "Grüße" has two characters of two bytes each.
    store->flush();
    const RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT length(receipt_json) FROM receipts WHERE signature = '%1'"_s.arg(
                            receipt.signature))
                 .toLongLong(),
        QString::fromUtf8(receipt.receiptJson).size());

    QCOMPARE(store->receipts().receiptBySignature(receipt.signature), loaded);

    // The same receipt stored again (same signature) stays one row.
    QVERIFY(store->receipts().storeReceipt(receipt));
    QCOMPARE(store->receipts().receiptsFor(receipt.resultHash).size(), 1);

    // A second receipt for the same result, signed a second later, is kept beside the first;
    // receipt(hash) still answers with the first issued.
    StoredReceipt second = receipt;
    second.signature = u"0x"_s + QString(130, u'c');
    second.issuedAt = T0.addSecs(1);
    second.receiptJson = R"({"standard":"service-receipt/2","subject":"other"})";
    QVERIFY(store->receipts().storeReceipt(second));
    QCOMPARE(store->receipts().receiptsFor(receipt.resultHash), (QList<StoredReceipt> { receipt, second }));
    QCOMPARE(store->receipts().receipt(receipt.resultHash)->receiptJson, receipt.receiptJson);
    QCOMPARE(store->receipts().receiptBySignature(second.signature)->receiptJson, second.receiptJson);

    QVERIFY(!store->receipts().receipt(u"0xunknown"_s));
    QVERIFY(!store->receipts().receiptBySignature(u"0xunknown"_s));
    QVERIFY(store->receipts().receiptsFor(u"0xunknown"_s).isEmpty());
    QVERIFY(!store->receipts().storeReceipt(StoredReceipt()));
    StoredReceipt unsigned_ = receipt;
    unsigned_.signature.clear();
    QVERIFY(!store->receipts().storeReceipt(unsigned_));
}

void TestReceiptArchive::visibleRightAfterStore()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.location());
    const StoredReceipt receipt = sampleReceipt(resultHashOf(1));
    QVERIFY(store->receipts().storeReceipt(receipt));
    // Queued, not written: the point of the change. The first queued row is not due, and no event runs.
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
    const std::optional<StoredReceipt> loaded = store->receipts().receipt(receipt.resultHash);
    QVERIFY(loaded);
    QCOMPARE(loaded->receiptJson, receipt.receiptJson);
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 1);

    // Stored by other threads (own connections, own statement caches), read here right after.
    const auto storeSome = [&](int first) {
        for (int i = first; i < first + 50; ++i)
            store->receipts().storeReceipt(sampleReceipt(resultHashOf(i), u"subject %1"_s.arg(i)));
    };
    std::unique_ptr<QThread> writer(QThread::create(storeSome, 100));
    writer->start();
    std::thread native(storeSome, 200);
    QVERIFY(writer->wait(30000));
    native.join();
    for (int i : { 100, 149, 200, 249 }) {
        const std::optional<StoredReceipt> found = store->receipts().receipt(resultHashOf(i));
        QVERIFY2(found, qPrintable(resultHashOf(i)));
        QCOMPARE(found->subject, u"subject %1"_s.arg(i));
    }
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 101);
}

void TestReceiptArchive::sameResultDeliveredTwiceKeepsBoth()
{
    // Real receipts: one signer, the same result signed at two moments, as two deliveries would.
    FixedClock clock(T0);
    const ReceiptSigner signer(PrivateKey::fromHex(QString::fromLatin1(TestIssuerKeyHex)).value(),
        ReceiptIssuer { u"ADES"_s, u"ADES"_s, u"http://127.0.0.1/verify"_s, 365 }, clock);
    const QJsonObject result { { u"valid"_s, true }, { u"iban"_s, u"DE89370400440532013000"_s } };
    const QJsonObject first = signer.makeReceipt(result, u"DE89370400440532013000"_s);
    clock.advanceSeconds(1);
    const QJsonObject second = signer.makeReceipt(result, u"DE89370400440532013000"_s);
    QCOMPARE(first.value(u"result_hash"_s), second.value(u"result_hash"_s));
    QVERIFY(first.value(u"signature"_s) != second.value(u"signature"_s));

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    for (const QJsonObject &receipt : { first, second }) {
        StoredReceipt stored;
        stored.signature = receipt.value(u"signature"_s).toString();
        stored.resultHash = receipt.value(u"result_hash"_s).toString();
        stored.operationId = u"eu.iban.check"_s;
        stored.subject = receipt.value(u"subject"_s).toString();
        stored.channel = u"key"_s;
        stored.issuedAt = parseTime(receipt.value(u"issued_at"_s).toString());
        stored.validUntil = parseTime(receipt.value(u"valid_until"_s).toString());
        stored.issuer = receipt.value(u"issuer"_s).toString();
        stored.receiptJson = CanonicalJson::serialise(receipt);
        QVERIFY(store->receipts().storeReceipt(stored));
    }

    const QList<StoredReceipt> kept = store->receipts().receiptsFor(first.value(u"result_hash"_s).toString());
    QCOMPARE(kept.size(), 2);
    // Each one is retrievable by its signature and verifies as issued by the signer, with its own time.
    const ReceiptVerifier verifier(clock, signer.issuerAddress());
    for (const QJsonObject &receipt : { first, second }) {
        const std::optional<StoredReceipt> found
            = store->receipts().receiptBySignature(receipt.value(u"signature"_s).toString());
        QVERIFY(found);
        QCOMPARE(found->receiptJson, CanonicalJson::serialise(receipt));
        QJsonObject body = result;
        body.insert(u"receipt"_s, QJsonDocument::fromJson(found->receiptJson).object());
        const ReceiptVerdict verdict = verifier.verify(body);
        QVERIFY2(verdict.valid, qPrintable(verdict.problems.join(u", "_s)));
        QVERIFY(verdict.issuedByThisService);
        QCOMPARE(found->issuedAt, parseTime(receipt.value(u"issued_at"_s).toString()));
    }
}

void TestReceiptArchive::keptWithoutSignedMessageAndReadBackAsSent()
{
    // A subject with what canonical text escapes (quote, backslash, control character) and what it does not
    // (non-ASCII, a character beyond the BMP): the signed_message string holds all of it escaped once more.
    FixedClock clock(T0);
    const ReceiptSigner signer(PrivateKey::fromHex(QString::fromLatin1(TestIssuerKeyHex)).value(),
        ReceiptIssuer { u"ADES"_s, u"ADES"_s, u"http://127.0.0.1/verify"_s, 365 }, clock);
    const QString subject = u"Müller \"Bau\" \\ GmbH\t\U0001F600"_s;
    const QJsonObject receipt = signer.makeReceipt(QJsonObject { { u"name"_s, subject } }, subject);
    const QByteArray sent = CanonicalJson::serialise(receipt);
    QVERIFY(sent.contains("\"signed_message\":\""));

    const QByteArray kept = ReceiptFormat::withoutSignedMessage(sent);
    QVERIFY(kept.contains("\"signed_message\":null"));
    QVERIFY2(kept.size() < sent.size() * 6 / 10,
        qPrintable(u"%1 of %2 bytes"_s.arg(kept.size()).arg(sent.size())));
    QCOMPARE(CanonicalJson::serialise(QJsonDocument::fromJson(kept).object()), kept); // still canonical
    QCOMPARE(ReceiptFormat::withSignedMessage(kept), sent);
    // Texts that were not made by withoutSignedMessage() stay as they are: a receipt without the member, a
    // /1 receipt, a signed_message that is a string, text that is no JSON.
    const QByteArray without = R"({"signature":"0x12","standard":"service-receipt/2","subject":"x"})";
    QCOMPARE(ReceiptFormat::withoutSignedMessage(without), without);
    QCOMPARE(ReceiptFormat::withSignedMessage(without), without);
    const QByteArray v1 = R"({"issued_at":"2025-01-01T00:00:00.000Z","result_hash":"0x1","signature":"0x2",)"
                          R"("standard":"service-receipt/1"})";
    QCOMPARE(ReceiptFormat::withSignedMessage(v1), v1);
    QCOMPARE(ReceiptFormat::withSignedMessage(sent), sent);
    QCOMPARE(
        ReceiptFormat::withSignedMessage("{\"signed_message\":null"), QByteArray("{\"signed_message\":null"));

    // Through the archive: the row holds the short text, reading gives the bytes that were sent.
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    StoredReceipt stored;
    stored.signature = receipt.value(u"signature"_s).toString();
    stored.resultHash = receipt.value(u"result_hash"_s).toString();
    stored.operationId = u"eu.company.lookup"_s;
    stored.subject = subject;
    stored.channel = u"key"_s;
    stored.issuedAt = T0;
    stored.validUntil = T0.addDays(365);
    stored.issuer = receipt.value(u"issuer"_s).toString();
    stored.receiptJson = sent;
    QVERIFY(store->receipts().storeReceipt(stored));
    QCOMPARE(store->receipts().receiptBySignature(stored.signature)->receiptJson, sent);
    const RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT receipt_json FROM receipts WHERE signature = '%1'"_s.arg(stored.signature))
                 .toString()
                 .toUtf8(),
        kept);
}

void TestReceiptArchive::migrationKeysReceiptsBySignature()
{
    // A database as version 4 left it: receipts keyed by result hash.
    {
        RawDatabase raw(m_fixture.location());
        QVERIFY(raw.exec(
            u"CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"_s));
        const QList<Migration> steps = Migrations::all();
        for (const Migration &step : steps) {
            if (step.version > 4)
                break;
            const QStringList &statements
                = test::StoreFixture::onPostgres() && !step.postgresStatements.isEmpty()
                ? step.postgresStatements
                : step.statements;
            for (const QString &statement : statements)
                QVERIFY2(raw.exec(statement), qPrintable(statement));
            QVERIFY(raw.exec(
                u"INSERT INTO schema_migrations VALUES (%1, '%2')"_s.arg(step.version).arg(isoUtc(T0))));
        }
        QVERIFY(
            raw.exec(u"INSERT INTO receipts VALUES ('0xaa', 'eu.iban.check', 's', 'key', '%1', '%2', 'ADES', "
                     "'{\"result_hash\":\"0xaa\",\"signature\":\"0xsigned\"}')"_s.arg(
                         isoUtc(T0), isoUtc(T0.addDays(365)))));
        QVERIFY(
            raw.exec(u"INSERT INTO receipts VALUES ('0xbb', 'eu.iban.check', 's', 'key', '%1', '%2', 'ADES', "
                     "'not json')"_s.arg(isoUtc(T0), isoUtc(T0.addDays(365)))));
    }
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    const std::optional<StoredReceipt> signed_ = store->receipts().receiptBySignature(u"0xsigned"_s);
    QVERIFY(signed_);
    QCOMPARE(signed_->resultHash, u"0xaa"_s);
    QCOMPARE(signed_->issuedAt, T0);
    // A row whose JSON names no signature keeps a key that is still unique: its old one.
    const std::optional<StoredReceipt> legacy = store->receipts().receipt(u"0xbb"_s);
    QVERIFY(legacy);
    QCOMPARE(legacy->signature, u"result:0xbb"_s);
    QCOMPARE(legacy->receiptJson, QByteArray("not json"));

    // From now on a second receipt for 0xaa is kept beside the migrated one.
    StoredReceipt again = *signed_;
    again.signature = u"0xsigned-later"_s;
    again.issuedAt = T0.addSecs(5);
    QVERIFY(store->receipts().storeReceipt(again));
    QCOMPARE(store->receipts().receiptsFor(u"0xaa"_s).size(), 2);
}

// A lookup by signature or result hash goes through the index of its first 18 characters, never a scan of
// the archive (SQLite's plan; PostgreSQL plans by its statistics).
void TestReceiptArchive::lookupsUseThePrefixIndexes()
{
    if (test::StoreFixture::onPostgres())
        QSKIP("EXPLAIN QUERY PLAN is SQLite's");
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.location());
    for (const QString &column : { u"signature"_s, u"result_hash"_s }) {
        QSqlQuery plan(raw.db());
        QVERIFY2(plan.prepare(u"EXPLAIN QUERY PLAN "_s + ReceiptArchive::lookupSql(column)),
            qPrintable(plan.lastError().text()));
        plan.bindValue(u":prefix"_s, u"0x3fee702cbe443cf0"_s);
        plan.bindValue(u":value"_s, u"0x3fee702cbe443cf0599e"_s);
        plan.bindValue(u":limit"_s, 1);
        QVERIFY2(plan.exec(), qPrintable(plan.lastError().text()));
        QStringList steps;
        while (plan.next())
            steps << plan.value(3).toString();
        QVERIFY2(steps.join(u'\n').contains(u"USING INDEX receipts_%1_prefix"_s.arg(column)),
            qPrintable(steps.join(u" | "_s)));
    }
}

QTEST_GUILESS_MAIN(TestReceiptArchive)
#include "TestReceiptArchive.moc"
