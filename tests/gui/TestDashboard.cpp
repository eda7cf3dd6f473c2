#include "CallCsvWriter.h"
#include "CallDetailPane.h"
#include "CallLogModel.h"
#include "ChartPanel.h"
#include "DashboardPage.h"
#include "ExplorerLinks.h"
#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "LiveCallsPage.h"
#include "ReceiptCheck.h"
#include "TestPayments.h"
#include "Translations.h"
#include "core/Usdc.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;
using namespace ades::test;

namespace {

const QString Iban = u"DE89370400440532013000"_s;
// The payer FakeFacilitator's /settle reports for an EVM payment: what the call log records as the payer.
const QString SettledPayer = u"0xpayer"_s;

} // namespace

// The dashboard and the live calls detail pane against a running service: the test makes real calls over
// HTTP (two paid through x402 with a fake facilitator, two with an API key, one of them refused) and checks
// that the figures, the detail, the filters and the CSV export show exactly those calls.
class TestDashboard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void explorerLinksPerNetwork();
    void csvWriterQuotesAndDefuses();

    void dashboardShowsTheCallsMade();
    void dashboardEmptyChartsSayWhy();
    void unreachableFacilitatorSaysWhy();
    void detailPaneMasksAndVerifies();
    void filtersAskTheStore();
    void exportWritesTheFilteredCalls();
    void germanStrings();

private:
    QByteArray pay(const QString &path);
    bool waitForReport(DashboardPage &page);
    bool waitForQuery(LiveCallsPage &page);
    int selectRow(LiveCallsPage &page, const std::function<bool(const CallRecord &)> &which);

    QTemporaryDir m_dir;
    test::FakeFacilitator m_facilitator;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
    PrivateKey m_payer = PrivateKey::generate();
    QString m_apiKey;
    QString m_keyPrefix;
    QByteArray m_lastPayment;
};

void TestDashboard::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("ADES_LANG", "en");
    installTranslations(*QCoreApplication::instance());
    QVERIFY(m_facilitator.port() != 0);
    m_context = ServiceContext::createForTests(
        m_dir.filePath(u"data"_s), test::localX402Settings(m_facilitator.baseUrl()));
    m_host = std::make_unique<ServiceHost>(*m_context);
    m_host->setKeepCallBodies(true); // as the console's main window does: the detail pane shows the bodies
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());

    // Two paid calls, two key calls (one refused): the figures below are these, nothing else.
    for (int i = 0; i < 2; ++i) {
        m_lastPayment = pay(u"/x402/iban/"_s + Iban);
        const HttpTestResponse paid
            = m_client->get(u"/x402/iban/"_s + Iban, { { "PAYMENT-SIGNATURE", m_lastPayment } });
        QCOMPARE(paid.status, 200);
    }
    const Result<NewApiKey> key = m_context->store().keys().create(u"dashboard test"_s, u"full"_s);
    QVERIFY(key.ok());
    m_apiKey = key.value().key;
    m_keyPrefix = key.value().prefix;
    QCOMPARE(m_client->get(u"/v1/iban?iban="_s + Iban, { { "X-API-Key", m_apiKey.toUtf8() } }).status, 200);
    const int refused
        = m_client->get(u"/v1/iban?nonsense=1"_s, { { "X-API-Key", m_apiKey.toUtf8() } }).status;
    QVERIFY2(refused >= 400 && refused < 500, qPrintable(QString::number(refused)));
}

void TestDashboard::cleanupTestCase()
{
    m_client.reset();
    if (m_host)
        m_host->stop();
    m_host.reset();
    m_context.reset();
}

QByteArray TestDashboard::pay(const QString &path)
{
    const HttpTestResponse challenge = m_client->get(path);
    return test::paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED"));
}

bool TestDashboard::waitForReport(DashboardPage &page)
{
    const int before = page.reportsApplied();
    page.refresh();
    return QTest::qWaitFor([&]() { return page.reportsApplied() > before; }, 5000);
}

