#include "DashboardPage.h"

#include "ChartPanel.h"
#include "PaymentNetworks.h"
#include "core/Usdc.h"
#include "host/ServiceHost.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

// One figure of the top row: a large number with its caption under it.
QLabel *addFigure(
    QGridLayout *grid, int column, const QString &caption, const QString &objectName, QWidget *parent)
{
    auto *value = new QLabel(u"\u2013"_s, parent);
    value->setObjectName(objectName);
    value->setAccessibleName(caption);
    value->setAlignment(Qt::AlignCenter);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = value->font();
    big.setPointSizeF(big.pointSizeF() * 1.7);
    big.setBold(true);
    value->setFont(big);
    auto *label = new QLabel(caption, parent);
    label->setAlignment(Qt::AlignCenter);
    label->setForegroundRole(QPalette::PlaceholderText);
    grid->addWidget(value, 0, column);
    grid->addWidget(label, 1, column);
    return value;
}

QTableWidget *makeTable(
    const QStringList &headers, const QString &objectName, const QString &accessibleName, QWidget *parent)
{
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(objectName);
    table->setAccessibleName(accessibleName);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    table->horizontalHeader()->setHighlightSections(false);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

// As tall as its rows (at least `minRows`, at most `maxRows`, then it scrolls): no empty table area, no
// table scrolled inside the scrolling page for a handful of rows.
void fitToRows(QTableWidget *table, int minRows, int maxRows)
{
    const int rows = qBound(minRows, table->rowCount(), maxRows);
    const int height = table->horizontalHeader()->sizeHint().height()
        + rows * table->verticalHeader()->defaultSectionSize() + 2 * table->frameWidth() + 2;
    table->setFixedHeight(height);
}

// Sets a cell's text (and tooltip, colour), reusing its item: an unchanged cell costs nothing.
void setCell(QTableWidget *table, int row, int column, const QString &text, const QString &toolTip = {},
    const QColor &colour = {})
{
    QTableWidgetItem *item = table->item(row, column);
    if (!item) {
        item = new QTableWidgetItem;
        table->setItem(row, column, item);
    }
    if (item->text() != text)
        item->setText(text);
    const QString tip = toolTip.isEmpty() ? text : toolTip;
    if (item->toolTip() != tip)
        item->setToolTip(tip);
    if (colour.isValid() && item->foreground().color() != colour)
        item->setForeground(colour);
}

QTableWidgetItem *textItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(text);
    return item;
}

// Numbers right-aligned in the fixed-width font: the decimal points of amounts line up.
QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return item;
}

QString localTime(const QDateTime &at)
{
    if (!at.isValid())
        return {};
    const QDateTime local = at.toLocalTime();
    const QLocale locale;
    if (local.date() == QDate::currentDate())
        return locale.toString(local.time(), QLocale::ShortFormat);
    return locale.toString(local, QLocale::ShortFormat);
}

} // namespace

