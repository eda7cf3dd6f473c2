#pragma once

#include <QString>
#include <optional>

namespace ades::market {

// Upstream prices arrive as decimal strings ("85770.85000000"). This accepts only a plain positive decimal
// (digits, at most one point, no sign, exponent, NaN or infinity) and gives its value for ordering and
// arithmetic; the string itself stays the evidence.
std::optional<double> positiveDecimal(const QString &text);
// The same with an optional leading minus and zero allowed (funding rates, premiums, volumes).
std::optional<double> signedDecimal(const QString &text);
// A value as a decimal string with at most `decimals` places and no trailing zeros ("85866.185").
QString decimalText(double value, int decimals);

} // namespace ades::market
