#pragma once

#include <QHostAddress>
#include <QIcon>
#include <QMainWindow>

class QLabel;
class QListWidget;
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

    LiveCallsPage *liveCallsPage() const { return m_liveCalls; }
    ReceiptsPage *receiptsPage() const { return m_receipts; }
    SettingsPage *settingsPage() const { return m_settings; }

    // Starts the host and remembers the address for the status bar (the host reports only the port).
    void startService(const QHostAddress &address, quint16 port);
    // Stops the host and starts it again on the address and port it last listened on.
    void restartService();

private Q_SLOTS:
    void onStarted(quint16 port);
    void onStartFailed(const QString &reason);
    void onStopped();

private:
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
    QHostAddress m_address;
    quint16 m_port = 0; // the port last listened on, kept across a restart
};

} // namespace ades::ui
