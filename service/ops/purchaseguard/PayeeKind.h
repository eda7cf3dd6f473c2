#pragma once

#include "catalog/Operation.h"

#include <QJsonObject>
#include <QString>
#include <functional>

namespace ades {
class Catalog;
}

namespace ades::guard {

class PurchaseDecision;

// What kind of address a payTo is, read from live bytecode by the chain area's catalog operation
// (chain.contract.info, docs/chain.md): the guard's area never includes the chain area's classes. Funds sent
// to a precompile or a chain's system address are gone; funds sent to a contract can only leave again by that
// contract's code (a seller's smart wallet can pay them on, a token or vault contract often cannot), so the
// guard blocks the first and asks for review on the second. An EOA, with or without an EIP-7702
// delegation, is what a seller's wallet normally is and changes nothing.
class PayeeKind
{
public:
    enum class State
    {
        Read, // the chain answered: addressType and evidence are set
        NotServed, // the chain area is absent or does not serve this network: the check is not run
    };

    State state = State::NotServed;
    QString addressType; // "deployed_contract", "eoa_or_empty", "precompile_or_system_address"
    QJsonObject evidence; // the chain operation's result: chain, block, code size, sources, ...
    QString notServedWhy;

    static QString checkName(); // "payto_kind", as listed in checks_run / checks_not_run
    static QString operationId(); // "chain.contract.info"

    // Reads the kind of `address` on x402 network `networkKey` ("base", "arbitrum", ...). `done` runs once,
    // on the calling thread, with the kind or the chain's uncharged 503 (an unreachable node).
    static void read(const Catalog &catalog, const QString &networkKey, const QString &address,
        const CallContext &context, std::function<void(Result<PayeeKind>)> done);

    // The decision's reason for this kind, when it has one.
    void judge(PurchaseDecision &decision, const QString &payTo) const;
    // `payto_kind` of the answer: the evidence, or why the check did not run.
    QJsonValue toJson() const;
};

} // namespace ades::guard
