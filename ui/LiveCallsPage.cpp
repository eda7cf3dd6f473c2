#include "LiveCallsPage.h"

#include "CallLogModel.h"
#include "PaymentNetworks.h"
#include "core/Usdc.h"
#include "host/ServiceHost.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
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
{
    setObjectName(u"liveCallsPage"_s);

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter->setObjectName(u"callFilter"_s);
    m_filter->setPlaceholderText(tr("Filter by channel, path, status, key or payer…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &LiveCallsPage::setFilterText);

    m_pause->setObjectName(u"pauseButton"_s);
    m_pause->setCheckable(true);
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
    bar->addSpacing(12);
    bar->addWidget(m_counter);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_revenue);

    // Queued: the host emits from the service thread, and the GUI must never wait on it.
    connect(&host, &ServiceHost::callCompleted, this, &LiveCallsPage::addRecord, Qt::QueuedConnection);
    connect(&host, &ServiceHost::revenueLoaded, this, &LiveCallsPage::setLoadedRevenue, Qt::QueuedConnection);

    updateCounter();
    updateRevenue();
}

bool LiveCallsPage::isPaused() const
{
    return m_pause->isChecked();
}

void LiveCallsPage::addRecord(const CallRecord &record)
{
    // Counted even while paused: pausing holds rows back, not money.
    if (record.priceUnits > 0) {
        m_revenueUnits[record.network] += record.priceUnits;
        updateRevenue();
    }
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
