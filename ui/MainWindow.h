#pragma once

#include <QHostAddress>
#include <QIcon>
#include <QMainWindow>

class QAction;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;
class QTimer;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class LiveCallsPage;
class ReceiptsPage;
class SettingsPage;

// The operator console: pages chosen from a list on the left, the service state, the database size and
// the issuer in the status bar. It observes the host through queued signals only (docs/architecture.md,
// Threads).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // The host must outlive the window.
    explicit MainWindow(ServiceHost &host, QWidget *parent = nullptr);

    // Appends a page to the navigation and returns its index. Keys, free checks and settings come this way.
    int addPage(QWidget *page, const QString &title, const QIcon &icon = {});
    int pageCount() const;
    QWidget *currentPage() const;
    void setCurrentPage(QWidget *page);
    // Pages by position, for the menus, the remembered page and the screenshot test.
    QWidget *page(int index) const;
    QString pageTitle(int index) const;
    void setCurrentPageIndex(int index);
    // View > page, with Ctrl+1 ... Ctrl+9 for the first nine.
    QAction *pageAction(int index) const { return m_pageActions.value(index); }
    QMenu *fileMenu() const { return m_fileMenu; }

    // While on (the tray icon sets it when a tray exists), closing the window hides it and the service keeps
    // serving; File > Quit ends the console.
    void setCloseToTray(bool on) { m_closeToTray = on; }
    bool closesToTray() const { return m_closeToTray; }
    // Geometry, window state and current page, kept across starts (ConsolePreferences).
    void saveWindowState() const;
    void restoreWindowState();

    LiveCallsPage *liveCallsPage() const { return m_liveCalls; }
    ReceiptsPage *receiptsPage() const { return m_receipts; }
    SettingsPage *settingsPage() const { return m_settings; }

    // Starts the host and remembers the address for the status bar (the host reports only the port).
    void startService(const QHostAddress &address, quint16 port);
    // Stops the host and starts it again on the address and port it last listened on.
    void restartService();
    // Shows, raises and activates the window (tray, second start).
    void bringToFront();

Q_SIGNALS:
    // Closing hid the window while the service keeps serving.
    void hiddenToTray();

protected:
    void closeEvent(QCloseEvent *event) override;

private Q_SLOTS:
    void onStarted(quint16 port);
    void onStartFailed(const QString &reason);
    void onStopped();

private:
    void buildMenus();
    static QString pageKey(const QWidget *page);
    void setServiceState(const QString &text, const QColor &dot);
    void updateIssuer();
    void updateDatabaseSize();

    ServiceHost &m_host;
    QListWidget *m_navigation = nullptr;
    QStackedWidget *m_pages = nullptr;
    LiveCallsPage *m_liveCalls = nullptr;
    ReceiptsPage *m_receipts = nullptr;
    SettingsPage *m_settings = nullptr;
    QLabel *m_stateDot = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_issuer = nullptr;
    QLabel *m_databaseSize = nullptr;
    QTimer *m_databaseTimer = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QList<QAction *> m_pageActions;
    bool m_closeToTray = false;
    QHostAddress m_address;
    quint16 m_port = 0; // the port last listened on, kept across a restart
};

} // namespace ades::ui
