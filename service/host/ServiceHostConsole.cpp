// ServiceHost's part for the console's own work: API keys and quotas, and operations run by hand. Every
// store call and every operation runs on the console thread; answers come back to the host's thread by
// queued call and leave as signals (docs/architecture.md, Threads).

#include "ServiceContext.h"
#include "ServiceHost.h"
#include "channels/key/EmailAddress.h"
#include "core/Clock.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace ades {

QObject *ServiceHost::consoleWorker()
{
    if (!m_consoleWorker) {
        qRegisterMetaType<ades::ApiKeyRecord>();
        qRegisterMetaType<QList<ades::ApiKeyRecord>>();
        qRegisterMetaType<ades::NewApiKey>();
        qRegisterMetaType<QList<ades::DailyUsage>>();
        qRegisterMetaType<ades::ConsoleOutcome>();
        m_consoleThread = new QThread(this);
        m_consoleThread->setObjectName(u"ades-console"_s);
        m_consoleWorker = new QObject;
        m_consoleWorker->moveToThread(m_consoleThread);
        connect(m_consoleThread, &QThread::finished, m_consoleWorker, &QObject::deleteLater);
        m_consoleThread->start();
    }
    return m_consoleWorker;
}

void ServiceHost::stopConsoleWorker()
{
    if (!m_consoleThread)
        return;
    // An operation still running is abandoned: its answer would have nobody to go to.
    m_consoleThread->quit();
    m_consoleThread->wait();
    delete m_consoleThread;
    m_consoleThread = nullptr;
    m_consoleWorker = nullptr;
}

void ServiceHost::listKeys()
{
    ServiceContext &context = m_context;
    QMetaObject::invokeMethod(consoleWorker(), [this, &context]() {
        const QList<ApiKeyRecord> keys = context.store().keys().list();
        QMetaObject::invokeMethod(
            this, [this, keys]() { Q_EMIT keysListed(keys); }, Qt::QueuedConnection);
    });
}

void ServiceHost::createKey(
    const QString &label, const QString &email, const QString &plan, std::optional<qint64> callLimit)
{
    const QString address = email.trimmed();
    if (!address.isEmpty()) {
        if (const std::optional<QString> problem = EmailAddress::problem(address)) {
            const QString message = u"e-mail: must be an e-mail address; the value %1"_s.arg(*problem);
            QMetaObject::invokeMethod(
                this, [this, message]() { Q_EMIT keyActionFailed(message); }, Qt::QueuedConnection);
            return;
        }
    }
    ServiceContext &context = m_context;
    QMetaObject::invokeMethod(consoleWorker(), [this, &context, label, address, plan, callLimit]() {
        const Result<NewApiKey> created = context.store().keys().create(label, plan, callLimit, address);
        QMetaObject::invokeMethod(
            this,
            [this, created]() {
                if (created.ok())
                    Q_EMIT keyCreated(created.value());
                else
                    Q_EMIT keyActionFailed(created.error().message());
            },
            Qt::QueuedConnection);
    });
}

void ServiceHost::revokeKey(const QString &keyId)
{
    ServiceContext &context = m_context;
    QMetaObject::invokeMethod(consoleWorker(), [this, &context, keyId]() {
        const bool ok = context.store().keys().revoke(keyId);
        QMetaObject::invokeMethod(
            this, [this, keyId, ok]() { Q_EMIT keyRevoked(keyId, ok); }, Qt::QueuedConnection);
    });
}

void ServiceHost::changeKeyPlan(const QString &keyId, const QString &plan, std::optional<qint64> callLimit)
{
    ServiceContext &context = m_context;
    QMetaObject::invokeMethod(consoleWorker(), [this, &context, keyId, plan, callLimit]() {
        const Result<ApiKeyRecord> changed = context.store().keys().changePlan(keyId, plan, callLimit);
        QMetaObject::invokeMethod(
            this,
            [this, changed]() {
                if (changed.ok())
                    Q_EMIT keyPlanChanged(changed.value());
                else
                    Q_EMIT keyActionFailed(changed.error().message());
            },
            Qt::QueuedConnection);
    });
}

void ServiceHost::loadKeyUsage(const QString &keyId, int days)
{
    ServiceContext &context = m_context;
    const int span = qBound(1, days, 366);
    QMetaObject::invokeMethod(consoleWorker(), [this, &context, keyId, span]() {
        const QDate today = context.clock().now().toUTC().date();
        const QList<DailyUsage> usage
            = context.store().quotas().dailyUsage(keyId, today.addDays(1 - span), today);
        QMetaObject::invokeMethod(
            this, [this, keyId, usage]() { Q_EMIT keyUsageLoaded(keyId, usage); }, Qt::QueuedConnection);
    });
}

quint64 ServiceHost::runByHand(const Operation &operation, const QJsonObject &arguments)
{
    const quint64 ticket = ++m_nextTicket;
    ServiceContext &context = m_context;
    const Operation *op = &operation;
    QMetaObject::invokeMethod(consoleWorker(), [this, &context, op, arguments, ticket]() {
        ConsoleChannel(context).run(*op, arguments, [this, ticket](ConsoleOutcome outcome) {
            QMetaObject::invokeMethod(
                this,
                [this, ticket, outcome = std::move(outcome)]() {
                    // The live view shows calls by hand like any other call.
                    Q_EMIT callCompleted(outcome.record);
                    Q_EMIT consoleCallFinished(ticket, outcome);
                },
                Qt::QueuedConnection);
        });
    });
    return ticket;
}

} // namespace ades
