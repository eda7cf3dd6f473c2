#pragma once

#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "core/Result.h"
#include "core/Settings.h"

#include <memory>

namespace ades {

class PrivateKey;
class ReceiptSigner;
class ReceiptVerifier;
class Store;
class UpstreamClient;
namespace x402 {
class NetworkGate;
}
namespace eu {
class SanctionsLists;
}

// The composition root: settings, clock, store, upstreams, issuer key, receipt signer and verifier, and the
// catalog of operations built over them. One per process; the HTTP service, the console and `ades call`
// all run on it. Everything in it is safe to use from any thread once create() returned.
class ServiceContext
{
public:
    // Opens (or creates) the data folder: settings, issuer key (owner-only), SQLite store.
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
    // The sanctions lists kept in the data folder and their screening index.
    eu::SanctionsLists &sanctions() const { return *m_sanctions; }
    // What /v1/health and the console report beyond "up": loaded sanctions lists and their dates, and the
    // payment networks' start-up check.
    QJsonObject healthDetails() const;
    QString issuerAddress() const;
    // Public base URL of this service, used in receipts, challenges and discovery documents.
    QString publicUrl() const;

private:
    explicit ServiceContext(const Settings &settings);

    Settings m_settings;
    std::unique_ptr<Clock> m_clock;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<UpstreamClient> m_upstream;
    std::unique_ptr<ReceiptSigner> m_signer;
    std::unique_ptr<ReceiptVerifier> m_verifier;
    std::unique_ptr<x402::NetworkGate> m_networkGate;
    std::unique_ptr<eu::SanctionsLists> m_sanctions;
    Catalog m_catalog;
};

} // namespace ades
