#pragma once

#include "DecisionInputs.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>

namespace ades::market {

// The scoring rule of the daily market decision pack (docs/market.md, "daily"; version daily-pack/1). A pure
// function of its inputs and the time: the same inputs always give the same pack, which a test pins.
//
// Five components, each a number in [-1, 1] times its weight (weights add up to 50):
//   btc_trend   15  BTC 24 h change / 5 %            (clamped)
//   eth_trend   10  ETH 24 h change / 6 %
//   breadth     10  (share of the largest perps markets up in 24 h - 0.5) x 2
//   funding     10  -(mean BTC/ETH funding, annualised) / 40 %   (crowded longs weigh against risk)
//   premium      5  -(BTC perp premium over oracle) / 0.3 %
// score = 50 + the sum, rounded: 0 to 100. ENTER_RISK at 62 or more, REDUCE_RISK at 38 or less, else WAIT.
// ENTER_RISK needs every input (a missing one never counts for entering), exchanges that agree (spread at
// most 0.5 %) and no move over 8 % in 24 h; otherwise it becomes WAIT and says why. Fewer than half the
// weight available is no pack at all (503, nothing charged).
class DecisionRule
{
public:
    static constexpr int ValidMinutes = 15; // SPEC.md §8: validity of the pack
    static constexpr int EnterAt = 62;
    static constexpr int ReduceAt = 38;

    static Result<QJsonObject> decide(const DecisionInputs &inputs, const QDateTime &now);
    // The rule as disclosed in every pack: version, components with weights and scales, thresholds.
    static QJsonObject disclosure();
};

} // namespace ades::market
