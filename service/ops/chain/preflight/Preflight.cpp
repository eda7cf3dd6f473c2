#include "Preflight.h"

#include "CounterpartyScreen.h"
#include "PreflightFacts.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/rpc/CallGroup.h"
#include "ops/chain/rpc/ChainPools.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

RpcCall ethCall(const EvmAddress &to, const QByteArray &data)
{
    return { u"eth_call"_s,
        { QJsonObject { { u"to"_s, to.lower() }, { u"data"_s, Hex::fromData(data) } }, u"latest"_s } };
}

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

QJsonArray limitations(const ChainInfo &chain)
{
    QJsonArray list {
        u"checks use the latest block; the state can change before the transaction is included"_s,
        u"the sanctions lists name few on-chain addresses: the address is screened as text against listed "
        "names and identifiers, and no hit is not a clearance"_s,
        u"the recipient type comes from bytecode; it says nothing about who controls the address"_s,
        u"transactions queued behind a nonce gap are seen only where the endpoint exposes its pool "
        "(txpool_contentFrom or txpool_content); most public endpoints do not"_s,
    };
    if (chain.rollup)
        list.append(u"gas costs cover execution only; the rollup's L1 data fee comes on top"_s);
    return list;
}

} // namespace

std::optional<ServiceError> checkPreflight(const QJsonObject &args)
{
    using namespace ChainArguments;
    std::optional<ServiceError> amountProblem;
    if (const QJsonValue v = args.value(u"amount"_s); !v.isUndefined() && !v.isNull())
        amountProblem = problemOf(ChainArguments::amount(v, 30, u"amount"_s));
    return firstProblem({ checkChain(args), problemOf(address(args, u"sender"_s)),
        problemOf(address(args, u"to"_s)), problemOf(calldata(args, u"data"_s)),
        problemOf(ChainArguments::amount(args.value(u"value_eth"_s), 18, u"value_eth"_s)),
        problemOf(optionalAddress(args, u"token"_s)), problemOf(optionalAddress(args, u"spender"_s)),
        amountProblem });
}

Handler makePreflightHandler(const ChainPools &pools, const CounterpartyScreen &screen, const Clock &clock)
{
    return [&pools, &screen, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        auto facts = std::make_shared<PreflightFacts>();
        facts->chain = &pool.chain();
        facts->sender = ChainArguments::address(args, u"sender"_s).value();
        facts->to = ChainArguments::address(args, u"to"_s).value();
        facts->value = ChainArguments::amount(args.value(u"value_eth"_s), 18, u"value_eth"_s).value();
        facts->data = ChainArguments::calldata(args, u"data"_s).value();
        facts->token = ChainArguments::optionalAddress(args, u"token"_s).value();
        facts->spender = ChainArguments::optionalAddress(args, u"spender"_s).value();
        facts->amountText = ChainArguments::amountText(args.value(u"amount"_s));
        const QJsonObject tx = ChainArguments::transaction(args, u"value_eth"_s);
        const QString sender = facts->sender.lower();
        QStringList counterparties { facts->to.checksummed() };
        if (facts->spender && *facts->spender != facts->to)
            counterparties.append(facts->spender->checksummed());

        const int branches = 5 + (facts->token ? 1 : 0) + int(counterparties.size());
        auto group = CallGroup::start(branches, [facts, &pool, &clock, done]() {
            if (facts->chainUnreachable())
                return done(facts->account->error()); // 503 naming evm-<chain>: a decision needs the chain
            const QList<PreflightCheck> checks = facts->evaluate();
            const PreflightDecision decision = PreflightDecision::decide(checks);
            const RpcPool::Reply *first = nullptr;
            QJsonArray sources;
            for (const auto *branch : { &facts->account, &facts->recipient, &facts->fees, &facts->simulation,
                     &facts->tokenReads }) {
                if (*branch && (*branch)->ok()) {
                    first = first ? first : &(*branch)->value();
                    sources.append((*branch)->value().snapshot);
                }
            }
            QJsonObject result = chainEvidence(pool, *first, clock);
            result.insert(u"sources"_s, sources);
            result.insert(u"sender"_s, facts->sender.checksummed());
            result.insert(u"to"_s, facts->to.checksummed());
            result.insert(u"value_wei"_s, facts->value.toDecimal());
            result.insert(u"decision"_s, PreflightDecision::verdictName(decision.verdict));
            result.insert(u"reasons"_s, QJsonArray::fromStringList(decision.reasons));
            QJsonArray checkArray;
            QJsonArray unknowns;
            for (const PreflightCheck &c : checks) {
                checkArray.append(c.toJson());
                if (c.status == PreflightCheck::Status::Unknown)
                    unknowns.append(QJsonObject { { u"check"_s, c.name }, { u"why"_s, c.summary } });
            }
            result.insert(u"checks"_s, checkArray);
            result.insert(u"unknowns"_s, unknowns);
            result.insert(u"limitations"_s, limitations(pool.chain()));
            result.insert(u"safe_next_actions"_s, safeNextActions(checks));
            result.insert(u"signs_or_sends"_s, false);
            done(OperationResult {
                result, facts->sender.checksummed() + u" -> "_s + facts->to.checksummed() });
        });
        const auto into = [group](std::optional<Result<RpcPool::Reply>> &slot) {
            return [group, &slot](Result<RpcPool::Reply> reply) {
                slot.emplace(std::move(reply));
                group->arrive();
            };
        };
        // Independent reads go out at once; the wall time is the slowest of them.
        pool.call({ { u"eth_getBalance"_s, { sender, u"latest"_s } },
                      { u"eth_getTransactionCount"_s, { sender, u"pending"_s } },
                      { u"eth_getTransactionCount"_s, { sender, u"latest"_s } } },
            into(facts->account));
        pool.call({ { u"eth_getCode"_s, { facts->to.lower(), u"latest"_s } } }, into(facts->recipient));
        pool.call({ { u"eth_getBlockByNumber"_s, { u"latest"_s, false } }, { u"eth_gasPrice"_s, {} },
                      { u"eth_maxPriorityFeePerGas"_s, {} } },
            into(facts->fees));
        pool.call({ { u"eth_call"_s, { tx, u"latest"_s } }, { u"eth_estimateGas"_s, { tx } } },
            into(facts->simulation));
        // Queued transactions: txpool_contentFrom where the node has it, else txpool_content (ganache).
        pool.call(
            { { u"txpool_contentFrom"_s, { sender } } },
            [&pool, facts, group, sender](Result<RpcPool::Reply> reply) {
                if (reply.ok() && reply.value().answers.first().isError()) {
                    pool.call(
                        { { u"txpool_content"_s, {} } },
                        [facts, group](Result<RpcPool::Reply> whole) {
                            facts->txpool.emplace(std::move(whole));
                            group->arrive();
                        },
                        RpcPool::Mode::Probe);
                    return;
                }
                facts->txpool.emplace(std::move(reply));
                group->arrive();
            },
            RpcPool::Mode::Probe);
        if (facts->token) {
            const EvmAddress spender = facts->spender.value_or(facts->to);
            pool.call({ ethCall(*facts->token, Erc20::balanceOf(facts->sender)),
                          ethCall(*facts->token, Erc20::allowance(facts->sender, spender)),
                          ethCall(*facts->token, Erc20::decimals()) },
                into(facts->tokenReads));
        }
        for (const QString &counterparty : std::as_const(counterparties)) {
            screen.screen(counterparty, [facts, group, counterparty](Result<QJsonObject> screened) {
                facts->screens.append({ counterparty, std::move(screened) });
                group->arrive();
            });
        }
    };
}

} // namespace ades::chain
