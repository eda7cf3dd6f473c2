#pragma once

#include "store/ApiKeyRecord.h"

#include <QList>
#include <QWidget>

class QChart;
class QChartView;
class QLabel;

namespace ades::ui {

// One key's calls per UTC day as a histogram (Qt Charts): each bar a day, from the store's usage rows
// (Quotas::dailyUsage). Shows nothing until a key is chosen.
class KeyUsageChart : public QWidget
{
    Q_OBJECT

public:
    explicit KeyUsageChart(QWidget *parent = nullptr);

    void showUsage(const QString &keyName, const QList<DailyUsage> &days);
    void clear();

    // Calls over the days shown; for the summary line and the tests.
    qint64 totalCalls() const { return m_total; }
    int dayCount() const { return int(m_days.size()); }
    QChart *chart() const { return m_chart; }

private:
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QList<DailyUsage> m_days;
    qint64 m_total = 0;
};

} // namespace ades::ui
