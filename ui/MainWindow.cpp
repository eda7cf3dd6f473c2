#include "MainWindow.h"

#include "ConsolePreferences.h"
#include "DashboardPage.h"
#include "KeysPage.h"
#include "LiveCallsPage.h"
#include "ManualCallsPage.h"
#include "ReceiptsPage.h"
#include "SanctionsPage.h"
#include "SettingsPage.h"
#include "host/ServiceHost.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

MainWindow::MainWindow(ServiceHost &host, QWidget *parent)
    : QMainWindow(parent)
    , m_host(host)
    , m_navigation(new QListWidget(this))
    , m_pages(new QStackedWidget(this))
    , m_stateDot(new QLabel(this))
    , m_state(new QLabel(this))
    , m_issuer(new QLabel(this))
    , m_databaseSize(new QLabel(this))
    , m_databaseTimer(new QTimer(this))
{
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("ADES Console"));
    // The call detail pane shows the last calls' query and bodies: only a console keeps them.
    m_host.setKeepCallBodies(true);

    // A sidebar, not a list of data: the product name on top, roomy rows, the selection as a rounded
    // highlight.
    auto *sidebar = new QWidget(this);
    sidebar->setObjectName(u"sidebar"_s);
    sidebar->setAttribute(Qt::WA_StyledBackground);
    sidebar->setStyleSheet(
        u"QWidget#sidebar { border-right: 1px solid palette(mid); }"
        "QListWidget#navigation { background: transparent; border: none; outline: 0;"
        " show-decoration-selected: 1; }"
        "QListWidget#navigation::item { padding: 8px 10px; margin: 0 6px; border-radius: 6px; }"
        "QListWidget#navigation::item:hover:!selected { background: palette(midlight); }"
        "QListWidget#navigation::item:selected { background: palette(highlight);"
        " color: palette(highlighted-text); }"_s);
    auto *title = new QLabel(tr("ADES Console"), sidebar);
    title->setObjectName(u"sidebarTitle"_s);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    title->setFont(titleFont);
    title->setContentsMargins(16, 14, 16, 10);
    sidebar->setFixedWidth(qMax(fontMetrics().horizontalAdvance(u'M') * 13,
        QFontMetrics(titleFont).horizontalAdvance(title->text()) + 40));

    m_navigation->setObjectName(u"navigation"_s);
    m_navigation->setAccessibleName(tr("Pages"));
    m_navigation->setParent(sidebar);
    m_navigation->setSpacing(2);
    m_navigation->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_navigation->setFocusPolicy(Qt::TabFocus);
    connect(m_navigation, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);

    auto *sidebarLayout = new QVBoxLayout(sidebar);
    sidebarLayout->setContentsMargins(0, 0, 0, 8);
    sidebarLayout->setSpacing(0);
    sidebarLayout->addWidget(title);
    sidebarLayout->addWidget(m_navigation, 1);

    m_pages->setObjectName(u"pages"_s);

    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(sidebar);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);
    buildMenus();

    m_liveCalls = new LiveCallsPage(host, this);
    m_receipts = new ReceiptsPage(host, this);
    addPage(new DashboardPage(host, this), tr("Dashboard"));
    addPage(m_liveCalls, tr("Live calls"));
    addPage(m_receipts, tr("Receipts"));
    addPage(new SanctionsPage(host, this), tr("Sanctions lists"));
    addPage(new KeysPage(host, this), tr("Keys and quotas"));
    addPage(new ManualCallsPage(host, this), tr("Checks by hand"));
    m_settings = new SettingsPage(host, this);
    addPage(m_settings, tr("Settings"));
    connect(m_settings, &SettingsPage::restartRequested, this, &MainWindow::restartService);
    m_navigation->setCurrentRow(0);

    m_stateDot->setObjectName(u"serviceStateDot"_s);
    m_state->setObjectName(u"serviceStateLabel"_s);
    m_issuer->setObjectName(u"issuerLabel"_s);
    m_issuer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_issuer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_databaseSize->setObjectName(u"databaseSizeLabel"_s);
    m_databaseTimer->setObjectName(u"databaseSizeTimer"_s);
    statusBar()->addWidget(m_stateDot);
    statusBar()->addWidget(m_state, 1);
    statusBar()->addPermanentWidget(m_databaseSize);
    statusBar()->addPermanentWidget(m_issuer);
    // The size only creeps: a few stat() calls every ten seconds are plenty.
    connect(m_databaseTimer, &QTimer::timeout, this, &MainWindow::updateDatabaseSize);
    m_databaseTimer->start(10000);

    connect(&host, &ServiceHost::started, this, &MainWindow::onStarted, Qt::QueuedConnection);
    connect(&host, &ServiceHost::startFailed, this, &MainWindow::onStartFailed, Qt::QueuedConnection);
    connect(&host, &ServiceHost::stopped, this, &MainWindow::onStopped, Qt::QueuedConnection);

    if (host.isRunning())
        onStarted(host.port());
    else
        setServiceState(tr("Service not started"), QColor(0x9e, 0x9e, 0x9e));
    updateIssuer();
    updateDatabaseSize();

    resize(1180, 720);
}

