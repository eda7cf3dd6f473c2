#pragma once

#include "abi/EvmAddress.h"
#include "abi/Uint256.h"
#include "core/Result.h"

#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace ades::chain {

class ChainPools;
class RpcPool;

// The arguments every chain operation shares, read the same way everywhere: `chain` (one of the five,
// else 422 listing them), addresses (EIP-55 when mixed case, else 400 naming the field), calldata and
// decimal amounts. Used by the operations' checks (before any payment) and again by their handlers.
namespace ChainArguments {

std::optional<ServiceError> checkChain(const QJsonObject &args);
const RpcPool &pool(const ChainPools &pools, const QJsonObject &args);

// Present and valid, absent (nullopt when optional), or the 400 naming `field`.
Result<EvmAddress> address(const QJsonObject &args, const QString &field);
Result<std::optional<EvmAddress>> optionalAddress(const QJsonObject &args, const QString &field);
// "0x" + even hex digits; 400 naming `field` otherwise.
Result<QByteArray> calldata(const QJsonObject &args, const QString &field);
// A non-negative decimal in units of `decimals` ("0.5" ETH -> wei); a JSON number is read as its shortest
// decimal form. 400 naming `field` for anything else.
Result<Uint256> amount(const QJsonValue &value, int decimals, const QString &field);
// Whether `value` (absent or null: fine) is a non-negative decimal at all, before the token's decimals are
// known: a 400 naming `field` otherwise.
std::optional<ServiceError> checkTokenAmount(const QJsonValue &value, const QString &field);
// The text of an amount argument as sent (string or number), empty when absent or null.
QString amountText(const QJsonValue &value);

// The transaction object of eth_call / eth_estimateGas from validated `sender`, `to`, `data` and the
// native amount in `valueField` ("0.5" -> wei).
QJsonObject transaction(const QJsonObject &args, const QString &valueField);

// Runs each check in order and returns the first error: the operations' Operation::check.
std::optional<ServiceError> firstProblem(std::initializer_list<std::optional<ServiceError>> problems);
template <typename T> std::optional<ServiceError> problemOf(const Result<T> &result)
{
    return result.ok() ? std::nullopt : std::optional<ServiceError>(result.error());
}

} // namespace ChainArguments

} // namespace ades::chain
