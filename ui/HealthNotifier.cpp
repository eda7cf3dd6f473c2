#include "HealthNotifier.h"

#include "host/ServiceHost.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::ui {

HealthNotifier::HealthNotifier(ServiceHost &host, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_timer(new QTimer(this))
{
    // The health is in-memory and cheap (ServiceHost::healthDetails); once a minute is plenty for refreshes
    // that happen daily.
    m_timer->setInterval(60'000);
    connect(m_timer, &QTimer::timeout, this, &HealthNotifier::checkHealth);
    connect(
        &host, &ServiceHost::started, this, [this] { m_timer->start(); }, Qt::QueuedConnection);
    connect(&host, &ServiceHost::stopped, m_timer, &QTimer::stop, Qt::QueuedConnection);
    connect(&host, &ServiceHost::callCompleted, this, &HealthNotifier::onCall, Qt::QueuedConnection);
}

QHash<QString, QString> HealthNotifier::failedRefreshes(const QJsonObject &health)
{
    QHash<QString, QString> failed;
    for (auto it = health.begin(); it != health.end(); ++it) {
        if (!it.key().endsWith(u"_refresh"_s) || !it.value().isObject())
            continue;
        const QString what = it.key().chopped(int(qstrlen("_refresh")));
        const QJsonObject report = it.value().toObject();
        for (auto entry = report.begin(); entry != report.end(); ++entry) {
            const QJsonObject state = entry.value().toObject();
            if (state.contains(u"ok"_s) && !state.value(u"ok"_s).toBool())
                failed.insert(what + u' ' + entry.key(), state.value(u"problem"_s).toString());
        }
    }
    return failed;
}

void HealthNotifier::checkHealth()
{
    const QHash<QString, QString> failed = failedRefreshes(m_host.healthDetails());
    for (auto it = failed.cbegin(); it != failed.cend(); ++it) {
        const QString told = it.key() + u'\n' + it.value();
        if (m_told.contains(told))
            continue;
        m_told.insert(told);
        Q_EMIT notify(tr("A list did not refresh"),
            tr("%1 did not refresh: %2")
                .arg(it.key(), it.value().isEmpty() ? tr("no reason given") : it.value()));
    }
    // A refresh that works again may fail again later and is then told again.
    QSet<QString> stillFailing;
    for (auto it = failed.cbegin(); it != failed.cend(); ++it)
        stillFailing.insert(it.key() + u'\n' + it.value());
    m_told.intersect(stillFailing);
}

void HealthNotifier::onCall(const CallRecord &record)
{
    if (record.operationId.isEmpty())
        return;
    if (record.status == 503) {
        if (m_failingOperations.contains(record.operationId))
            return;
        m_failingOperations.insert(record.operationId);
        // 503 is what sourceUnavailable answers; a missing payment setting answers it too, so the message
        // names both.
        Q_EMIT notify(tr("An operation is unavailable"),
            tr("%1 answered 503 Service Unavailable: an upstream source did not answer, or a setting it "
               "needs "
               "is missing.")
                .arg(record.operationId));
    } else if (record.status < 500) {
        m_failingOperations.remove(record.operationId);
    }
}

} // namespace ades::ui

#include "moc_HealthNotifier.cpp"
