#include "PositioningScore.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject PositioningScore::of(
    double fundingAnnualPercent, double premiumPercent, std::optional<double> openInterestChangePercent)
{
    const auto part = [](double value, double fullAt, int weight) {
        return std::clamp(value / fullAt, -1.0, 1.0) * weight;
    };
    const double funding = part(fundingAnnualPercent, 40, 25);
    const double premium = part(premiumPercent, 0.3, 15);
    const double interest = openInterestChangePercent ? part(*openInterestChangePercent, 20, 10) : 0;
    const int score = int(std::lround(50 + funding + premium + interest));
    return {
        { u"score"_s, score },
        { u"label"_s,
            score >= 70       ? u"crowded_long"_s
                : score <= 30 ? u"crowded_short"_s
                              : u"balanced"_s },
        { u"parts"_s,
            QJsonObject { { u"funding"_s, std::round(funding * 100) / 100 },
                { u"premium"_s, std::round(premium * 100) / 100 },
                { u"open_interest_change"_s,
                    openInterestChangePercent ? QJsonValue(std::round(interest * 100) / 100)
                                              : QJsonValue() } } },
        { u"rule"_s,
            u"positioning/1: 50 + 25 x clamp(funding annualised % / 40) + 15 x clamp(perp premium % / 0.3) + "
            "10 x clamp(open interest change over 24 h % / 20), rounded; 70+ crowded_long, 30- crowded_short"_s },
    };
}

} // namespace ades::market
