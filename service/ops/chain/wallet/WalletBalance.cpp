#include "WalletBalance.h"

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
            const auto &answers = reply.value().answers;
            const auto balance = answers[0].quantity();
            const auto pending = answers[1].quantity();
            const auto latest = answers[2].quantity();
            if (!balance || !pending || !latest)
                return done(ServiceError::sourceUnavailable(pool.chain().sourceId(),
                    u"%1 did not answer the balance and nonce queries (%2). Nothing was charged."_s.arg(
                        reply.value().endpoint, answers[0].errorMessage() + answers[1].errorMessage())));
            QJsonObject result = chainEvidence(pool, reply.value(), clock);
            result.insert(u"address"_s, address.checksummed());
            result.insert(u"balance_wei"_s, balance->toDecimal());
            result.insert(u"balance"_s, balance->toUnits(18));
            result.insert(u"symbol"_s, pool.chain().nativeSymbol);
            result.insert(u"nonce_pending"_s, pending->toDecimal());
            result.insert(u"nonce_latest"_s, latest->toDecimal());
            const auto queued = Uint256::subtract(*pending, *latest);
            result.insert(u"pending_transactions"_s, queued ? queued->toDecimal() : u"0"_s);
            done(OperationResult { result, address.checksummed() });
        });
    };
}

} // namespace ades::chain