int MainWindow::addPage(QWidget *page, const QString &title, const QIcon &icon)
{
    const int index = m_pages->addWidget(page);
    auto *item = new QListWidgetItem(icon, title, m_navigation);
    item->setSizeHint(QSize(0, m_navigation->fontMetrics().height() + 20));
    if (page->accessibleName().isEmpty())
        page->setAccessibleName(title);
    auto *action = m_viewMenu->addAction(icon, title);
    action->setObjectName(u"pageAction%1"_s.arg(index));
    if (index < 9)
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + index)));
    connect(action, &QAction::triggered, this, [this, page] { setCurrentPage(page); });
    m_pageActions.append(action);
    return index;
}

int MainWindow::pageCount() const
{
    return m_pages->count();
}

QWidget *MainWindow::page(int index) const
{
    return m_pages->widget(index);
}

QString MainWindow::pageTitle(int index) const
{
    const QListWidgetItem *item = m_navigation->item(index);
    return item ? item->text() : QString();
}

void MainWindow::setCurrentPageIndex(int index)
{
    if (index >= 0 && index < m_pages->count())
        m_navigation->setCurrentRow(index);
}

void MainWindow::buildMenus()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(u"fileMenu"_s);
    QAction *restart = m_fileMenu->addAction(tr("&Restart service"));
    restart->setObjectName(u"restartAction"_s);
    restart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    // The same as the settings page's button, so the console's start-up decides what a restart is.
    connect(restart, &QAction::triggered, this, [this] { Q_EMIT m_settings->restartRequested(); });
    m_fileMenu->addSeparator();
    QAction *close = m_fileMenu->addAction(tr("&Close window"));
    close->setObjectName(u"closeWindowAction"_s);
    close->setShortcut(QKeySequence::Close);
    connect(close, &QAction::triggered, this, &QWidget::close);
    QAction *quit = m_fileMenu->addAction(tr("&Quit"));
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, qApp, &QApplication::quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(u"viewMenu"_s);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(u"helpMenu"_s);
    QAction *about = help->addAction(tr("&About ADES"));
    about->setObjectName(u"aboutAction"_s);
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About ADES"),
            tr("<p><b>ADES</b> answers agents' questions about companies, payments and documents, paid per "
               "call with x402, and signs every answer with a receipt.</p><p>This console watches the "
               "service on this computer: calls, receipts, lists and settings.</p>"));
    });
    QAction *aboutQt = help->addAction(tr("About &Qt"));
    aboutQt->setObjectName(u"aboutQtAction"_s);
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::bringToFront()
{
    if (isMinimized())
        setWindowState(windowState() & ~Qt::WindowMinimized);
    show();
    raise();
    activateWindow();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    if (m_closeToTray && m_host.isRunning()) {
        // The service keeps serving; the tray brings the window back, File > Quit ends both.
        hide();
        event->ignore();
        Q_EMIT hiddenToTray();
        return;
    }
    QMainWindow::closeEvent(event);
    // With a tray the application outlives its last window (GuiMain); a console that does not serve has
    // nothing to stay for.
    if (m_closeToTray)
        qApp->quit();
}

