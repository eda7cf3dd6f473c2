#include "ServiceHost.h"

#include "HttpFront.h"
#include "IssuerKeys.h"
#include "ServiceContext.h"
#include "UpstreamProbe.h"
#include "area/Area.h"
#include "http/ConnectionAcceptor.h"
#include "http/ConnectionBudget.h"
#include "http/GuardedTcpServer.h"
#include "http/HttpSettings.h"
#include "payments/DomainSeparatorCheck.h"
#include "payments/FacilitatorClient.h"
#include "payments/X402Offers.h"
#include "receipts/ReceiptVerifier.h"
#include "store/CallLog.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"
#include "upstream/UpstreamClient.h"

#include <QThread>
#include <QThreadPool>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades {

ServiceHost::ServiceHost(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_upstreamProbe(new UpstreamProbe(context, this))
    , m_issuerKeys(new IssuerKeys(context, this))
{
    qRegisterMetaType<ades::CallRecord>();
    qRegisterMetaType<QList<ades::CallRecord>>();
    qRegisterMetaType<ades::CallStatisticsReport>();
    m_reads.setMaxThreadCount(1);
    m_reads.setObjectName(u"ades-console-reads"_s);
}

ServiceHost::~ServiceHost()
{
    stop();
    stopConsoleWorker();
    m_reads.clear();
    m_reads.waitForDone();
}

void ServiceHost::start(const QHostAddress &address, quint16 port)
{
    if (!m_threads.isEmpty())
        return;
    ConnectionAcceptor::silenceHandOffWarnings();
    const int count = m_context.settings().get(HttpSettings::Threads);
    auto guards = std::make_shared<QList<GuardedTcpServer *>>();
    // One client's connections and all large uploads are counted across the I/O threads.
    const GuardLimits limits = HttpSettings::limits(m_context.settings());
    auto budget = std::make_shared<ConnectionBudget>(
        limits.maxConnectionsPerAddress, limits.maxConcurrentUploads, limits.trustedProxies);
    m_budget = budget;
    for (int i = 0; i < count; ++i) {
        auto *thread = new QThread(this);
        thread->setObjectName(u"ades-io-%1"_s.arg(i));
        auto *front = new HttpFront(m_context);
        front->moveToThread(thread);
        connect(thread, &QThread::finished, front, &QObject::deleteLater);
        connect(
            front, &HttpFront::callsCompleted, this,
            [this](const QList<CallRecord> &records) {
                for (const CallRecord &record : records)
                    Q_EMIT callCompleted(record);
            },
            Qt::QueuedConnection);
        m_threads.append(thread);
        m_fronts.append(front);
        thread->start();
    }
    // The payment networks' token domains are checked on the first I/O thread (upstream calls need a loop).
    ServiceContext &context = m_context;
    QMetaObject::invokeMethod(
        m_fronts.first(),
        [&context]() {
            QList<x402::X402Network> networks;
            const x402::X402Offers offers(context.settings());
            for (const x402::X402Offers::Offer &offer : offers.offers())
                networks.append(offer.network);
            x402::DomainSeparatorCheck(context.upstream(), context.networkGate()).run(networks);
        },
        Qt::QueuedConnection);
    // The ledger is read on the I/O thread, never on the caller's (the console's GUI thread), and before the
    // servers exist: every settlement after this read reaches the owner as a callCompleted() record.
    QMetaObject::invokeMethod(
        m_fronts.first(),
        [this, &context]() {
            const QMap<QString, qint64> revenue = context.store().payments().revenueByNetwork();
            const QDate today = QDateTime::currentDateTimeUtc().date();
            const qint64 todayUnits
                = context.store().payments().revenueSince(QDateTime(today, QTime(0, 0), Qt::UTC));
            QMetaObject::invokeMethod(
                this,
                [this, revenue, today, todayUnits]() {
                    Q_EMIT revenueLoaded(revenue);
                    Q_EMIT revenueTodayLoaded(today, todayUnits);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    // Each area's start-up work runs off the I/O threads, so the first request does not wait for it; its
    // recurring work (refresh timers) lives on the first I/O thread.
    for (const auto &area : m_context.areas()) {
        Area *a = area.get();
        m_warmUps.start([a]() { a->warmUp(); });
    }
    if (m_context.runsRecurringWork()) {
        HttpFront *first = m_fronts.first();
        QMetaObject::invokeMethod(
            first,
            [&context, first]() {
                for (const auto &area : context.areas())
                    area->startRecurring(first);
            },
            Qt::QueuedConnection);
    }
    // Each front builds its server on its own thread and reports back here; once all exist, the acceptor
    // starts listening, so no connection is accepted before it has somewhere to go.
    for (HttpFront *front : std::as_const(m_fronts)) {
        QMetaObject::invokeMethod(
            front,
            [this, front, count, guards, budget, address, port]() {
                GuardedTcpServer *guard = front->createServer(count, budget);
                QMetaObject::invokeMethod(
                    this,
                    [this, guard, count, guards, address, port]() {
                        guards->append(guard);
                        if (guards->size() == count)
                            listen(address, port, *guards);
                    },
                    Qt::QueuedConnection);
            },
            Qt::QueuedConnection);
    }
}

void ServiceHost::listen(const QHostAddress &address, quint16 port, const QList<GuardedTcpServer *> &guards)
{
    if (m_fronts.isEmpty())
        return; // stopped meanwhile
    HttpFront *first = m_fronts.first();
    QMetaObject::invokeMethod(
        first,
        [this, first, guards, address, port]() {
            auto *acceptor = new ConnectionAcceptor(first);
            acceptor->setTargets(guards);
            const bool ok = acceptor->listen(address, port);
            const quint16 bound = ok ? acceptor->serverPort() : 0;
            // Before this thread's loop accepts the first connection: every request sees the served URL.
            if (ok)
                m_context.setServedAddress(address, bound);
            const QString error = acceptor->errorString();
            QMetaObject::invokeMethod(
                this,
                [this, bound, error]() {
                    m_port = bound;
                    if (bound)
                        Q_EMIT started(bound);
                    else
                        Q_EMIT startFailed(error);
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void ServiceHost::stop()
{
    if (m_threads.isEmpty())
        return;
    // The acceptor's thread first, so that no connection is handed to a thread that is going away.
    for (QThread *thread : std::as_const(m_threads)) {
        thread->quit();
        thread->wait();
    }
    qDeleteAll(m_threads);
    m_threads.clear();
    m_fronts.clear();
    m_warmUps.waitForDone();
    m_port = 0;
    Q_EMIT stopped();
}

void ServiceHost::stopAccepting()
{
    if (m_fronts.isEmpty())
        return;
    HttpFront *first = m_fronts.first();
    // The acceptor lives on the first I/O thread, a child of its front. Closed before this returns, so that
    // whoever announces "no new connections" afterwards tells the truth: a queued close let a connection in
    // after the announcement on a busy machine.
    const auto close = [first]() {
        for (ConnectionAcceptor *acceptor : first->findChildren<ConnectionAcceptor *>())
            acceptor->close();
    };
    if (first->thread() == QThread::currentThread())
        close();
    else
        QMetaObject::invokeMethod(first, close, Qt::BlockingQueuedConnection);
}

QString ServiceHost::issuerAddress() const
{
    return m_context.issuerAddress();
}

ReceiptVerdict ServiceHost::verifyReceipt(const QByteArray &json) const
{
    return m_context.verifier().verifyDocument(json);
}

QJsonObject ServiceHost::healthDetails() const
{
    return m_context.healthDetails();
}

int ServiceHost::uploadsInProgress() const
{
    return m_budget ? m_budget->uploadsInProgress() : 0;
}

qint64 ServiceHost::databaseBytes() const
{
    return m_context.store().sizeOnDisk();
}

bool ServiceHost::runAreaAction(
    const QString &areaName, const QString &actionName, const QStringList &arguments)
{
    const Area *area = m_context.area(areaName);
    if (!area)
        return false;
    const QList<AreaAction> actions = area->actions();
    const auto action = std::find_if(actions.cbegin(), actions.cend(),
        [&actionName](const AreaAction &candidate) { return candidate.name == actionName; });
    if (action == actions.cend())
        return false;
    QThreadPool::globalInstance()->start([this, run = action->run, areaName, actionName, arguments]() {
        QString message;
        const bool ok = run(arguments, message);
        QMetaObject::invokeMethod(
            this, [=, this]() { Q_EMIT areaActionFinished(areaName, actionName, ok, message); },
            Qt::QueuedConnection);
    });
    return true;
}

void ServiceHost::requestStatistics(CallStatistics::Window window, quint64 ticket)
{
    m_reads.start([this, window, ticket]() {
        const CallStatisticsReport report
            = m_context.store().callStatistics().report(window, m_context.clock().now());
        QMetaObject::invokeMethod(
            this, [this, ticket, report]() { Q_EMIT statisticsReady(ticket, report); }, Qt::QueuedConnection);
    });
}

void ServiceHost::requestCalls(const CallFilter &filter, quint64 ticket)
{
    m_reads.start([this, filter, ticket]() {
        const QList<CallRecord> calls = m_context.store().calls().findCalls(filter);
        QMetaObject::invokeMethod(
            this, [this, ticket, calls]() { Q_EMIT callsFound(ticket, calls); }, Qt::QueuedConnection);
    });
}

void ServiceHost::requestCallDetail(qint64 id)
{
    m_reads.start([this, id]() {
        std::optional<CallRecord> record = m_context.store().calls().callDetail(id);
        if (record) {
            if (const auto bodies = m_context.recentBodies().find(id)) {
                record->bodiesKept = true;
                record->query = bodies->query;
                record->requestBody = bodies->requestBody;
                record->responseBody = bodies->responseBody;
            }
        }
        QMetaObject::invokeMethod(
            this,
            [this, id, record]() {
                Q_EMIT callDetailReady(id, record.has_value(), record.value_or(CallRecord()));
            },
            Qt::QueuedConnection);
    });
}

QList<UpstreamHealth::Entry> ServiceHost::upstreamHealth() const
{
    return m_context.upstream().health();
}

void ServiceHost::setKeepCallBodies(bool keep)
{
    m_context.setKeepCallBodies(keep);
}

QString ServiceHost::facilitatorSource()
{
    return x402::FacilitatorClient::sourceId();
}

bool ServiceHost::checkFacilitator()
{
    const QString source = x402::FacilitatorClient::sourceId();
    if (m_fronts.isEmpty() || !m_context.upstream().source(source))
        return false;
    // On an I/O thread: the upstream client needs a thread with an event loop, and the GUI thread must not
    // carry a network reply. The outcome is recorded by the client itself (UpstreamHealth).
    const UpstreamClient &upstream = m_context.upstream();
    QMetaObject::invokeMethod(
        m_fronts.first(),
        [this, &upstream, source]() {
            x402::FacilitatorClient::probe(upstream, [this, source]() {
                QMetaObject::invokeMethod(
                    this, [this, source]() { Q_EMIT upstreamChecked(source); }, Qt::QueuedConnection);
            });
        },
        Qt::QueuedConnection);
    return true;
}

QString ServiceHost::upstreamName(const QString &source) const
{
    const UpstreamSource *found = m_context.upstream().source(source);
    return found && !found->name.isEmpty() ? found->name : source;
}

} // namespace ades

#include "moc_ServiceHost.cpp"
