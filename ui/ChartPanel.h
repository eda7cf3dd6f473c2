#pragma once

#include <QStackedWidget>

class QLabel;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace ades::ui {

// A dashboard chart with its empty state: the chart when there is something to draw, otherwise a sentence
// saying why there is nothing (no calls in the window, no errors ...), never an empty frame.
class ChartPanel : public QStackedWidget
{
    Q_OBJECT

public:
    ChartPanel(const QString &title, QWidget *parent = nullptr);

    QChart *chart() const;
    QChartView *chartView() const { return m_view; }
    QLabel *emptyLabel() const { return m_empty; }
    bool isShowingChart() const;

    void showChart();
    void showEmpty(const QString &reason);

private:
    QChartView *m_view = nullptr;
    QLabel *m_empty = nullptr;
};

} // namespace ades::ui
