#pragma once

#include "catalog/Operation.h"
#include "payments/ExactEvmPrecheck.h"
#include "payments/FacilitatorClient.h"
#include "store/PaymentRecord.h"

#include <functional>
#include <memory>

namespace ades {

class ServiceContext;

// One paid x402 call after its payment passed the local pre-checks: claim (payer, nonce) in the ledger,
// facilitator /verify with our requirement, the handler, the receipt, /settle (once more on
// settlement_pending), then the ledger row with the delivered result and the 200 with PAYMENT-RESPONSE.
// Charges only on delivery: every failure before settlement releases the claim and answers without a
// result. An identical retry of a settled call gets the stored result; the same payment on another request
// is refused. Lives until its reply is sent; runs on the calling I/O thread.
class PaidCall : public std::enable_shared_from_this<PaidCall>
{
public:
    // How the outcome reaches the caller: HTTP headers and status, or an MCP tool result. Exactly one of
    // delivered, refused, failed, settlementFailed is called, once.
    struct Sink
    {
        // 200: the result (fresh, or the stored one for an identical retry) and the SettlementResponse.
        std::function<void(const QByteArray &result, const QByteArray &paymentResponse)> delivered;
        // The payment was not accepted (reason code): offer payment again, nothing charged.
        std::function<void(const QString &reason)> refused;
        // An uncharged error (handler 400/422/503, facilitator or ledger unavailable).
        std::function<void(const ServiceError &error)> failed;
        // Settlement failed after the work: no result, the SettlementResponse with success:false.
        std::function<void(const QJsonObject &paymentResponse)> settlementFailed;
        // For the call log: payer, and on settlement network, transaction and amount.
        std::function<void(
            const QString &payer, const QString &network, const QString &transaction, qint64 units)>
            noted;
    };

    PaidCall(ServiceContext &context, const x402::FacilitatorClient &facilitator, const Operation &operation,
        Channel channel, QJsonObject arguments, QJsonObject paymentPayload,
        x402::ExactEvmPrecheck::Outcome precheck, QString requestHash, Sink sink);

    void start();

private:
    void verified(Result<x402::FacilitatorClient::Verdict> verdict);
    void delivered(Outcome outcome);
    void settled(Result<x402::FacilitatorClient::Settlement> settlement, bool retried);
    void refuse(const QString &error);
    void fail(const ServiceError &error);

    ServiceContext &m_context;
    const x402::FacilitatorClient &m_facilitator;
    const Operation &m_operation;
    QJsonObject m_arguments;
    QJsonObject m_payment;
    x402::ExactEvmPrecheck::Outcome m_precheck;
    QString m_requestHash;
    Channel m_channel;
    Sink m_sink;
    PaymentRecord m_record;
    bool m_owned = false; // this call holds the ledger reservation and must release or settle it
    QJsonObject m_body;
};

} // namespace ades
