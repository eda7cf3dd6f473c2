#include "core/Clock.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// Cost of the Store calls on the request path (SQLite, WAL, synchronous=NORMAL, file in a temp folder).
// On a shared machine prefer CPU time: BenchStore -perf -perfcounter task-clock -iterations 5000.
class BenchStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void logCall();
    void consumeCall_data();
    void consumeCall();
    void findActiveKey();
    void storeReceipt();
    void keyRequest_data();
    void keyRequest();
    void consumeFreeCall();
    void recentCalls();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Store> m_store;
    FixedClock m_clock { QDateTime(QDate(2025, 3, 14), QTime(9, 30), Qt::UTC) };
};

void BenchStore::initTestCase()
{
    // 1000 "created API key" lines would drown the results.
    QLoggingCategory::setFilterRules(u"ades.store.info=false"_s);
}

void BenchStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Result<std::unique_ptr<Store>> store = Store::open(m_dir->filePath(u"ades.sqlite"_s), &m_clock);
    QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message()));
    m_store = std::move(store.value());
}

void BenchStore::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

void BenchStore::logCall()
{
    CallRecord record;
    record.at = m_clock.now();
    record.channel = u"x402"_s;
    record.method = u"GET"_s;
    record.target = u"/x402/iban/DE89370400440532013000"_s;
    record.operationId = u"eu.iban.check"_s;
    record.status = 200;
    record.priceUnits = 2000;
    record.latencyMs = 3;
    record.principal = u"0x52908400098527886E0F7030069857D2E4169EE7"_s;
    record.requestId = u"0f6c2a1e-5b7d-4c39-9d3e-8a1b2c3d4e5f"_s;
    int logged = 0;
    QBENCHMARK
    {
        record.at = record.at.addMSecs(1);
        m_store->calls().logCall(record);
        ++logged;
    }
    QCOMPARE(m_store->calls().recentCalls(logged + 1).size(), logged);
}

namespace {

// Every delivery is its own receipt, with its own signature (130 hex digits).
QString signatureOf(int serial)
{
    return u"0x%1"_s.arg(serial, 130, 16, QChar(u'0'));
}

StoredReceipt sampleReceipt(const QDateTime &at, int serial)
{
    StoredReceipt receipt;
    receipt.signature = signatureOf(serial);
    receipt.resultHash = u"0x%1"_s.arg(serial, 64, 16, QChar(u'0'));
    receipt.operationId = u"eu.iban.check"_s;
    receipt.subject = u"DE89370400440532013000"_s;
    receipt.channel = u"key"_s;
    receipt.issuedAt = at;
    receipt.validUntil = at.addDays(365);
    receipt.issuer = u"ADES"_s;
    // About the size of a real IBAN receipt (~900 bytes of compact JSON).
    receipt.receiptJson = R"({"standard":"service-receipt/2","operation":"eu.iban.check","subject":)"
                          R"("DE89370400440532013000","result_hash":")"
        + receipt.resultHash.toLatin1() + R"(","signature":")" + QByteArray(130, 'a') + R"(","evidence":")"
        + QByteArray(600, 'e') + R"("})";
    return receipt;
}

} // namespace

void BenchStore::consumeCall_data()
{
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<bool>("byRecord"); // consumeCall(ApiKeyRecord, ...) rather than consumeCall(keyId, ...)
    // The limit is far above the iteration count: every timed call takes the allowed path.
    QTest::newRow("limited") << std::optional<qint64>(1'000'000'000) << false;
    QTest::newRow("unlimited") << std::optional<qint64>() << false;
    QTest::newRow("limited-by-record") << std::optional<qint64>(1'000'000'000) << true;
    QTest::newRow("unlimited-by-record") << std::optional<qint64>() << true;
}

void BenchStore::consumeCall()
{
    QFETCH(std::optional<qint64>, limit);
    QFETCH(bool, byRecord);
    const Result<NewApiKey> key = m_store->keys().create(u"bench"_s, limit ? u"free"_s : u"full"_s, limit);
    QVERIFY(key.ok());
    const std::optional<ApiKeyRecord> record = m_store->keys().findActive(key.value().key);
    QVERIFY(record);
    qint64 used = 0;
    qint64 calls = 0;
    QBENCHMARK
    {
        const Result<QuotaDecision> decision = byRecord
            ? m_store->quotas().consumeCall(*record, u"eu.iban.check"_s, m_clock.now())
            : m_store->quotas().consumeCall(key.value().id, u"eu.iban.check"_s, m_clock.now());
        used = decision.ok() && decision.value().allowed ? decision.value().used : -1;
        ++calls;
    }
    QVERIFY(used > 0);
    const QuotaUsage usage = m_store->quotas().usage(key.value().id);
    if (!byRecord || limit)
        QCOMPARE(usage.used, used); // by record, an unlimited key's used is the looked-up count + 1
    QCOMPARE(usage.used, calls);
    QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), calls);
}

