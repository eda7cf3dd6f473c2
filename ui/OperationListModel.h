#pragma once

#include <QAbstractTableModel>
#include <QList>

namespace ades {
class Catalog;
struct Operation;
} // namespace ades

namespace ades::ui {

// Every operation of a catalog, for the free checks by hand: id, what a client pays for it elsewhere, and
// its title (the summary is the tooltip). Read once: a catalog is fixed once the service is built.
class OperationListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        PriceColumn,
        DescriptionColumn,
        ColumnCount
    };

    // Qt::UserRole: the operation id. SearchRole: id, title and summary, what the search matches.
    static constexpr int SearchRole = Qt::UserRole + 1;

    explicit OperationListModel(const Catalog &catalog, QObject *parent = nullptr);

    const Operation *operation(int row) const { return m_operations.value(row); }
    int rowOf(const QString &operationId) const;
    // "0.002 USDC" (the x402 price, else the MCP price), "API key" or "free" for what clients pay
    // elsewhere; by hand it is never charged.
    static QString priceText(const Operation &operation);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<const Operation *> m_operations;
};

} // namespace ades::ui
