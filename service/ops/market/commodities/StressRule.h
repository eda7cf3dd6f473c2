#pragma once

#include "OpenMeteoDaily.h"

#include <QJsonObject>
#include <QList>
#include <optional>

namespace ades::market {

struct RainfallNormal;

// What one source contributed to a belt's window.
struct WindowPart
{
    QDate first;
    QDate last;
    int days = 0;
    int missing = 0; // days whose value is null in the source's arrays
    double rainMm = 0; // over the days with a value
    double normalMm = 0; // the normal of the same days

    QJsonObject toJson() const;
};

// One belt's supply-stress score and everything it was computed from.
struct BeltStress
{
    enum class Status
    {
        Scored,
        DrySeason, // the window's normal is below the rule's minimum: a deficit of almost nothing means
                   // nothing
        InsufficientData, // no days, or more missing days than the rule allows
    };
    Status status = Status::InsufficientData;
    std::optional<int> score; // 0-100, only when Scored
    double rainMm = 0;
    double normalMm = 0;
    std::optional<double> rainRatio; // rain / normal, when the normal is above 0
    std::optional<double> deficitRatio; // max(0, 1 - rain / normal), when Scored
    int days = 0;
    int missing = 0;
    QList<QDate> missingDates;
    WindowPart archive;
    WindowPart forecast;

    static QString statusName(Status status);
    QJsonObject toJson() const;
};

struct AggregateStress
{
    std::optional<int> score;
    double weightTotal = 0;
    int beltsScored = 0;
};

// The scoring rule of market.commodities (docs/market-commodities.md, "Scoring rule"), deterministic for the
// same inputs and disclosed with every result (toJson):
//   window   = the archive's days, then the forecast's days not already in it (a day in both keeps the
//              archive's value, or the forecast's when the archive has none yet: ERA5 trails by ~5 days);
//   rain     = the sum of the days with a value; normal = the configured normal of the same days;
//   missing  = the days without a value in either; above maxMissingFraction of the window: not scored;
//   normal below minNormalMm: not scored (dry season);
//   deficit  = max(0, 1 - rain / normal);
//   score    = round(100 * (deficit - deficitFloor) / (deficitCeiling - deficitFloor)), clamped to 0..100;
//   aggregate = the weighted mean of the scored belts' scores, rounded; levels from LevelBounds.
struct StressRule
{
    double deficitFloor = 0.20;
    double deficitCeiling = 0.80;
    double minNormalMm = 30;
    double maxMissingFraction = 0.25;

    BeltStress score(const QList<DailyValue> &archive, const QList<DailyValue> &forecast,
        const RainfallNormal &normal) const;
    // `belts`: (weight, score) per belt; unscored belts carry no score and are left out.
    AggregateStress aggregate(const QList<std::pair<double, std::optional<int>>> &belts) const;

    // low below 25, moderate below 50, high below 75, severe from 75.
    static QString level(int score);
    QJsonObject toJson() const;
};

} // namespace ades::market