void BenchStore::findActiveKey()
{
    for (int i = 0; i < 1000; ++i)
        QVERIFY(m_store->keys().create(u"filler %1"_s.arg(i)).ok());
    const Result<NewApiKey> key = m_store->keys().create(u"bench"_s);
    QVERIFY(key.ok());
    std::optional<ApiKeyRecord> found;
    QBENCHMARK
    {
        found = m_store->keys().findActive(key.value().key);
    }
    QVERIFY(found);
    QCOMPARE(found->id, key.value().id);
}

void BenchStore::storeReceipt()
{
    int serial = 0;
    StoredReceipt receipt = sampleReceipt(m_clock.now(), serial);
    bool allStored = true;
    QBENCHMARK
    {
        receipt.resultHash = u"0x%1"_s.arg(++serial, 64, 16, QChar(u'0'));
        receipt.signature = signatureOf(serial);
        allStored = m_store->receipts().storeReceipt(receipt) && allStored;
    }
    QVERIFY(allStored);
    const std::optional<StoredReceipt> last = m_store->receipts().receipt(receipt.resultHash);
    QVERIFY(last);
    QCOMPARE(last->receiptJson, receipt.receiptJson);
}

void BenchStore::keyRequest_data()
{
    QTest::addColumn<std::optional<qint64>>("limit");
    QTest::addColumn<bool>("byRecord");
    QTest::newRow("limited") << std::optional<qint64>(1'000'000'000) << false;
    QTest::newRow("unlimited") << std::optional<qint64>() << false;
    QTest::newRow("limited-by-record") << std::optional<qint64>(1'000'000'000) << true;
    QTest::newRow("unlimited-by-record") << std::optional<qint64>() << true;
}

// The Store calls of one GET /v1/iban on the key channel (KeyChannel::call, Delivery::signAndRecord):
// look up the key, count the call, keep the receipt, log the call.
void BenchStore::keyRequest()
{
    QFETCH(std::optional<qint64>, limit);
    QFETCH(bool, byRecord);
    const Result<NewApiKey> key = m_store->keys().create(u"bench"_s, limit ? u"free"_s : u"full"_s, limit);
    QVERIFY(key.ok());
    StoredReceipt receipt = sampleReceipt(m_clock.now(), 0);
    CallRecord record;
    record.at = m_clock.now();
    record.channel = u"key"_s;
    record.method = u"GET"_s;
    record.target = u"/v1/iban"_s;
    record.operationId = u"eu.iban.check"_s;
    record.status = 200;
    record.principal = key.value().prefix;
    int serial = 0;
    int served = 0;
    QBENCHMARK
    {
        const std::optional<ApiKeyRecord> found = m_store->keys().findActive(key.value().key);
        if (found) {
            const Result<QuotaDecision> decision = byRecord
                ? m_store->quotas().consumeCall(*found, u"eu.iban.check"_s, m_clock.now())
                : m_store->quotas().consumeCall(found->id, u"eu.iban.check"_s, m_clock.now());
            if (decision.ok() && decision.value().allowed) {
                receipt.resultHash = u"0x%1"_s.arg(++serial, 64, 16, QChar(u'0'));
                receipt.signature = signatureOf(serial);
                m_store->receipts().storeReceipt(receipt);
                m_store->calls().logCall(record);
                ++served;
            }
        }
    }
    QVERIFY(served > 0);
    QCOMPARE(m_store->quotas().usage(key.value().id).used, served);
    QVERIFY(m_store->receipts().receipt(receipt.resultHash));
    QCOMPARE(m_store->calls().recentCalls(served + 1).size(), served);
}

void BenchStore::consumeFreeCall()
{
    quint32 address = 0;
    bool allAllowed = true;
    QBENCHMARK
    {
        // A new address each time: the insert path, which is what a busy free tier mostly sees.
        const Result<QuotaDecision> decision = m_store->quotas().consumeFreeCall(
            u"198.51.100.%1/%2"_s.arg(address % 256).arg(address), 5, m_clock.now());
        allAllowed = allAllowed && decision.ok() && decision.value().allowed;
        ++address;
    }
    QVERIFY(allAllowed);
}

void BenchStore::recentCalls()
{
    CallRecord record;
    record.channel = u"key"_s;
    record.target = u"/v1/vat"_s;
    record.status = 200;
    for (int i = 0; i < 5000; ++i) {
        record.at = m_clock.now().addMSecs(i);
        m_store->calls().logCall(record);
    }
    QList<CallRecord> calls;
    QBENCHMARK
    {
        calls = m_store->calls().recentCalls(200);
    }
    QCOMPARE(calls.size(), 200);
    QCOMPARE(calls.constFirst().at, m_clock.now().addMSecs(4999));
}

QTEST_GUILESS_MAIN(BenchStore)
#include "BenchStore.moc"
