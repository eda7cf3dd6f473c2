#pragma once

#include "store/ApiKeyRecord.h"

#include <QAbstractTableModel>
#include <QList>

namespace ades::ui {

// The API keys as the store lists them (ApiKeys::list via ServiceHost::listKeys), one row per key, oldest
// first. Never holds a key's plaintext: only its 12-character prefix.
class KeyListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        PrefixColumn,
        LabelColumn,
        EmailColumn,
        PlanColumn,
        CreatedColumn,
        CallsUsedColumn,
        QuotaColumn,
        LastUseColumn,
        StateColumn,
        ColumnCount
    };

    // Qt::UserRole: the key id. RevokedRole: "revoked" or "live", for the filter that hides revoked keys.
    static constexpr int RevokedRole = Qt::UserRole + 1;

    explicit KeyListModel(QObject *parent = nullptr);

    void setKeys(const QList<ApiKeyRecord> &keys);
    // Replaces the row of the same key id (a plan change); false when no row has it.
    bool updateKey(const ApiKeyRecord &key);
    const ApiKeyRecord &key(int row) const { return m_keys.at(row); }
    // The row of the key with this id or prefix; -1 when none.
    int rowOf(const QString &idOrPrefix) const;

    // "100" for a limited key, "unlimited" otherwise.
    static QString quotaText(const ApiKeyRecord &key);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const ApiKeyRecord &key, int column) const;

    QList<ApiKeyRecord> m_keys;
};

} // namespace ades::ui
