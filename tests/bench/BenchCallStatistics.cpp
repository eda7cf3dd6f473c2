// The dashboard's store query (store/CallStatistics) over a busy call log: BENCH_ROWS calls (default
// 300,000, about 7 a minute for a month) spread over 30 days on four channels, with a tenth paid and a
// twentieth refused; each window's report is timed. It runs on the console's read thread, never the GUI's,
// but it sets how fresh the dashboard can be and how long a call detail waits behind it.
#include "store/CallLog.h"
#include "store/CallStatistics.h"
#include "store/Store.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class BenchCallStatistics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void report_data();
    void report();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    QDateTime m_now = QDateTime(QDate(2026, 3, 31), QTime(12, 0), Qt::UTC);
};

void BenchCallStatistics::initTestCase()
{
    QLoggingCategory::setFilterRules(u"ades.store.info=false"_s);
    auto opened = Store::open(m_dir.filePath(u"ades.sqlite"_s));
    QVERIFY(opened.ok());
    m_store = std::move(opened.value());
    const int rows
        = qEnvironmentVariableIsSet("BENCH_ROWS") ? qEnvironmentVariableIntValue("BENCH_ROWS") : 300000;
    const QStringList channels { u"x402"_s, u"key"_s, u"free"_s, u"mcp"_s };
    const qint64 span = 30LL * 24 * 3600 * 1000;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < rows; ++i) {
        CallRecord record;
        record.at = m_now.addMSecs(-span + span * i / rows);
        record.channel = channels.at(i % channels.size());
        record.method = u"GET"_s;
        record.target = u"/v1/iban"_s;
        record.operationId = i % 3 ? u"eu.iban.check"_s : u"eu.vat.check"_s;
        record.status = i % 20 == 0 ? 422 : 200;
        record.priceUnits = i % 10 == 0 && record.status == 200 ? 2000 : 0;
        record.network = record.priceUnits ? u"eip155:8453"_s : QString();
        record.latencyMs = i % 97;
        record.principal = u"ades_Bench123"_s;
        m_store->calls().logCall(record);
    }
    QVERIFY(m_store->flush());
    qInfo("%d rows written in %lld ms", rows, timer.elapsed());
}

void BenchCallStatistics::cleanupTestCase()
{
    m_store.reset();
}

void BenchCallStatistics::report_data()
{
    QTest::addColumn<int>("window");
    QTest::newRow("last hour") << int(CallStatistics::Window::LastHour);
    QTest::newRow("last 24 hours") << int(CallStatistics::Window::LastDay);
    QTest::newRow("last 30 days") << int(CallStatistics::Window::Last30Days);
}

void BenchCallStatistics::report()
{
    QFETCH(int, window);
    CallStatisticsReport result;
    QBENCHMARK
    {
        result = m_store->callStatistics().report(CallStatistics::Window(window), m_now);
    }
    QVERIFY(result.calls > 0);
}

QTEST_GUILESS_MAIN(BenchCallStatistics)

#include "BenchCallStatistics.moc"
