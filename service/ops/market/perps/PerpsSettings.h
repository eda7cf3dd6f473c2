#pragma once

#include "core/SettingSpec.h"

namespace ades::market::PerpsSettings {

// How long Hyperliquid's market list is reused: one request serves every perps, brief, coin and daily call.
inline const IntSetting FreshMs = intSetting(QStringLiteral("market/perps/fresh_ms"), 5000, 500, 300000,
    QStringLiteral("How long Hyperliquid's market list is reused for every call (milliseconds)"));

SettingSpecs all();

} // namespace ades::market::PerpsSettings