DashboardPage::DashboardPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_host(host)
    , m_windowBox(new QComboBox(this))
    , m_updated(new QLabel(this))
    , m_timer(new QTimer(this))
{
    setObjectName(u"dashboardPage"_s);

    m_windowBox->setObjectName(u"dashboardWindow"_s);
    m_windowBox->setAccessibleName(tr("Time window"));
    m_windowBox->addItem(tr("Last hour"), int(CallStatistics::Window::LastHour));
    m_windowBox->addItem(tr("Last 24 hours"), int(CallStatistics::Window::LastDay));
    m_windowBox->addItem(tr("Last 30 days"), int(CallStatistics::Window::Last30Days));
    connect(m_windowBox, &QComboBox::currentIndexChanged, this,
        [this](int index) { setWindow(CallStatistics::Window(m_windowBox->itemData(index).toInt())); });
    m_updated->setObjectName(u"dashboardUpdated"_s);
    m_updated->setForegroundRole(QPalette::PlaceholderText);

    auto *bar = new QHBoxLayout;
    auto *windowLabel = new QLabel(tr("Show:"), this);
    windowLabel->setBuddy(m_windowBox);
    bar->addWidget(windowLabel);
    bar->addWidget(m_windowBox);
    bar->addStretch(1);
    bar->addWidget(m_updated);

    // The figures.
    auto *figures = new QFrame(this);
    figures->setObjectName(u"dashboardFigures"_s);
    figures->setFrameShape(QFrame::StyledPanel);
    auto *grid = new QGridLayout(figures);
    m_calls = addFigure(grid, 0, tr("Calls"), u"figureCalls"_s, figures);
    m_errors = addFigure(grid, 1, tr("Errors"), u"figureErrors"_s, figures);
    m_revenue = addFigure(grid, 2, tr("Revenue (USDC)"), u"figureRevenue"_s, figures);
    m_p50 = addFigure(grid, 3, tr("Latency p50"), u"figureP50"_s, figures);
    m_p99 = addFigure(grid, 4, tr("Latency p99"), u"figureP99"_s, figures);

    // The charts.
    m_callsChart = new ChartPanel(tr("Calls per minute by channel"), this);
    m_callsChart->setObjectName(u"callsChart"_s);
    m_timeAxis = new QDateTimeAxis(m_callsChart->chart());
    m_timeAxis->setLabelsColor(palette().text().color());
    m_timeAxis->setTruncateLabels(false);
    m_rateAxis = new QValueAxis(m_callsChart->chart());
    m_rateAxis->setLabelFormat(u"%.1f"_s);
    // A few digits: never elided to "4…", which reads as a different number.
    m_rateAxis->setTruncateLabels(false);
    m_rateAxis->setLabelsColor(palette().text().color());
    m_rateAxis->setTitleText(tr("calls/min"));
    m_callsChart->chart()->addAxis(m_timeAxis, Qt::AlignBottom);
    m_callsChart->chart()->addAxis(m_rateAxis, Qt::AlignLeft);

    m_errorsChart = new ChartPanel(tr("Errors by status"), this);
    m_errorsChart->setObjectName(u"errorsChart"_s);
    m_errorsChart->chart()->legend()->hide();

    auto *charts = new QHBoxLayout;
    charts->addWidget(m_callsChart, 3);
    charts->addWidget(m_errorsChart, 2);

    // Revenue: exact amounts in tables.
    m_networks = makeTable({ tr("Network"), tr("Paid calls"), tr("USDC") }, u"revenueByNetwork"_s,
        tr("Revenue per network"), this);
    m_operations = makeTable({ tr("Operation"), tr("Paid calls"), tr("USDC") }, u"revenueByOperation"_s,
        tr("Revenue per operation"), this);
    auto *networksBox = new QGroupBox(tr("Revenue per network"), this);
    (new QVBoxLayout(networksBox))->addWidget(m_networks);
    auto *operationsBox = new QGroupBox(tr("Revenue per operation"), this);
    (new QVBoxLayout(operationsBox))->addWidget(m_operations);
    auto *revenue = new QHBoxLayout;
    revenue->addWidget(networksBox, 2);
    revenue->addWidget(operationsBox, 3);

    // The outside world.
    m_upstreams = makeTable({ tr("Source"), tr("Last success"), tr("Last failure"), tr("Why") },
        u"upstreamHealth"_s, tr("Upstream sources"), this);
    m_upstreams->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    auto *upstreamBox = new QGroupBox(tr("Upstream sources (since the service started)"), this);
    (new QVBoxLayout(upstreamBox))->addWidget(m_upstreams);

    m_sanctions = new QLabel(this);
    m_sanctions->setObjectName(u"sanctionsAges"_s);
    m_sanctions->setAccessibleName(tr("Sanctions list ages"));
    m_sanctions->setWordWrap(true);
    m_sanctions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sanctions->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto *sanctionsBox = new QGroupBox(tr("Sanctions lists"), this);
    (new QVBoxLayout(sanctionsBox))->addWidget(m_sanctions);

    m_facilitator = new QLabel(this);
    m_facilitator->setObjectName(u"facilitatorState"_s);
    m_facilitator->setAccessibleName(tr("Payment facilitator"));
    m_facilitator->setWordWrap(true);
    m_facilitator->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facilitator->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_checkFacilitator = new QPushButton(tr("Check now"), this);
    m_checkFacilitator->setObjectName(u"checkFacilitatorButton"_s);
    m_checkFacilitator->setAccessibleName(tr("Check the payment facilitator now"));
    m_checkFacilitator->setToolTip(
        tr("Ask the facilitator's /supported now; otherwise it is asked only when a "
           "payment arrives"));
    connect(m_checkFacilitator, &QPushButton::clicked, this, [this]() {
        if (m_host.checkFacilitator()) {
            m_checkFacilitator->setEnabled(false);
            m_facilitator->setText(tr("Asking the facilitator…"));
        }
    });
    connect(&host, &ServiceHost::upstreamChecked, this, [this]() {
        m_checkFacilitator->setEnabled(true);
        refreshHealth();
    });
    auto *facilitatorBox = new QGroupBox(tr("Payment facilitator"), this);
    auto *facilitatorLayout = new QVBoxLayout(facilitatorBox);
    facilitatorLayout->addWidget(m_facilitator);
    facilitatorLayout->addWidget(m_checkFacilitator, 0, Qt::AlignLeft);

    auto *lists = new QHBoxLayout;
    lists->addWidget(sanctionsBox, 1);
    lists->addWidget(facilitatorBox, 1);

    auto *content = new QWidget(this);
    auto *column = new QVBoxLayout(content);
    column->addLayout(bar);
    column->addWidget(figures);
    column->addLayout(charts);
    column->addLayout(revenue);
    column->addWidget(upstreamBox);
    column->addLayout(lists);
    column->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(u"dashboardScroll"_s);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);

    // Queued: the host emits from its threads; the page never waits for them.
    connect(&host, &ServiceHost::callCompleted, this, &DashboardPage::onCallCompleted, Qt::QueuedConnection);
    connect(
        &host, &ServiceHost::statisticsReady, this, &DashboardPage::onStatisticsReady, Qt::QueuedConnection);
    m_timer->setObjectName(u"dashboardTimer"_s);
    m_timer->setInterval(RefreshIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &DashboardPage::onTimer);
    m_timer->start();

    m_callsChart->showEmpty(tr("Reading the call log…"));
    m_errorsChart->showEmpty(tr("Reading the call log…"));
    refresh();
    refreshHealth();
}

