#include "RegisterChain.h"

#include "ChainEvidence.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "contract/ContractInfo.h"
#include "gas/GasEstimate.h"
#include "preflight/CounterpartyScreen.h"
#include "preflight/Preflight.h"
#include "proxy/RpcProxy.h"
#include "rpc/ChainInfo.h"
#include "token/TokenCheck.h"
#include "tx/TxStatus.h"
#include "wallet/WalletBalance.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

QStringList allSources()
{
    QStringList ids;
    for (const ChainInfo &chain : ChainInfo::all())
        ids.append(chain.sourceId());
    return ids;
}

// SPEC.md §4.1: the x402 route's price is the MCP tool's too; the CLI command is the operation id.
QList<Exposure> paidExposures(const QString &id, const Exposure &x402, const QString &tool)
{
    return { x402, Exposure::mcp(tool, x402.price), Exposure::cli(id) };
}

} // namespace

void registerChain(
    Catalog &catalog, const AreaContext &context, const ChainPools &pools, const CounterpartyScreen &screen)
{
    const QString contract = QString::fromLatin1(OutputContract);
    const QStringList sources = allSources();
    // SPEC.md §4.1 prices and query names; docs/mcp.md tool names. Every one read-only (SPEC.md §1 rule 4).
    catalog.add({
        .id = u"chain.wallet.balance"_s,
        .title = u"Wallet balance and nonce"_s,
        .summary
        = u"Native balance of an address in exact wei and as decimal ETH or POL, with its pending and "
          "latest nonce, read from a live node of the chain at a named block."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/wallet.balance.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/wallet.balance.out.json"_s),
        .exposures = paidExposures(u"chain.wallet.balance"_s,
            Exposure::x402(u"/x402/wallet-balance"_s, Usdc::atomicUnits(3'000)), u"wallet_balance"_s),
        .handler = makeWalletBalanceHandler(pools, context.clock),
        .check = checkWalletBalance,
        .sources = sources,
    });
    catalog.add({
        .id = u"chain.token.check"_s,
        .title = u"ERC-20 balance and allowance"_s,
        .summary
        = u"An owner's ERC-20 balance, decimals and symbol, and a spender's allowance; with an amount, "
          "whether moving it would succeed and what blocks it. Handles tokens with a bytes32 symbol "
          "or without decimals()."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/token.check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/token.check.out.json"_s),
        .exposures = paidExposures(u"chain.token.check"_s,
            Exposure::x402(u"/x402/token"_s, Usdc::atomicUnits(2'000)), u"token_balance"_s),
        .handler = makeTokenCheckHandler(pools, context.clock),
        .check = checkTokenCheck,
        .sources = sources,
    });
    catalog.add({
        .id = u"chain.gas.estimate"_s,
        .title = u"Gas price and fee estimate"_s,
        .summary = u"EIP-1559 base fee, priority fee and gas price in wei and gwei; with a recipient, "
                   "eth_estimateGas, the gas limit and the execution fee. Rollup L1 data and operator fees "
                   "are marked as excluded."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/gas.estimate.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/gas.estimate.out.json"_s),
        .exposures = paidExposures(u"chain.gas.estimate"_s,
            Exposure::x402(u"/x402/gas-estimate"_s, Usdc::atomicUnits(3'000)), u"gas_estimate"_s),
        .handler = makeGasEstimateHandler(pools, context.clock),
        .check = checkGasEstimate,
        .sources = sources,
    });
    catalog.add({
        .id = u"chain.tx.status"_s,
        .title = u"Transaction status"_s,
        .summary
        = u"Status, block, confirmations, gas used and fee paid of a transaction; a reverted one gets "
          "its reason (Error(string), Panic(uint256) with its meaning, or a custom error's "
          "selector) by replaying the call on the state before its block."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/tx.status.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/tx.status.out.json"_s),
        .exposures = paidExposures(
            u"chain.tx.status"_s, Exposure::x402(u"/x402/tx"_s, Usdc::atomicUnits(2'000)), u"tx_status"_s),
        .handler = makeTxStatusHandler(pools, context.clock),
        .check = checkTxStatus,
        .sources = sources,
    });
    catalog.add({
        .id = u"chain.contract.info"_s,
        .title = u"Address type from live bytecode"_s,
        .summary
        = u"Whether an address is a deployed contract, an EOA (or empty; EIP-7702 delegations shown) "
          "or a precompile or system address, from its live bytecode, with balance and transaction "
          "count. Never claims who owns or controls it."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/contract.info.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/contract.info.out.json"_s),
        .exposures = paidExposures(u"chain.contract.info"_s,
            Exposure::x402(u"/x402/contract-info"_s, Usdc::atomicUnits(3'000)), u"contract_info"_s),
        .handler = makeContractInfoHandler(pools, context.clock),
        .check = checkContractInfo,
        .sources = sources,
    });
    catalog.add({
        .id = u"chain.tx.preflight"_s,
        .title = u"Transaction preflight"_s,
        .summary = u"proceed, review or block for a transaction about to be signed, from six checks: gas "
                   "against balance, simulation with decoded revert, stuck nonces, contract-or-wallet "
                   "recipient, ERC-20 allowance and a sanctions screen of the counterparty. A check that "
                   "could not run is an unknown and never leads to proceed. Signs and sends nothing."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/tx.preflight.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/tx.preflight.out.json"_s),
        .exposures = paidExposures(u"chain.tx.preflight"_s,
            Exposure::x402(u"/x402/preflight"_s, Usdc::atomicUnits(20'000)), u"tx_preflight"_s),
        .handler = makePreflightHandler(pools, screen, context.clock),
        .check = checkPreflight,
        .sources = sources + QStringList { u"sanctions_lists"_s },
    });
    catalog.add({
        .id = u"chain.rpc.proxy"_s,
        .title = u"JSON-RPC proxy"_s,
        .summary = u"Forwards a JSON-RPC request or a batch of up to 20 to the chain's nodes with failover; "
                   "read methods and eth_sendRawTransaction only (others are refused uncharged); reverts "
                   "decoded beside the answers."_s,
        .area = u"chain"_s,
        .outputContract = contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/chain/rpc.proxy.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/chain/rpc.proxy.out.json"_s),
        .exposures = paidExposures(u"chain.rpc.proxy"_s,
            Exposure::x402(u"/x402/rpc"_s, Usdc::atomicUnits(10'000))
                .post()
                .renaming(u"$body"_s, u"request"_s),
            u"chain_rpc"_s),
        .handler = makeRpcProxyHandler(pools, context.clock),
        .check = checkRpcProxy,
        .sources = sources,
    });
}

} // namespace ades::chain
