#include "PreflightReport.h"

#include "PreflightFacts.h"
#include "core/CanonicalJson.h"
#include "core/CanonicalWriter.h"
#include "ops/chain/ChainEvidence.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

void writeSafeNextActions(CanonicalWriter &out, const QList<PreflightCheck> &checks)
{
    out.beginArray();
    bool any = false;
    const auto say = [&out, &any](QLatin1StringView action) {
        out.string(action);
        any = true;
    };
    for (const PreflightCheck &c : checks) {
        if (c.status == PreflightCheck::Status::Pass || c.status == PreflightCheck::Status::NotApplicable)
            continue;
        if (c.name == u"gas_vs_balance"_s)
            say("fund the sender or lower the value, then run the preflight again"_L1);
        else if (c.name == u"simulation"_s)
            say("do not send: fix the cause of the revert (see the decoded reason) first"_L1);
        else if (c.name == u"stuck_nonces"_s)
            say("wait for the pending transactions, or replace the stuck one at its nonce"_L1);
        else if (c.name == u"recipient_type"_s)
            say("confirm the recipient address with its owner through a second channel"_L1);
        else if (c.name == u"erc20_allowance"_s)
            say("approve the spender for the amount (a separate transaction you sign) or lower it"_L1);
        else if (c.name == u"sanctions_screen"_s)
            say("have a person review the counterparty before any payment"_L1);
    }
    if (!any)
        say("sign and send; re-run the preflight if the state may have changed meanwhile"_L1);
    out.endArray();
}

// The same few sentences for every preflight: written once, shared by every result.
const QByteArray &limitations(const ChainInfo &chain)
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
    static const QByteArray alwaysText = CanonicalJson::serialise(always);
    static const QByteArray rollupText = [] {
        QJsonArray list = always;
        list.append(u"gas costs cover execution only; the rollup's L1 data fee comes on top"_s);
        return CanonicalJson::serialise(list);
    }();
    return chain.rollup ? rollupText : alwaysText;
}

} // namespace

QByteArray preflightReport(const PreflightFacts &facts, const QDateTime &checkedAt)
{
    const QList<PreflightCheck> checks = facts.evaluate();
    const PreflightDecision decision = PreflightDecision::decide(checks);
    const RpcPool::Reply *first = nullptr;
    for (const auto *branch :
        { &facts.account, &facts.recipient, &facts.fees, &facts.simulation, &facts.tokenReads }) {
        if (*branch && (*branch)->ok()) {
            first = &(*branch)->value();
            break;
        }
    }
    CanonicalWriter out(6144);
    out.beginObject();
    writeChainEvidence(out, *facts.chain, *first, checkedAt);
    out.key("sources").beginArray();
    for (const auto *branch :
        { &facts.account, &facts.recipient, &facts.fees, &facts.simulation, &facts.tokenReads }) {
        if (*branch && (*branch)->ok())
            (*branch)->value().fetch.write(out);
    }
    out.endArray();
    out.key("sender").string(facts.sender.checksummed());
    out.key("to").string(facts.to.checksummed());
    out.key("value_wei").string(facts.value.toDecimal());
    out.key("decision").string(PreflightDecision::verdictName(decision.verdict));
    out.key("reasons").beginArray();
    for (const QString &reason : decision.reasons)
        out.string(reason);
    out.endArray();
    out.key("checks").beginArray();
    for (const PreflightCheck &c : checks)
        c.write(out);
    out.endArray();
    out.key("unknowns").beginArray();
    for (const PreflightCheck &c : checks) {
        if (c.status == PreflightCheck::Status::Unknown)
            out.beginObject().key("check").string(c.name).key("why").string(c.summary).endObject();
    }
    out.endArray();
    out.key("limitations").raw(limitations(*facts.chain));
    out.key("safe_next_actions");
    writeSafeNextActions(out, checks);
    out.key("signs_or_sends").boolean(false);
    out.endObject();
    return out.take();
}

} // namespace ades::chain
