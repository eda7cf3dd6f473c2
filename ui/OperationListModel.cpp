#include "OperationListModel.h"

#include "catalog/Catalog.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::ui {

OperationListModel::OperationListModel(const Catalog &catalog, QObject *parent)
    : QAbstractTableModel(parent)
    , m_operations(catalog.operations())
{
    std::sort(m_operations.begin(), m_operations.end(),
        [](const Operation *a, const Operation *b) { return a->id < b->id; });
}

int OperationListModel::rowOf(const QString &operationId) const
{
    for (int row = 0; row < m_operations.size(); ++row) {
        if (m_operations.at(row)->id == operationId)
            return row;
    }
    return -1;
}

QString OperationListModel::priceText(const Operation &operation)
{
    for (const Channel channel : { Channel::X402, Channel::Mcp }) {
        const Exposure *exposure = operation.exposure(channel);
        if (exposure && !exposure->price.isFree())
            return tr("%1 USDC").arg(exposure->price.toDecimalString());
    }
    if (operation.exposure(Channel::Key))
        return tr("API key");
    return tr("free");
}

int OperationListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_operations.size());
}

int OperationListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OperationListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_operations.size())
        return {};
    const Operation &operation = *m_operations.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn:
            return operation.id;
        case PriceColumn:
            return priceText(operation);
        case DescriptionColumn:
            return operation.title.isEmpty() ? operation.summary : operation.title;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole)
        return QString(operation.title + u"\n"_s + operation.summary);
    if (role == Qt::UserRole)
        return operation.id;
    if (role == SearchRole)
        return QString(operation.id + u' ' + operation.title + u' ' + operation.summary);
    return {};
}

QVariant OperationListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Operation");
    case PriceColumn:
        return tr("Price elsewhere");
    case DescriptionColumn:
        return tr("Description");
    default:
        return {};
    }
}

} // namespace ades::ui

#include "moc_OperationListModel.cpp"
