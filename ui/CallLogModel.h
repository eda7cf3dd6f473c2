#pragma once

#include "store/CallRecord.h"

#include <QAbstractTableModel>
#include <deque>

namespace ades::ui {

// The live call log: one row per finished call, newest first, capped so a busy service cannot grow the
// console's memory without bound (the oldest rows are dropped).
class CallLogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        TimeColumn,
        ChannelColumn,
        MethodColumn,
        TargetColumn,
        StatusColumn,
        PriceColumn,
        LatencyColumn,
        PrincipalColumn,
        NetworkColumn,
        TransactionColumn,
        ColumnCount
    };

    static constexpr int DefaultCapacity = 2000;

    explicit CallLogModel(QObject *parent = nullptr);
    explicit CallLogModel(int capacity, QObject *parent = nullptr);

    int capacity() const { return m_capacity; }
    // Row 0 is the newest call.
    const CallRecord &record(int row) const;

    // "0.002" for a charged call, "free" for a successful uncharged one, an en dash when nothing was
    // delivered (errors are never charged, so "free" would be misleading there).
    static QString priceText(const CallRecord &record);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Every record, newest first (the rows' order).
    QList<CallRecord> records() const;

public Q_SLOTS:
    void addRecord(const ades::CallRecord &record);
    // Replaces every row (the result of a store query); the newest `capacity` records are kept.
    void setRecords(const QList<ades::CallRecord> &records);
    void clear();

private:
    QVariant displayData(const CallRecord &record, int column) const;

    int m_capacity = DefaultCapacity;
    // Oldest at the front: appending and dropping the oldest are both O(1); rows are read back to front.
    std::deque<CallRecord> m_records;
};

} // namespace ades::ui
