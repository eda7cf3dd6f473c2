#include "GasEstimate.h"

#include "FeeQuote.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/ChainPools.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

std::optional<ServiceError> checkGasEstimate(const QJsonObject &args)
{
    using namespace ChainArguments;
    return firstProblem({ checkChain(args), problemOf(optionalAddress(args, u"sender"_s)),
        problemOf(optionalAddress(args, u"to"_s)), problemOf(calldata(args, u"data"_s)),
        problemOf(amount(args.value(u"value_native"_s), 18, u"value_native"_s)) });
}

Handler makeGasEstimateHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const bool estimate = ChainArguments::optionalAddress(args, u"to"_s).value().has_value();
        QList<RpcCall> calls { FeeQuote::feeHistoryCall(), { u"eth_maxPriorityFeePerGas"_s, {} },
            { u"eth_gasPrice"_s, {} } };
        if (estimate)
            calls.append({ u"eth_estimateGas"_s, { ChainArguments::transaction(args, u"value_native"_s) } });
        pool.call(calls, [&pool, &clock, estimate, done](Result<RpcPool::Reply> reply) {
            if (!reply.ok())
                return done(reply.error());
            const auto &answers = reply.value().answers;
            const FeeQuote quote = FeeQuote::read(answers[0], answers[1], answers[2]);
            QJsonArray notes;
            if (quote.priorityFeeDerived)
                notes.append(u"priority fee derived from eth_gasPrice minus the base fee"_s);
            if (!quote.gasPrice && !quote.baseFee)
                return done(ServiceError::sourceUnavailable(pool.chain().sourceId(),
                    u"%1 answered neither a base fee nor a gas price. Nothing was charged."_s.arg(
                        reply.value().endpoint)));
            QJsonObject result = chainEvidence(pool, reply.value(), clock);
            result.insert(u"fees"_s, quote.toJson());
            result.insert(u"symbol"_s, pool.chain().nativeSymbol);
            if (estimate) {
                const RpcAnswer &answer = answers[3];
                QJsonObject gas { { u"requested"_s, true } };
                if (const auto limit = answer.quantity()) {
                    gas = quote.costOf(*limit);
                    gas.insert(u"estimate_gas"_s, limit->toDecimal());
                    gas.insert(u"reverts"_s, false);
                } else {
                    gas.insert(u"estimate_gas"_s, QJsonValue());
                    gas.insert(u"reverts"_s, answer.isRevert());
                    if (answer.isRevert())
                        gas.insert(u"revert"_s, RevertReason::decode(answer.revertData()).toJson());
                    else
                        gas.insert(u"error"_s, answer.errorMessage());
                }
                result.insert(u"estimate"_s, gas);
            } else {
                result.insert(u"estimate"_s, QJsonValue());
                notes.append(
                    u"no eth_estimateGas: pass 'to' (and 'sender', 'data', 'value_native') for a gas limit"_s);
            }
            QJsonArray excluded;
            if (pool.chain().rollup) {
                excluded = { u"l1_data_fee"_s, u"operator_fee"_s };
                notes.append(u"%1 is a rollup: the L1 data fee (and an operator fee where the chain charges "
                             "one) come on top of the execution fee shown"_s.arg(pool.chain().title));
            }
            result.insert(u"excluded_components"_s, excluded);
            result.insert(u"notes"_s, notes);
            done(OperationResult { result, pool.chain().name });
        });
    };
}

} // namespace ades::chain