void DashboardPage::setWindow(CallStatistics::Window window)
{
    const int index = m_windowBox->findData(int(window));
    if (m_windowBox->currentIndex() != index) {
        m_windowBox->setCurrentIndex(index); // re-enters through currentIndexChanged
        return;
    }
    if (m_window == window)
        return;
    m_window = window;
    m_inFlight = false; // the answer on its way is for the old window: its ticket will not match
    refresh();
}

void DashboardPage::refresh()
{
    if (m_inFlight)
        return;
    m_inFlight = true;
    m_stale = false;
    m_lastRequestMs = QDateTime::currentMSecsSinceEpoch();
    m_host.requestStatistics(m_window, ++m_ticket);
}

void DashboardPage::onCallCompleted()
{
    m_stale = true;
}

void DashboardPage::onTimer()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Hidden: nothing to draw; the page catches up when shown (showEvent).
    if (!isVisible())
        return;
    // A costly window (30 days over a busy log take about a second, docs/benchmarks.md) is read less often:
    // the read thread stays at most about a fifth busy for the dashboard, and call details do not queue.
    const qint64 gap = std::max<qint64>(RefreshIntervalMs, 4 * m_lastQueryMs);
    if ((m_stale && now - m_lastRequestMs >= gap)
        || now - m_lastRequestMs >= std::max<qint64>(IdleRefreshMs, gap)) {
        refresh();
        refreshHealth();
    }
}

void DashboardPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    refreshHealth();
}

void DashboardPage::onStatisticsReady(quint64 ticket, const CallStatisticsReport &report)
{
    if (ticket != m_ticket)
        return; // an answer for a window the user left
    m_inFlight = false;
    m_lastQueryMs = QDateTime::currentMSecsSinceEpoch() - m_lastRequestMs;
    applyReport(report);
}

QString DashboardPage::windowPhrase() const
{
    switch (m_window) {
    case CallStatistics::Window::LastHour:
        return tr("in the last hour");
    case CallStatistics::Window::LastDay:
        return tr("in the last 24 hours");
    case CallStatistics::Window::Last30Days:
        return tr("in the last 30 days");
    }
    return {};
}

