#include "CoinSettings.h"

namespace ades::market {

SettingSpecs CoinSettings::all()
{
    return { ArchiveSymbols.spec, KeepDays.spec };
}

} // namespace ades::market
