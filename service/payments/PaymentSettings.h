#pragma once

#include "core/SettingSpec.h"

namespace ades::PaymentSettings {

// Address formats the x402 settings accept (also the console's field checks).
bool isEvmAddress(const QString &text);
bool isSolanaAddress(const QString &text);
QString evmAddressProblem(const QString &text);
QString solanaAddressProblem(const QString &text);

// Where the money goes and on which networks it is offered (X402Offers reads them).
inline const TextSetting PayToEvm = textSetting(QStringLiteral("x402/payto_evm"), QString(),
    QStringLiteral("receiving address (0x...) used on every enabled EVM network"), &evmAddressProblem);
inline const TextSetting PayToSolana = textSetting(QStringLiteral("x402/payto_solana"), QString(),
    QStringLiteral("receiving Solana address (base58)"), &solanaAddressProblem);
inline const TextSetting SolanaFeePayer = textSetting(QStringLiteral("x402/solana_fee_payer"), QString(),
    QStringLiteral("the facilitator's Solana fee payer; the Solana offer needs it (extra.feePayer)"),
    &solanaAddressProblem);
inline const TextSetting Networks = listSetting(QStringLiteral("x402/networks"), QString(),
    QStringLiteral(
        "enabled networks (base, arbitrum, polygon, base-sepolia, arbitrum-sepolia, polygon-amoy, "
        "solana, solana-devnet, custom, or CAIP-2 ids); default base,arbitrum,polygon, plus solana "
        "when x402/payto_solana is set"));
inline const IntSetting MaxTimeoutSeconds = intSetting(QStringLiteral("x402/max_timeout_seconds"), 60, 10,
    3600, QStringLiteral("maxTimeoutSeconds of every offer"));
inline const TextSetting CustomCaip2 = textSetting(QStringLiteral("x402/custom/caip2"), QString(),
    QStringLiteral("CAIP-2 id (eip155:<chain id>) of the `custom` EVM network"));
inline const TextSetting CustomAsset = textSetting(QStringLiteral("x402/custom/asset"), QString(),
    QStringLiteral("USDC contract of the `custom` network"), &evmAddressProblem);
inline const TextSetting CustomEip712Name = textSetting(QStringLiteral("x402/custom/eip712_name"),
    QStringLiteral("USD Coin"), QStringLiteral("EIP-712 domain name of the `custom` network's token"));
inline const TextSetting CustomEip712Version = textSetting(QStringLiteral("x402/custom/eip712_version"),
    QStringLiteral("2"), QStringLiteral("EIP-712 domain version of the `custom` network's token"));
// x402/rpc/<network>: an RPC URL per network for the start-up check of the token's EIP-712 domain.
inline const TextSetting RpcFamily = urlSetting(QStringLiteral("x402/rpc/"), QString(),
    QStringLiteral("x402/rpc/<network>: JSON-RPC URL used to check that network's USDC domain at start"));

SettingSpecs all();

} // namespace ades::PaymentSettings
