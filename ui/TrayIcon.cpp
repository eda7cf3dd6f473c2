#include "TrayIcon.h"

#include "MainWindow.h"
#include "StatusIcon.h"
#include "core/Usdc.h"
#include "host/ServiceHost.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QMenu>
#include <QSystemTrayIcon>

using namespace Qt::StringLiterals;

namespace ades::ui {

TrayIcon::TrayIcon(ServiceHost &host, MainWindow &window, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_window(window)
    , m_icon(new QSystemTrayIcon(this))
    , m_menu(new QMenu)
    , m_day(QDateTime::currentDateTimeUtc().date())
    , m_since(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat))
{
    m_icon->setObjectName(u"trayIcon"_s);
    m_menu->setObjectName(u"trayMenu"_s);
    m_stateAction = m_menu->addAction(QString());
    m_stateAction->setEnabled(false);
    m_revenueAction = m_menu->addAction(QString());
    m_revenueAction->setEnabled(false);
    m_menu->addSeparator();
    QAction *show = m_menu->addAction(tr("Show console"));
    show->setObjectName(u"trayShow"_s);
    connect(show, &QAction::triggered, &window, &MainWindow::bringToFront);
    QAction *quit = m_menu->addAction(tr("Quit ADES"));
    quit->setObjectName(u"trayQuit"_s);
    connect(quit, &QAction::triggered, qApp, &QApplication::quit);
    m_icon->setContextMenu(m_menu);
    connect(m_icon, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
            m_window.bringToFront();
    });

    connect(
        &host, &ServiceHost::started, this,
        [this](quint16 port) { setState(tr("Serving on port %1").arg(port), StatusIcon::serving()); },
        Qt::QueuedConnection);
    connect(
        &host, &ServiceHost::startFailed, this,
        [this](const QString &reason) { setState(tr("Not serving: %1").arg(reason), StatusIcon::failed()); },
        Qt::QueuedConnection);
    connect(
        &host, &ServiceHost::stopped, this,
        [this] { setState(tr("Service stopped"), StatusIcon::stopped()); }, Qt::QueuedConnection);
    connect(&host, &ServiceHost::callCompleted, this, &TrayIcon::onCall, Qt::QueuedConnection);
    // The ledger's settlements of today before this start; the calls completed after it add to them.
    connect(
        &host, &ServiceHost::revenueTodayLoaded, this,
        [this](const QDate &day, qint64 units) {
            m_day = day;
            m_todayUnits = units;
            m_since = QLocale().toString(QTime(0, 0), QLocale::ShortFormat);
            refresh();
        },
        Qt::QueuedConnection);

    if (host.isRunning())
        setState(tr("Serving on port %1").arg(host.port()), StatusIcon::serving());
    else
        setState(tr("Service not started"), StatusIcon::stopped());
    if (QSystemTrayIcon::isSystemTrayAvailable())
        m_icon->show();
    connect(&window, &MainWindow::hiddenToTray, this, [this] {
        if (m_toldAboutHiding)
            return;
        m_toldAboutHiding = true;
        m_icon->showMessage(tr("ADES keeps serving"),
            tr("The console is in the tray. Quit it from the tray menu or with File > Quit."),
            QSystemTrayIcon::Information, 8'000);
    });
    // Closing the window hides it only when the tray can bring it back.
    window.setCloseToTray(QSystemTrayIcon::isSystemTrayAvailable());
}

TrayIcon::~TrayIcon()
{
    // The menu has no parent (a tray menu must not be a child window); the icon lets go of it first.
    m_icon->setContextMenu(nullptr);
    delete m_menu;
}

QString TrayIcon::toolTip() const
{
    return m_icon->toolTip();
}

void TrayIcon::showNotification(const QString &title, const QString &message)
{
    m_icon->showMessage(title, message, QSystemTrayIcon::Warning, 15'000);
}

void TrayIcon::onCall(const CallRecord &record)
{
    const QDate day = record.at.toUTC().date();
    if (day != m_day) {
        // A new UTC day: the count starts again, from midnight.
        m_day = day;
        m_todayUnits = 0;
        m_since = QLocale().toString(QTime(0, 0), QLocale::ShortFormat);
    }
    if (!record.network.isEmpty() && record.priceUnits > 0)
        m_todayUnits += record.priceUnits;
    refresh();
}

void TrayIcon::setState(const QString &state, const QColor &colour)
{
    m_state = state;
    m_icon->setIcon(StatusIcon::make(colour));
    refresh();
}

void TrayIcon::refresh()
{
    const QString revenue = tr("Revenue today: %1 USDC (since %2)")
                                .arg(Usdc::atomicUnits(m_todayUnits).toDecimalString(), m_since);
    m_stateAction->setText(m_state);
    m_revenueAction->setText(revenue);
    m_icon->setToolTip(tr("ADES") + u'\n' + m_state + u'\n' + revenue);
}

} // namespace ades::ui

#include "moc_TrayIcon.cpp"
