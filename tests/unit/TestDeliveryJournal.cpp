#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/ApiKeys.h"
#include "store/Database.h"
#include "store/DeliveryJournal.h"
#include "store/JournalCodec.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"
#include "store/WriteBehindQueue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSemaphore>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();
// The instance a killed process left behind (DeliveryJournal names instances by 16 hex digits).
const QString Abandoned = u"00000000deadbeef"_s;

// A segment as an instance writes it: the header, then one frame per record.
QByteArray segmentOf(const QList<QByteArray> &records)
{
    QByteArray bytes = JournalCodec::segmentHeader();
    for (const QByteArray &record : records)
        bytes += record;
    return bytes;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// A lock file in QLockFile's format whose process no longer exists (a pid above Linux's pid_max).
bool writeDeadLock(const QString &path)
{
    return writeFile(path, "999999999\nades\n" + QSysInfo::machineHostName().toUtf8() + "\n");
}

} // namespace

// The delivery journal: its record format, and the replay at start-up of what a killed instance journaled
// but did not write (once, whatever happened between commit and removal). The SIGKILL test of the whole
// service is tests/integration/TestCrashRecovery.
class TestDeliveryJournal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void codecRoundTrip();
    void severalCallsAreOneRecord();
    void decodeStopsAtTornOrDamagedFrame_data();
    void decodeStopsAtTornOrDamagedFrame();
    void writesGoThroughTheJournal();
    void oneDeliveryIsJournaledAtOnce();
    void replaysAbandonedInstance();
    void skipsSegmentAlreadyWritten();
    void leavesRunningInstanceAlone();
    void failedBatchReplaysOnNextOpen();
    void unreadableSegmentIsSetAside();

private:
    // An unlimited key in a fresh database; the store is closed again.
    QString createUnlimitedKey();
    QString journalFolder() const { return Database::journalFolderOf(m_fixture.filePath(u"ades.sqlite"_s)); }

    test::StoreFixture m_fixture;
};

void TestDeliveryJournal::init()
{
    QVERIFY(m_fixture.reset());
}

void TestDeliveryJournal::cleanup()
{
    m_fixture.clear();
}

QString TestDeliveryJournal::createUnlimitedKey()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    if (!store)
        return {};
    const Result<NewApiKey> key = store->keys().create(u"full"_s, u"full"_s, std::nullopt);
    return key.ok() ? key.value().id : QString();
}

void TestDeliveryJournal::codecRoundTrip()
{
    StoredReceipt receipt = sampleReceipt(resultHashOf(7), u"DE89 3704 0044 0532 0130 00 – ÄÖÜ"_s);
    receipt.issuedAt = T0.addMSecs(123);
    const UsageDay usage { u"key-1"_s, u"eu.iban.check"_s, u"2025-03-14"_s };
    const UsageDay other { u"key-2"_s, u"eu.vat.check"_s, u"2025-03-15"_s };

    PendingWrites decoded;
    const JournalCodec::Decoded result
        = JournalCodec::decode(segmentOf({ JournalCodec::receipt(receipt), JournalCodec::usage(usage, true),
                                   JournalCodec::usage(usage, true), JournalCodec::usage(other, false) }),
            decoded);
    QVERIFY(result.clean);
    QCOMPARE(result.records, 4);
    QCOMPARE(decoded.receipts, QList<StoredReceipt> { receipt });
    QCOMPARE(decoded.usage.value(usage), 2);
    QCOMPARE(decoded.usage.value(other), 1);
    // Only the unlimited key's calls go to calls_used; a limited key's were counted by its UPDATE.
    QCOMPARE(decoded.callsUsed.value(u"key-1"_s), 2);
    QVERIFY(!decoded.callsUsed.contains(u"key-2"_s));

    PendingWrites empty;
    QVERIFY(JournalCodec::decode(QByteArray(), empty).clean);
    QVERIFY(empty.isEmpty());
}

