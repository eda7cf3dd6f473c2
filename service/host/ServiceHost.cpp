#include "ServiceHost.h"

#include "ServiceContext.h"
#include "http/ConnectionAcceptor.h"
#include "http/GuardedTcpServer.h"
#include "http/HttpFront.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "ops/eu/sanctions/SanctionsRefresh.h"
#include "payments/DomainSeparatorCheck.h"
#include "payments/X402Offers.h"
#include "receipts/ReceiptVerifier.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QThread>
#include <QThreadPool>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades {

ServiceHost::ServiceHost(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    qRegisterMetaType<ades::CallRecord>();
    qRegisterMetaType<QList<ades::CallRecord>>();
}

ServiceHost::~ServiceHost()
{
    stop();
}

void ServiceHost::start(const QHostAddress &address, quint16 port)
{
    if (!m_threads.isEmpty())
        return;
    ConnectionAcceptor::silenceHandOffWarnings();
    const int count = qBound(1, m_context.settings().intValue(u"http/threads"_s, 2), 16);
    auto guards = std::make_shared<QList<GuardedTcpServer *>>();
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
            QMetaObject::invokeMethod(
                this, [this, revenue]() { Q_EMIT revenueLoaded(revenue); }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    // Index the kept sanctions lists now, off the I/O threads, so the first screening does not wait for it.
    QThreadPool::globalInstance()->start([&context]() { context.sanctions().index(); });
    // The official sanctions lists are fetched every sanctions/refresh_hours (default 24; 0 = never), the
    // first time ten minutes after start, on the first I/O thread; a failed or insane download keeps the
    // list.
    const int refreshHours = m_context.settings().intValue(u"sanctions/refresh_hours"_s, 24);
    if (refreshHours > 0) {
        HttpFront *first = m_fronts.first();
        QMetaObject::invokeMethod(
            first,
            [&context, first, refreshHours]() {
                auto *timer = new QTimer(first);
                const auto refresh = [&context]() {
                    eu::SanctionsRefresh(context.upstream(), context.sanctions(), context.clock()).run({});
                };
                QObject::connect(timer, &QTimer::timeout, first, refresh);
                QTimer::singleShot(10 * 60 * 1000, first, [timer, refresh, refreshHours]() {
                    refresh();
                    timer->start(refreshHours * 3600 * 1000);
                });
            },
            Qt::QueuedConnection);
    }
    // Each front builds its server on its own thread and reports back here; once all exist, the acceptor
    // starts listening, so no connection is accepted before it has somewhere to go.
    for (HttpFront *front : std::as_const(m_fronts)) {
        QMetaObject::invokeMethod(
            front,
            [this, front, count, guards, address, port]() {
                GuardedTcpServer *guard = front->createServer(count);
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
    m_port = 0;
    Q_EMIT stopped();
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

void ServiceHost::importSanctions(const QStringList &files)
{
    ServiceContext &context = m_context;
    QThreadPool::globalInstance()->start([this, &context, files]() {
        const Result<int> imported = context.sanctions().import(files);
        const bool ok = imported.ok();
        const QString message = ok ? QString::number(imported.value()) : imported.error().message();
        QMetaObject::invokeMethod(
            this, [this, ok, message]() { Q_EMIT sanctionsImported(ok, message); }, Qt::QueuedConnection);
    });
}

} // namespace ades

#include "moc_ServiceHost.cpp"