bool TestDashboard::waitForQuery(LiveCallsPage &page)
{
    const int before = page.queriesAnswered();
    return QTest::qWaitFor([&]() { return page.queriesAnswered() > before; }, 5000);
}

int TestDashboard::selectRow(LiveCallsPage &page, const std::function<bool(const CallRecord &)> &which)
{
    for (int row = 0; row < page.filterModel()->rowCount(); ++row) {
        const QModelIndex index = page.filterModel()->index(row, 0);
        if (which(page.model()->record(page.filterModel()->mapToSource(index).row()))) {
            page.view()->selectRow(row);
            return row;
        }
    }
    return -1;
}

void TestDashboard::explorerLinksPerNetwork()
{
    const QString hash = u"0x"_s + QString(64, u'b');
    QCOMPARE(
        ExplorerLinks::transactionUrl(u"eip155:8453"_s, hash), QUrl(u"https://basescan.org/tx/"_s + hash));
    QCOMPARE(ExplorerLinks::transactionUrl(u"eip155:84532"_s, hash).host(), u"sepolia.basescan.org"_s);
    QVERIFY(ExplorerLinks::transactionUrl(u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s,
        u"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"_s)
                .toString()
                .endsWith(u"?cluster=devnet"_s));
    // A hash that is not plain hex/base58 never reaches a URL; an unknown network has no link.
    QVERIFY(!ExplorerLinks::transactionUrl(u"eip155:8453"_s, u"0x12/../../evil"_s).isValid());
    QVERIFY(!ExplorerLinks::transactionUrl(u"eip155:1337"_s, hash).isValid());
}

void TestDashboard::csvWriterQuotesAndDefuses()
{
    CallRecord record;
    record.at = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    record.channel = u"x402"_s;
    record.method = u"GET"_s;
    record.target = u"/x402/a,b\"c"_s;
    record.status = 200;
    record.priceUnits = 2000;
    record.principal = u"=HYPERLINK(\"x\")"_s;
    const QString row = CallCsvWriter::row(record);
    QVERIFY2(row.contains(u"\"/x402/a,b\"\"c\""_s), qPrintable(row));
    QVERIFY2(row.contains(u"\"'=HYPERLINK(\"\"x\"\")\""_s), qPrintable(row));
    QVERIFY(row.contains(u",0.002000,"_s));
    QVERIFY(row.startsWith(u"2026-01-02T03:04:05"_s));
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(CallCsvWriter::write(buffer, { record, record }));
    const QList<QByteArray> lines = buffer.data().split('\n');
    QCOMPARE(lines.size(), 4); // header, two rows, the empty rest after the last CRLF
    QVERIFY(lines.at(0).startsWith("time_utc,channel,"));
    QVERIFY(lines.at(0).endsWith("\r"));
}

