#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <functional>

namespace ades {
class UpstreamClient;
struct UpstreamSource;
} // namespace ades

namespace ades::x402 {

// An x402 facilitator's /verify and /settle (x402 v2 specification, facilitator API), through the one
// upstream client (source "facilitator": upstream/facilitator/base_url, timeout_ms, api_key sent as a Bearer
// token). Both calls send OUR requirement, never the client's `accepted`. Free-text fields (invalidMessage,
// errorMessage) are dropped here: they can carry RPC URLs and never reach a client.
class FacilitatorClient
{
public:
    struct Verdict
    {
        bool valid = false;
        QString reason; // invalidReason / errorReason code
        QString payer;
    };
    struct Settlement
    {
        bool success = false;
        QString reason;
        QString transaction;
        QString network;
        QString payer;
        QJsonObject response; // the SettlementResponse as PAYMENT-RESPONSE carries it (no free text)
    };

    explicit FacilitatorClient(const UpstreamClient &upstream);
    static UpstreamSource sourceDefaults();

    // Callbacks run once, on the calling thread. An unreachable facilitator or an answer that is not a
    // VerifyResponse/SettlementResponse is ServiceError::sourceUnavailable("facilitator").
    void verify(const QJsonObject &paymentPayload, const QJsonObject &requirement,
        std::function<void(Result<Verdict>)> done) const;
    void settle(const QJsonObject &paymentPayload, const QJsonObject &requirement,
        std::function<void(Result<Settlement>)> done) const;
    // Asks the facilitator's /supported, only to learn whether it answers: the upstream client records the
    // outcome in its health (the console's "Check now"). `done` runs on the calling thread, which needs an
    // event loop. False, with nothing asked, when no facilitator source is registered.
    static bool probe(const UpstreamClient &upstream, std::function<void()> done);
    static QString sourceId();

private:
    void post(const QString &path, const QJsonObject &paymentPayload, const QJsonObject &requirement,
        std::function<void(Result<QJsonObject>)> done) const;

    const UpstreamClient &m_upstream;
};

} // namespace ades::x402
