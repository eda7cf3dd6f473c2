#pragma once

#include "store/CallRecord.h"

#include <QMap>
#include <QWidget>
#include <deque>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class CallLogModel;

// Every call the service answers, newest at the top. The page follows new calls while the user looks at
// the top of the list and holds still once they scroll down to read.
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

public Q_SLOTS:
    // Queued from the service thread; never blocks.
    void addRecord(const ades::CallRecord &record);
    // While paused, calls are held back (at most the model's capacity) and shown on resume.
    void setPaused(bool paused);
    void setFilterText(const QString &text);
    // The ledger's settled totals, from ServiceHost::revenueLoaded() after each start; replaces the running
    // totals, since every call counted before is in the ledger by then.
    void setLoadedRevenue(const QMap<QString, qint64> &unitsByNetwork);

private:
    void rememberScrollPosition();
    void restoreScrollPosition(int firstInserted, int insertedRows);
    void updateCounter();
    void updateRevenue();

    CallLogModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLineEdit *m_filter = nullptr;
    QPushButton *m_pause = nullptr;
    QLabel *m_counter = nullptr;
    QLabel *m_revenue = nullptr;
    QMap<QString, qint64> m_revenueUnits;
    std::deque<CallRecord> m_held;
    int m_scrollBeforeInsert = 0;
};

} // namespace ades::ui
