#include "PerpsSettings.h"

namespace ades::market {

SettingSpecs PerpsSettings::all()
{
    return { FreshMs.spec };
}

} // namespace ades::market
