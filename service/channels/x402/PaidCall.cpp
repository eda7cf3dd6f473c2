#include "PaidCall.h"

#include "channels/Delivery.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QJsonDocument>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr auto SettlementPending = "settlement_pending";

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

PaidCall::PaidCall(ServiceContext &context, const x402::FacilitatorClient &facilitator,
    const Operation &operation, Channel channel, QJsonObject arguments, QJsonObject paymentPayload,
    x402::ExactEvmPrecheck::Outcome precheck, QString requestHash, Sink sink)
    : m_context(context)
    , m_facilitator(facilitator)
    , m_operation(operation)
    , m_arguments(std::move(arguments))
    , m_payment(std::move(paymentPayload))
    , m_precheck(std::move(precheck))
    , m_requestHash(std::move(requestHash))
    , m_channel(channel)
    , m_sink(std::move(sink))
{ }

void PaidCall::start()
{
    const QJsonObject &requirement = m_precheck.requirement;
    PaymentRecord claim;
    claim.payer = m_precheck.authorization.from;
    claim.nonce = m_precheck.authorization.nonce;
    claim.network = requirement.value(u"network"_s).toString();
    claim.operationId = m_operation.id;
    claim.requestHash = m_requestHash;
    claim.amountUnits = requirement.value(u"amount"_s).toString().toLongLong();
    claim.payTo = requirement.value(u"payTo"_s).toString();
    if (m_sink.noted)
        m_sink.noted(claim.payer, {}, {}, 0);

    claim.id = QUuid::createUuid().toString(QUuid::WithoutBraces);

    const Result<PaymentRecord> held = m_context.store().payments().reservePayment(claim);
    if (!held.ok())
        return fail(held.error());
    m_record = held.value();
    m_owned = m_record.id == claim.id;
    if (!m_owned) {
        // SPEC §3: an identical retry after a lost response gets the delivered result, no second charge.
        if (m_record.state == PaymentRecord::State::Settled && m_record.requestHash == m_requestHash)
            return m_sink.delivered(m_record.resultJson, m_record.paymentResponse);
        // In flight for another request (or a concurrent duplicate), or spent on a different request.
        return refuse(m_record.state == PaymentRecord::State::Reserved ? u"payment_in_progress"_s
                                                                       : u"payment_already_used"_s);
    }

    auto self = shared_from_this();
    m_facilitator.verify(m_payment, requirement,
        [self](Result<x402::FacilitatorClient::Verdict> verdict) { self->verified(verdict); });
}

void PaidCall::verified(Result<x402::FacilitatorClient::Verdict> verdict)
{
    if (!verdict.ok())
        return fail(verdict.error());
    if (!verdict.value().valid)
        return refuse(verdict.value().reason.isEmpty() ? u"payment_invalid"_s : verdict.value().reason);
    auto self = shared_from_this();
    m_operation.handler(m_arguments, CallContext { m_channel, QString() },
        [self](Outcome outcome) { self->delivered(std::move(outcome)); });
}

void PaidCall::delivered(Outcome outcome)
{
    if (!outcome.ok())
        return fail(outcome.error()); // SPEC §7 rule 1: never settled
    m_body = Delivery::signAndRecord(m_context, m_operation, outcome.value(), m_channel);
    auto self = shared_from_this();
    m_facilitator.settle(m_payment, m_precheck.requirement,
        [self](Result<x402::FacilitatorClient::Settlement> s) { self->settled(std::move(s), false); });
}

void PaidCall::settled(Result<x402::FacilitatorClient::Settlement> settlement, bool retried)
{
    if (settlement.ok() && !settlement.value().success
        && settlement.value().reason == QLatin1String(SettlementPending) && !retried) {
        // reference/x402.md §2.5: retry once with the identical body; the facilitator reconciles.
        auto self = shared_from_this();
        return m_facilitator.settle(m_payment, m_precheck.requirement,
            [self](Result<x402::FacilitatorClient::Settlement> s) { self->settled(std::move(s), true); });
    }
    if (!settlement.ok() || !settlement.value().success) {
        m_context.store().payments().releasePayment(m_record.id);
        m_owned = false;
        const QJsonObject response = settlement.ok()
            ? settlement.value().response
            : QJsonObject { { u"success"_s, false }, { u"errorReason"_s, u"settlement_unavailable"_s },
                  { u"transaction"_s, QString() }, { u"network"_s, m_record.network } };
        return m_sink.settlementFailed(response);
    }
    const QJsonObject &response = settlement.value().response;
    const QByteArray body = compact(m_body);
    const QByteArray responseJson = compact(response);
    if (!m_context.store().payments().settlePayment(m_record.id, settlement.value().transaction,
            m_body.value(u"receipt"_s).toObject().value(u"result_hash"_s).toString(), body, responseJson))
        qWarning("x402: settled payment %s could not be recorded with its result", qPrintable(m_record.id));
    if (m_sink.noted)
        m_sink.noted(m_record.payer, m_record.network, settlement.value().transaction, m_record.amountUnits);
    m_sink.delivered(body, responseJson);
}

void PaidCall::refuse(const QString &error)
{
    if (m_owned)
        m_context.store().payments().releasePayment(m_record.id);
    m_sink.refused(error);
}

void PaidCall::fail(const ServiceError &error)
{
    if (m_owned)
        m_context.store().payments().releasePayment(m_record.id);
    m_sink.failed(error);
}

} // namespace ades
