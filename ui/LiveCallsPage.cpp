#include "LiveCallsPage.h"

#include "CallCsvWriter.h"
#include "CallDetailPane.h"
#include "CallLogModel.h"
#include "PaymentNetworks.h"
#include "catalog/Catalog.h"
#include "catalog/Operation.h"
#include "core/Usdc.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::ui {

LiveCallsPage::LiveCallsPage(ServiceHost &host, QWidget *parent)
    : QWidget(parent)
    , m_model(new CallLogModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_pause(new QPushButton(tr("Pause"), this))
    , m_counter(new QLabel(this))
    , m_revenue(new QLabel(this))
    , m_channel(new QComboBox(this))
    , m_operation(new QComboBox(this))
    , m_status(new QComboBox(this))
    , m_principal(new QLineEdit(this))
    , m_time(new QComboBox(this))
    , m_export(new QPushButton(tr("Export CSV…"), this))
    , m_detail(new CallDetailPane(host, this))
    , m_host(host)
    , m_reloadTimer(new QTimer(this))
{
    setObjectName(u"liveCallsPage"_s);

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter->setObjectName(u"callFilter"_s);
    m_filter->setPlaceholderText(tr("Filter by channel, path, status, key or payer…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter the shown calls"));
    connect(m_filter, &QLineEdit::textChanged, this, &LiveCallsPage::setFilterText);

    // The structured filters: the store answers them over the whole call log, not only the calls shown.
    m_channel->setObjectName(u"channelFilter"_s);
    m_channel->setAccessibleName(tr("Channel"));
    m_channel->addItem(tr("All channels"), QString());
    // Every channel whose calls the call log keeps, named as the log names them.
    for (const Channel channel :
        { Channel::X402, Channel::Key, Channel::Free, Channel::Mcp, Channel::Console })
        m_channel->addItem(channelName(channel), channelName(channel));
    m_operation->setObjectName(u"operationFilter"_s);
    m_operation->setAccessibleName(tr("Operation"));
    m_operation->addItem(tr("All operations"), QString());
    QStringList operations;
    for (const Operation *operation : host.context().catalog().operations())
        operations.append(operation->id);
    operations.sort();
    for (const QString &id : std::as_const(operations))
        m_operation->addItem(id, id);
    m_operation->setMaximumWidth(m_operation->fontMetrics().horizontalAdvance(u'M') * 18);
    m_status->setObjectName(u"statusFilter"_s);
    m_status->setAccessibleName(tr("Status"));
    m_status->addItem(tr("Any status"), 0);
    m_status->addItem(tr("Success (2xx)"), 2);
    m_status->addItem(tr("Payment required (402)"), 402);
    m_status->addItem(tr("Client errors (4xx)"), 4);
    m_status->addItem(tr("Server errors (5xx)"), 5);
    m_principal->setObjectName(u"principalFilter"_s);
    m_principal->setAccessibleName(tr("Key or payer"));
    m_principal->setPlaceholderText(tr("Key or payer…"));
    m_principal->setClearButtonEnabled(true);
    m_time->setObjectName(u"timeFilter"_s);
    m_time->setAccessibleName(tr("Time"));
    const QStringList timeNames { tr("Any time"), tr("Last hour"), tr("Last 24 hours"), tr("Last 7 days"),
        tr("Last 30 days") };
    const QList<qint64> windows = timeWindows();
    for (int i = 0; i < windows.size(); ++i)
        m_time->addItem(timeNames.at(i), windows.at(i));
    for (QComboBox *box : { m_channel, m_operation, m_status, m_time })
        connect(box, &QComboBox::currentIndexChanged, this, &LiveCallsPage::applyControls);
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(300);
    connect(m_reloadTimer, &QTimer::timeout, this, &LiveCallsPage::applyControls);
    connect(m_principal, &QLineEdit::textChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    m_export->setObjectName(u"exportCsvButton"_s);
    m_export->setAccessibleName(tr("Export the shown calls as CSV"));
    m_export->setToolTip(tr("Save the calls shown, after every filter, as a CSV file"));
    connect(m_export, &QPushButton::clicked, this, &LiveCallsPage::chooseExportFile);

    m_pause->setObjectName(u"pauseButton"_s);
    m_pause->setCheckable(true);
    m_pause->setAccessibleName(tr("Pause the live list"));
    m_pause->setToolTip(tr("Hold new calls back while you read; they appear when you resume"));
    connect(m_pause, &QPushButton::toggled, this, &LiveCallsPage::setPaused);

    m_counter->setObjectName(u"callCounter"_s);
    m_counter->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_revenue->setObjectName(u"revenueLabel"_s);
    m_revenue->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_view->setObjectName(u"callTable"_s);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(false);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    // Whole rows per scroll step: the position is then a row index, which keeps the user's place exact when
    // rows arrive above it.
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    QHeaderView *header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(CallLogModel::TargetColumn, QHeaderView::Stretch);
    const int digit = m_view->fontMetrics().horizontalAdvance(u'0');
    header->resizeSection(CallLogModel::TimeColumn, digit * 14);
    header->resizeSection(CallLogModel::ChannelColumn, digit * 9);
    header->resizeSection(CallLogModel::MethodColumn, digit * 11);
    header->resizeSection(CallLogModel::StatusColumn, digit * 8);
    header->resizeSection(CallLogModel::PriceColumn, digit * 12);
    header->resizeSection(CallLogModel::LatencyColumn, digit * 12);
    header->resizeSection(CallLogModel::PrincipalColumn, digit * 17);
    header->resizeSection(CallLogModel::NetworkColumn, digit * 10);
    header->resizeSection(CallLogModel::TransactionColumn, digit * 13);

    connect(
        m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, this, &LiveCallsPage::rememberScrollPosition);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this,
        [this](const QModelIndex &, int first, int last) { restoreScrollPosition(first, last - first + 1); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &LiveCallsPage::updateCounter);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &LiveCallsPage::updateCounter);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &LiveCallsPage::updateCounter);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &LiveCallsPage::updateCounter);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_pause);
    bar->addWidget(m_export);
    bar->addSpacing(12);
    bar->addWidget(m_counter);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_channel);
    filters->addWidget(m_operation);
    filters->addWidget(m_status);
    filters->addWidget(m_principal, 1);
    filters->addWidget(m_time);

    m_view->setAccessibleName(tr("Calls"));
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &LiveCallsPage::onSelectionChanged);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(u"callSplitter"_s);
    splitter->addWidget(m_view);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_revenue);

    // Queued: the host emits from the service thread, and the GUI must never wait on it.
    connect(&host, &ServiceHost::callCompleted, this, &LiveCallsPage::addRecord, Qt::QueuedConnection);
    connect(&host, &ServiceHost::revenueLoaded, this, &LiveCallsPage::setLoadedRevenue, Qt::QueuedConnection);
    connect(&host, &ServiceHost::callsFound, this, &LiveCallsPage::onCallsFound, Qt::QueuedConnection);

    updateCounter();
    updateRevenue();
    // The calls logged before this start (the store keeps store/call_log_days of them).
    reload();
}

