#include "ChartPanel.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

ChartPanel::ChartPanel(const QString &title, QWidget *parent)
    : QStackedWidget(parent)
    , m_view(new QChartView(new QChart, this))
    , m_empty(new QLabel(this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setAccessibleName(title);
    m_view->setMinimumHeight(220);
    QChart *chart = m_view->chart();
    chart->setTitle(title);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(4);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // The palette's colours, so the chart follows a dark theme like the rest of the console.
    chart->setBackgroundBrush(palette().base());
    chart->setTitleBrush(palette().text());
    chart->legend()->setLabelColor(palette().text().color());

    // The empty state keeps the chart's title above the reason, so the operator still sees what would be
    // drawn here.
    auto *emptyPage = new QWidget(this);
    auto *titleLabel = new QLabel(title, emptyPage);
    QFont bold = titleLabel->font();
    bold.setBold(true);
    titleLabel->setFont(bold);
    titleLabel->setAlignment(Qt::AlignHCenter);
    m_empty->setParent(emptyPage);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setAccessibleName(title);
    auto *layout = new QVBoxLayout(emptyPage);
    layout->addWidget(titleLabel);
    layout->addWidget(m_empty, 1);
    emptyPage->setObjectName(u"emptyPage"_s);
    emptyPage->setStyleSheet(u"QWidget#emptyPage { border: 1px dashed palette(mid); border-radius: 6px; }"_s);

    addWidget(m_view);
    addWidget(emptyPage);
    setMinimumHeight(220);
}

QChart *ChartPanel::chart() const
{
    return m_view->chart();
}

bool ChartPanel::isShowingChart() const
{
    return currentWidget() == m_view;
}

void ChartPanel::showChart()
{
    setCurrentWidget(m_view);
}

void ChartPanel::showEmpty(const QString &reason)
{
    m_empty->setText(reason);
    setCurrentIndex(1);
}

} // namespace ades::ui

#include "moc_ChartPanel.cpp"
