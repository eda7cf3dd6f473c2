#pragma once

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>

class QTimer;

namespace ades {
class ServiceHost;
struct CallRecord;
} // namespace ades

namespace ades::ui {

// Watches for what an operator should hear about without looking: an operation answering 503 Service
// Unavailable (the status of ServiceError::sourceUnavailable, an upstream that did not answer) and a
// scheduled refresh an area reports as failed (a "<name>_refresh" member of its health with "ok": false, such
// as the sanctions lists). Each problem is told once until it clears; nothing here names an area.
class HealthNotifier : public QObject
{
    Q_OBJECT

public:
    explicit HealthNotifier(ServiceHost &host, QObject *parent = nullptr);

    // Reads the host's health now (also every minute while the host runs).
    void checkHealth();
    // The refresh problems found in a health document: "name → problem" (for the tests).
    static QHash<QString, QString> failedRefreshes(const QJsonObject &health);

Q_SIGNALS:
    void notify(const QString &title, const QString &message);

private:
    void onCall(const ades::CallRecord &record);

    ServiceHost &m_host;
    QTimer *m_timer = nullptr;
    QSet<QString> m_told; // refresh problems already told, so each is told once
    QSet<QString> m_failingOperations; // operations whose upstream failed, until one succeeds
};

} // namespace ades::ui
