#include "PaymentGate.h"

#include "PaidCall.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "payments/ExactEvmPrecheck.h"
#include "payments/ExactSvmPrecheck.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

// The local pre-check for the network the payment accepts: what the ledger claims and what goes to the
// facilitator.
PaidCall::Claim precheck(const QJsonObject &payment, const QList<QJsonObject> &requirements, qint64 now)
{
    PaidCall::Claim claim;
    const QString network = payment.value(u"accepted"_s).toObject().value(u"network"_s).toString();
    if (ExactSvmPrecheck::isSvmNetwork(network)) {
        const ExactSvmPrecheck::Outcome svm = ExactSvmPrecheck::check(payment, requirements);
        claim.ok = svm.ok;
        claim.reason = svm.reason;
        claim.requirement = svm.requirement;
        // The payer is known only after /verify; the transaction is the replay key within its network.
        claim.payer = network;
        claim.nonce = svm.transactionHash;
        return claim;
    }
    const ExactEvmPrecheck::Outcome evm = ExactEvmPrecheck::check(payment, requirements, now);
    claim.ok = evm.ok;
    claim.reason = evm.reason;
    claim.requirement = evm.requirement;
    claim.payer = evm.authorization.from;
    claim.nonce = evm.authorization.nonce;
    return claim;
}

void sendChallenge(const X402Offers &offers, const PaymentGate::Call &call,
    const PaymentGate::Binding &binding, const QString &reason)
{
    binding.paymentRequired(offers.paymentRequired(call.price, call.resource, call.description, reason));
}

// take()'s steps before the ledger: configuration, requirements, the payment's presence and the local
// pre-check. The claim when the call may go on; otherwise the binding has been answered.
std::optional<PaidCall::Claim> screen(
    const X402Offers &offers, qint64 now, const PaymentGate::Call &call, const PaymentGate::Binding &binding)
{
    if (!offers.isConfigured()) {
        binding.failed(X402Offers::notConfiguredError());
        return std::nullopt;
    }
    const QList<QJsonObject> requirements = offers.requirements(call.price);
    if (requirements.isEmpty()) {
        binding.failed(X402Offers::noNetworkError());
        return std::nullopt;
    }
    if (!call.payment) {
        sendChallenge(offers, call, binding,
            call.paymentProblem.isEmpty() ? u"Payment required"_s : call.paymentProblem);
        return std::nullopt;
    }
    PaidCall::Claim claim = precheck(*call.payment, requirements, now);
    if (!claim.ok) {
        sendChallenge(offers, call, binding, claim.reason);
        return std::nullopt;
    }
    return claim;
}

} // namespace

PaymentGate::PaymentGate(const Settings &settings, const NetworkGate &networks,
    const UpstreamClient &upstream, const Clock &clock, PaymentLedger &ledger)
    : m_offers(settings, &networks)
    , m_facilitator(upstream)
    , m_clock(clock)
    , m_ledger(ledger)
{
    const QStringList warnings = m_offers.warnings();
    for (const QString &warning : warnings)
        qWarning("x402: %s", qPrintable(warning));
}

bool PaymentGate::refuseBeforeArguments(const Call &call, const Binding &binding) const
{
    return !screen(m_offers, m_clock.now().toSecsSinceEpoch(), call, binding).has_value();
}

void PaymentGate::take(Call call, Deliver deliver, Binding binding) const
{
    std::optional<PaidCall::Claim> claim = screen(m_offers, m_clock.now().toSecsSinceEpoch(), call, binding);
    if (!claim)
        return;

    const X402Offers &offers = m_offers;
    auto challenge = [&offers, call, paymentRequired = binding.paymentRequired](const QString &reason) {
        paymentRequired(offers.paymentRequired(call.price, call.resource, call.description, reason));
    };
    const QByteArray requestHash
        = QCryptographicHash::hash(QByteArray(call.request + '\n' + CanonicalJson::serialise(call.arguments)),
            QCryptographicHash::Sha256)
              .toHex();
    auto paid = std::make_shared<PaidCall>(m_ledger, m_facilitator, std::move(*claim), call.operationId,
        QString::fromLatin1(requestHash), *call.payment, std::move(deliver), std::move(binding),
        std::move(challenge));
    paid->start();
}

} // namespace ades::x402