void TestDeliveryJournal::severalCallsAreOneRecord()
{
    // A result that counts several calls (a VAT batch) is journaled as one record of n calls.
    const UsageDay usage { u"key-1"_s, u"eu.vat.batch"_s, u"2025-03-14"_s };
    const QByteArray batch = JournalCodec::usage(usage, true, 25);
    PendingWrites decoded;
    JournalCodec::Decoded result = JournalCodec::decode(
        segmentOf({ batch, JournalCodec::usage(usage, true), JournalCodec::usage(usage, false, 4) }),
        decoded);
    QVERIFY(result.clean);
    QCOMPARE(result.records, 3);
    QCOMPARE(decoded.usage.value(usage), 30);
    QCOMPARE(decoded.callsUsed.value(u"key-1"_s), 26);

    // Torn by a kill: none of its calls count, never part of them (its response was never sent).
    PendingWrites torn;
    result = JournalCodec::decode(segmentOf({ batch.left(batch.size() - 3) }), torn);
    QVERIFY(!result.clean);
    QCOMPARE(result.records, 0);
    QVERIFY(torn.isEmpty());

    // Through the queue: one write(2) of the whole count before countUsage() returns.
    QString error;
    std::unique_ptr<DeliveryJournal> journal = DeliveryJournal::open(journalFolder(), &error);
    QVERIFY2(journal, qPrintable(error));
    QSemaphore writing;
    QSemaphore release;
    QString writtenSegment;
    const std::shared_ptr<WriteBehindQueue> queue = WriteBehindQueue::create(
        [&](const PendingWrites &pending) {
            if (pending.isEmpty())
                return true;
            writtenSegment = pending.journalSegment;
            writing.release();
            release.acquire();
            return true;
        },
        std::move(journal));
    queue->countUsage(usage, WriteBehindQueue::Quota::Count, 25);
    QVERIFY(writing.tryAcquire(1, 10000));
    QFile segment(QDir(journalFolder()).filePath(writtenSegment));
    QVERIFY(segment.open(QIODevice::ReadOnly));
    PendingWrites journaled;
    result = JournalCodec::decode(segment.readAll(), journaled);
    QVERIFY(result.clean);
    QCOMPARE(result.records, 1);
    QCOMPARE(journaled.usage.value(usage), 25);
    QCOMPARE(journaled.callsUsed.value(u"key-1"_s), 25);
    release.release(100);
    QVERIFY(queue->flush());
}

void TestDeliveryJournal::decodeStopsAtTornOrDamagedFrame_data()
{
    QTest::addColumn<int>("cut"); // bytes cut off the end
    QTest::addColumn<int>("flip"); // byte flipped, counted from the end; -1: none
    QTest::addColumn<int>("records");
    QTest::newRow("whole") << 0 << -1 << 3;
    QTest::newRow("torn-payload") << 1 << -1 << 2;
    QTest::newRow("torn-frame-header") << 0 << -1 << 3;
    QTest::newRow("damaged-last") << 0 << 2 << 2;
}

void TestDeliveryJournal::decodeStopsAtTornOrDamagedFrame()
{
    QFETCH(int, cut);
    QFETCH(int, flip);
    QFETCH(int, records);
    const QByteArray usage = JournalCodec::usage({ u"k"_s, u"eu.iban.check"_s, u"2025-03-14"_s }, true);
    QByteArray bytes = segmentOf({ usage, usage, usage });
    if (QByteArrayView(QTest::currentDataTag()) == "torn-frame-header")
        bytes += usage.left(5); // the next frame's header only partly written
    bytes.chop(cut);
    if (flip >= 0)
        bytes[bytes.size() - 1 - flip] = char(bytes.at(bytes.size() - 1 - flip) ^ 0x40);
    PendingWrites decoded;
    const JournalCodec::Decoded result = JournalCodec::decode(bytes, decoded);
    QCOMPARE(result.records, records);
    QCOMPARE(decoded.usage.value({ u"k"_s, u"eu.iban.check"_s, u"2025-03-14"_s }), records);
    QCOMPARE(result.clean, QByteArrayView(QTest::currentDataTag()) == "whole");

    PendingWrites foreign;
    QVERIFY(!JournalCodec::decode("not a journal segment", foreign).clean);
    QVERIFY(foreign.isEmpty());
}

