#include "TxStatus.h"

#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/ChainPools.h"

#include <QJsonArray>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

// The call a transaction made, to replay it: eth_call takes the same from/to/input/value/gas.
QJsonObject replayCall(const QJsonObject &tx)
{
    QJsonObject call;
    for (const QString &key : { u"from"_s, u"to"_s, u"value"_s, u"gas"_s }) {
        if (tx.value(key).isString())
            call.insert(key, tx.value(key));
    }
    call.insert(u"data"_s, tx.value(u"input"_s).toString(u"0x"_s));
    return call;
}

void addReceipt(QJsonObject &result, const QJsonObject &receipt, const Uint256 &observed)
{
    const auto block = Hex::quantity(receipt.value(u"blockNumber"_s).toString());
    const auto gasUsed = Hex::quantity(receipt.value(u"gasUsed"_s).toString());
    const auto price = Hex::quantity(receipt.value(u"effectiveGasPrice"_s).toString());
    const auto fee = gasUsed && price ? Uint256::multiply(*gasUsed, *price) : std::nullopt;
    const auto behind = block ? Uint256::subtract(observed, *block) : std::nullopt;
    const auto confirmations = behind ? Uint256::add(*behind, Uint256(1)) : std::nullopt;
    result.insert(u"block"_s, block ? QJsonValue(block->toDecimal()) : QJsonValue());
    result.insert(u"confirmations"_s, confirmations ? QJsonValue(confirmations->toDecimal()) : QJsonValue());
    result.insert(u"gas_used"_s, gasUsed ? QJsonValue(gasUsed->toDecimal()) : QJsonValue());
    result.insert(u"effective_gas_price_wei"_s, price ? QJsonValue(price->toDecimal()) : QJsonValue());
    result.insert(u"fee_paid_wei"_s, fee ? QJsonValue(fee->toDecimal()) : QJsonValue());
    result.insert(u"fee_paid"_s, fee ? QJsonValue(fee->toUnits(18)) : QJsonValue());
    // OP-stack receipts carry the L1 data fee separately; shown as sent, not added in.
    if (const auto l1 = Hex::quantity(receipt.value(u"l1Fee"_s).toString()))
        result.insert(u"l1_fee_wei"_s, l1->toDecimal());
}

} // namespace

std::optional<ServiceError> checkTxStatus(const QJsonObject &args)
{
    static const QRegularExpression hash(u"^0x[0-9a-fA-F]{64}$"_s);
    if (!hash.match(args.value(u"tx_hash"_s).toString()).hasMatch())
        return ServiceError::badRequest(u"invalid_tx_hash"_s,
            u"'tx_hash' must be a transaction hash: 0x followed by 64 hex digits."_s, u"tx_hash"_s);
    return ChainArguments::checkChain(args);
}

Handler makeTxStatusHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const QString hash = args.value(u"tx_hash"_s).toString().toLower();
        const QList<RpcCall> calls { { u"eth_getTransactionByHash"_s, { hash } },
            { u"eth_getTransactionReceipt"_s, { hash } } };
        pool.call(calls, [&pool, &clock, hash, done](Result<RpcPool::Reply> reply) {
            if (!reply.ok())
                return done(reply.error());
            const auto &answers = reply.value().answers;
            if (answers[0].isError() || answers[1].isError())
                return done(ServiceError::sourceUnavailable(pool.chain().sourceId(),
                    u"%1 could not look the transaction up (%2). Nothing was charged."_s.arg(
                        reply.value().endpoint, answers[0].errorMessage() + answers[1].errorMessage())));
            const QJsonObject tx = answers[0].result().toObject();
            const QJsonObject receipt = answers[1].result().toObject();
            QJsonObject result = chainEvidence(pool, reply.value(), clock);
            result.insert(u"tx_hash"_s, hash);
            if (tx.isEmpty() && receipt.isEmpty()) {
                result.insert(u"status"_s, u"not_found"_s);
                result.insert(u"notes"_s,
                    QJsonArray { u"the endpoint does not know this transaction: never sent, dropped, or on "
                                 "another chain"_s });
                return done(OperationResult { result, hash });
            }
            result.insert(u"from"_s, tx.value(u"from"_s));
            result.insert(u"to"_s, tx.value(u"to"_s));
            if (const auto value = Hex::quantity(tx.value(u"value"_s).toString()))
                result.insert(u"value_wei"_s, value->toDecimal());
            if (const auto nonce = Hex::quantity(tx.value(u"nonce"_s).toString()))
                result.insert(u"nonce"_s, nonce->toDecimal());
            if (receipt.isEmpty()) {
                result.insert(u"status"_s, u"pending"_s);
                return done(OperationResult { result, hash });
            }
            const bool success = receipt.value(u"status"_s).toString() == u"0x1"_s;
            result.insert(u"status"_s, success ? u"success"_s : u"reverted"_s);
            addReceipt(result, receipt, reply.value().block);
            if (success || tx.value(u"to"_s).isNull()) {
                result.insert(u"revert_reason"_s, QJsonValue());
                return done(OperationResult { result, hash });
            }
            // The receipt has no reason: replay the call on the state before its block. Transactions
            // before it in the same block are not applied, which the result says.
            const auto block = Hex::quantity(receipt.value(u"blockNumber"_s).toString()).value_or(Uint256(1));
            const auto parent = Uint256::subtract(block, Uint256(1)).value_or(Uint256());
            pool.call({ { u"eth_call"_s, { replayCall(tx), parent.toQuantity() } } },
                [result, hash, done](Result<RpcPool::Reply> replay) mutable {
                    QJsonObject reason;
                    if (!replay.ok()) {
                        reason = { { u"kind"_s, u"unknown"_s },
                            { u"summary"_s,
                                QString(u"the replay could not run: "_s + replay.error().message()) } };
                    } else if (const RpcAnswer &answer = replay.value().answers.first(); answer.isRevert()) {
                        reason = RevertReason::decode(answer.revertData()).toJson();
                    } else {
                        reason = { { u"kind"_s, u"not_reproduced"_s },
                            { u"summary"_s,
                                answer.isError()
                                    ? QString(u"the replay failed at the node: "_s + answer.errorMessage())
                                    : u"the replay did not revert: the failure depended on state changed "
                                      "earlier in the same block, or on gas"_s } };
                    }
                    reason.insert(
                        u"method"_s, u"eth_call replay on the state before the transaction's block"_s);
                    result.insert(u"revert_reason"_s, reason);
                    done(OperationResult { result, hash });
                });
        });
    };
}

} // namespace ades::chain