void DashboardPage::applyReport(const CallStatisticsReport &report)
{
    m_report = report;
    ++m_reportsApplied;
    const QLocale locale;
    m_calls->setText(locale.toString(report.calls));
    m_errors->setText(locale.toString(report.errors));
    m_revenue->setText(Usdc::atomicUnits(report.revenueUnits).toFixedString());
    m_p50->setText(report.p50Ms < 0 ? u"\u2013"_s : tr("%1 ms").arg(locale.toString(report.p50Ms)));
    m_p99->setText(report.p99Ms < 0 ? u"\u2013"_s : tr("%1 ms").arg(locale.toString(report.p99Ms)));
    m_p50->setToolTip(tr("Half of the calls %1 were answered at least this fast").arg(windowPhrase()));
    m_p99->setToolTip(tr("99 of 100 calls %1 were answered at least this fast").arg(windowPhrase()));
    m_updated->setText(tr("Updated %1").arg(locale.toString(QTime::currentTime(), QLocale::LongFormat)));
    fillCallsChart();
    fillErrorsChart();
    fillRevenue();
}

void DashboardPage::fillCallsChart()
{
    const CallStatisticsReport &report = m_report;
    QChart *chart = m_callsChart->chart();
    if (report.calls == 0) {
        m_callsChart->showEmpty(
            tr("No calls %1. Calls appear here as the service answers them.").arg(windowPhrase()));
        return;
    }
    // Every bucket of the window gets a point, zero when nothing came, so a quiet minute reads as zero
    // instead of a line drawn across it.
    const qint64 bucketMs = qint64(report.bucketMinutes) * 60 * 1000;
    const qint64 firstBucket = report.from.toMSecsSinceEpoch() / bucketMs * bucketMs;
    const qint64 lastBucket = (report.to.toMSecsSinceEpoch() - 1) / bucketMs * bucketMs;
    const int slots = int((lastBucket - firstBucket) / bucketMs) + 1;
    QHash<QString, QList<qint64>> counts;
    for (const auto &bucket : report.buckets) {
        QList<qint64> &row = counts[bucket.channel];
        if (row.isEmpty())
            row.resize(slots);
        const qint64 slot = (bucket.start.toMSecsSinceEpoch() - firstBucket) / bucketMs;
        if (slot >= 0 && slot < slots)
            row[slot] += bucket.calls;
    }
    QStringList channels = counts.keys();
    channels.sort();
    double peak = 0;
    for (const QString &channel : std::as_const(channels)) {
        QLineSeries *series = m_channelSeries.value(channel);
        if (!series) {
            series = new QLineSeries(chart);
            series->setName(channel);
            chart->addSeries(series);
            series->attachAxis(m_timeAxis);
            series->attachAxis(m_rateAxis);
            m_channelSeries.insert(channel, series);
        }
        const QList<qint64> &row = counts.value(channel);
        QList<QPointF> points;
        points.reserve(slots);
        for (int i = 0; i < slots; ++i) {
            const double rate = double(row.at(i)) / report.bucketMinutes; // drawn only; figures stay exact
            peak = std::max(peak, rate);
            points.append(QPointF(double(firstBucket + i * bucketMs), rate));
        }
        series->replace(points);
    }
    // A channel with no calls in this window leaves the chart (and its legend).
    for (auto it = m_channelSeries.begin(); it != m_channelSeries.end();) {
        if (!counts.contains(it.key())) {
            chart->removeSeries(it.value());
            delete it.value();
            it = m_channelSeries.erase(it);
        } else {
            ++it;
        }
    }
    m_timeAxis->setRange(
        QDateTime::fromMSecsSinceEpoch(firstBucket), QDateTime::fromMSecsSinceEpoch(lastBucket));
    m_timeAxis->setFormat(report.bucketMinutes >= 60 ? u"dd.MM."_s : u"HH:mm"_s);
    m_rateAxis->setRange(0, std::max(1.0, peak * 1.1));
    m_rateAxis->applyNiceNumbers();
    // Whole numbers once the rate is large; a decimal below 10 a minute, where 0.5 matters.
    m_rateAxis->setLabelFormat(peak >= 10 ? u"%.0f"_s : u"%.1f"_s);
    m_callsChart->showChart();
}