void TestDashboard::dashboardShowsTheCallsMade()
{
    DashboardPage page(*m_host);
    page.resize(1280, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(waitForReport(page));
    // The calls made in initTestCase: 4 logged (the unpaid 402 challenges are probes, counted apart).
    QCOMPARE(page.report().calls, 4);
    QCOMPARE(page.callsText(), u"4"_s);
    QCOMPARE(page.errorsText(), u"1"_s);
    QCOMPARE(page.revenueText(), u"0.004000"_s);
    QVERIFY2(page.p50Text().endsWith(u" ms"_s), qPrintable(page.p50Text()));
    QVERIFY(page.report().p99Ms >= page.report().p50Ms);
    QVERIFY(page.callsChart()->isShowingChart());
    QVERIFY(page.errorsChart()->isShowingChart());

    QTableWidget *networks = page.revenueByNetworkTable();
    QCOMPARE(networks->rowCount(), 1);
    QCOMPARE(networks->item(0, 0)->toolTip(), u"eip155:1337"_s);
    QCOMPARE(networks->item(0, 1)->text(), u"2"_s);
    QCOMPARE(networks->item(0, 2)->text(), u"0.004000"_s);
    QVERIFY(networks->item(0, 2)->textAlignment() & Qt::AlignRight);
    QTableWidget *operations = page.revenueByOperationTable();
    QCOMPARE(operations->rowCount(), 1);
    QCOMPARE(operations->item(0, 0)->text(), u"eu.iban.check"_s);
    QCOMPARE(operations->item(0, 2)->text(), u"0.004000"_s);

    // The facilitator answered /verify and /settle twice: reachable, with every upstream listed.
    QVERIFY2(page.facilitatorLabel()->text().startsWith(u"Reachable"_s),
        qPrintable(page.facilitatorLabel()->text()));
    QCOMPARE(page.upstreamTable()->rowCount(), int(m_host->upstreamHealth().size()));
    bool facilitatorRow = false;
    for (int row = 0; row < page.upstreamTable()->rowCount(); ++row)
        facilitatorRow |= page.upstreamTable()->item(row, 0)->toolTip() == u"facilitator"_s
            && page.upstreamTable()->item(row, 1)->text() != u"none since start"_s;
    QVERIFY(facilitatorRow);

    // "Check now" asks the facilitator's /supported on an I/O thread and shows what came back.
    const auto facilitatorEntry = [this]() {
        for (const auto &entry : m_host->upstreamHealth()) {
            if (entry.source == u"facilitator"_s)
                return entry;
        }
        return UpstreamHealth::Entry();
    };
    const qint64 answersBefore = facilitatorEntry().successes + facilitatorEntry().failures;
    QSignalSpy checked(m_host.get(), &ServiceHost::upstreamChecked);
    page.checkFacilitatorButton()->click();
    QVERIFY(checked.wait(5000));
    QCOMPARE(facilitatorEntry().successes + facilitatorEntry().failures, answersBefore + 1);
    QVERIFY(page.checkFacilitatorButton()->isEnabled());
    QVERIFY2(page.facilitatorLabel()->text().startsWith(u"Reachable"_s),
        qPrintable(page.facilitatorLabel()->text()));

    // Live: a new call shows within the refresh interval, without the test asking.
    const int before = page.reportsApplied();
    QCOMPARE(m_client->get(u"/v1/iban?iban="_s + Iban, { { "X-API-Key", m_apiKey.toUtf8() } }).status, 200);
    QVERIFY(
        QTest::qWaitFor([&]() { return page.reportsApplied() > before && page.report().calls == 5; }, 5000));
    QCOMPARE(page.callsText(), u"5"_s);

    // The 30-day window holds the same calls, in hourly buckets.
    page.setWindow(CallStatistics::Window::Last30Days);
    QVERIFY(QTest::qWaitFor([&]() { return page.report().bucketMinutes == 60; }, 5000));
    QCOMPARE(page.report().calls, 5);
}

void TestDashboard::dashboardEmptyChartsSayWhy()
{
    // A fresh service with no calls: the charts give way to a sentence.
    QTemporaryDir dir;
    auto context = ServiceContext::createForTests(dir.path());
    ServiceHost host(*context);
    DashboardPage page(host);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(waitForReport(page));
    QCOMPARE(page.callsText(), u"0"_s);
    QCOMPARE(page.p50Text(), u"\u2013"_s);
    QVERIFY(!page.callsChart()->isShowingChart());
    QVERIFY2(page.callsChart()->emptyLabel()->text().startsWith(u"No calls in the last hour"_s),
        qPrintable(page.callsChart()->emptyLabel()->text()));
    QVERIFY(!page.errorsChart()->isShowingChart());
    QVERIFY(!page.errorsChart()->emptyLabel()->text().isEmpty());
    QVERIFY(page.revenueByNetworkTable()->item(0, 0)->text().startsWith(u"No paid calls"_s));
    QVERIFY(page.facilitatorLabel()->text().startsWith(u"Not contacted"_s)
        || page.facilitatorLabel()->text().startsWith(u"No facilitator"_s));
}

void TestDashboard::unreachableFacilitatorSaysWhy()
{
    // A facilitator on a port nobody listens on: the failure and its reason reach the upstream table.
    QTemporaryDir dir;
    auto context
        = ServiceContext::createForTests(dir.path(), test::localX402Settings(u"http://127.0.0.1:1"_s));
    ServiceHost host(*context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    DashboardPage page(host);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy checked(&host, &ServiceHost::upstreamChecked);
    page.checkFacilitatorButton()->click();
    QVERIFY(checked.wait(10000));
    QTest::qWait(50); // the page's own handler of the same signal
    QVERIFY2(page.facilitatorLabel()->text().startsWith(u"Unreachable since"_s),
        qPrintable(page.facilitatorLabel()->text()));
    QVERIFY(page.facilitatorLabel()->text().contains(u"could not be reached"_s));
    bool listed = false;
    for (int row = 0; row < page.upstreamTable()->rowCount(); ++row) {
        if (page.upstreamTable()->item(row, 0)->toolTip() == u"facilitator"_s) {
            listed = true;
            QCOMPARE(page.upstreamTable()->item(row, 1)->text(), u"none since start"_s);
            QVERIFY(page.upstreamTable()->item(row, 2)->text() != u"none since start"_s);
            QVERIFY(page.upstreamTable()->item(row, 3)->text().contains(u"could not be reached"_s));
        }
    }
    QVERIFY(listed);
    host.stop();
}

void TestDashboard::detailPaneMasksAndVerifies()
{
    LiveCallsPage page(*m_host);
    page.resize(1280, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(QTest::qWaitFor([&]() { return page.model()->rowCount() >= 4; }, 5000));

    // The paid call: payment header masked, receipt valid, settlement complete.
    QVERIFY(selectRow(page, [](const CallRecord &r) { return r.channel == u"x402"_s; }) >= 0);
    CallDetailPane *pane = page.detailPane();
    QVERIFY(QTest::qWaitFor([&]() { return pane->hasDetail(); }, 5000));
    const QString request = pane->requestText();
    QVERIFY2(request.contains(u"PAYMENT-SIGNATURE: \u2022"_s, Qt::CaseInsensitive), qPrintable(request));
    QVERIFY(!request.contains(QString::fromLatin1(m_lastPayment.left(40))));
    QVERIFY(request.contains(u"/x402/iban/"_s + Iban));
    QVERIFY(pane->responseText().contains(u"\"receipt\""_s));
    QCOMPARE(pane->receiptVerdictText(), ReceiptCheck::describe(ReceiptVerdict { .valid = true }).headline);
    QCOMPARE(pane->receiptVerdictText(), u"Valid receipt"_s);
    QVERIFY2(
        pane->settlementNetworkText().contains(u"eip155:1337"_s), qPrintable(pane->settlementNetworkText()));
    QCOMPARE(pane->settlementPayerText(), SettledPayer);
    QCOMPARE(pane->settlementAmountText(), u"0.002000 USDC"_s);
    QVERIFY(pane->transactionText().startsWith(u"0x"_s));
    QVERIFY(pane->copyTransactionButton()->isEnabled());
    pane->copyTransactionButton()->click();
    QCOMPARE(QApplication::clipboard()->text(), pane->transactionText());
    QVERIFY(!pane->sourceNames().isEmpty());

    // The key call: the API key never shows, only its masked length.
    QVERIFY(
        selectRow(page, [](const CallRecord &r) { return r.channel == u"key"_s && r.status == 200; }) >= 0);
    QVERIFY(QTest::qWaitFor(
        [&]() { return pane->hasDetail() && pane->requestText().contains(u"/v1/iban"_s); }, 5000));
    QVERIFY(!pane->requestText().contains(m_apiKey));
    QVERIFY(!pane->requestText().contains(m_apiKey.mid(12)));
    QVERIFY(pane->requestText().contains(u"iban="_s + Iban));
    QVERIFY(pane->settlementNetworkText().startsWith(u"No settlement"_s));
    QVERIFY(!pane->copyTransactionButton()->isEnabled());

    // The refused call: its answer is an error, not a receipt.
    QVERIFY(selectRow(page, [](const CallRecord &r) { return r.status >= 400; }) >= 0);
    QVERIFY(QTest::qWaitFor(
        [&]() { return pane->hasDetail() && pane->requestText().contains(u"nonsense=1"_s); }, 5000));
    QCOMPARE(pane->receiptVerdictText(), u"Not a receipt"_s);
}

void TestDashboard::filtersAskTheStore()
{
    LiveCallsPage page(*m_host);
    QVERIFY(waitForQuery(page));
    const int all = page.model()->rowCount();
    QVERIFY(all >= 4);

    page.setChannelFilter(u"x402"_s);
    QVERIFY(waitForQuery(page));
    QCOMPARE(page.model()->rowCount(), 2);
    page.setChannelFilter(QString());
    page.setStatusFilter(4);
    QVERIFY(waitForQuery(page));
    QCOMPARE(page.model()->rowCount(), 1);
    QVERIFY(page.model()->record(0).status >= 400);
    page.setStatusFilter(0);
    page.setPrincipalFilter(u"PAYE"_s); // a part of the payer, any case
    QVERIFY(waitForQuery(page));
    QCOMPARE(page.model()->rowCount(), 2);
    page.setPrincipalFilter(m_keyPrefix);
    QVERIFY(waitForQuery(page));
    QVERIFY(page.model()->rowCount() >= 2);
    for (const CallRecord &record : page.model()->records())
        QCOMPARE(record.principal, m_keyPrefix);
    page.setPrincipalFilter(QString());
    page.setOperationFilter(u"eu.iban.check"_s);
    page.setTimeWindow(3600);
    QVERIFY(waitForQuery(page));
    QCOMPARE(page.model()->rowCount(), all);

    // A live call that does not match the filter stays out; one that matches comes in.
    page.setOperationFilter(QString());
    page.setTimeWindow(0);
    page.setChannelFilter(u"x402"_s);
    QVERIFY(waitForQuery(page));
    const int paid = page.model()->rowCount();
    QCOMPARE(m_client->get(u"/v1/iban?iban="_s + Iban, { { "X-API-Key", m_apiKey.toUtf8() } }).status, 200);
    QTest::qWait(300);
    QCOMPARE(page.model()->rowCount(), paid);
}

void TestDashboard::exportWritesTheFilteredCalls()
{
    LiveCallsPage page(*m_host);
    QVERIFY(waitForQuery(page));
    page.setChannelFilter(u"x402"_s);
    QVERIFY(waitForQuery(page));
    const QString path = m_dir.filePath(u"calls.csv"_s);
    QVERIFY(page.exportCsv(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.size(), 1 + 2 + 1);
    for (int i = 1; i <= 2; ++i) {
        QVERIFY(lines.at(i).contains(",x402,GET,/x402/iban/"));
        QVERIFY(lines.at(i).contains(",0.002000,"));
        QVERIFY(lines.at(i).contains(SettledPayer.toUtf8()));
    }
    // The free-text filter narrows the export too.
    page.setFilterText(u"no such call"_s);
    QVERIFY(page.exportCsv(path));
    QVERIFY(file.seek(0) || file.open(QIODevice::ReadOnly));
    file.close();
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count('\n'), 1);
}

void TestDashboard::germanStrings()
{
    QTranslator german;
    QVERIFY(loadTranslation(german, QLocale(QLocale::German, QLocale::Germany)));
    QVERIFY(QCoreApplication::installTranslator(&german));
    DashboardPage dashboard(*m_host);
    auto *window = dashboard.findChild<QComboBox *>(u"dashboardWindow"_s);
    QVERIFY(window);
    QCOMPARE(window->itemText(0), QCoreApplication::translate("ades::ui::DashboardPage", "Last hour"));
    QVERIFY(window->itemText(0) != u"Last hour"_s);
    LiveCallsPage calls(*m_host);
    auto *exportButton = calls.findChild<QPushButton *>(u"exportCsvButton"_s);
    QVERIFY(exportButton && exportButton->text() != u"Export CSV\u2026"_s);
    QVERIFY(calls.detailPane()->findChild<QPushButton *>(u"copyTransactionButton"_s)->text() != u"Copy"_s);
    QCoreApplication::removeTranslator(&german);
}

QTEST_MAIN(TestDashboard)

#include "TestDashboard.moc"
