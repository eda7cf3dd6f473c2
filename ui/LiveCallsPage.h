#pragma once

#include "store/CallFilter.h"
#include "store/CallRecord.h"

#include <QMap>
#include <QWidget>
#include <deque>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class CallDetailPane;
class CallLogModel;

// Every call the service answers, newest at the top. The page follows new calls while the user looks at
// the top of the list and holds still once they scroll down to read. Filters by channel, operation, status,
// key or payer and time ask the store (on the host's read thread) for the matching calls; calls that arrive
// afterwards join the list when they match. Selecting a call opens its detail (CallDetailPane); the shown
// calls export as CSV (CallCsvWriter).
class LiveCallsPage : public QWidget
{
    Q_OBJECT

public:
    explicit LiveCallsPage(ServiceHost &host, QWidget *parent = nullptr);

    CallLogModel *model() const { return m_model; }
    QSortFilterProxyModel *filterModel() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    bool isPaused() const;
    QLabel *revenueLabel() const { return m_revenue; }
    // USDC atomic units per CAIP-2 network: the ledger's settled total at start plus every charged call
    // since.
    QMap<QString, qint64> revenueUnits() const { return m_revenueUnits; }
    CallDetailPane *detailPane() const { return m_detail; }
    // The structured filter the controls set (the store query's).
    CallFilter filter() const { return m_callFilter; }
    // Store queries answered so far (tests wait for one more).
    int queriesAnswered() const { return m_queriesAnswered; }
    // The time windows of the time filter, in seconds back from now; 0: any time.
    static QList<qint64> timeWindows();

public Q_SLOTS:
    // Queued from the service thread; never blocks.
    void addRecord(const ades::CallRecord &record);
    // While paused, calls are held back (at most the model's capacity) and shown on resume.
    void setPaused(bool paused);
    void setFilterText(const QString &text);
    // The ledger's settled totals, from ServiceHost::revenueLoaded() after each start; replaces the running
    // totals, since every call counted before is in the ledger by then.
    void setLoadedRevenue(const QMap<QString, qint64> &unitsByNetwork);
    // Sets the controls (each change asks the store again).
    void setChannelFilter(const QString &channel);
    void setOperationFilter(const QString &operationId);
    void setStatusFilter(int status);
    void setPrincipalFilter(const QString &text);
    void setTimeWindow(qint64 seconds);
    // Asks the store for the calls the filter matches.
    void reload();
    // Writes the calls shown (after every filter) as CSV; false with a message box when it fails.
    bool exportCsv(const QString &path);
    void chooseExportFile();

private:
    void rememberScrollPosition();
    void restoreScrollPosition(int firstInserted, int insertedRows);
    void updateCounter();
    void updateRevenue();
    void onCallsFound(quint64 ticket, const QList<ades::CallRecord> &calls);
    void onSelectionChanged();
    void applyControls();

    CallLogModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLineEdit *m_filter = nullptr;
    QPushButton *m_pause = nullptr;
    QLabel *m_counter = nullptr;
    QLabel *m_revenue = nullptr;
    QComboBox *m_channel = nullptr;
    QComboBox *m_operation = nullptr;
    QComboBox *m_status = nullptr;
    QLineEdit *m_principal = nullptr;
    QComboBox *m_time = nullptr;
    QPushButton *m_export = nullptr;
    CallDetailPane *m_detail = nullptr;
    ServiceHost &m_host;
    CallFilter m_callFilter;
    quint64 m_ticket = 0;
    int m_queriesAnswered = 0;
    QTimer *m_reloadTimer = nullptr; // typing in the key/payer field asks once it pauses
    QMap<QString, qint64> m_revenueUnits;
    std::deque<CallRecord> m_held;
    int m_scrollBeforeInsert = 0;
};

} // namespace ades::ui
