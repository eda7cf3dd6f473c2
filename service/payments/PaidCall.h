#pragma once

#include "payments/FacilitatorClient.h"
#include "payments/PaymentGate.h"
#include "store/PaymentRecord.h"

#include <functional>
#include <memory>

namespace ades {
class PaymentLedger;
}

namespace ades::x402 {

// One paid call inside the PaymentGate, after its payment passed the local pre-check: claim (payer, nonce)
// in the ledger, facilitator /verify with our requirement, the delivery, /settle (once more on
// settlement_pending), then the ledger row with the delivered result. Lives until it has answered; runs on
// the calling I/O thread.
//
// The identical request sent twice at once with one payment (a client retrying on a timeout, or a load
// balancer handing the same call to two instances): the second finds the first's claim and waits for it,
// reading the shared ledger, up to DuplicateWaitMs. It answers with the first's stored result once that
// settles, is never settled or charged itself, and claims the payment anew if the first released it or
// died holding it (a reservation older than AbandonedAfterMs). Taken over, the payment goes to the
// facilitator's /verify again, which refuses it if the dead holder's settlement went through.
class PaidCall : public std::enable_shared_from_this<PaidCall>
{
public:
    // What the pre-check found: the requirement to send to the facilitator and the ledger's replay key.
    struct Claim
    {
        bool ok = false;
        QString reason;
        QJsonObject requirement;
        QString payer;
        QString nonce;
    };

    PaidCall(PaymentLedger &ledger, const FacilitatorClient &facilitator, Claim claim, QString operationId,
        QString requestHash, QJsonObject paymentPayload, PaymentGate::Deliver deliver,
        PaymentGate::Binding binding, std::function<void(const QString &reason)> challenge);

    void start();

    // How long the identical duplicate waits for the request that holds its payment: the facilitator's
    // verify and settle (each up to its timeout) and the handler together rarely take longer.
    static constexpr int DuplicateWaitMs = 60 * 1000;
    static constexpr int DuplicatePollMs = 50;
    // A reservation this old has lost its holder (killed, crashed): no call runs that long, as every
    // facilitator round trip and handler has a shorter timeout. The identical request takes it over.
    static constexpr qint64 AbandonedAfterMs = 5 * 60 * 1000;

private:
    void claim();
    void awaitHolder();
    void verified(Result<FacilitatorClient::Verdict> verdict);
    void delivered(Result<ReceiptSigner::Signed> result);
    void settled(Result<FacilitatorClient::Settlement> settlement, bool retried);
    void refuse(const QString &reason);
    void fail(const ServiceError &error);

    PaymentLedger &m_ledger;
    const FacilitatorClient &m_facilitator;
    Claim m_claim;
    QString m_operationId;
    QString m_requestHash;
    QJsonObject m_payment;
    PaymentGate::Deliver m_deliver;
    PaymentGate::Binding m_binding;
    std::function<void(const QString &reason)> m_challenge;
    PaymentRecord m_record;
    bool m_owned = false; // this call holds the ledger reservation and must release or settle it
    qint64 m_waitedMs = 0; // as an identical duplicate, waiting for the holder
    bool m_reclaimed = false; // claimed once more after the holder released the payment
    ReceiptSigner::Signed m_result;
};

} // namespace ades::x402
