#include "CallLogModel.h"

#include "PaymentNetworks.h"
#include "core/Usdc.h"

#include <QColor>
#include <QLocale>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

// Muted tones that stay readable on light and dark palettes; the status text is the information, the
// colour only lets the eye find failures in a long list.
QColor statusColor(int status)
{
    if (status >= 200 && status < 300)
        return QColor(0x2e, 0x7d, 0x32);
    if (status >= 400 && status < 500)
        return QColor(0xb2, 0x6a, 0x00);
    if (status >= 500)
        return QColor(0xc6, 0x28, 0x28);
    return {};
}

} // namespace

CallLogModel::CallLogModel(QObject *parent)
    : CallLogModel(DefaultCapacity, parent)
{ }

CallLogModel::CallLogModel(int capacity, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capacity(qMax(1, capacity))
{ }

const CallRecord &CallLogModel::record(int row) const
{
    Q_ASSERT(row >= 0 && row < rowCount());
    return m_records[m_records.size() - 1 - size_t(row)];
}

QString CallLogModel::priceText(const CallRecord &record)
{
    if (record.priceUnits > 0)
        return Usdc::atomicUnits(record.priceUnits).toDecimalString();
    // A key's operation call costs no USDC but is not free either: it counts against the key's plan. Health,
    // signup and usage run no operation and count against nothing.
    if (record.status >= 200 && record.status < 300 && !record.operationId.isEmpty())
        return record.channel == u"key"_s ? tr("plan") : tr("free");
    return u"\u2013"_s;
}

int CallLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int CallLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CallLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CallRecord &r = record(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(r, index.column());
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn) {
            const QColor color = statusColor(r.status);
            if (color.isValid())
                return color;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == StatusColumn || index.column() == PriceColumn
            || index.column() == LatencyColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        switch (index.column()) {
        case TimeColumn:
            return QLocale().toString(r.at.toLocalTime(), QLocale::LongFormat);
        case TargetColumn:
            return r.operationId.isEmpty() ? r.target : tr("%1\nOperation: %2").arg(r.target, r.operationId);
        case PriceColumn:
            if (r.priceUnits > 0)
                return tr("%1 USDC charged").arg(priceText(r));
            if (r.channel == u"key"_s && r.status >= 200 && r.status < 300 && !r.operationId.isEmpty())
                return tr("Counted against the API key's plan");
            return tr("Not charged");
        case PrincipalColumn:
            return r.requestId.isEmpty() ? r.principal : tr("%1\nRequest: %2").arg(r.principal, r.requestId);
        case NetworkColumn:
            return r.network.isEmpty() ? QVariant() : QVariant(r.network);
        case TransactionColumn:
            // The cell elides the hash in the middle; the tooltip keeps all of it for copying.
            return r.transaction.isEmpty() ? QVariant() : tr("Settlement transaction %1").arg(r.transaction);
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant CallLogModel::displayData(const CallRecord &r, int column) const
{
    switch (column) {
    case TimeColumn:
        return r.at.toLocalTime().toString(u"HH:mm:ss.zzz"_s);
    case ChannelColumn:
        return r.channel;
    case MethodColumn:
        return r.method;
    case TargetColumn:
        return r.target;
    case StatusColumn:
        return r.status;
    case PriceColumn:
        return priceText(r);
    case LatencyColumn:
        return r.latencyMs;
    case PrincipalColumn:
        return r.principal.isEmpty() ? u"\u2013"_s : r.principal;
    case NetworkColumn:
        return r.network.isEmpty() ? u"\u2013"_s : PaymentNetworks::displayName(r.network);
    case TransactionColumn:
        return r.transaction.isEmpty() ? u"\u2013"_s : r.transaction;
    default:
        return {};
    }
}

QVariant CallLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case ChannelColumn:
        return tr("Channel");
    case MethodColumn:
        return tr("Method");
    case TargetColumn:
        return tr("Path / tool");
    case StatusColumn:
        return tr("Status");
    case PriceColumn:
        return tr("Price (USDC)");
    case LatencyColumn:
        return tr("Latency (ms)");
    case PrincipalColumn:
        return tr("Key or payer");
    case NetworkColumn:
        return tr("Network");
    case TransactionColumn:
        return tr("Transaction");
    default:
        return {};
    }
}

void CallLogModel::addRecord(const CallRecord &record)
{
    if (int(m_records.size()) >= m_capacity) {
        const int last = int(m_records.size()) - 1;
        beginRemoveRows({}, last, last);
        m_records.pop_front();
        endRemoveRows();
    }
    // A call is logged when it finishes, so a slow call (an upstream register) reaches the model after faster
    // ones that arrived later. Rows follow the Time column (arrival, newest first), not the finishing order.
    const auto position = std::upper_bound(m_records.begin(), m_records.end(), record.at,
        [](const QDateTime &at, const CallRecord &r) { return at < r.at; });
    const int row = int(m_records.end() - position); // rows count from the newest record, the deque's back
    beginInsertRows({}, row, row);
    m_records.insert(position, record);
    endInsertRows();
}

void CallLogModel::setRecords(const QList<CallRecord> &records)
{
    beginResetModel();
    m_records.assign(records.cbegin(), records.cend());
    // Oldest at the front, as addRecord keeps them; stable so equal times keep the caller's order.
    std::stable_sort(m_records.begin(), m_records.end(),
        [](const CallRecord &a, const CallRecord &b) { return a.at < b.at; });
    while (int(m_records.size()) > m_capacity)
        m_records.pop_front();
    endResetModel();
}

QList<CallRecord> CallLogModel::records() const
{
    // Newest first, as the rows show them.
    return QList<CallRecord>(m_records.crbegin(), m_records.crend());
}

void CallLogModel::clear()
{
    if (m_records.empty())
        return;
    beginResetModel();
    m_records.clear();
    endResetModel();
}

} // namespace ades::ui

#include "moc_CallLogModel.cpp"