// A page is remembered by its object name, else by its class: titles change with the language.
QString MainWindow::pageKey(const QWidget *page)
{
    return page->objectName().isEmpty() ? QString::fromLatin1(page->metaObject()->className())
                                        : page->objectName();
}

void MainWindow::saveWindowState() const
{
    const QWidget *page = currentPage();
    ConsolePreferences::setWindow(saveGeometry(), saveState(), page ? pageKey(page) : QString());
}

void MainWindow::restoreWindowState()
{
    restoreGeometry(ConsolePreferences::windowGeometry());
    restoreState(ConsolePreferences::windowState());
    const QString remembered = ConsolePreferences::currentPage();
    for (int index = 0; index < m_pages->count() && !remembered.isEmpty(); ++index) {
        if (pageKey(m_pages->widget(index)) == remembered) {
            setCurrentPageIndex(index);
            break;
        }
    }
}

QWidget *MainWindow::currentPage() const
{
    return m_pages->currentWidget();
}

void MainWindow::setCurrentPage(QWidget *page)
{
    const int index = m_pages->indexOf(page);
    if (index >= 0)
        m_navigation->setCurrentRow(index);
}

void MainWindow::startService(const QHostAddress &address, quint16 port)
{
    m_address = address;
    setServiceState(tr("Starting…"), QColor(0xb2, 0x6a, 0x00));
    m_host.start(address, port);
}

void MainWindow::restartService()
{
    const quint16 port = m_host.isRunning() ? m_host.port() : m_port;
    m_host.stop();
    startService(m_address.isNull() ? QHostAddress(QHostAddress::LocalHost) : m_address, port);
}

void MainWindow::onStarted(quint16 port)
{
    m_port = port;
    if (m_address.isNull()) {
        setServiceState(tr("Listening on port %1").arg(port), QColor(0x2e, 0x7d, 0x32));
    } else {
        const QString host = m_address.protocol() == QAbstractSocket::IPv6Protocol
            ? u'[' + m_address.toString() + u']'
            : m_address.toString();
        setServiceState(tr("Listening on %1:%2").arg(host).arg(port), QColor(0x2e, 0x7d, 0x32));
    }
    updateIssuer();
}

void MainWindow::onStartFailed(const QString &reason)
{
    setServiceState(tr("Service not running: %1").arg(reason), QColor(0xc6, 0x28, 0x28));
}

void MainWindow::onStopped()
{
    setServiceState(tr("Service stopped"), QColor(0x9e, 0x9e, 0x9e));
}

void MainWindow::setServiceState(const QString &text, const QColor &dot)
{
    m_state->setText(text);
    m_state->setToolTip(text);
    m_stateDot->setText(u"\u25CF"_s);
    m_stateDot->setStyleSheet(u"QLabel { color: %1; padding-left: 4px; }"_s.arg(dot.name()));
}

void MainWindow::updateDatabaseSize()
{
    m_databaseSize->setText(tr("Database %1").arg(QLocale().formattedDataSize(m_host.databaseBytes())));
    m_databaseSize->setToolTip(tr("Space the store takes on disk: the database, its write-ahead log and the "
                                  "delivery journal. Old call log entries and receipts are purged hourly "
                                  "(store/call_log_days, store/receipt_days)."));
}

void MainWindow::updateIssuer()
{
    const QString address = m_host.issuerAddress();
    m_issuer->setText(address.isEmpty() ? tr("No issuer key") : tr("Issuer %1").arg(address));
    m_issuer->setToolTip(tr("Receipts from this service are signed by this address"));
}

} // namespace ades::ui

#include "moc_MainWindow.cpp"
