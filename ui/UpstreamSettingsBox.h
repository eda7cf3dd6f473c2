#pragma once

#include "core/SettingSpec.h"
#include "host/UpstreamProbe.h"

#include <QGroupBox>
#include <QHash>

class QLabel;
class QPushButton;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

class SettingField;

// Every upstream source the service registered (each area's sources, the payment facilitator, the RPCs),
// one row each: base URL, timeout, API key and "Test connection". Built from what the host reports, so a new
// area's sources appear without a line here.
class UpstreamSettingsBox : public QGroupBox
{
    Q_OBJECT

public:
    UpstreamSettingsBox(ServiceHost &host, const QList<SettingSpec> &specs, QWidget *parent = nullptr);

    // The three fields of every source, for the page's validation and saving.
    QList<SettingField *> fields() const { return m_fields; }
    QPushButton *testButton(const QString &sourceId) const { return m_testButtons.value(sourceId); }
    QLabel *resultLabel(const QString &sourceId) const { return m_results.value(sourceId); }
    QStringList sourceIds() const { return m_testButtons.keys(); }
    // Starts the connection test of one source with the values in its fields.
    bool testConnection(const QString &sourceId);

private:
    void showResult(const QString &id, bool reached, int httpStatus, qint64 elapsedMs, const QString &error);

    ServiceHost &m_host;
    QList<SettingField *> m_fields;
    QHash<QString, SettingField *> m_baseUrls;
    QHash<QString, SettingField *> m_timeouts;
    QHash<QString, QPushButton *> m_testButtons;
    QHash<QString, QLabel *> m_results;
};

} // namespace ades::ui
