#include "KeyUsageChart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QVBoxLayout>
#include <QValueAxis>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::ui {

KeyUsageChart::KeyUsageChart(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new QChartView(m_chart, this))
    , m_summary(new QLabel(this))
{
    setObjectName(u"keyUsageChart"_s);
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setBackgroundRoundness(0);
    m_view->setObjectName(u"keyUsageChartView"_s);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setAccessibleName(tr("Calls per day of the selected key"));
    m_view->setMinimumHeight(180);
    m_summary->setObjectName(u"keyUsageSummary"_s);
    m_summary->setAccessibleName(tr("Usage summary"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    clear();
}

void KeyUsageChart::clear()
{
    m_days.clear();
    m_total = 0;
    m_chart->removeAllSeries();
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_chart->setTitle(QString());
    m_summary->setText(tr("Choose a key to see its calls per day."));
}

void KeyUsageChart::showUsage(const QString &keyName, const QList<DailyUsage> &days)
{
    clear();
    m_days = days;
    if (days.isEmpty())
        return;
    // A step outline: each UTC day is a flat bar from its midnight to the next, so a day reads as a bucket,
    // not as a point on a trend.
    auto *upper = new QLineSeries;
    qint64 peak = 0;
    for (const DailyUsage &day : days) {
        const QDateTime start(day.day, QTime(0, 0), Qt::UTC);
        upper->append(double(start.toMSecsSinceEpoch()), double(day.calls));
        upper->append(double(start.addDays(1).toMSecsSinceEpoch()), double(day.calls));
        m_total += day.calls;
        peak = qMax(peak, day.calls);
    }
    auto *area = new QAreaSeries(upper);
    // The area series does not own its line series; removeAllSeries() deletes the area and, through this
    // parent, the line (LeakSanitizer: one QLineSeries lost per usage shown).
    upper->setParent(area);
    area->setName(tr("Calls"));
    QColor fill = palette().color(QPalette::Highlight);
    area->setPen(QPen(fill, 1.5));
    fill.setAlpha(110);
    area->setBrush(fill);
    m_chart->addSeries(area);

    auto *time = new QDateTimeAxis;
    time->setFormat(days.size() > 60 ? u"MMM yyyy"_s : u"d MMM"_s);
    time->setTickCount(qMin(8, int(days.size()) + 1));
    time->setRange(QDateTime(days.constFirst().day, QTime(0, 0), Qt::UTC),
        QDateTime(days.constLast().day.addDays(1), QTime(0, 0), Qt::UTC));
    time->setTitleText(tr("UTC day"));
    auto *calls = new QValueAxis;
    calls->setLabelFormat(u"%d"_s);
    calls->setRange(0, double(qMax<qint64>(peak, 4)));
    calls->applyNiceNumbers();
    calls->setTitleText(tr("Calls"));
    m_chart->addAxis(time, Qt::AlignBottom);
    m_chart->addAxis(calls, Qt::AlignLeft);
    area->attachAxis(time);
    area->attachAxis(calls);

    m_summary->setText(tr("%1: %n call(s) over the last %2 days", nullptr,
        int(qMin<qint64>(m_total, std::numeric_limits<int>::max())))
                           .arg(keyName)
                           .arg(days.size()));
}

} // namespace ades::ui

#include "moc_KeyUsageChart.cpp"