void DashboardPage::fillErrorsChart()
{
    QChart *chart = m_errorsChart->chart();
    chart->removeAllSeries();
    const auto axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        chart->removeAxis(axis);
        delete axis;
    }
    if (m_report.errorsByStatus.isEmpty()) {
        m_errorsChart->showEmpty(m_report.calls == 0 ? tr("No calls %1, so no errors.").arg(windowPhrase())
                                                     : tr("No errors %1.").arg(windowPhrase()));
        return;
    }
    auto *set = new QBarSet(tr("Errors"));
    QStringList statuses;
    qint64 peak = 0;
    for (const auto &count : m_report.errorsByStatus) {
        statuses.append(QString::number(count.status));
        set->append(double(count.calls));
        peak = std::max(peak, count.calls);
    }
    set->setLabelColor(palette().text().color());
    auto *series = new QBarSeries(chart);
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    chart->addSeries(series);
    auto *categories = new QBarCategoryAxis(chart);
    categories->append(statuses);
    categories->setLabelsColor(palette().text().color());
    auto *values = new QValueAxis(chart);
    values->setRange(0, double(peak) * 1.2 + 1);
    values->setLabelFormat(u"%d"_s);
    values->setTruncateLabels(false);
    values->setLabelsColor(palette().text().color());
    values->applyNiceNumbers();
    chart->addAxis(categories, Qt::AlignBottom);
    chart->addAxis(values, Qt::AlignLeft);
    series->attachAxis(categories);
    series->attachAxis(values);
    m_errorsChart->showChart();
}

void DashboardPage::fillRevenue()
{
    const QLocale locale;
    const auto fill
        = [&](QTableWidget *table, const QList<CallStatisticsReport::Amount> &amounts, bool networks) {
              table->setRowCount(0);
              if (amounts.isEmpty()) {
                  table->setRowCount(1);
                  auto *none = textItem(tr("No paid calls %1").arg(windowPhrase()));
                  none->setForeground(palette().placeholderText());
                  table->setItem(0, 0, none);
                  table->setSpan(0, 0, 1, table->columnCount());
                  fitToRows(table, 3, 8);
                  return;
              }
              table->clearSpans();
              table->setRowCount(int(amounts.size()));
              for (int row = 0; row < amounts.size(); ++row) {
                  const auto &amount = amounts.at(row);
                  QString name = amount.key;
                  if (name.isEmpty())
                      name = networks ? tr("unknown network") : tr("unknown operation");
                  else if (networks)
                      name = PaymentNetworks::displayName(amount.key);
                  QTableWidgetItem *nameItem = textItem(name);
                  nameItem->setToolTip(amount.key);
                  table->setItem(row, 0, nameItem);
                  table->setItem(row, 1, numberItem(locale.toString(amount.calls)));
                  table->setItem(row, 2, numberItem(Usdc::atomicUnits(amount.units).toFixedString()));
              }
              fitToRows(table, 3, 8);
          };
    fill(m_networks, m_report.revenueByNetwork, true);
    fill(m_operations, m_report.revenueByOperation, false);
}

void DashboardPage::refreshHealth()
{
    const QList<UpstreamHealth::Entry> entries = m_host.upstreamHealth();
    const QJsonObject details = m_host.healthDetails();
    fillUpstreams(entries);
    fillSanctions(details);
    fillFacilitator(entries, details);
}

