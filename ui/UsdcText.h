#pragma once

#include <QString>

namespace ades::ui {

// USDC amounts as the console prints them: integer atomic units written with all six decimals ("1.250000"),
// exact (integer arithmetic, never a floating-point value), so columns of amounts align on the point.
class UsdcText
{
public:
    static QString sixDecimals(qint64 units);
};

} // namespace ades::ui
