#pragma once

#include "ops/chain/abi/Uint256.h"
#include "ops/chain/rpc/JsonRpc.h"

#include <QJsonObject>
#include <optional>

namespace ades::chain {

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

    // From a node's answers to feeHistoryCall() (the latest block's base fee), eth_maxPriorityFeePerGas and
    // eth_gasPrice.
    static FeeQuote read(
        const RpcAnswer &feeHistory, const RpcAnswer &priorityFee, const RpcAnswer &gasPrice);
    // eth_feeHistory(1, "latest", []): the latest base fee in a few hundred bytes, where
    // eth_getBlockByNumber("latest") sends every transaction hash of the block (about 15 KB on a busy chain,
    // more to decode than the whole preflight costs otherwise).
    static RpcCall feeHistoryCall();

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
