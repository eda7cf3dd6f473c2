#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

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

// Delivered receipts: exact bytes kept, first per hash wins, visible right after they were queued.
class TestReceiptArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void roundTrip();
    void visibleRightAfterStore();

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
    QVERIFY(store->receipts().storeReceipt(second));
    QCOMPARE(store->receipts().receipt(receipt.resultHash)->receiptJson, receipt.receiptJson);

    QVERIFY(!store->receipts().receipt(u"0xunknown"_s));
    QVERIFY(!store->receipts().storeReceipt(StoredReceipt()));
}

void TestReceiptArchive::visibleRightAfterStore()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    RawDatabase raw(m_fixture.filePath(u"ades.sqlite"_s));
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

QTEST_GUILESS_MAIN(TestReceiptArchive)
#include "TestReceiptArchive.moc"