void TestDeliveryJournal::writesGoThroughTheJournal()
{
    // The queue with a writer that holds each batch until released: what it holds is on disk meanwhile.
    QString error;
    std::unique_ptr<DeliveryJournal> journal = DeliveryJournal::open(journalFolder(), &error);
    QVERIFY2(journal, qPrintable(error));
    const QDir folder(journalFolder());
    QSemaphore writing;
    QSemaphore release;
    QString writtenSegment;
    const std::shared_ptr<WriteBehindQueue> queue = WriteBehindQueue::create(
        [&](const PendingWrites &batch) {
            if (batch.isEmpty())
                return true; // only dropping journal_segments rows
            writtenSegment = batch.journalSegment;
            writing.release();
            release.acquire();
            return true;
        },
        std::move(journal));
    const UsageDay usage { u"key-1"_s, u"eu.iban.check"_s, u"2025-03-14"_s };
    queue->appendReceipt(sampleReceipt(resultHashOf(1)));
    queue->countUsage(usage, WriteBehindQueue::Quota::Count);
    CallRecord call;
    call.at = T0;
    queue->appendCall(call); // not journaled: not delivered work

    QVERIFY(writing.tryAcquire(1, 10000)); // the writer thread took the batch and is writing it
    QVERIFY(!writtenSegment.isEmpty());
    QFile segment(folder.filePath(writtenSegment));
    QVERIFY(segment.open(QIODevice::ReadOnly));
    PendingWrites journaled;
    const JournalCodec::Decoded decoded = JournalCodec::decode(segment.readAll(), journaled);
    QVERIFY(decoded.clean);
    QCOMPARE(decoded.records, 2);
    QCOMPARE(journaled.receipts, QList<StoredReceipt> { sampleReceipt(resultHashOf(1)) });
    QCOMPARE(journaled.usage.value(usage), 1);
    QCOMPARE(journaled.callsUsed.value(u"key-1"_s), 1);
    QVERIFY(journaled.calls.isEmpty());
    QVERIFY(!(QFile::permissions(folder.path()) & (QFileDevice::ReadGroup | QFileDevice::ReadOther)));
    QVERIFY(!(QFile::permissions(segment.fileName()) & (QFileDevice::ReadGroup | QFileDevice::ReadOther)));

    // A record that arrives while the batch is written goes into the next segment.
    queue->countUsage(usage, WriteBehindQueue::Quota::Count);
    QCOMPARE(folder.entryList({ u"*.0*"_s }, QDir::Files).size(), 2);
    release.release(100);
    // Committed: the segment goes.
    QTRY_VERIFY(!QFileInfo::exists(segment.fileName()));
    QVERIFY(queue->flush());
    QVERIFY(folder.entryList({ u"*.0*"_s }, QDir::Files).isEmpty());

    // Through the store: nothing is left behind once written, not even the journal_segments rows.
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const QList<ApiKeyRecord> keys = store->keys().list();
    QCOMPARE(keys.size(), 1);
    QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(2))));
    QVERIFY(store->quotas().consumeCall(keys.constFirst(), u"eu.iban.check"_s, T0).ok());
    QVERIFY(store->sizeOnDisk() > QFileInfo(m_fixture.filePath(u"ades.sqlite"_s)).size());
    QVERIFY(store->flush());
    QVERIFY(store->flush());
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM journal_segments"_s).toInt(), 0);
    QCOMPARE(raw.scalar(u"SELECT calls_used FROM quotas"_s).toInt(), 1);
}

