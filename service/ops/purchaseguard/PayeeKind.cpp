#include "PayeeKind.h"

#include "PurchaseDecision.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"

using namespace Qt::StringLiterals;

namespace ades::guard {

QString PayeeKind::checkName()
{
    return u"payto_kind"_s;
}

QString PayeeKind::operationId()
{
    return u"chain.contract.info"_s;
}

namespace {

PayeeKind notServed(const QString &why)
{
    PayeeKind kind;
    kind.notServedWhy = why;
    return kind;
}

} // namespace

void PayeeKind::read(const Catalog &catalog, const QString &networkKey, const QString &address,
    const CallContext &context, std::function<void(Result<PayeeKind>)> done)
{
    const Operation *info = catalog.find(operationId());
    const Exposure *exposure = info ? info->exposure(Channel::Cli) : nullptr;
    if (!exposure)
        return done(notServed(u"This service has no chain data area."_s));
    // The x402 network keys of the mainnets (base, arbitrum, polygon) are the chain area's chain names; a
    // test network is not one of its chains, which the operation's own argument check answers.
    Invoker::invoke(*info, *exposure, QJsonObject { { u"address"_s, address }, { u"chain"_s, networkKey } },
        context, [networkKey, done](Outcome outcome) {
            if (!outcome.ok()) {
                if (outcome.error().code() == u"unknown_chain"_s)
                    return done(notServed(u"The chain data area does not serve %1."_s.arg(networkKey)));
                return done(outcome.error()); // the node did not answer: uncharged 503 naming it
            }
            PayeeKind kind;
            kind.state = State::Read;
            kind.evidence = outcome.value().data;
            kind.addressType = kind.evidence.value(u"address_type"_s).toString();
            done(kind);
        });
}

void PayeeKind::judge(PurchaseDecision &decision, const QString &payTo) const
{
    if (state != State::Read)
        return;
    const QString chain = evidence.value(u"chain"_s).toString();
    if (addressType == u"precompile_or_system_address"_s)
        decision.addPayeeCheck(u"payto_system_address"_s, true, false,
            u"payTo %1 is a precompile or system address on %2 (%3): nobody can spend what is sent there."_s
                .arg(payTo, chain, evidence.value(u"system_name"_s).toString()));
    else if (addressType == u"deployed_contract"_s)
        decision.addPayeeCheck(u"payto_contract"_s, false, true,
            u"payTo %1 is a contract on %2 (%3 bytes of code): only its code can move what it receives. A "
            "seller's smart-contract wallet is such a contract, a token or vault contract may never pay the "
            "funds on; confirm it is the seller's wallet."_s.arg(payTo, chain)
                .arg(evidence.value(u"code_size"_s).toInteger()));
}

QJsonValue PayeeKind::toJson() const
{
    if (state == State::Read)
        return evidence;
    return QJsonObject { { u"checked"_s, false }, { u"why"_s, notServedWhy } };
}

} // namespace ades::guard