QList<qint64> LiveCallsPage::timeWindows()
{
    return { 0, 3600, 24 * 3600, 7 * 24 * 3600, 30 * 24 * 3600 };
}

void LiveCallsPage::applyControls()
{
    CallFilter filter;
    filter.channel = m_channel->currentData().toString();
    filter.operationId = m_operation->currentData().toString();
    filter.status = m_status->currentData().toInt();
    filter.principal = m_principal->text().trimmed();
    const qint64 seconds = m_time->currentData().toLongLong();
    if (seconds > 0)
        filter.from = QDateTime::currentDateTimeUtc().addSecs(-seconds);
    filter.limit = m_model->capacity();
    m_callFilter = filter;
    reload();
}

void LiveCallsPage::setChannelFilter(const QString &channel)
{
    m_channel->setCurrentIndex(qMax(0, m_channel->findData(channel)));
}

void LiveCallsPage::setOperationFilter(const QString &operationId)
{
    m_operation->setCurrentIndex(qMax(0, m_operation->findData(operationId)));
}

void LiveCallsPage::setStatusFilter(int status)
{
    m_status->setCurrentIndex(qMax(0, m_status->findData(status)));
}

void LiveCallsPage::setPrincipalFilter(const QString &text)
{
    m_principal->setText(text);
    m_reloadTimer->stop();
    applyControls();
}

void LiveCallsPage::setTimeWindow(qint64 seconds)
{
    m_time->setCurrentIndex(qMax(0, m_time->findData(seconds)));
}

void LiveCallsPage::reload()
{
    m_host.requestCalls(m_callFilter, ++m_ticket);
}

void LiveCallsPage::onCallsFound(quint64 ticket, const QList<CallRecord> &calls)
{
    if (ticket != m_ticket)
        return; // the filter changed since
    ++m_queriesAnswered;
    // Calls that reached the list while the store was asked stay: they may not have been written yet.
    QSet<qint64> loaded;
    for (const CallRecord &call : calls)
        loaded.insert(call.id);
    QList<CallRecord> merged = calls;
    for (const CallRecord &shown : m_model->records()) {
        if ((shown.id == 0 || !loaded.contains(shown.id)) && m_callFilter.matches(shown))
            merged.append(shown);
    }
    const qint64 selected = m_detail->shownId();
    m_model->setRecords(merged);
    if (selected != 0) {
        const QList<CallRecord> rows = m_model->records();
        for (int row = 0; row < rows.size(); ++row) {
            if (rows.at(row).id == selected) {
                const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
                if (index.isValid())
                    m_view->selectionModel()->select(
                        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                break;
            }
        }
    }
    updateCounter();
}

void LiveCallsPage::onSelectionChanged()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.size() != 1) {
        if (rows.isEmpty())
            m_detail->clear();
        return;
    }
    const CallRecord &record = m_model->record(m_proxy->mapToSource(rows.first()).row());
    if (record.id != 0 && record.id == m_detail->shownId())
        return; // re-selected after a reload
    m_detail->showCall(record);
}

