#pragma once

#include <QJsonObject>
#include <optional>

namespace ades::market {

// How crowded a coin's derivatives positioning is, 0 (crowded short) to 100 (crowded long), from figures the
// service read itself (docs/market.md, "coin"; version positioning/1):
//   50 + 25 x clamp(funding annualised % / 40) + 15 x clamp(perp premium % / 0.3)
//      + 10 x clamp(open interest change over 24 h % / 20)
// The open-interest part needs the archive's reading of 24 hours earlier; without it that part counts
// nothing and the result says so. 70 or more: crowded_long; 30 or less: crowded_short; else balanced.
namespace PositioningScore {
QJsonObject of(
    double fundingAnnualPercent, double premiumPercent, std::optional<double> openInterestChangePercent);
}

} // namespace ades::market
