#pragma once

#include "core/SettingSpec.h"

namespace ades::FreeSettings {

// docs/interface.md §5, §8: 5 calls a day per address; the daily quota of free input checks against abuse
// is ours to set.
inline const IntSetting DailyCalls = intSetting(QStringLiteral("free/daily_calls"), 5, 0, 1000000,
    QStringLiteral("keyless /free/ operations per client address and UTC day"));
inline const IntSetting DailyInputChecks = intSetting(QStringLiteral("free/daily_input_checks"), 50, 0,
    1000000, QStringLiteral("keyless free input checks per client address and UTC day (a separate counter)"));

SettingSpecs all();

} // namespace ades::FreeSettings
