#pragma once

#include "ops/chain/abi/Uint256.h"

#include <QJsonObject>
#include <optional>

namespace ades::chain {

struct RpcAnswer;

// Fee numbers of one block and their arithmetic, without the network: the per-gas prices, and for a gas
// amount the fee at base + tip (what it costs now) and at the max fee a wallet would sign (2 x base + tip,
// the common wallet rule, which survives six full blocks of base-fee rises of 12.5 %).
struct FeeQuote
{
    std::optional<Uint256> baseFee; // null on a chain or node without EIP-1559
    std::optional<Uint256> priorityFee;
    std::optional<Uint256> gasPrice;
    // The node has no eth_maxPriorityFeePerGas: priorityFee is the tip the legacy price implies.
    bool priorityFeeDerived = false;

    // From a node's answers to eth_getBlockByNumber("latest"), eth_maxPriorityFeePerGas and eth_gasPrice.
    static FeeQuote read(
        const RpcAnswer &latestBlock, const RpcAnswer &priorityFee, const RpcAnswer &gasPrice);

    // base + tip, or the legacy gas price where either is missing.
    std::optional<Uint256> effectivePrice() const;
    std::optional<Uint256> maxFeePerGas() const;

    static QJsonValue wei(const std::optional<Uint256> &value);
    static QJsonValue gwei(const std::optional<Uint256> &value);
    QJsonObject toJson() const;
    // {gas_limit, execution_fee_wei, execution_fee, max_execution_fee_wei, ...} for `gas`.
    QJsonObject costOf(const Uint256 &gas) const;
};

} // namespace ades::chain