bool LiveCallsPage::exportCsv(const QString &path)
{
    QList<CallRecord> shown;
    shown.reserve(m_proxy->rowCount());
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        shown.append(m_model->record(m_proxy->mapToSource(m_proxy->index(row, 0)).row()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !CallCsvWriter::write(file, shown) || !file.commit()) {
        QMessageBox::warning(this, tr("Export failed"),
            tr("The calls could not be written to %1: %2")
                .arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    return true;
}

void LiveCallsPage::chooseExportFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export calls as CSV"),
        u"ades-calls-%1.csv"_s.arg(QDate::currentDate().toString(Qt::ISODate)), tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportCsv(path);
}

bool LiveCallsPage::isPaused() const
{
    return m_pause->isChecked();
}

void LiveCallsPage::addRecord(const CallRecord &record)
{
    // Counted whatever the filter shows and even while paused: both hold rows back, not money.
    if (record.priceUnits > 0) {
        m_revenueUnits[record.network] += record.priceUnits;
        updateRevenue();
    }
    if (!m_callFilter.matches(record))
        return;
    if (isPaused()) {
        m_held.push_back(record);
        if (int(m_held.size()) > m_model->capacity())
            m_held.pop_front();
        updateCounter();
        return;
    }
    m_model->addRecord(record);
}

void LiveCallsPage::setPaused(bool paused)
{
    if (m_pause->isChecked() != paused) {
        m_pause->setChecked(paused); // re-enters through toggled()
        return;
    }
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    if (!paused) {
        std::deque<CallRecord> held;
        held.swap(m_held);
        for (const CallRecord &record : held)
            m_model->addRecord(record);
    }
    updateCounter();
}

void LiveCallsPage::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // re-enters through textChanged()
    else
        m_proxy->setFilterFixedString(text);
}

void LiveCallsPage::rememberScrollPosition()
{
    m_scrollBeforeInsert = m_view->verticalScrollBar()->value();
}

void LiveCallsPage::restoreScrollPosition(int firstInserted, int insertedRows)
{
    QScrollBar *bar = m_view->verticalScrollBar();
    if (m_scrollBeforeInsert == 0) {
        if (firstInserted == 0)
            m_view->scrollToTop();
        return;
    }
    // The user scrolled down to read: shift by the rows that arrived above their first row (a slow call sorts
    // by its arrival time, so it may land anywhere) so the rows they read stay in place.
    if (firstInserted <= m_scrollBeforeInsert)
        bar->setValue(m_scrollBeforeInsert + insertedRows);
}

void LiveCallsPage::updateCounter()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    QString text = shown == total ? tr("%n call(s)", nullptr, total)
                                  : tr("%1 of %n call(s)", nullptr, total).arg(shown);
    if (!m_held.empty())
        text = tr("%1 · %n held while paused", nullptr, int(m_held.size())).arg(text);
    m_counter->setText(text);
}

void LiveCallsPage::setLoadedRevenue(const QMap<QString, qint64> &unitsByNetwork)
{
    m_revenueUnits = unitsByNetwork;
    updateRevenue();
}

void LiveCallsPage::updateRevenue()
{
    QList<QPair<QString, qint64>> totals;
    for (auto it = m_revenueUnits.cbegin(); it != m_revenueUnits.cend(); ++it) {
        if (it.value() > 0)
            totals.append(
                { it.key().isEmpty() ? tr("unknown network") : PaymentNetworks::displayName(it.key()),
                    it.value() });
    }
    if (totals.isEmpty()) {
        m_revenue->setText(tr("Revenue: none yet"));
        m_revenue->setToolTip(QString());
        return;
    }
    std::sort(totals.begin(), totals.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList parts;
    for (const auto &total : std::as_const(totals))
        parts.append(tr("%1 %2 USDC").arg(total.first, Usdc::atomicUnits(total.second).toDecimalString()));
    m_revenue->setText(tr("Revenue: %1").arg(parts.join(u" \u00B7 "_s)));
    m_revenue->setToolTip(tr("Settled x402 payments per network, from the ledger and the calls since start"));
}

} // namespace ades::ui

#include "moc_LiveCallsPage.cpp"
