#include "PreflightReport.h"

#include "PreflightFacts.h"
#include "core/JsonShape.h"
#include "ops/chain/ChainEvidence.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

QJsonArray safeNextActions(const QList<PreflightCheck> &checks)
{
    QJsonArray actions;
    for (const PreflightCheck &c : checks) {
        if (c.status == PreflightCheck::Status::Pass || c.status == PreflightCheck::Status::NotApplicable)
            continue;
        if (c.name == u"gas_vs_balance"_s)
            actions.append(u"fund the sender or lower the value, then run the preflight again"_s);
        else if (c.name == u"simulation"_s)
            actions.append(u"do not send: fix the cause of the revert (see the decoded reason) first"_s);
        else if (c.name == u"stuck_nonces"_s)
            actions.append(u"wait for the pending transactions, or replace the stuck one at its nonce"_s);
        else if (c.name == u"recipient_type"_s)
            actions.append(u"confirm the recipient address with its owner through a second channel"_s);
        else if (c.name == u"erc20_allowance"_s)
            actions.append(
                u"approve the spender for the amount (a separate transaction you sign) or lower it"_s);
        else if (c.name == u"sanctions_screen"_s)
            actions.append(u"have a person review the counterparty before any payment"_s);
    }
    if (actions.isEmpty())
        actions.append(u"sign and send; re-run the preflight if the state may have changed meanwhile"_s);
    return actions;
}

// The same few sentences for every preflight: built once, shared by every result.
const QJsonArray &limitations(const ChainInfo &chain)
{
    static const QJsonArray always {
        u"checks use the latest block; the state can change before the transaction is included"_s,
        u"the sanctions lists name few on-chain addresses: the address is looked up among those they name "
        u"and "
        "screened as text against listed names and identifiers, and no hit is not a clearance"_s,
        u"the recipient type comes from bytecode; it says nothing about who controls the address"_s,
        u"transactions queued behind a nonce gap are seen only where the endpoint exposes its pool "
        "(txpool_contentFrom or txpool_content); most public endpoints do not"_s,
    };
    static const QJsonArray rollup = [] {
        QJsonArray list = always;
        list.append(u"gas costs cover execution only; the rollup's L1 data fee comes on top"_s);
        return list;
    }();
    return chain.rollup ? rollup : always;
}

} // namespace

QJsonObject preflightReport(const PreflightFacts &facts, const QDateTime &checkedAt)
{
    const QList<PreflightCheck> checks = facts.evaluate();
    const PreflightDecision decision = PreflightDecision::decide(checks);
    const RpcPool::Reply *first = nullptr;
    QJsonArray sources;
    for (const auto *branch :
        { &facts.account, &facts.recipient, &facts.fees, &facts.simulation, &facts.tokenReads }) {
        if (*branch && (*branch)->ok()) {
            first = first ? first : &(*branch)->value();
            sources.append((*branch)->value().snapshot);
        }
    }
    static const QJsonObject shape = chainEvidenceShape(
        { u"checks"_s, u"decision"_s, u"limitations"_s, u"reasons"_s, u"safe_next_actions"_s, u"sender"_s,
            u"signs_or_sends"_s, u"to"_s, u"unknowns"_s, u"value_wei"_s });
    QJsonObject result = chainEvidence(*facts.chain, *first, checkedAt, sources, shape);
    result.insert(u"sender"_s, facts.sender.checksummed());
    result.insert(u"to"_s, facts.to.checksummed());
    result.insert(u"value_wei"_s, facts.value.toDecimal());
    result.insert(u"decision"_s, PreflightDecision::verdictName(decision.verdict));
    result.insert(u"reasons"_s, QJsonArray::fromStringList(decision.reasons));
    static const QJsonObject unknownShape = jsonShape({ u"check"_s, u"why"_s });
    QJsonArray checkArray;
    QJsonArray unknowns;
    for (const PreflightCheck &c : checks) {
        checkArray.append(c.toJson());
        if (c.status == PreflightCheck::Status::Unknown) {
            QJsonObject unknown = unknownShape;
            unknown.insert(u"check"_s, c.name);
            unknown.insert(u"why"_s, c.summary);
            unknowns.append(unknown);
        }
    }
    result.insert(u"checks"_s, checkArray);
    result.insert(u"unknowns"_s, unknowns);
    result.insert(u"limitations"_s, limitations(*facts.chain));
    result.insert(u"safe_next_actions"_s, safeNextActions(checks));
    result.insert(u"signs_or_sends"_s, false);
    return result;
}

} // namespace ades::chain
