#pragma once

#include "store/ApiKeyRecord.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class KeyListModel;
class KeyUsageChart;
class NewKeyDialog;

// API keys and quotas: the keys with their plan, quota and use; create (the key shown once), revoke,
// change plan and quota, and a key's calls per day. The same store operations as `ades keys`, run on the
// host's console thread; every answer arrives by signal, so the page never waits on the store.
class KeysPage : public QWidget
{
    Q_OBJECT

public:
    explicit KeysPage(ServiceHost &host, QWidget *parent = nullptr);

    KeyListModel *model() const { return m_model; }
    KeyUsageChart *usageChart() const { return m_chart; }
    // The dialog showing the key just created, while it is open.
    NewKeyDialog *newKeyDialog() const;
    // The key of the selected row; empty when none is selected.
    QString selectedKeyId() const;
    void selectKey(const QString &idOrPrefix);

public Q_SLOTS:
    void refresh();
    void createKey();
    void revokeSelected();
    void changePlanOfSelected();

Q_SIGNALS:
    // A key list arrived from the store (after any change): for tests and anything that waits.
    void keysRefreshed();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onKeysListed(const QList<ades::ApiKeyRecord> &keys);
    void onKeyCreated(const ades::NewApiKey &key);
    void onKeyRevoked(const QString &keyId, bool ok);
    void onPlanChanged(const ades::ApiKeyRecord &key);
    void onActionFailed(const QString &message);
    void onUsageLoaded(const QString &keyId, const QList<ades::DailyUsage> &days);
    void onSelectionChanged();
    void loadUsage();
    void setMessage(const QString &text, bool error);
    const ApiKeyRecord *selectedKey() const;

    ServiceHost &m_host;
    KeyListModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QPushButton *m_create = nullptr;
    QPushButton *m_revoke = nullptr;
    QPushButton *m_plan = nullptr;
    QPushButton *m_refresh = nullptr;
    QCheckBox *m_showRevoked = nullptr;
    QComboBox *m_range = nullptr;
    QLabel *m_message = nullptr;
    KeyUsageChart *m_chart = nullptr;
    QPointer<NewKeyDialog> m_newKey;
    QString m_pendingSelection; // the key to select once the next list arrives
};

} // namespace ades::ui
