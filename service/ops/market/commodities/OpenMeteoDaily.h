#pragma once

#include "core/Result.h"

#include <QDate>
#include <QList>
#include <QString>
#include <optional>

namespace ades::market {

// One day of one daily variable: null in Open-Meteo's arrays (a day the model or ERA5 has no value for
// yet) stays "no value" here, never 0 mm.
struct DailyValue
{
    QDate date;
    std::optional<double> value;
};

// One location of an Open-Meteo daily answer: the grid point it was snapped to and one variable's days.
struct DailySeries
{
    double latitude = 0;
    double longitude = 0;
    std::optional<double> elevation;
    QString timezone;
    QList<DailyValue> days;

    int missingDays() const;
};

// Reads the daily answers of Open-Meteo's /forecast and /archive (../shared/reference/upstreams.md,
// "Open-Meteo"): `daily_units` plus the parallel arrays of `daily` (time[] and the variable), one object for
// one location or a JSON array of them for comma-separated coordinates. Every failure form is the source
// unavailable (an uncharged 503 naming `sourceId`): the documented error body {error: true, reason} of a
// 400 or 429, any other non-200 status, a body that is no JSON, locations other than those asked, arrays
// of unequal length, dates that are not ISO days in increasing order, a unit other than mm, and values that
// are not a precipitation (negative, above MaxDailyMm, not a number). Pure: no network, no clock.
namespace OpenMeteoDaily {

inline constexpr int MaxLocations = 20;
inline constexpr int MaxDays = 400; // 92 past days + 16 forecast days, or an archive window
// Above the highest daily rainfall ever measured (about 1,825 mm, La Réunion 1966): not a precipitation.
inline constexpr double MaxDailyMm = 2000;

Result<QList<DailySeries>> parse(const QString &sourceId, int httpStatus, const QByteArray &body,
    int expectedLocations, const QString &variable = QStringLiteral("precipitation_sum"));

} // namespace OpenMeteoDaily

} // namespace ades::market
