#pragma once

#include "catalog/Operation.h"
#include "http/HttpExchange.h"
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
    // challenge(error) builds the 402 answer offering payment again, with `error` as its reason.
    using Challenge = std::function<void(HttpReply &reply, const QString &error)>;

    PaidCall(ServiceContext &context, const x402::FacilitatorClient &facilitator, const Operation &operation,
        QJsonObject arguments, QJsonObject paymentPayload, x402::ExactEvmPrecheck::Outcome precheck,
        QString requestHash, HttpReply reply, Challenge challenge);

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
    HttpReply m_reply;
    Challenge m_challenge;
    PaymentRecord m_record;
    bool m_owned = false; // this call holds the ledger reservation and must release or settle it
    QJsonObject m_body;
};

} // namespace ades
