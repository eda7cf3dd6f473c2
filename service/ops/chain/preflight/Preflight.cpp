#include "Preflight.h"

#include "CounterpartyScreen.h"
#include "PreflightFacts.h"
#include "PreflightReport.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/gas/FeeQuote.h"
#include "ops/chain/rpc/ChainPools.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

RpcCall ethCall(const EvmAddress &to, const QByteArray &data)
{
    return { u"eth_call"_s,
        { QJsonObject { { u"to"_s, to.lower() }, { u"data"_s, Hex::fromData(data) } }, u"latest"_s } };
}

} // namespace

std::optional<ServiceError> checkPreflight(const QJsonObject &args)
{
    using namespace ChainArguments;
    return firstProblem({ checkChain(args), problemOf(address(args, u"sender"_s)),
        problemOf(address(args, u"to"_s)), problemOf(calldata(args, u"data"_s)),
        problemOf(ChainArguments::amount(args.value(u"value_eth"_s), 18, u"value_eth"_s)),
        problemOf(optionalAddress(args, u"token"_s)), problemOf(optionalAddress(args, u"spender"_s)),
        checkTokenAmount(args.value(u"amount"_s), u"amount"_s) });
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
        auto group = CallGroup::start(branches, [facts, &clock, done]() {
            if (facts->chainUnreachable())
                return done(facts->account->error()); // 503 naming evm-<chain>: a decision needs the chain
            done(OperationResult { JsonBody::fromCanonical(preflightReport(*facts, clock.now())),
                facts->sender.checksummed() + u" -> "_s + facts->to.checksummed() });
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
        pool.call(
            { FeeQuote::feeHistoryCall(), { u"eth_gasPrice"_s, {} }, { u"eth_maxPriorityFeePerGas"_s, {} } },
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