void TestDeliveryJournal::oneDeliveryIsJournaledAtOnce()
{
    // A writer that holds what it takes until released: segments stay on disk, whenever it takes a batch.
    QString error;
    std::unique_ptr<DeliveryJournal> journal = DeliveryJournal::open(journalFolder(), &error);
    QVERIFY2(journal, qPrintable(error));
    const QDir folder(journalFolder());
    QSemaphore release;
    const std::shared_ptr<WriteBehindQueue> queue = WriteBehindQueue::create(
        [&release](const PendingWrites &batch) {
            if (!batch.isEmpty())
                release.acquire();
            return true;
        },
        std::move(journal));
    const UsageDay usage { u"key-1"_s, u"eu.iban.check"_s, u"2025-03-14"_s };
    // Every record in the journal's segments, and the receipts among them.
    const auto journaled = [&folder](PendingWrites &into) {
        int records = 0;
        for (const QString &name : folder.entryList({ u"*.0*"_s }, QDir::Files)) {
            QFile segment(folder.filePath(name));
            if (!segment.open(QIODevice::ReadOnly))
                return -1;
            const JournalCodec::Decoded decoded = JournalCodec::decode(segment.readAll(), into);
            if (!decoded.clean)
                return -1;
            records += decoded.records;
        }
        return records;
    };
    {
        const WriteBehindQueue::OneJournalWrite outer(*queue);
        {
            // A second one on the same thread joins the first: its end writes nothing yet.
            const WriteBehindQueue::OneJournalWrite inner(*queue);
            queue->countUsage(usage, WriteBehindQueue::Quota::Count);
        }
        queue->appendReceipt(sampleReceipt(resultHashOf(1)));
        // Nothing of the delivery is journaled or queued while it is open.
        PendingWrites none;
        QCOMPARE(journaled(none), 0);
        QCOMPARE(queue->pendingRowCount(), 0);
        QCOMPARE(queue->callsUsed(u"key-1"_s).counted, 0);
    }
    // Its end: both records journaled, both queued.
    PendingWrites both;
    QCOMPARE(journaled(both), 2);
    QCOMPARE(both.receipts, QList<StoredReceipt> { sampleReceipt(resultHashOf(1)) });
    QCOMPARE(both.usage.value(usage), 1);
    QCOMPARE(queue->callsUsed(u"key-1"_s).counted, 1);

    // Without one, a record is journaled when it is recorded.
    queue->countUsage(usage, WriteBehindQueue::Quota::Count);
    PendingWrites three;
    QCOMPARE(journaled(three), 3);
    QCOMPARE(queue->callsUsed(u"key-1"_s).counted, 2);
    release.release(100);
    QVERIFY(queue->flush());
}

void TestDeliveryJournal::replaysAbandonedInstance()
{
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    const UsageDay usage { keyId, u"eu.iban.check"_s, u"2025-03-14"_s };
    const QByteArray count = JournalCodec::usage(usage, true);
    QVERIFY(QDir().mkpath(journalFolder()));
    // Two segments (two batches), the second one torn by the kill in the middle of its last record.
    QVERIFY(writeFile(journalFolder() + u'/' + Abandoned + u".00000001"_s,
        segmentOf({ JournalCodec::receipt(sampleReceipt(resultHashOf(1))), count, count })));
    QVERIFY(writeFile(journalFolder() + u'/' + Abandoned + u".00000002"_s,
        segmentOf({ JournalCodec::receipt(sampleReceipt(resultHashOf(2))), count, count.left(7) })));
    QVERIFY(writeDeadLock(journalFolder() + u'/' + Abandoned + u".lock"_s));

    for (int open = 0; open < 2; ++open) { // the second open finds nothing left to replay
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        QVERIFY(store->receipts().receipt(resultHashOf(1)));
        QVERIFY(store->receipts().receipt(resultHashOf(2)));
        const QuotaUsage counted = store->quotas().usage(keyId);
        QCOMPARE(counted.used, 3);
        QCOMPARE(counted.callsByOperation.value(u"eu.iban.check"_s), 3);
        QVERIFY(!QFileInfo::exists(journalFolder() + u'/' + Abandoned + u".00000001"_s));
        QVERIFY(!QFileInfo::exists(journalFolder() + u'/' + Abandoned + u".lock"_s));
        RawDatabase raw(m_fixture.location());
        QCOMPARE(
            raw.scalar(u"SELECT COUNT(*) FROM journal_segments WHERE segment LIKE '%1.%'"_s.arg(Abandoned))
                .toInt(),
            0);
    }
}

