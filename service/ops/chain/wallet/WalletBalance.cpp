#include "WalletBalance.h"

#include "core/Clock.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/rpc/ChainPools.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

std::optional<ServiceError> checkWalletBalance(const QJsonObject &args)
{
    return ChainArguments::firstProblem({ ChainArguments::checkChain(args),
        ChainArguments::problemOf(ChainArguments::address(args, u"address"_s)) });
}

Result<QJsonObject> walletBalanceResult(const ChainInfo &chain, const RpcPool::Reply &reply,
    const EvmAddress &address, const QDateTime &checkedAt)
{
    const auto &answers = reply.answers;
    const auto balance = answers[0].quantity();
    const auto pending = answers[1].quantity();
    const auto latest = answers[2].quantity();
    if (!balance || !pending || !latest)
        return ServiceError::sourceUnavailable(chain.sourceId(),
            u"%1 did not answer the balance and nonce queries (%2). Nothing was charged."_s.arg(
                reply.endpoint, answers[0].errorMessage() + answers[1].errorMessage()));
    QJsonObject result = chainEvidence(chain, reply, checkedAt);
    result.insert(u"address"_s, address.checksummed());
    result.insert(u"balance_wei"_s, balance->toDecimal());
    result.insert(u"balance"_s, balance->toUnits(18));
    result.insert(u"symbol"_s, chain.nativeSymbol);
    result.insert(u"nonce_pending"_s, pending->toDecimal());
    result.insert(u"nonce_latest"_s, latest->toDecimal());
    const auto queued = Uint256::subtract(*pending, *latest);
    result.insert(u"pending_transactions"_s, queued ? queued->toDecimal() : u"0"_s);
    return result;
}

Handler makeWalletBalanceHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const EvmAddress address = ChainArguments::address(args, u"address"_s).value();
        const QList<RpcCall> calls { { u"eth_getBalance"_s, { address.lower(), u"latest"_s } },
            { u"eth_getTransactionCount"_s, { address.lower(), u"pending"_s } },
            { u"eth_getTransactionCount"_s, { address.lower(), u"latest"_s } } };
        pool.call(calls, [&pool, &clock, address, done](Result<RpcPool::Reply> reply) {
            if (!reply.ok())
                return done(reply.error());
            Result<QJsonObject> result
                = walletBalanceResult(pool.chain(), reply.value(), address, clock.now());
            if (!result.ok())
                return done(result.error());
            done(OperationResult { result.value(), address.checksummed() });
        });
    };
}

} // namespace ades::chain
