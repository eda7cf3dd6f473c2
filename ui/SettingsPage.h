#pragma once

#include "core/SettingSpec.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

// The payment and upstream settings an operator changes most, checked as they type. Save writes them to
// ades.ini in the data folder; the running service keeps its values until it is restarted.
class SettingsPage : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPage(ServiceHost &host, QWidget *parent = nullptr);

    // The editor of one setting key ("x402/payto_evm"); nullptr for keys the page does not edit.
    QLineEdit *field(const QString &key) const { return m_fields.value(key); }
    QCheckBox *networkBox(const QString &networkKey) const { return m_networks.value(networkKey); }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *restartButton() const { return m_restart; }
    QLabel *statusLabel() const { return m_status; }
    // Empty when the field's text is acceptable; otherwise why not (translated).
    QString problem(const QString &key) const;
    // The x402/networks value the checkboxes stand for, keeping ids the page has no checkbox for.
    QString networksValue() const;

public Q_SLOTS:
    bool save();

Q_SIGNALS:
    // The user asked to restart the service; the window stops and starts the host on the same address.
    void restartRequested();

private:
    QLineEdit *addField(const QString &key, const QString &placeholder);
    void validate();

    ServiceHost &m_host;
    QHash<QString, QLineEdit *> m_fields;
    QHash<QString, QCheckBox *> m_networks;
    QList<SettingSpec> m_specs; // every declared setting: the rules the fields are checked with
    QStringList m_otherNetworks; // custom or CAIP-2 entries of x402/networks without a checkbox
    QPushButton *m_save = nullptr;
    QPushButton *m_restart = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace ades::ui
