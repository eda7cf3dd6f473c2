#pragma once

#include <QDate>
#include <QMap>
#include <QObject>

class QAction;
class QMenu;
class QSystemTrayIcon;

namespace ades {
class ServiceHost;
struct CallRecord;
} // namespace ades

namespace ades::ui {

class MainWindow;

// The console in the system tray: the service's state and today's revenue in the tooltip and the menu,
// "Show console" and "Quit", and the notifications (HealthNotifier). While the service serves and a tray
// exists, closing the window only hides it (MainWindow::setCloseToTray).
//
// Today's revenue counts the payments settled since the console started (the ledger keeps totals per
// network, not per day); the menu says since when.
class TrayIcon : public QObject
{
    Q_OBJECT

public:
    TrayIcon(ServiceHost &host, MainWindow &window, QObject *parent = nullptr);
    ~TrayIcon() override;

    QSystemTrayIcon *icon() const { return m_icon; }
    QMenu *menu() const { return m_menu; }
    QString toolTip() const;
    // USDC atomic units settled today (UTC) since the console started.
    qint64 revenueTodayUnits() const { return m_todayUnits; }
    void showNotification(const QString &title, const QString &message);

private:
    void onCall(const ades::CallRecord &record);
    void setState(const QString &state, const QColor &colour);
    void refresh();

    ServiceHost &m_host;
    MainWindow &m_window;
    QSystemTrayIcon *m_icon = nullptr;
    QMenu *m_menu = nullptr;
    QAction *m_stateAction = nullptr;
    QAction *m_revenueAction = nullptr;
    QString m_state;
    QDate m_day;
    qint64 m_todayUnits = 0;
    QString m_since;
    bool m_toldAboutHiding = false; // "14:05", when the count of the day began
};

} // namespace ades::ui
