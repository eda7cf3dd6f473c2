#include "StoreSettings.h"

#include "core/Settings.h"

namespace ades {

SettingSpecs StoreSettings::all()
{
    return { Url.spec, CallLogDays.spec, ReceiptDays.spec };
}

StoreOptions StoreSettings::options(const Settings &settings)
{
    StoreOptions options;
    options.callLogDays = settings.get(CallLogDays);
    options.receiptDays = settings.get(ReceiptDays);
    return options;
}

Result<StoreLocation> StoreSettings::location(const Settings &settings, const QString &dataDir)
{
    return StoreLocation::fromUrl(settings.get(Url), dataDir);
}

} // namespace ades
