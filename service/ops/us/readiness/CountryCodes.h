#pragma once

#include <QString>

namespace ades::us {

// ISO 3166-1 alpha-2 codes, from the list the program ships (resources/einvoice/iso3166-alpha2.txt) without
// the EN 16931 additions that are no ISO codes (1A Kosovo, XI Northern Ireland). Loaded once; thread-safe.
namespace CountryCodes {

bool isIso3166Alpha2(const QString &code);

} // namespace CountryCodes

} // namespace ades::us
