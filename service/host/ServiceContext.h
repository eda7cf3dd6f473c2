#pragma once

#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "core/Result.h"
#include "core/Settings.h"
#include "host/NotInAreas.h"
#include "host/RecentCallBodies.h"
#include "host/ServiceMetrics.h"

#include <QMutex>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QHostAddress;

namespace ades {

class Area;
class PrivateKey;
class ReceiptSigner;
class ReceiptVerifier;
class Store;
class UpstreamClient;
namespace x402 {
class NetworkGate;
class PaymentGate;
} // namespace x402

// The composition root: settings, clock, store, upstreams, issuer key, receipt signer and verifier, the
// areas (ops/AreaList.cpp) and the catalog of operations they register. One per process; the HTTP service,
// the console and `ades call` all run on it. Everything in it is safe to use from any thread once create()
// returned.
class ServiceContext
{
public:
    // Opens (or creates) the data folder: settings, issuer key (owner-only), SQLite store. Refuses to start
    // when a configured setting breaks its declaration, naming the key.
    static Result<std::unique_ptr<ServiceContext>> create(
        const Settings &settings, std::unique_ptr<Clock> clock = {});
    // A context in `dataDir` with the given settings only (no environment), for tests; aborts on failure.
    static std::unique_ptr<ServiceContext> createForTests(const QString &dataDir,
        const QHash<QString, QString> &values = {}, std::unique_ptr<Clock> clock = {});
    ~ServiceContext();

    const Settings &settings() const { return m_settings; }
    const Clock &clock() const { return *m_clock; }
    Store &store() const { return *m_store; }
    const UpstreamClient &upstream() const { return *m_upstream; }
    const Catalog &catalog() const { return m_catalog; }
    const ReceiptSigner &signer() const { return *m_signer; }
    const ReceiptVerifier &verifier() const { return *m_verifier; }
    // Which payment networks passed the start-up domain check (shared by all I/O threads).
    x402::NetworkGate &networkGate() const { return *m_networkGate; }
    // The one payment gate of every paid call (x402 paths, inference paths, MCP _meta).
    const x402::PaymentGate &paymentGate() const { return *m_paymentGate; }
    // The areas, in the order of ops/AreaList.cpp; each owns its state.
    const std::vector<std::unique_ptr<Area>> &areas() const { return m_areas; }
    Area *area(const QString &name) const;
    const AreaContext &areaContext() const { return *m_areaContext; }
    // This instance's request, latency and revenue counters for GET /metrics; every I/O thread adds to it.
    ServiceMetrics &metrics() const { return *m_metrics; }
    // The query and bodies of the last calls, for the console's detail pane; memory only. Kept only while a
    // console shows them (setKeepCallBodies): a headless server has nobody to show them to, and neither
    // spends the work nor holds the data.
    RecentCallBodies &recentBodies() const { return *m_recentBodies; }
    void setKeepCallBodies(bool keep) { m_keepCallBodies.store(keep, std::memory_order_relaxed); }
    bool keepsCallBodies() const { return m_keepCallBodies.load(std::memory_order_relaxed); }
    // False in a test context: the host then starts no area's recurring work (scheduled downloads).
    bool runsRecurringWork() const { return m_recurringWork; }
    // Every declared setting: the host's, the HTTP guard's, MCP's, payments', each upstream source's and
    // each area's.
    SettingSpecs settingSpecs() const;
    // What /v1/health and the console report beyond "up": the payment networks' start-up check and what
    // each area reports (its sanctions lists, their dates ...).
    QJsonObject healthDetails() const;
    QString issuerAddress() const;
    // The issuer key file: issuer/key_file, else DIR/issuer.key. Rotated keys are kept beside it.
    QString issuerKeyPath() const { return m_issuerKeyPath; }
    // Public base URL of this service, used in receipts, challenges and discovery documents:
    // service/public_url when set, else http:// + the address the service actually listens on
    // (setServedAddress()), else http:// + service/listen before it listens. Thread-safe.
    QString publicUrl() const;
    // What area documents are generated from: the catalog, publicUrl(), the MCP endpoint and the networks
    // the payment gate offers.
    AreaDocumentInputs documentInputs() const;
    // Where the service listens now, once bound: an ephemeral port (0) or a --listen other than the setting
    // then still gives receipts and challenges a URL that reaches this service. Also sets the signer's
    // verify_url. Called by ServiceHost before the first connection is accepted; thread-safe.
    void setServedAddress(const QHostAddress &address, quint16 port);

private:
    explicit ServiceContext(const Settings &settings);

    Settings m_settings;
    std::unique_ptr<Clock> m_clock;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<UpstreamClient> m_upstream;
    std::unique_ptr<ReceiptSigner> m_signer;
    std::unique_ptr<ReceiptVerifier> m_verifier;
    std::unique_ptr<x402::NetworkGate> m_networkGate;
    std::unique_ptr<ServiceMetrics> m_metrics = std::make_unique<ServiceMetrics>();
    std::unique_ptr<RecentCallBodies> m_recentBodies = std::make_unique<RecentCallBodies>();
    std::atomic<bool> m_keepCallBodies { false };
    std::unique_ptr<x402::PaymentGate> m_paymentGate;
    std::vector<std::unique_ptr<Area>> m_areas;
    std::optional<AreaContext> m_areaContext;
    Catalog m_catalog;
    bool m_recurringWork = true;
    QString m_issuerKeyPath;
    mutable QMutex m_servedMutex;
    QString m_servedUrl; // "http://127.0.0.1:40123" once listening; guarded by m_servedMutex
};

} // namespace ades
