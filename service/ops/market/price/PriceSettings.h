#pragma once

#include "MedianPrice.h"
#include "core/SettingSpec.h"

namespace ades {
class Settings;
}

namespace ades::market {

namespace PriceSettings {
// How long an exchange's ticker is reused (ms): with three exchanges, any number of calls for one symbol
// cause at most 3 * 1000 / fresh_ms upstream requests a second.
inline const IntSetting FreshMs = intSetting(QStringLiteral("market/price/fresh_ms"), 2000, 250, 60000,
    QStringLiteral("How long one exchange's ticker answer is reused for every call (milliseconds)"));
inline const IntSetting MaxQuoteAgeSeconds
    = intSetting(QStringLiteral("market/price/max_quote_age_seconds"), 60, 5, 3600,
        QStringLiteral(
            "A quote older than this (by the exchange's own time where it sends one) is excluded and named"));
inline const IntSetting MaxDeviationBasisPoints = intSetting(QStringLiteral("market/price/max_deviation_bps"),
    200, 1, 5000,
    QStringLiteral("A quote further than this from the median quote (basis points, 100 = 1 %) is an outlier, "
                   "excluded and named"));

SettingSpecs all();
PriceRules rules(const Settings &settings);
} // namespace PriceSettings

} // namespace ades::market
