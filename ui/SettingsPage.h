#pragma once

#include "core/SettingSpec.h"

#include <QHash>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class IssuerKeyBox;
class SettingField;
class UpstreamSettingsBox;

// Every setting the service declares (core/SettingSpec.h), grouped as the parts declare them: the service,
// payments, the free tier and quotas, every upstream source with a connection test, the issuer key, the
// data folder and each area's own settings. Nothing here names an area: a new area's settings and sources
// appear by themselves. Fields are checked as typed; Save writes ades.ini in the data folder and says what
// needs a restart (everything: the service reads its settings once at start).
//
// Not shown: a TLS certificate and key. ADES serves plain HTTP and leaves TLS to a reverse proxy
// (http/trusted_proxies); a setting it would not honour is not offered.
class SettingsPage : public QWidget
{
    Q_OBJECT

public:
    explicit SettingsPage(ServiceHost &host, QWidget *parent = nullptr);

    // The line editor of one setting key ("x402/payto_evm"); nullptr for keys without one (booleans,
    // x402/networks: the checkboxes).
    QLineEdit *field(const QString &key) const;
    SettingField *settingField(const QString &key) const { return m_fields.value(key); }
    QStringList keys() const { return m_fields.keys(); }
    QCheckBox *networkBox(const QString &networkKey) const { return m_networks.value(networkKey); }
    UpstreamSettingsBox *upstreamBox() const { return m_upstreams; }
    IssuerKeyBox *issuerKeyBox() const { return m_issuerKey; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *restartButton() const { return m_restart; }
    QLabel *statusLabel() const { return m_status; }
    // After a save: which settings changed and take effect after a restart.
    QLabel *restartLabel() const { return m_restartNote; }
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
    QWidget *buildGroup(const QString &group, const QList<SettingSpec> &specs);
    QWidget *buildNetworks(QWidget *parent);
    QWidget *buildDataFolder();
    void addField(SettingField *field);
    void addUpstreams(QVBoxLayout *layout, const QList<SettingSpec> &specs);
    void addIssuerKey(QVBoxLayout *layout);
    void filter(const QString &text);
    void validate();

    ServiceHost &m_host;
    QHash<QString, SettingField *> m_fields;
    QHash<QString, QCheckBox *> m_networks;
    QStringList m_otherNetworks; // custom or CAIP-2 entries of x402/networks without a checkbox
    QString m_savedNetworks;
    QList<QWidget *> m_groups; // for the filter
    UpstreamSettingsBox *m_upstreams = nullptr;
    IssuerKeyBox *m_issuerKey = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_restart = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_restartNote = nullptr;
};

} // namespace ades::ui
