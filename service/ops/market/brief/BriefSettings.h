#pragma once

#include "core/SettingSpec.h"
#include "ops/market/CoinList.h"

namespace ades::market::BriefSettings {

inline constexpr int MaxBriefCoins = 5;
// Why a list of chain names is not acceptable, or empty.
QString chainListProblem(const QString &value);

// The chains of the gas product and the brief; each must be one the chain area serves.
inline const TextSetting GasChains = listSetting(QStringLiteral("market/gas/chains"),
    QStringLiteral("base,ethereum,arbitrum,optimism,polygon"),
    QStringLiteral(
        "Chains whose gas prices the gas product and the market brief show (the chain area's names)"),
    &chainListProblem);
// The coins the market brief covers (price, funding, open interest each).
inline const TextSetting BriefCoins = listSetting(QStringLiteral("market/brief/coins"),
    QStringLiteral("BTC,ETH"), QStringLiteral("Coins the market brief covers, at most 5"),
    [](const QString &value) { return CoinList::problem(value, MaxBriefCoins); });
// DeFiLlama's pool list is several MB and changes slowly: one fetch serves every yield call this long.
inline const IntSetting YieldFreshMinutes = intSetting(QStringLiteral("market/yield/fresh_minutes"), 10, 1,
    1440, QStringLiteral("How long DeFiLlama's pool list is reused (minutes)"));
inline const IntSetting YieldMinTvlUsd = intSetting(QStringLiteral("market/yield/min_tvl_usd"), 10'000'000, 0,
    1'000'000'000'000,
    QStringLiteral("Stablecoin pools below this total value locked (USD) are left out of the yield product"));
inline const IntSetting YieldTop = intSetting(QStringLiteral("market/yield/top"), 10, 1, 50,
    QStringLiteral("How many pools the yield product lists by TVL and by APY"));

SettingSpecs all();

} // namespace ades::market::BriefSettings
