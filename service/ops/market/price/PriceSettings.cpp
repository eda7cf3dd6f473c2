#include "PriceSettings.h"

#include "core/Settings.h"

namespace ades::market {

SettingSpecs PriceSettings::all()
{
    return { FreshMs.spec, MaxQuoteAgeSeconds.spec, MaxDeviationBasisPoints.spec };
}

PriceRules PriceSettings::rules(const Settings &settings)
{
    return { settings.get(MaxQuoteAgeSeconds), settings.get(MaxDeviationBasisPoints) / 100.0 };
}

} // namespace ades::market
