#pragma once

#include "host/ServiceHost.h" // UpstreamHealth: the console reaches upstream/ only through the host
#include "store/CallStatistics.h"

#include <QHash>
#include <QJsonObject>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

QT_BEGIN_NAMESPACE
class QLineSeries;
class QDateTimeAxis;
class QValueAxis;
QT_END_NAMESPACE

namespace ades {
class ServiceHost;
struct CallRecord;
} // namespace ades

namespace ades::ui {

class ChartPanel;

// The console's first page: what the service did over the last hour, day or 30 days (calls per minute by
// channel, errors by status, revenue per network and operation, latency percentiles) from the call log, and
// how its outside world is doing (upstream sources, sanctions lists, the payment facilitator). Live: a
// completed call marks the figures stale, and they are read again at most once a second (and every 15 s in
// any case) by a store query on the host's read thread; the page never waits for it.
class DashboardPage : public QWidget
{
    Q_OBJECT

public:
    // Between two store queries while calls arrive: at 200 calls a second, one query, not 200 (longer when
    // the query itself takes longer: four times its duration).
    static constexpr int RefreshIntervalMs = 1000;
    // Without calls, the window still moves and upstreams change: read again this often.
    static constexpr int IdleRefreshMs = 15000;

    explicit DashboardPage(ServiceHost &host, QWidget *parent = nullptr);

    CallStatistics::Window window() const { return m_window; }
    const CallStatisticsReport &report() const { return m_report; }
    // Reports applied so far (tests wait for one more).
    int reportsApplied() const { return m_reportsApplied; }

    // Figures as shown, for tests and accessibility.
    QString callsText() const;
    QString errorsText() const;
    QString revenueText() const;
    QString p50Text() const;
    QString p99Text() const;
    QTableWidget *revenueByNetworkTable() const { return m_networks; }
    QTableWidget *revenueByOperationTable() const { return m_operations; }
    QTableWidget *upstreamTable() const { return m_upstreams; }
    ChartPanel *callsChart() const { return m_callsChart; }
    ChartPanel *errorsChart() const { return m_errorsChart; }
    QLabel *sanctionsLabel() const { return m_sanctions; }
    QLabel *facilitatorLabel() const { return m_facilitator; }
    QPushButton *checkFacilitatorButton() const { return m_checkFacilitator; }

public Q_SLOTS:
    void setWindow(ades::CallStatistics::Window window);
    // Asks the host for a new report now (unless one is on its way).
    void refresh();
    void applyReport(const ades::CallStatisticsReport &report);
    // Upstreams, sanctions lists and facilitator: in-memory state, cheap; read on the GUI thread.
    void refreshHealth();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onCallCompleted();
    void onStatisticsReady(quint64 ticket, const ades::CallStatisticsReport &report);
    void onTimer();
    void fillCallsChart();
    void fillErrorsChart();
    void fillRevenue();
    void fillUpstreams(const QList<UpstreamHealth::Entry> &entries);
    void fillSanctions(const QJsonObject &details);
    void fillFacilitator(const QList<UpstreamHealth::Entry> &entries, const QJsonObject &details);
    QString windowPhrase() const;

    ServiceHost &m_host;
    CallStatistics::Window m_window = CallStatistics::Window::LastHour;
    CallStatisticsReport m_report;
    quint64 m_ticket = 0;
    bool m_inFlight = false;
    bool m_stale = true;
    qint64 m_lastRequestMs = 0;
    qint64 m_lastQueryMs = 0; // how long the last report took to arrive
    int m_reportsApplied = 0;

    QComboBox *m_windowBox = nullptr;
    QLabel *m_updated = nullptr;
    QLabel *m_calls = nullptr;
    QLabel *m_errors = nullptr;
    QLabel *m_revenue = nullptr;
    QLabel *m_p50 = nullptr;
    QLabel *m_p99 = nullptr;
    ChartPanel *m_callsChart = nullptr;
    ChartPanel *m_errorsChart = nullptr;
    QDateTimeAxis *m_timeAxis = nullptr;
    QValueAxis *m_rateAxis = nullptr;
    QHash<QString, QLineSeries *> m_channelSeries;
    QTableWidget *m_networks = nullptr;
    QTableWidget *m_operations = nullptr;
    QTableWidget *m_upstreams = nullptr;
    QLabel *m_sanctions = nullptr;
    QLabel *m_facilitator = nullptr;
    QPushButton *m_checkFacilitator = nullptr;
    QTimer *m_timer = nullptr;
};

} // namespace ades::ui
