#pragma once

#include "channels/console/ConsoleChannel.h"
#include "host/NotInAreas.h"
#include "receipts/ReceiptVerdict.h"
#include "store/ApiKeyRecord.h"
#include "store/CallFilter.h"
#include "store/CallRecord.h"
#include "store/CallStatistics.h"
#include "upstream/UpstreamHealth.h"

#include <QHostAddress>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QThreadPool>
#include <memory>
#include <optional>

class QThread;

namespace ades {

class ConnectionBudget;

class GuardedTcpServer;
class HttpFront;
class IssuerKeys;
class UpstreamProbe;
class ServiceContext;

// Runs the complete HTTP service on its own thread and reports to its owner (the console, or `ades serve`)
// through queued signals only, so the GUI thread never waits on the service (docs/architecture.md, Threads).
class ServiceHost : public QObject
{
    Q_OBJECT

public:
    // The context (settings, store, catalog, signer) must outlive the host.
    explicit ServiceHost(ServiceContext &context, QObject *parent = nullptr);
    ~ServiceHost() override;

    // Starts the I/O threads (http/threads, default 2) and listens; the outcome arrives as started() or
    // startFailed(). Port 0 picks a free port.
    void start(const QHostAddress &address, quint16 port);
    // Stops listening and joins the I/O threads. Blocks for at most a few hundred ms.
    void stop();
    // The first half of a graceful stop: closes the listening socket before it returns, so new connections go
    // to the other instances, while connections already open are still answered. Calls in flight:
    // context().metrics().
    void stopAccepting();

    bool isRunning() const { return m_port != 0; }
    quint16 port() const { return m_port; }
    QString issuerAddress() const;
    // Pure and cheap: safe to call from the GUI thread.
    ReceiptVerdict verifyReceipt(const QByteArray &json) const;
    ServiceContext &context() const { return m_context; }
    // In-memory status for the console: payment networks and what each area reports (its sanctions lists
    // and their last refresh ...). Cheap.
    QJsonObject healthDetails() const;
    // Bytes the store takes on disk (database, its WAL and the delivery journal): a few stat() calls, safe
    // from the GUI thread. Not in healthDetails(): /v1/health is public, the size of the data is not.
    qint64 databaseBytes() const;
    // Large uploads holding one of the http/max_concurrent_uploads slots right now (0 before start()).
    int uploadsInProgress() const;
    // Runs an area's named action (Area::actions(), e.g. "eu" / "sanctions.import" with files) on a worker
    // thread; the outcome arrives as areaActionFinished(). False when no such area or action exists.
    bool runAreaAction(const QString &area, const QString &action, const QStringList &arguments);
    // The settings page's "test connection" for each upstream, and the issuer key's rotation and backup.
    UpstreamProbe &upstreamProbe() const { return *m_upstreamProbe; }
    IssuerKeys &issuerKeys() const { return *m_issuerKeys; }

    // --- The console's own work (ServiceHostConsole.cpp), on the console thread: a worker with an event
    // loop, started on first use and independent of start()/stop(). Each answer arrives as a signal. ---

    // API keys and quotas: the same store operations as `ades keys` (ApiKeys, Quotas).
    void listKeys(); // keysListed()
    // The e-mail, when given, is checked like a signup's; the key arrives once, in keyCreated().
    void createKey(
        const QString &label, const QString &email, const QString &plan, std::optional<qint64> callLimit);
    void revokeKey(const QString &keyId); // keyRevoked()
    void changeKeyPlan(const QString &keyId, const QString &plan, std::optional<qint64> callLimit);
    // The key's calls per UTC day over the last `days` days up to today (keyUsageLoaded()).
    void loadKeyUsage(const QString &keyId, int days);
    // Runs `operation` by hand through the console channel (ConsoleChannel: validated, signed, logged as
    // "console", never charged). Returns the ticket consoleCallFinished() names. `operation` must outlive
    // the call (an operation of a catalog that lives as long as the host).
    quint64 runByHand(const Operation &operation, const QJsonObject &arguments);

