#include "ContractInfo.h"

#include "AddressKind.h"
#include "crypto/Keccak256.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/rpc/ChainPools.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

std::optional<ServiceError> checkContractInfo(const QJsonObject &args)
{
    return ChainArguments::firstProblem({ ChainArguments::checkChain(args),
        ChainArguments::problemOf(ChainArguments::address(args, u"address"_s)) });
}

Handler makeContractInfoHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const EvmAddress address = ChainArguments::address(args, u"address"_s).value();
        const QList<RpcCall> calls { { u"eth_getCode"_s, { address.lower(), u"latest"_s } },
            { u"eth_getBalance"_s, { address.lower(), u"latest"_s } },
            { u"eth_getTransactionCount"_s, { address.lower(), u"latest"_s } } };
        pool.call(calls, [&pool, &clock, address, done](Result<RpcPool::Reply> reply) {
            if (!reply.ok())
                return done(reply.error());
            const auto &answers = reply.value().answers;
            const auto code = answers[0].data();
            const auto balance = answers[1].quantity();
            const auto nonce = answers[2].quantity();
            if (!code || !balance || !nonce)
                return done(ServiceError::sourceUnavailable(pool.chain().sourceId(),
                    u"%1 did not answer the code, balance and nonce queries. Nothing was charged."_s.arg(
                        reply.value().endpoint)));
            const AddressKind kind = AddressKind::classify(pool.chain(), address, *code);
            QJsonObject result = chainEvidence(pool, reply.value(), clock);
            result.insert(u"address"_s, address.checksummed());
            const QJsonObject kindJson = kind.toJson();
            for (auto it = kindJson.begin(); it != kindJson.end(); ++it)
                result.insert(it.key(), it.value());
            result.insert(u"code_size"_s, qint64(code->size()));
            result.insert(
                u"code_hash"_s, code->isEmpty() ? QJsonValue() : QJsonValue(Hex::fromData(keccak256(*code))));
            result.insert(u"balance_wei"_s, balance->toDecimal());
            result.insert(u"balance"_s, balance->toUnits(18));
            result.insert(u"symbol"_s, pool.chain().nativeSymbol);
            result.insert(u"transaction_count"_s, nonce->toDecimal());
            // SPEC.md §4.1: never claims private-key ownership.
            result.insert(u"ownership"_s,
                u"not determined: bytecode shows what runs at an address, never who holds its key or "
                "controls it"_s);
            done(OperationResult { result, address.checksummed() });
        });
    };
}

} // namespace ades::chain