void TestDeliveryJournal::skipsSegmentAlreadyWritten()
{
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    // Killed after its batch was committed and before the segment was removed: the row says so.
    const QString segment = Abandoned + u".00000001"_s;
    {
        RawDatabase raw(m_fixture.location());
        QVERIFY(raw.exec(u"INSERT INTO journal_segments (segment, committed_at) VALUES ('%1', '%2')"_s.arg(
            segment, isoUtc(T0))));
    }
    QVERIFY(QDir().mkpath(journalFolder()));
    QVERIFY(writeFile(journalFolder() + u'/' + segment,
        segmentOf({ JournalCodec::usage({ keyId, u"eu.iban.check"_s, u"2025-03-14"_s }, true) })));

    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QCOMPARE(store->quotas().usage(keyId).used, 0); // not counted a second time
    QVERIFY(!QFileInfo::exists(journalFolder() + u'/' + segment));
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM journal_segments"_s).toInt(), 0);
}

void TestDeliveryJournal::leavesRunningInstanceAlone()
{
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    QString error;
    // Another process's journal, alive: its lock is held, its batch may be committing right now.
    std::unique_ptr<DeliveryJournal> running = DeliveryJournal::open(journalFolder(), &error);
    QVERIFY2(running, qPrintable(error));
    QVERIFY(running->append(JournalCodec::usage({ keyId, u"eu.iban.check"_s, u"2025-03-14"_s }, true)));
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        QCOMPARE(store->quotas().usage(keyId).used, 0);
    }
    // It ends without writing its segment (its batch failed): the next open replays it.
    running.reset();
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QCOMPARE(store->quotas().usage(keyId).used, 1);
}

void TestDeliveryJournal::failedBatchReplaysOnNextOpen()
{
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        RawDatabase raw(m_fixture.location());
        QVERIFY(raw.poison(u"INSERT"_s, u"receipts"_s, u"NEW.subject = 'poison'"_s));
        const QList<ApiKeyRecord> keys = store->keys().list();
        QCOMPARE(keys.size(), 1);
        QVERIFY(store->quotas().consumeCall(keys.constFirst(), u"eu.iban.check"_s, T0).ok());
        QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(1))));
        QVERIFY(store->receipts().storeReceipt(sampleReceipt(resultHashOf(2), u"poison"_s)));
        QVERIFY(!store->flush());
        QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM receipts"_s).toInt(), 0);
        // Whatever disturbed the write is repaired before the next start.
        QVERIFY(raw.unpoison(u"receipts"_s));
    }
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QVERIFY(store->receipts().receipt(resultHashOf(1)));
    QVERIFY(store->receipts().receipt(resultHashOf(2)));
    const QuotaUsage counted = store->quotas().usage(keyId);
    QCOMPARE(counted.used, 1);
    QCOMPARE(counted.callsByOperation.value(u"eu.iban.check"_s), 1);
}

void TestDeliveryJournal::unreadableSegmentIsSetAside()
{
    const QString keyId = createUnlimitedKey();
    QVERIFY(!keyId.isEmpty());
    QVERIFY(QDir().mkpath(journalFolder()));
    {
        // A batch the database refuses even now: kept aside for the operator instead of blocking the start.
        RawDatabase raw(m_fixture.location());
        QVERIFY(raw.poison(u"INSERT"_s, u"receipts"_s));
    }
    const QString segment = journalFolder() + u'/' + Abandoned + u".00000001"_s;
    QVERIFY(writeFile(segment, segmentOf({ JournalCodec::receipt(sampleReceipt(resultHashOf(1))) })));
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    QVERIFY(!QFileInfo::exists(segment));
    QVERIFY(QFileInfo::exists(segment + u".failed"_s));
}

QTEST_GUILESS_MAIN(TestDeliveryJournal)
#include "TestDeliveryJournal.moc"
