#pragma once

#include "core/Result.h"
#include "core/Usdc.h"
#include "payments/FacilitatorClient.h"
#include "payments/X402Offers.h"
#include "receipts/ReceiptSigner.h"

#include <QJsonObject>
#include <functional>
#include <optional>

namespace ades {
class Clock;
class Settings;
class PaymentLedger;
class UpstreamClient;
} // namespace ades

namespace ades::x402 {

class NetworkGate;

// The one payment gate of every paid call, whichever channel carries it (x402 over HTTP, the inference paths,
// MCP with the payment in _meta): configuration check, requirements, local pre-check, request hash, ledger
// claim, facilitator verify, delivery, settlement, in that order and in this one code path. A channel only
// binds it to its wire: where the payment comes from and how each outcome is written.
//
// Charges only on delivery (docs/interface.md §3, §7): nothing is settled before the result exists, and every
// failure before settlement releases the ledger claim and answers without a result. An identical retry of a
// settled call gets the stored result and settlement; the same payment for another request is refused.
//
// Networks: a network is offered only when a payment on it can be taken. EVM `exact` payments get the full
// local pre-check (signature, amounts, time window); Solana `exact` payments get the envelope check here and
// the transaction check at the facilitator's /verify, which every payment goes through.
//
// Shared by all I/O threads (everything in it is read-only); take() runs on the calling thread and calls back
// there.
class PaymentGate
{
public:
    struct Call
    {
        Usdc price;
        QString resource; // what is paid for: the request URL, or mcp://tool/<name>
        QString description; // the operation's summary, for the challenge
        QString operationId;
        // What was asked, hashed with the canonical arguments into the request hash that recognises an
        // identical retry: "GET /x402/iban/DE89..." or "tools/call validate_iban".
        QByteArray request;
        QJsonObject arguments;
        // The decoded payment payload; empty when none was sent. paymentProblem says why a payment that was
        // sent could not be read; it is treated as no payment, with that reason (docs/api.md, x402 channel).
        std::optional<QJsonObject> payment;
        QString paymentProblem;
    };

    struct Settled
    {
        QString payer;
        QString network; // CAIP-2
        QString transaction;
        qint64 units = 0;
    };

    // How a channel writes each outcome. Exactly one of delivered, paymentRequired, failed and
    // settlementFailed is called, once; noted (optional) may come before it.
    struct Binding
    {
        // 200: the result (fresh, or the stored one for an identical retry) and the SettlementResponse
        // JSON as the ledger keeps it.
        std::function<void(const QByteArray &result, const QByteArray &paymentResponse)> delivered;
        // No acceptable payment: the PaymentRequired challenge (its `error` says why). Nothing charged.
        std::function<void(const QJsonObject &paymentRequired)> paymentRequired;
        // An uncharged error: payments not configured (503), the handler's 400/422/503, facilitator or
        // ledger unavailable.
        std::function<void(const ServiceError &error)> failed;
        // Settlement failed after the work: no result, the SettlementResponse with success:false.
        std::function<void(const QJsonObject &paymentResponse)> settlementFailed;
        // For the call log: the payer as soon as it is known, then the settlement.
        std::function<void(const Settled &note)> noted;
        // Optional: a fresh settlement succeeded for this result (the canonical bytes), just before
        // `delivered`; not called for an identical retry served from the ledger.
        std::function<void(const QByteArray &result)> settled;
    };

    // The paid work, run only after the payment verified: the handler and the signed result (its JSON and
    // the canonical bytes that are sent and kept). Calls back once with it or with an uncharged error.
    using Deliver = std::function<void(std::function<void(Result<ReceiptSigner::Signed>)> done)>;

    // All references must outlive the gate.
    PaymentGate(const Settings &settings, const NetworkGate &networks, const UpstreamClient &upstream,
        const Clock &clock, PaymentLedger &ledger);

    const X402Offers &offers() const { return m_offers; }
    void take(Call call, Deliver deliver, Binding binding) const;
    // What take() answers when the payment alone decides it, before the arguments are known (the HTTP
    // front asks before it reads a large upload; `call.arguments` may be empty): binding.failed (payments
    // not configured, no network) or binding.paymentRequired (no payment, an unreadable one, or one the
    // local pre-check refuses), and true. False, with nothing called, when the payment passes the pre-check.
    bool refuseBeforeArguments(const Call &call, const Binding &binding) const;

private:
    X402Offers m_offers;
    FacilitatorClient m_facilitator;
    const Clock &m_clock;
    PaymentLedger &m_ledger;
};

} // namespace ades::x402
