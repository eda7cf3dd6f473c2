#pragma once

#include "PreflightCheck.h"
#include "ops/chain/abi/EvmAddress.h"
#include "ops/chain/abi/Uint256.h"
#include "ops/chain/rpc/RpcPool.h"

#include <optional>

namespace ades::chain {

// What a preflight gathered in parallel: the transaction as asked, and each branch's answer or the reason
// it has none. evaluate() turns it into the six checks without the network, so the rules are tested with
// tables.
struct PreflightFacts
{
    const ChainInfo *chain = nullptr;
    EvmAddress sender;
    EvmAddress to;
    Uint256 value; // wei
    QByteArray data;
    std::optional<EvmAddress> token;
    std::optional<EvmAddress> spender;
    QString amountText; // token units, empty when not given

    // Branches, in the order the calls were made (see Preflight.cpp).
    std::optional<Result<RpcPool::Reply>> account; // balance, nonce pending, nonce latest
    std::optional<Result<RpcPool::Reply>> recipient; // code of `to`
    std::optional<Result<RpcPool::Reply>> fees; // fee history (latest base fee), gas price, priority fee
    std::optional<Result<RpcPool::Reply>> simulation; // eth_call, eth_estimateGas
    std::optional<Result<RpcPool::Reply>> tokenReads; // balanceOf, allowance, decimals
    // txpool_contentFrom (geth) or txpool_content (ganache): transactions queued behind a nonce gap, which
    // the pending nonce does not show. Most public endpoints do not expose their pool.
    std::optional<Result<RpcPool::Reply>> txpool;
    QList<std::pair<QString, Result<QJsonObject>>> screens; // address -> sanctions screen

    QList<PreflightCheck> evaluate() const;
    // Every RPC branch failed for want of a node: the answer is a 503, not a decision.
    bool chainUnreachable() const;
};

} // namespace ades::chain
