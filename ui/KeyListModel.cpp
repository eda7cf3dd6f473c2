#include "KeyListModel.h"

#include <QBrush>
#include <QFont>
#include <QFontDatabase>
#include <QLocale>
#include <QPalette>

using namespace Qt::StringLiterals;

namespace ades::ui {

KeyListModel::KeyListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void KeyListModel::setKeys(const QList<ApiKeyRecord> &keys)
{
    beginResetModel();
    m_keys = keys;
    endResetModel();
}

bool KeyListModel::updateKey(const ApiKeyRecord &key)
{
    const int row = rowOf(key.id);
    if (row < 0)
        return false;
    // The store's answer to a plan change does not carry the last use (a list-only figure): keep ours.
    ApiKeyRecord updated = key;
    if (!updated.lastUsedDay.isValid())
        updated.lastUsedDay = m_keys.at(row).lastUsedDay;
    m_keys[row] = updated;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return true;
}

int KeyListModel::rowOf(const QString &idOrPrefix) const
{
    for (int row = 0; row < m_keys.size(); ++row) {
        if (m_keys.at(row).id == idOrPrefix || m_keys.at(row).prefix == idOrPrefix)
            return row;
    }
    return -1;
}

QString KeyListModel::quotaText(const ApiKeyRecord &key)
{
    return key.callLimit ? QLocale().toString(*key.callLimit) : tr("unlimited");
}

int KeyListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_keys.size());
}

int KeyListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeyListModel::displayData(const ApiKeyRecord &key, int column) const
{
    switch (column) {
    case PrefixColumn:
        return QString(key.prefix + u"…"_s);
    case LabelColumn:
        return key.label;
    case EmailColumn:
        return key.email;
    case PlanColumn:
        return key.plan == u"full"_s ? tr("full") : tr("free");
    case CreatedColumn:
        return QLocale().toString(key.createdAt.toLocalTime(), QLocale::ShortFormat);
    case CallsUsedColumn:
        return QLocale().toString(key.callsUsed);
    case QuotaColumn:
        return quotaText(key);
    case LastUseColumn:
        return key.lastUsedDay.isValid() ? QLocale().toString(key.lastUsedDay, QLocale::ShortFormat)
                                         : tr("never");
    case StateColumn:
        if (key.isRevoked())
            return tr("revoked");
        if (key.callLimit && key.callsUsed >= *key.callLimit)
            return tr("quota spent");
        return tr("active");
    default:
        return {};
    }
}

QVariant KeyListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_keys.size())
        return {};
    const ApiKeyRecord &key = m_keys.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(key, index.column());
    case Qt::ToolTipRole:
        if (index.column() == PrefixColumn)
            return tr("Key id %1. Only the first 12 characters of a key are kept in the clear.").arg(key.id);
        if (index.column() == LastUseColumn)
            return tr("The last UTC day with a counted call");
        if (index.column() == StateColumn && key.revokedAt)
            return tr("Revoked %1")
                .arg(QLocale().toString(key.revokedAt->toLocalTime(), QLocale::ShortFormat));
        return displayData(key, index.column());
    case Qt::FontRole:
        if (index.column() == PrefixColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::ForegroundRole:
        if (key.isRevoked())
            return QPalette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == CallsUsedColumn || index.column() == QuotaColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::UserRole:
        return key.id;
    case RevokedRole:
        return key.isRevoked() ? u"revoked"_s : u"live"_s;
    default:
        return {};
    }
}

QVariant KeyListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return int((section == CallsUsedColumn || section == QuotaColumn ? Qt::AlignRight : Qt::AlignLeft)
            | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PrefixColumn:
        return tr("Key");
    case LabelColumn:
        return tr("Label");
    case EmailColumn:
        return tr("E-mail");
    case PlanColumn:
        return tr("Plan");
    case CreatedColumn:
        return tr("Created");
    case CallsUsedColumn:
        return tr("Calls used");
    case QuotaColumn:
        return tr("Quota");
    case LastUseColumn:
        return tr("Last use");
    case StateColumn:
        return tr("State");
    default:
        return {};
    }
}

} // namespace ades::ui

#include "moc_KeyListModel.cpp"
