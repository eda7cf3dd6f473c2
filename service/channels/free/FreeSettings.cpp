#include "FreeSettings.h"

namespace ades {

SettingSpecs FreeSettings::all()
{
    return { DailyCalls.spec, DailyInputChecks.spec };
}

} // namespace ades
