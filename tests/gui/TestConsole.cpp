#include "CallLogModel.h"
#include "DashboardPage.h"
#include "LiveCallsPage.h"
#include "MainWindow.h"
#include "PaymentNetworks.h"
#include "ReceiptsPage.h"
#include "SanctionsPage.h"
#include "SettingsPage.h"
#include "TestData.h"
#include "Translations.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "payments/X402Networks.h"
#include "receipts/ReceiptSigner.h"

#include <QCheckBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>
#include <QUrl>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::ui;

namespace {

CallRecord makeRecord(
    int second, const QString &channel, int status, qint64 priceUnits, const QString &principal = {})
{
    CallRecord r;
    r.at = QDateTime(QDate(2025, 3, 1), QTime(12, 0), Qt::UTC).addSecs(second); // arrival order = second
    r.channel = channel;
    r.method = channel == u"mcp"_s ? u"tools/call"_s : u"GET"_s;
    r.target = channel == u"mcp"_s ? u"validate_iban"_s : u"/x402/iban/DE89370400440532013000"_s;
    r.operationId = u"eu.iban.check"_s;
    r.status = status;
    r.priceUnits = priceUnits;
    r.latencyMs = 10 + second;
    r.principal = principal;
    r.requestId = u"req-%1"_s.arg(second);
    return r;
}

} // namespace

// The operator console against a real service context and host (data folder in a temporary directory).
class TestConsole : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void callLogNewestFirst();
    void callLogSortsByArrival();
    void callLogPrice_data();
    void callLogPrice();
    void callLogStatusColours();
    void callLogCapacityDropsOldest();

    void windowShowsServiceState();
    void statusBarShowsDatabaseSize();
    void liveCallFromService();
    void liveCallsPauseFilterAndScroll();
    void paymentNetworksMatchService();
    void settlementColumnsAndRevenue();
    void settingsRefuseInvalid_data();
    void settingsRefuseInvalid();
    void settingsSaveToIni();
    void restartKeepsPortAndReloadsRevenue();
    void sanctionsPageImportsLists();

    void dropValidReceipt();
    void dropTamperedReceipt();
    void dropNonJsonFile();
    void dropPastedText();
    void verifyButtonUsesEditor();
    void screenshot();

    void germanCatalogueIsEmbedded();

private:
    QString writeFile(const QString &name, const QByteArray &bytes);
    void dropFile(QWidget *target, const QString &path);
    QJsonObject signedResult() const;
    QString verdictText() const;
    QTableWidget *fieldsTable() const;
    static void settleLayouts();

    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<MainWindow> m_window;
};

void TestConsole::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // English plurals come from ades_en.qm; the German test installs its own catalogue.
    qputenv("ADES_LANG", "en");
    installTranslations(*QCoreApplication::instance());

    m_context = ServiceContext::createForTests(m_dir.filePath(u"data"_s));
    m_host = std::make_unique<ServiceHost>(*m_context);
    m_window = std::make_unique<MainWindow>(*m_host);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestConsole::cleanupTestCase()
{
    m_window.reset();
    if (m_host)
        m_host->stop();
    m_host.reset();
    m_context.reset();
}

void TestConsole::callLogNewestFirst()
{
    CallLogModel model;
    model.addRecord(makeRecord(1, u"x402"_s, 200, 2'000, u"0x1111111111111111111111111111111111111111"_s));
    model.addRecord(makeRecord(2, u"key"_s, 401, 0));
    model.addRecord(makeRecord(3, u"mcp"_s, 200, 0, u"ak_live_12"_s));

    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(CallLogModel::ColumnCount));
    // Row 0 is the call that arrived last.
    QCOMPARE(model.record(0).requestId, u"req-3"_s);
    QCOMPARE(model.record(2).requestId, u"req-1"_s);
    QCOMPARE(model.index(0, CallLogModel::ChannelColumn).data().toString(), u"mcp"_s);
    QCOMPARE(model.index(0, CallLogModel::MethodColumn).data().toString(), u"tools/call"_s);
    QCOMPARE(model.index(0, CallLogModel::PrincipalColumn).data().toString(), u"ak_live_12"_s);
    QCOMPARE(model.index(1, CallLogModel::StatusColumn).data().toInt(), 401);
    QCOMPARE(model.index(2, CallLogModel::PriceColumn).data().toString(), u"0.002"_s);
    QCOMPARE(model.index(2, CallLogModel::LatencyColumn).data().toLongLong(), 11);
    QCOMPARE(model.index(2, CallLogModel::TimeColumn).data().toString(),
        model.record(2).at.toLocalTime().toString(u"HH:mm:ss.zzz"_s));
    QCOMPARE(model.headerData(CallLogModel::PriceColumn, Qt::Horizontal).toString(), u"Price (USDC)"_s);
}

// Calls are logged when they finish; a slow one that arrived first still sorts by its arrival time.
void TestConsole::callLogSortsByArrival()
{
    CallLogModel model;
    model.addRecord(makeRecord(2, u"key"_s, 200, 0));
    model.addRecord(makeRecord(3, u"key"_s, 200, 0));
    model.addRecord(makeRecord(1, u"key"_s, 503, 0)); // arrived first, finished last
    model.addRecord(makeRecord(4, u"key"_s, 200, 0));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.record(0).requestId, u"req-4"_s);
    QCOMPARE(model.record(1).requestId, u"req-3"_s);
    QCOMPARE(model.record(2).requestId, u"req-2"_s);
    QCOMPARE(model.record(3).requestId, u"req-1"_s);
}

