#pragma once

#include "core/SettingSpec.h"
#include "ops/market/CoinList.h"

namespace ades::market::CoinSettings {

inline constexpr int MaxArchiveSymbols = 20;
// The coins the service records a snapshot of every 6 hours (its own archive for the coin snapshot's trend).
inline const TextSetting ArchiveSymbols
    = listSetting(QStringLiteral("market/coin/archive_symbols"), QStringLiteral("BTC,ETH,SOL"),
        QStringLiteral(
            "Coins whose price, funding and open interest the service records every 6 hours, at most 20"),
        [](const QString &value) { return CoinList::problem(value, MaxArchiveSymbols); });
inline const IntSetting KeepDays = intSetting(QStringLiteral("market/coin/keep_days"), 90, 7, 3650,
    QStringLiteral("How long the 6-hourly coin snapshots are kept (days)"));

SettingSpecs all();

} // namespace ades::market::CoinSettings
