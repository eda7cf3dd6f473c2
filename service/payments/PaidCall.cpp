#include "PaidCall.h"

#include "store/PaymentLedger.h"

#include <QJsonDocument>
#include <QTimer>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

constexpr auto SettlementPending = "settlement_pending";

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

PaidCall::PaidCall(PaymentLedger &ledger, const FacilitatorClient &facilitator, Claim claim,
    QString operationId, QString requestHash, QJsonObject paymentPayload, PaymentGate::Deliver deliver,
    PaymentGate::Binding binding, std::function<void(const QString &reason)> challenge)
    : m_ledger(ledger)
    , m_facilitator(facilitator)
    , m_claim(std::move(claim))
    , m_operationId(std::move(operationId))
    , m_requestHash(std::move(requestHash))
    , m_payment(std::move(paymentPayload))
    , m_deliver(std::move(deliver))
    , m_binding(std::move(binding))
    , m_challenge(std::move(challenge))
{ }

void PaidCall::start()
{
    if (m_binding.noted)
        m_binding.noted(PaymentGate::Settled { m_claim.payer, {}, {}, 0 });
    claim();
}

void PaidCall::claim()
{
    const QJsonObject &requirement = m_claim.requirement;
    PaymentRecord claim;
    claim.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    claim.payer = m_claim.payer;
    claim.nonce = m_claim.nonce;
    claim.network = requirement.value(u"network"_s).toString();
    claim.operationId = m_operationId;
    claim.requestHash = m_requestHash;
    claim.amountUnits = requirement.value(u"amount"_s).toString().toLongLong();
    claim.payTo = requirement.value(u"payTo"_s).toString();

    const Result<PaymentRecord> held = m_ledger.reservePayment(claim);
    if (!held.ok())
        return fail(held.error());
    m_record = held.value();
    m_owned = m_record.id == claim.id;
    if (!m_owned) {
        // docs/interface.md §3: an identical retry after a lost response gets the delivered result and is
        // not charged again.
        if (m_record.requestHash == m_requestHash) {
            if (m_record.state == PaymentRecord::State::Settled)
                return m_binding.delivered(m_record.resultJson, m_record.paymentResponse);
            return awaitHolder(); // the identical request is running, here or on another instance
        }
        // Spent, or in flight, for a different request.
        return refuse(m_record.state == PaymentRecord::State::Reserved ? u"payment_in_progress"_s
                                                                       : u"payment_already_used"_s);
    }

    auto self = shared_from_this();
    m_facilitator.verify(m_payment, requirement,
        [self](Result<FacilitatorClient::Verdict> verdict) { self->verified(std::move(verdict)); });
}

void PaidCall::awaitHolder()
{
    const std::optional<PaymentRecord> now = m_ledger.payment(m_record.payer, m_record.nonce);
    if (now && now->state == PaymentRecord::State::Settled && now->requestHash == m_requestHash)
        return m_binding.delivered(now->resultJson, now->paymentResponse);
    // The holder released it (its verify, handler or settlement failed: nothing was charged), or it died
    // holding it: this request may try the payment itself, once.
    const bool abandoned = now && now->state == PaymentRecord::State::Reserved
        && m_ledger.releaseAbandoned(now->id, AbandonedAfterMs);
    if (!now || abandoned) {
        if (m_reclaimed)
            return refuse(u"payment_in_progress"_s);
        m_reclaimed = true;
        return claim();
    }
    if (now->state == PaymentRecord::State::Settled || m_waitedMs >= DuplicateWaitMs)
        return refuse(now->state == PaymentRecord::State::Settled ? u"payment_already_used"_s
                                                                  : u"payment_in_progress"_s);
    // A timer of this I/O thread: the thread serves its other connections meanwhile.
    m_waitedMs += DuplicatePollMs;
    auto self = shared_from_this();
    QTimer::singleShot(DuplicatePollMs, [self] { self->awaitHolder(); });
}

void PaidCall::verified(Result<FacilitatorClient::Verdict> verdict)
{
    if (!verdict.ok())
        return fail(verdict.error());
    if (!verdict.value().valid)
        return refuse(verdict.value().reason.isEmpty() ? u"payment_invalid"_s : verdict.value().reason);
    // A Solana payer is known only now, from the facilitator.
    if (!verdict.value().payer.isEmpty() && verdict.value().payer != m_record.payer && m_binding.noted)
        m_binding.noted(PaymentGate::Settled { verdict.value().payer, {}, {}, 0 });
    auto self = shared_from_this();
    m_deliver([self](Result<ReceiptSigner::Signed> result) { self->delivered(std::move(result)); });
}

void PaidCall::delivered(Result<ReceiptSigner::Signed> result)
{
    if (!result.ok())
        return fail(result.error()); // docs/interface.md §7 rule 1: never settled
    m_result = std::move(result.value());
    auto self = shared_from_this();
    m_facilitator.settle(m_payment, m_claim.requirement,
        [self](Result<FacilitatorClient::Settlement> s) { self->settled(std::move(s), false); });
}

void PaidCall::settled(Result<FacilitatorClient::Settlement> settlement, bool retried)
{
    if (settlement.ok() && !settlement.value().success
        && settlement.value().reason == QLatin1String(SettlementPending) && !retried) {
        // As the x402 reference server does (x402 v2, exact EVM settle): retry once with the identical body;
        // the facilitator reconciles.
        auto self = shared_from_this();
        return m_facilitator.settle(m_payment, m_claim.requirement,
            [self](Result<FacilitatorClient::Settlement> s) { self->settled(std::move(s), true); });
    }
    if (!settlement.ok() || !settlement.value().success) {
        m_ledger.releasePayment(m_record.id);
        m_owned = false;
        const QJsonObject response = settlement.ok()
            ? settlement.value().response
            : QJsonObject { { u"success"_s, false }, { u"errorReason"_s, u"settlement_unavailable"_s },
                  { u"transaction"_s, QString() }, { u"network"_s, m_record.network } };
        return m_binding.settlementFailed(response);
    }
    const QJsonObject &response = settlement.value().response;
    const QByteArray &body = m_result.body.canonical();
    const QByteArray responseJson = compact(response);
    if (!m_ledger.settlePayment(m_record.id, settlement.value().transaction,
            m_result.receipt.value(u"result_hash"_s).toString(), body, responseJson))
        qWarning("x402: settled payment %s could not be recorded with its result", qPrintable(m_record.id));
    if (m_binding.noted) {
        const QString payer = settlement.value().payer.isEmpty() ? m_record.payer : settlement.value().payer;
        m_binding.noted(PaymentGate::Settled {
            payer, m_record.network, settlement.value().transaction, m_record.amountUnits });
    }
    if (m_binding.settled)
        m_binding.settled(body);
    m_binding.delivered(body, responseJson);
}

void PaidCall::refuse(const QString &reason)
{
    if (m_owned)
        m_ledger.releasePayment(m_record.id);
    m_challenge(reason);
}

void PaidCall::fail(const ServiceError &error)
{
    if (m_owned)
        m_ledger.releasePayment(m_record.id);
    m_binding.failed(error);
}

} // namespace ades::x402