void TestConsole::callLogPrice_data()
{
    QTest::addColumn<QString>("channel");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("units");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("operation");
    QTest::newRow("paid-iban") << u"x402"_s << 200 << qint64(2'000) << u"0.002"_s << u"eu.iban.check"_s;
    QTest::newRow("paid-whole") << u"x402"_s << 200 << qint64(1'000'000) << u"1"_s << u"eu.iban.check"_s;
    QTest::newRow("paid-fraction") << u"x402"_s << 200 << qint64(1'250'000) << u"1.25"_s
                                   << u"eu.iban.check"_s;
    QTest::newRow("free-success") << u"free"_s << 200 << qint64(0) << u"free"_s << u"eu.iban.check"_s;
    QTest::newRow("key-success-counts-against-plan")
        << u"key"_s << 200 << qint64(0) << u"plan"_s << u"eu.iban.check"_s;
    QTest::newRow("key-refused") << u"key"_s << 429 << qint64(0) << u"\u2013"_s << u"eu.iban.check"_s;
    QTest::newRow("challenge-uncharged")
        << u"x402"_s << 402 << qint64(0) << u"\u2013"_s << u"eu.iban.check"_s;
    QTest::newRow("upstream-down-uncharged")
        << u"x402"_s << 503 << qint64(0) << u"\u2013"_s << u"eu.iban.check"_s;
    QTest::newRow("key-health-runs-no-operation") << u"key"_s << 200 << qint64(0) << u"\u2013"_s << QString();
}

void TestConsole::callLogPrice()
{
    QFETCH(QString, channel);
    QFETCH(int, status);
    QFETCH(qint64, units);
    QFETCH(QString, text);
    QFETCH(QString, operation);
    CallLogModel model;
    CallRecord record = makeRecord(1, channel, status, units);
    record.operationId = operation;
    model.addRecord(record);
    QCOMPARE(model.index(0, CallLogModel::PriceColumn).data().toString(), text);
}

void TestConsole::callLogStatusColours()
{
    CallLogModel model;
    model.addRecord(makeRecord(1, u"x402"_s, 200, 2'000));
    model.addRecord(makeRecord(2, u"x402"_s, 402, 0));
    model.addRecord(makeRecord(3, u"x402"_s, 503, 0));
    const auto colour = [&](int row) {
        return model.index(row, CallLogModel::StatusColumn).data(Qt::ForegroundRole).value<QColor>();
    };
    const QColor serverError = colour(0), clientError = colour(1), success = colour(2);
    QVERIFY(success.isValid() && clientError.isValid() && serverError.isValid());
    QVERIFY(success.green() > success.red());
    QVERIFY(serverError.red() > serverError.green());
    QVERIFY(clientError != success && clientError != serverError);
    // Only the status cell is coloured.
    QVERIFY(!model.index(0, CallLogModel::TargetColumn).data(Qt::ForegroundRole).isValid());
}

void TestConsole::callLogCapacityDropsOldest()
{
    CallLogModel model(3);
    for (int i = 1; i <= 5; ++i)
        model.addRecord(makeRecord(i, u"free"_s, 200, 0));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.record(0).requestId, u"req-5"_s);
    QCOMPARE(model.record(2).requestId, u"req-3"_s);
    QCOMPARE(CallLogModel().capacity(), 2000);
}

void TestConsole::windowShowsServiceState()
{
    QCOMPARE(m_window->pageCount(), 7); // the dashboard first, keys and quotas, free checks by hand
    auto *navigation = m_window->findChild<QListWidget *>(u"navigation"_s);
    QVERIFY(navigation);
    QCOMPARE(navigation->count(), 7);
    // The dashboard is the first page (issue 21).
    QVERIFY(m_window->findChild<DashboardPage *>());
    QCOMPARE(m_window->currentPage(), m_window->findChild<DashboardPage *>());

    auto *issuer = m_window->findChild<QLabel *>(u"issuerLabel"_s);
    QVERIFY(issuer);
    QVERIFY(!m_context->issuerAddress().isEmpty());
    QVERIFY2(issuer->text().contains(m_context->issuerAddress()), qPrintable(issuer->text()));

    QSignalSpy started(m_host.get(), &ServiceHost::started);
    QSignalSpy failed(m_host.get(), &ServiceHost::startFailed);
    m_window->startService(QHostAddress::LocalHost, 0);
    QTRY_VERIFY_WITH_TIMEOUT(started.count() + failed.count() > 0, 10'000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    const quint16 port = started.first().first().value<quint16>();
    QVERIFY(port != 0);
    auto *state = m_window->findChild<QLabel *>(u"serviceStateLabel"_s);
    QVERIFY(state);
    QTRY_COMPARE(state->text(), u"Listening on 127.0.0.1:%1"_s.arg(port));
    // An empty ledger: nothing settled yet.
    QTRY_COMPARE(m_window->liveCallsPage()->revenueLabel()->text(), u"Revenue: none yet"_s);
}

void TestConsole::statusBarShowsDatabaseSize()
{
    auto *label = m_window->findChild<QLabel *>(u"databaseSizeLabel"_s);
    QVERIFY(label);
    QVERIFY(m_host->databaseBytes() > 0);
    QVERIFY(label->text().startsWith(u"Database "_s));
    // Refreshed by its timer (every ten seconds; sooner here) from the host's read model.
    auto *timer = m_window->findChild<QTimer *>(u"databaseSizeTimer"_s);
    QVERIFY(timer);
    timer->setInterval(20);
    QTRY_COMPARE(label->text(), u"Database "_s + QLocale().formattedDataSize(m_host->databaseBytes()));
    QVERIFY(label->toolTip().contains(u"store/receipt_days"_s));
    timer->setInterval(10000);
}

void TestConsole::liveCallFromService()
{
    QVERIFY2(m_host->isRunning(), "windowShowsServiceState starts the host");
    LiveCallsPage *page = m_window->liveCallsPage();
    const int before = page->model()->rowCount();

    QNetworkAccessManager network;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/verify"_s.arg(m_host->port())));
    std::unique_ptr<QNetworkReply> reply(network.get(request));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    QVERIFY(finished.wait(10'000));

    // The host reports the call from its own thread; it reaches the page through a queued connection.
    QTRY_COMPARE_WITH_TIMEOUT(page->model()->rowCount(), before + 1, 5'000);
    const CallRecord &record = page->model()->record(0);
    QCOMPARE(record.method, u"GET"_s);
    QCOMPARE(record.target, u"/verify"_s);
    QCOMPARE(record.status, reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt());
}

void TestConsole::liveCallsPauseFilterAndScroll()
{
    LiveCallsPage *page = m_window->liveCallsPage();
    m_window->setCurrentPage(page);
    page->model()->clear();
    page->setFilterText({});

    // A plausible mix for the screenshot: paid x402 calls, some challenges and an upstream outage, free MCP.
    static const int statuses[] = { 200, 200, 402, 200, 200, 503, 200, 422 };
    for (int i = 0; i < 200; ++i) {
        const bool mcp = i % 4 == 0;
        const int status = statuses[i % 8];
        const qint64 price = !mcp && status == 200 ? 2'000 : 0;
        Q_EMIT m_host->callCompleted(makeRecord(i, mcp ? u"mcp"_s : u"x402"_s, status, price,
            mcp ? QString() : u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s));
    }
    QTRY_COMPARE(page->model()->rowCount(), 200);
    auto *counter = page->findChild<QLabel *>(u"callCounter"_s);
    QVERIFY(counter);
    QCOMPARE(counter->text(), u"200 calls"_s);

    // At the top the view follows new calls.
    QScrollBar *bar = page->view()->verticalScrollBar();
    QVERIFY(bar->maximum() > 20);
    QCOMPARE(bar->value(), 0);
    page->addRecord(makeRecord(201, u"key"_s, 200, 0));
    QCOMPARE(bar->value(), 0);

    // Scrolled down, the rows the user reads stay put while calls arrive above them.
    bar->setValue(20);
    const QString readingRow = page->model()->record(20).requestId;
    page->addRecord(makeRecord(202, u"key"_s, 200, 0));
    page->addRecord(makeRecord(203, u"key"_s, 200, 0));
    QCOMPARE(bar->value(), 22);
    QCOMPARE(page->model()->record(22).requestId, readingRow);
    page->view()->scrollToTop();

    // Paused: calls are held back and counted, then shown on resume.
    auto *pause = page->findChild<QPushButton *>(u"pauseButton"_s);
    QVERIFY(pause);
    const int rows = page->model()->rowCount();
    QTest::mouseClick(pause, Qt::LeftButton);
    QVERIFY(page->isPaused());
    page->addRecord(makeRecord(204, u"free"_s, 200, 0));
    page->addRecord(makeRecord(205, u"free"_s, 200, 0));
    QCOMPARE(page->model()->rowCount(), rows);
    QVERIFY2(counter->text().contains(u"2 held"_s), qPrintable(counter->text()));
    QTest::mouseClick(pause, Qt::LeftButton);
    QVERIFY(!page->isPaused());
    QCOMPARE(page->model()->rowCount(), rows + 2);
    QCOMPARE(page->model()->record(0).requestId, u"req-205"_s);

    // The filter matches any column.
    auto *filter = page->findChild<QLineEdit *>(u"callFilter"_s);
    QVERIFY(filter);
    QTest::keyClicks(filter, u"tools/call"_s);
    int mcpRows = 0;
    for (int row = 0; row < page->model()->rowCount(); ++row)
        mcpRows += page->model()->record(row).channel == u"mcp"_s ? 1 : 0;
    QVERIFY(mcpRows > 0);
    QCOMPARE(page->filterModel()->rowCount(), mcpRows);
    QCOMPARE(counter->text(), u"%1 of %2 calls"_s.arg(mcpRows).arg(page->model()->rowCount()));
    filter->clear();
    QCOMPARE(page->filterModel()->rowCount(), page->model()->rowCount());
}

QString TestConsole::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// What a file manager does: drag enter, then drop, with the file as a URL.
void TestConsole::dropFile(QWidget *target, const QString &path)
{
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
    QVERIFY(drop.isAccepted());
}

QJsonObject TestConsole::signedResult() const
{
    const QJsonObject result {
        { u"contract"_s, u"eu-iban-check/1"_s },
        { u"iban"_s, u"DE89370400440532013000"_s },
        { u"valid"_s, true },
        { u"bank"_s, QJsonObject { { u"bic"_s, u"COBADEFFXXX"_s }, { u"name"_s, u"Commerzbank"_s } } },
    };
    // Signed with this service's own issuer key, so the console must also say "issued by this service".
    return m_context->signer().attach(result, u"DE89370400440532013000"_s).body;
}

QString TestConsole::verdictText() const
{
    auto *label = m_window->receiptsPage()->findChild<QLabel *>(u"verdictLabel"_s);
    return label ? label->text() : QString();
}

QTableWidget *TestConsole::fieldsTable() const
{
    return m_window->receiptsPage()->findChild<QTableWidget *>(u"receiptFields"_s);
}

void TestConsole::paymentNetworksMatchService()
{
    // The console's own table (ui/ may not include payments/) must name exactly the service's networks.
    const QList<x402::X402Network> &service = x402::knownNetworks();
    const QList<PaymentNetwork> &console = PaymentNetworks::all();
    QCOMPARE(console.size(), service.size());
    for (int i = 0; i < service.size(); ++i) {
        QCOMPARE(console[i].key, service[i].key);
        QCOMPARE(console[i].caip2, service[i].caip2);
        QCOMPARE(console[i].isEvm, service[i].isEvm);
        QCOMPARE(console[i].isTestnet, service[i].isTestnet);
        QVERIFY(!console[i].displayName.isEmpty());
        // Every network a payment can arrive on links its settlements to an explorer.
        QVERIFY(console[i].explorerTransaction.startsWith(u"https://"_s));
        QVERIFY(console[i].explorerTransaction.contains(u"%1"_s));
    }
    QCOMPARE(PaymentNetworks::displayName(u"eip155:8453"_s), u"Base"_s);
    QCOMPARE(PaymentNetworks::displayName(u"eip155:31337"_s), u"eip155:31337"_s);
}

void TestConsole::settlementColumnsAndRevenue()
{
    LiveCallsPage *page = m_window->liveCallsPage();
    m_window->setCurrentPage(page);
    page->setFilterText({});
    // What the ledger held at start replaces any running total.
    Q_EMIT m_host->revenueLoaded({ { u"eip155:8453"_s, 3'000 } });
    QTRY_COMPARE(page->revenueLabel()->text(), u"Revenue: Base 0.003 USDC"_s);

    const QString baseTx = u"0x9e4a1f1b2c3d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789ab"_s;
    CallRecord base = makeRecord(240, u"x402"_s, 200, 1'000, u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s);
    base.network = u"eip155:8453"_s;
    base.transaction = baseTx;
    CallRecord polygon
        = makeRecord(241, u"x402"_s, 200, 2'000, u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s);
    polygon.network = u"eip155:137"_s;
    polygon.transaction = u"0x1111222233334444555566667777888899990000aaaabbbbccccddddeeeeffff"_s;
    Q_EMIT m_host->callCompleted(base);
    Q_EMIT m_host->callCompleted(polygon);
    // An unpaid call adds nothing.
    Q_EMIT m_host->callCompleted(makeRecord(242, u"x402"_s, 402, 0));
    QTRY_COMPARE(page->model()->record(0).requestId, u"req-242"_s);
    QCOMPARE(page->revenueLabel()->text(), u"Revenue: Base 0.004 USDC \u00B7 Polygon 0.002 USDC"_s);
    QCOMPARE(page->revenueUnits().value(u"eip155:8453"_s), 4'000);

    CallLogModel *model = page->model();
    QCOMPARE(model->headerData(CallLogModel::NetworkColumn, Qt::Horizontal).toString(), u"Network"_s);
    QCOMPARE(model->headerData(CallLogModel::TransactionColumn, Qt::Horizontal).toString(), u"Transaction"_s);
    QCOMPARE(model->index(0, CallLogModel::NetworkColumn).data().toString(), u"\u2013"_s);
    QCOMPARE(model->index(1, CallLogModel::NetworkColumn).data().toString(), u"Polygon"_s);
    QCOMPARE(model->index(1, CallLogModel::NetworkColumn).data(Qt::ToolTipRole).toString(), u"eip155:137"_s);
    QCOMPARE(model->index(2, CallLogModel::NetworkColumn).data().toString(), u"Base"_s);
    QCOMPARE(model->index(2, CallLogModel::TransactionColumn).data().toString(), baseTx);
    QVERIFY(
        model->index(2, CallLogModel::TransactionColumn).data(Qt::ToolTipRole).toString().contains(baseTx));
    QCOMPARE(model->index(2, CallLogModel::PriceColumn).data().toString(), u"0.001"_s);
    // The view elides long cells in the middle, so both ends of a hash stay readable.
    QCOMPARE(page->view()->textElideMode(), Qt::ElideMiddle);

    // A network the console has no name for is shown by its id.
    CallRecord local = makeRecord(243, u"x402"_s, 200, 5'000);
    local.network = u"eip155:31337"_s;
    local.transaction = u"0xabc"_s;
    page->addRecord(local);
    QCOMPARE(model->index(0, CallLogModel::NetworkColumn).data().toString(), u"eip155:31337"_s);
    QVERIFY2(page->revenueLabel()->text().contains(u"eip155:31337 0.005 USDC"_s),
        qPrintable(page->revenueLabel()->text()));
}

void TestConsole::settingsRefuseInvalid_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("evm-ok") << u"x402/payto_evm"_s << u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s << true;
    QTest::newRow("evm-short") << u"x402/payto_evm"_s << u"0x7a16fF8270133F063aAb6C9977183D9e7283542"_s
                               << false;
    QTest::newRow("evm-no-prefix") << u"x402/payto_evm"_s << u"7a16fF8270133F063aAb6C9977183D9e72835428aa"_s
                                   << false;
    QTest::newRow("evm-not-hex") << u"x402/payto_evm"_s << u"0x7a16fF8270133F063aAb6C9977183D9e7283542g"_s
                                 << false;
    QTest::newRow("evm-empty") << u"x402/payto_evm"_s << QString() << true;
    QTest::newRow("solana-ok") << u"x402/payto_solana"_s << u"9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"_s
                               << true;
    QTest::newRow("solana-zero") << u"x402/payto_solana"_s
                                 << u"0xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"_s << false;
    QTest::newRow("solana-short") << u"x402/payto_solana"_s << u"9xQeWvG816bUx9EPjHmaT23yvVM"_s << false;
    QTest::newRow("facilitator-https")
        << u"upstream/facilitator/base_url"_s << u"https://x402.org/facilitator"_s << true;
    QTest::newRow("facilitator-ftp") << u"upstream/facilitator/base_url"_s << u"ftp://x402.org/facilitator"_s
                                     << false;
    QTest::newRow("vies-http-local") << u"upstream/vies/base_url"_s << u"http://127.0.0.1:8080/vies"_s
                                     << true;
    QTest::newRow("vies-no-host") << u"upstream/vies/base_url"_s << u"https://"_s << false;
    QTest::newRow("vat-ok") << u"vies/requester_vat_id"_s << u"DE136695976"_s << true;
    QTest::newRow("vat-bad-checksum") << u"vies/requester_vat_id"_s << u"DE136695977"_s << false;
}

void TestConsole::settingsRefuseInvalid()
{
    QFETCH(QString, key);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    SettingsPage page(*m_host);
    QLineEdit *edit = page.field(key);
    QVERIFY(edit);
    edit->clear();
    QTest::keyClicks(edit, text); // checked as the user types
    QCOMPARE(edit->text(), text);
    QCOMPARE(page.problem(key).isEmpty(), valid);
    QCOMPARE(page.saveButton()->isEnabled(), valid);
    QCOMPARE(edit->toolTip().isEmpty(), valid);
    if (!valid)
        QCOMPARE(page.statusLabel()->text(), page.problem(key));
}

void TestConsole::settingsSaveToIni()
{
    SettingsPage *page = m_window->settingsPage();
    QVERIFY(page);
    m_window->setCurrentPage(page);
    const QString dataDir = m_context->settings().dataDir();
    const QString before = Settings::load(dataDir).value(u"x402/payto_evm"_s);

    QLineEdit *evm = page->field(u"x402/payto_evm"_s);
    evm->clear();
    QTest::keyClicks(evm, u"0x7a16fF8270133F063aAb6C9977183D9e7283542"_s); // one digit short
    QVERIFY(!page->saveButton()->isEnabled());
    QVERIFY(!page->save());
    QCOMPARE(Settings::load(dataDir).value(u"x402/payto_evm"_s), before);

    QTest::keyClicks(evm, u"8"_s);
    QVERIFY(page->saveButton()->isEnabled());
    page->field(u"vies/requester_vat_id"_s)->setText(u"DE136695976"_s);
    QCheckBox *polygon = page->networkBox(u"polygon"_s);
    QCheckBox *baseSepolia = page->networkBox(u"base-sepolia"_s);
    QVERIFY(polygon && baseSepolia);
    polygon->setChecked(false);
    baseSepolia->setChecked(true);
    QTest::mouseClick(page->saveButton(), Qt::LeftButton);
    QCOMPARE(page->statusLabel()->text(), u"Saved \u2014 restart ADES to apply"_s);

    const Settings saved = Settings::load(dataDir);
    QCOMPARE(saved.value(u"x402/payto_evm"_s), u"0x7a16fF8270133F063aAb6C9977183D9e72835428"_s);
    QCOMPARE(saved.value(u"vies/requester_vat_id"_s), u"DE136695976"_s);
    const QStringList networks = saved.value(u"x402/networks"_s).split(u',');
    QVERIFY2(networks.contains(u"base-sepolia"_s), qPrintable(saved.value(u"x402/networks"_s)));
    QVERIFY2(!networks.contains(u"polygon"_s), qPrintable(saved.value(u"x402/networks"_s)));
    QCOMPARE(networks.contains(u"base"_s), page->networkBox(u"base"_s)->isChecked());

    settleLayouts();
    QVERIFY(m_window->grab().save(u"/tmp/ades-console-settings.png"_s));
}

void TestConsole::restartKeepsPortAndReloadsRevenue()
{
    QVERIFY(m_host->isRunning());
    const quint16 port = m_host->port();
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    QSignalSpy revenue(m_host.get(), &ServiceHost::revenueLoaded);
    QTest::mouseClick(m_window->settingsPage()->restartButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(started.count() > 0 && revenue.count() > 0, 10'000);
    QCOMPARE(started.first().first().value<quint16>(), port);
    // The ledger is still empty: the totals the page showed are replaced by what it holds.
    using Totals = QMap<QString, qint64>;
    QVERIFY(revenue.first().first().value<Totals>().isEmpty());
    QTRY_COMPARE(m_window->liveCallsPage()->revenueLabel()->text(), u"Revenue: none yet"_s);
}

void TestConsole::dropValidReceipt()
{
    ReceiptsPage *page = m_window->receiptsPage();
    m_window->setCurrentPage(page);
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));

    const QJsonObject signedJson = signedResult();
    const QJsonObject receipt = signedJson.value(u"receipt"_s).toObject();
    dropFile(page, writeFile(u"valid.json"_s, QJsonDocument(signedJson).toJson(QJsonDocument::Indented)));

    QCOMPARE(verdictText(), u"Valid receipt"_s);
    QTableWidget *fields = fieldsTable();
    QVERIFY(fields);
    QCOMPARE(fields->rowCount(), 13);
    // Every receipt field, in the order of docs/interface.md §2.1, with its full value in the tooltip.
    const QStringList names = ReceiptsPage::receiptFieldNames();
    QCOMPARE(names.size(), 13);
    for (int row = 0; row < fields->rowCount(); ++row) {
        QCOMPARE(fields->item(row, 0)->text(), names.at(row));
        QVERIFY2(receipt.contains(names.at(row)), qPrintable(names.at(row)));
        QCOMPARE(fields->item(row, 1)->text(), receipt.value(names.at(row)).toString());
        QCOMPARE(fields->item(row, 1)->toolTip(), receipt.value(names.at(row)).toString());
    }
    QCOMPARE(fields->item(names.indexOf(u"subject"_s), 1)->text(), u"DE89370400440532013000"_s);

    auto *issuer = page->findChild<QLabel *>(u"recoveredIssuerLabel"_s);
    QVERIFY(issuer);
    QCOMPARE(issuer->text(), m_context->issuerAddress());
    auto *ours = page->findChild<QLabel *>(u"issuedByThisServiceLabel"_s);
    QVERIFY(ours);
    QCOMPARE(ours->text(), u"Yes"_s);
    auto *problems = page->findChild<QListWidget *>(u"problemList"_s);
    QVERIFY(problems);
    QCOMPARE(problems->count(), 1);
    QCOMPARE(problems->item(0)->text(), u"None"_s);
    auto *editor = page->findChild<QPlainTextEdit *>(u"receiptEditor"_s);
    QVERIFY(editor);
    QVERIFY(editor->toPlainText().contains(u"DE89370400440532013000"_s));
}

void TestConsole::dropTamperedReceipt()
{
    ReceiptsPage *page = m_window->receiptsPage();
    QByteArray bytes = QJsonDocument(signedResult()).toJson(QJsonDocument::Compact);
    // One byte of the result, outside the receipt: the IBAN's check digits 89 -> 88.
    const QByteArray field = "\"iban\":\"DE89";
    const qsizetype at = bytes.indexOf(field);
    QVERIFY(at >= 0);
    bytes[at + field.size() - 1] = '8';
    dropFile(page, writeFile(u"tampered.json"_s, bytes));

    QCOMPARE(verdictText(), u"Invalid receipt"_s);
    QCOMPARE(fieldsTable()->rowCount(), 13);
    auto *problems = page->findChild<QListWidget *>(u"problemList"_s);
    QVERIFY(problems);
    QStringList codes;
    for (int i = 0; i < problems->count(); ++i)
        codes << problems->item(i)->toolTip();
    QVERIFY2(codes.contains(u"result_hash_mismatch"_s), qPrintable(codes.join(u", "_s)));
    // The receipt itself is untouched, so the signer is still recovered.
    QCOMPARE(page->findChild<QLabel *>(u"recoveredIssuerLabel"_s)->text(), m_context->issuerAddress());
}

void TestConsole::dropNonJsonFile()
{
    ReceiptsPage *page = m_window->receiptsPage();
    dropFile(page, writeFile(u"notes.txt"_s, "Meeting notes\nnot JSON at all {\n"));
    QCOMPARE(verdictText(), u"Not a receipt"_s);

    dropFile(page, m_dir.filePath(u"does-not-exist.json"_s));
    QCOMPARE(verdictText(), u"Not a receipt"_s);
    auto *summary = page->findChild<QLabel *>(u"verdictSummary"_s);
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(u"does-not-exist.json"_s), qPrintable(summary->text()));
}

void TestConsole::dropPastedText()
{
    ReceiptsPage *page = m_window->receiptsPage();
    QMimeData mime;
    mime.setText(QString::fromUtf8(QJsonDocument(signedResult()).toJson()));
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(page, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(page, &drop);
    QCOMPARE(verdictText(), u"Valid receipt"_s);
}

void TestConsole::verifyButtonUsesEditor()
{
    ReceiptsPage *page = m_window->receiptsPage();
    auto *editor = page->findChild<QPlainTextEdit *>(u"receiptEditor"_s);
    auto *verify = page->findChild<QPushButton *>(u"verifyButton"_s);
    QVERIFY(editor && verify);

    editor->setPlainText(u"[1, 2, 3]"_s);
    QTest::mouseClick(verify, Qt::LeftButton);
    QCOMPARE(verdictText(), u"Not a receipt"_s);

    editor->setPlainText(QString::fromUtf8(QJsonDocument(signedResult()).toJson()));
    QTest::mouseClick(verify, Qt::LeftButton);
    QCOMPARE(verdictText(), u"Valid receipt"_s);
}

void TestConsole::screenshot()
{
    // For a person to look at: the receipts page after a successful check, and the live calls page.
    ReceiptsPage *page = m_window->receiptsPage();
    m_window->setCurrentPage(page);
    page->loadFile(writeFile(u"screenshot.json"_s, QJsonDocument(signedResult()).toJson()));
    QCOMPARE(verdictText(), u"Valid receipt"_s);
    settleLayouts();
    QVERIFY(m_window->grab().save(u"/tmp/ades-console.png"_s));

    m_window->setCurrentPage(m_window->liveCallsPage());
    Q_EMIT m_host->revenueLoaded({ { u"eip155:8453"_s, 4'000 }, { u"eip155:137"_s, 2'000 } });
    QTRY_COMPARE(m_window->liveCallsPage()->revenueLabel()->text(),
        u"Revenue: Base 0.004 USDC \u00B7 Polygon 0.002 USDC"_s);
    settleLayouts();
    QVERIFY(m_window->grab().save(u"/tmp/ades-console-calls.png"_s));
}

// A page shown or refilled re-lays itself out through posted LayoutRequest events, one nesting level per
// round; deliver them before grabbing so the picture shows the settled layout.
void TestConsole::settleLayouts()
{
    for (int round = 0; round < 8; ++round)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

void TestConsole::germanCatalogueIsEmbedded()
{
    QTranslator german;
    QVERIFY(loadTranslation(german, QLocale(QLocale::German, QLocale::Germany)));
    QVERIFY(QCoreApplication::installTranslator(&german));

    // A page built while the catalogue is installed speaks German: nothing the test spells out, only that
    // each visible string is translated.
    ReceiptsPage page(*m_host);
    page.verifyDocument(QJsonDocument(signedResult()).toJson());
    const QString verdict = page.findChild<QLabel *>(u"verdictLabel"_s)->text();
    QCOMPARE(verdict, QCoreApplication::translate("ades::ui::ReceiptCheck", "Valid receipt"));
    QVERIFY2(verdict != u"Valid receipt"_s, qPrintable(verdict));
    QVERIFY(page.findChild<QPushButton *>(u"verifyButton"_s)->text() != u"Verify"_s);
    SettingsPage settings(*m_host);
    QCOMPARE(settings.saveButton()->text(), QCoreApplication::translate("ades::ui::SettingsPage", "Save"));
    QVERIFY(settings.saveButton()->text() != u"Save"_s);
    LiveCallsPage calls(*m_host);
    QVERIFY2(
        !calls.revenueLabel()->text().startsWith(u"Revenue"_s), qPrintable(calls.revenueLabel()->text()));
    MainWindow window(*m_host);
    const QLabel *databaseSize = window.findChild<QLabel *>(u"databaseSizeLabel"_s);
    QVERIFY2(!databaseSize->text().startsWith(u"Database"_s), qPrintable(databaseSize->text()));
    QVERIFY2(!databaseSize->toolTip().startsWith(u"Space the store"_s), qPrintable(databaseSize->toolTip()));

    QCoreApplication::removeTranslator(&german);
}

void TestConsole::sanctionsPageImportsLists()
{
    SanctionsPage page(*m_host);
    QCOMPARE(page.table()->rowCount(), 3);
    QCOMPARE(page.table()->item(0, 1)->text(), u"no"_s); // nothing loaded yet
    ADES_REQUIRE_SHARED_DATA();
    QSignalSpy imported(m_host.get(), &ServiceHost::areaActionFinished);
    page.importFiles({ ades::test::sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY(imported.wait(30000));
    QCOMPARE(imported.first().at(1).toString(), u"sanctions.import"_s);
    QCOMPARE(imported.first().at(2).toBool(), true);
    QTRY_COMPARE_WITH_TIMEOUT(page.table()->item(1, 1)->text(), u"yes"_s, 5000);
    QVERIFY(!page.table()->item(1, 2)->text().isEmpty()); // UN generation date
    QVERIFY(page.statusLabel()->text().contains(u"entries indexed"_s));

    page.importFiles({ QFINDTESTDATA("TestConsole.cpp") }); // not a list: refused, lists kept
    QTRY_VERIFY_WITH_TIMEOUT(page.statusLabel()->text().startsWith(u"Not imported"_s), 10000);
    QCOMPARE(page.table()->item(1, 1)->text(), u"yes"_s);
}

QTEST_MAIN(TestConsole)
#include "TestConsole.moc"
