#pragma once

#include <QStringView>

namespace ades {

// The GS1 mod-10 check digit (GS1 General Specifications, "Check digit calculation"): from the digit left of
// the check digit, weights 3 and 1 alternate; the check digit brings the sum to a multiple of ten. GTIN-8,
// UPC-A, EAN-13, GTIN-14 and GLN all use it. False for anything but two or more ASCII digits.
bool gs1CheckDigitValid(QStringView digits);

} // namespace ades
