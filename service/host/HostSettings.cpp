#include "HostSettings.h"

namespace ades {

SettingSpecs HostSettings::all()
{
    return { Listen.spec, PublicUrl.spec, Name.spec, IssuerName.spec, IssuerKeyFile.spec,
        ReceiptValidityDays.spec, DrainTimeoutMs.spec };
}

} // namespace ades
