#include "FeeQuote.h"

#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/rpc/JsonRpc.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

FeeQuote FeeQuote::read(const RpcAnswer &feeHistory, const RpcAnswer &priorityFee, const RpcAnswer &gasPrice)
{
    FeeQuote quote;
    // baseFeePerGas holds the base fee of each block asked for (here the latest) and then of the next one;
    // a node before London, or one that refuses the method, gives none: the legacy gas price is used.
    quote.baseFee = Hex::quantity(
        feeHistory.result().toObject().value(u"baseFeePerGas"_s).toArray().first().toString());
    quote.priorityFee = priorityFee.quantity();
    quote.gasPrice = gasPrice.quantity();
    if (!quote.priorityFee && quote.baseFee && quote.gasPrice) {
        quote.priorityFee = Uint256::subtract(*quote.gasPrice, *quote.baseFee).value_or(Uint256());
        quote.priorityFeeDerived = true;
    }
    return quote;
}

RpcCall FeeQuote::feeHistoryCall()
{
    return { u"eth_feeHistory"_s, { u"0x1"_s, u"latest"_s, QJsonArray() } };
}

std::optional<Uint256> FeeQuote::effectivePrice() const
{
    if (baseFee && priorityFee)
        return Uint256::add(*baseFee, *priorityFee);
    return gasPrice;
}

std::optional<Uint256> FeeQuote::maxFeePerGas() const
{
    if (!baseFee || !priorityFee)
        return gasPrice;
    const auto twice = Uint256::multiply(*baseFee, Uint256(2));
    return twice ? Uint256::add(*twice, *priorityFee) : std::nullopt;
}

QJsonValue FeeQuote::wei(const std::optional<Uint256> &value)
{
    return value ? QJsonValue(value->toDecimal()) : QJsonValue();
}

QJsonValue FeeQuote::gwei(const std::optional<Uint256> &value)
{
    return value ? QJsonValue(value->toUnits(9)) : QJsonValue();
}

QJsonObject FeeQuote::toJson() const
{
    return QJsonObject {
        { u"base_fee_wei"_s, wei(baseFee) },
        { u"base_fee_gwei"_s, gwei(baseFee) },
        { u"priority_fee_wei"_s, wei(priorityFee) },
        { u"priority_fee_gwei"_s, gwei(priorityFee) },
        { u"gas_price_wei"_s, wei(gasPrice) },
        { u"gas_price_gwei"_s, gwei(gasPrice) },
        { u"max_fee_per_gas_wei"_s, wei(maxFeePerGas()) },
        { u"max_fee_per_gas_gwei"_s, gwei(maxFeePerGas()) },
    };
}

QJsonObject FeeQuote::costOf(const Uint256 &gas) const
{
    const auto price = effectivePrice();
    const auto fee = price ? Uint256::multiply(gas, *price) : std::nullopt;
    const auto maxPrice = maxFeePerGas();
    const auto maxFee = maxPrice ? Uint256::multiply(gas, *maxPrice) : std::nullopt;
    return QJsonObject {
        { u"gas_limit"_s, gas.toDecimal() },
        { u"execution_fee_wei"_s, wei(fee) },
        { u"execution_fee"_s, fee ? QJsonValue(fee->toUnits(18)) : QJsonValue() },
        { u"max_execution_fee_wei"_s, wei(maxFee) },
        { u"max_execution_fee"_s, maxFee ? QJsonValue(maxFee->toUnits(18)) : QJsonValue() },
    };
}

} // namespace ades::chain
