#include "StoreSettings.h"

#include "core/Settings.h"

namespace ades {

SettingSpecs StoreSettings::all()
{
    return { CallLogDays.spec, ReceiptDays.spec };
}

StoreOptions StoreSettings::options(const Settings &settings)
{
    StoreOptions options;
    options.callLogDays = settings.get(CallLogDays);
    options.receiptDays = settings.get(ReceiptDays);
    return options;
}

} // namespace ades