void DashboardPage::fillUpstreams(const QList<UpstreamHealth::Entry> &entries)
{
    // Updated in place, once a second: only what changed is touched, so the table (and the page's layout)
    // is not rebuilt each time.
    if (entries.isEmpty()) {
        m_upstreams->setRowCount(1);
        setCell(m_upstreams, 0, 0, tr("No upstream sources are configured."));
        m_upstreams->setSpan(0, 0, 1, m_upstreams->columnCount());
        fitToRows(m_upstreams, 1, 30);
        return;
    }
    if (m_upstreams->rowCount() != entries.size()) {
        m_upstreams->clearSpans();
        m_upstreams->setRowCount(int(entries.size()));
        fitToRows(m_upstreams, 1, 30);
    }
    const QColor failing(0xc6, 0x28, 0x28);
    const QColor normal = palette().text().color();
    for (int row = 0; row < entries.size(); ++row) {
        const UpstreamHealth::Entry &entry = entries.at(row);
        // Failing now: the last failure is newer than the last success.
        const bool down = entry.lastFailure.isValid()
            && (!entry.lastSuccess.isValid() || entry.lastFailure > entry.lastSuccess);
        const QColor colour = down ? failing : normal;
        setCell(m_upstreams, row, 0, m_host.upstreamName(entry.source), entry.source, colour);
        setCell(m_upstreams, row, 1,
            entry.lastSuccess.isValid() ? localTime(entry.lastSuccess) : tr("none since start"));
        setCell(m_upstreams, row, 2,
            entry.lastFailure.isValid() ? localTime(entry.lastFailure) : tr("none since start"));
        setCell(m_upstreams, row, 3, entry.lastFailure.isValid() ? entry.lastFailureReason : QString(), {},
            colour);
    }
}

void DashboardPage::fillSanctions(const QJsonObject &details)
{
    const QJsonObject lists = details.value(u"sanctions_lists"_s).toObject();
    const QJsonObject refreshes = details.value(u"sanctions_refresh"_s).toObject();
    if (lists.isEmpty()) {
        m_sanctions->setText(tr("No sanctions lists are served."));
        return;
    }
    const QDate today = QDate::currentDate();
    QStringList lines;
    for (auto it = lists.begin(); it != lists.end(); ++it) {
        const QJsonObject list = it.value().toObject();
        QString line;
        const QDate generated
            = QDate::fromString(list.value(u"generation_date"_s).toString().left(10), Qt::ISODate);
        if (!list.value(u"loaded"_s).toBool())
            line = tr("%1: not loaded").arg(it.key().toUpper());
        else if (!generated.isValid())
            line = tr("%1: loaded, date unknown").arg(it.key().toUpper());
        else
            line = tr("%1: %n day(s) old (generated %2)", nullptr, int(generated.daysTo(today)))
                       .arg(it.key().toUpper(), QLocale().toString(generated, QLocale::ShortFormat));
        const QJsonObject refresh = refreshes.value(it.key()).toObject();
        if (!refresh.isEmpty() && !refresh.value(u"ok"_s).toBool(true))
            line += u" \u2014 "_s + tr("last refresh failed: %1").arg(refresh.value(u"problem"_s).toString());
        lines.append(line);
    }
    m_sanctions->setText(lines.join(u'\n'));
}

void DashboardPage::fillFacilitator(const QList<UpstreamHealth::Entry> &entries, const QJsonObject &details)
{
    const QString facilitator = ServiceHost::facilitatorSource();
    const auto it = std::find_if(entries.cbegin(), entries.cend(),
        [&facilitator](const UpstreamHealth::Entry &entry) { return entry.source == facilitator; });
    QString state;
    if (it == entries.cend()) {
        state = tr("No facilitator is configured: paid x402 calls cannot be settled.");
    } else if (!it->lastSuccess.isValid() && !it->lastFailure.isValid()) {
        state = tr("Not contacted since the service started (it is asked when a payment arrives).");
    } else if (it->lastFailure.isValid()
        && (!it->lastSuccess.isValid() || it->lastFailure > it->lastSuccess)) {
        state = tr("Unreachable since %1: %2").arg(localTime(it->lastFailure), it->lastFailureReason);
    } else {
        state = tr("Reachable: last answer at %1").arg(localTime(it->lastSuccess));
    }
    QStringList networks;
    const QJsonArray lines = details.value(u"payment_networks"_s).toArray();
    for (const QJsonValue &line : lines)
        networks.append(line.toString());
    if (!networks.isEmpty())
        state += u"\n"_s + tr("Payment networks: %1").arg(networks.join(u"; "_s));
    m_facilitator->setText(state);
}

QString DashboardPage::callsText() const
{
    return m_calls->text();
}

QString DashboardPage::errorsText() const
{
    return m_errors->text();
}

QString DashboardPage::revenueText() const
{
    return m_revenue->text();
}

QString DashboardPage::p50Text() const
{
    return m_p50->text();
}

QString DashboardPage::p99Text() const
{
    return m_p99->text();
}

} // namespace ades::ui

#include "moc_DashboardPage.cpp"