    // The console's read models over the store (dashboard, live calls detail and filters). Each query runs
    // on the host's read thread (one at a time, in order) and answers by a queued signal carrying the
    // caller's ticket; never blocks the caller.
    void requestStatistics(ades::CallStatistics::Window window, quint64 ticket);
    void requestCalls(const ades::CallFilter &filter, quint64 ticket);
    void requestCallDetail(qint64 id);
    // In memory, cheap: every configured upstream source with its last success and failure since start.
    QList<UpstreamHealth::Entry> upstreamHealth() const;
    // "EU VIES (European Commission)" for "vies"; the id when unknown.
    QString upstreamName(const QString &source) const;
    // Whether the query and bodies of the last calls are kept in memory for a console's detail pane
    // (ServiceContext::setKeepCallBodies); off unless a console asks.
    void setKeepCallBodies(bool keep);
    // The upstream source id of the payment facilitator, to find it in upstreamHealth().
    static QString facilitatorSource();
    // Asks the payment facilitator's GET /supported (x402 v2 facilitator API) on the first I/O thread: its
    // answer, or why none came, lands in upstreamHealth() and upstreamChecked() follows. False when the
    // service is not running or no facilitator source is registered.
    bool checkFacilitator();

Q_SIGNALS:
    void started(quint16 port);
    void startFailed(const QString &reason);
    void callCompleted(const ades::CallRecord &record);
    // USDC atomic units settled so far per CAIP-2 network, read from the ledger on an I/O thread after
    // start() and before the first connection is accepted, so later calls arrive only via callCompleted().
    void revenueLoaded(const QMap<QString, qint64> &unitsByNetwork);
    // What the ledger settled on `day` (UTC) before this start, read with revenueLoaded(): the tray's
    // "revenue today" adds the calls completed after it.
    void revenueTodayLoaded(const QDate &day, qint64 units);
    void areaActionFinished(const QString &area, const QString &action, bool ok, const QString &message);
    void statisticsReady(quint64 ticket, const ades::CallStatisticsReport &report);
    void callsFound(quint64 ticket, const QList<ades::CallRecord> &calls);
    // found is false when the call is no longer in the log (purged).
    void callDetailReady(qint64 id, bool found, const ades::CallRecord &record);
    void upstreamChecked(const QString &source);
    void keysListed(const QList<ades::ApiKeyRecord> &keys);
    // The only place the plaintext key ever reaches: show it once.
    void keyCreated(const ades::NewApiKey &key);
    void keyRevoked(const QString &keyId, bool ok);
    void keyPlanChanged(const ades::ApiKeyRecord &key);
    // A key action the store or the input refused, with the reason (English, from the service).
    void keyActionFailed(const QString &message);
    void keyUsageLoaded(const QString &keyId, const QList<ades::DailyUsage> &days);
    void consoleCallFinished(quint64 ticket, const ades::ConsoleOutcome &outcome);
    void stopped();

private:
    void listen(const QHostAddress &address, quint16 port, const QList<GuardedTcpServer *> &guards);
    // The console thread's context object (created with the thread on first use).
    QObject *consoleWorker();
    void stopConsoleWorker();

    ServiceContext &m_context;
    QList<QThread *> m_threads; // the first one also runs the acceptor
    // The areas' start-up work (Area::warmUp). Its own pool, so stop() can wait for exactly these tasks: an
    // area must outlive its warm-up, and a service stopped right after start() would otherwise be destroyed
    // under a task the global pool had not run yet.
    QThreadPool m_warmUps;
    // The console's store queries: one thread, so a burst of refreshes queues instead of taking every core.
    QThreadPool m_reads;
    QList<HttpFront *> m_fronts; // one per thread, living there
    quint16 m_port = 0;
    std::shared_ptr<ConnectionBudget> m_budget; // shared with every I/O thread's guard
    QThread *m_consoleThread = nullptr;
    QObject *m_consoleWorker = nullptr; // lives on m_consoleThread
    quint64 m_nextTicket = 0;
    UpstreamProbe *m_upstreamProbe = nullptr;
    IssuerKeys *m_issuerKeys = nullptr;
};

} // namespace ades
