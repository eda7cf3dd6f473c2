#include "StressRule.h"

#include "RainfallNormals.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

double rounded(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// YYYY-MM-DD without going through QDate::toString's locale machinery: a result lists up to a hundred days.
QString isoDay(const QDate &date)
{
    int year = 0;
    int month = 0;
    int dayOfMonth = 0;
    date.getDate(&year, &month, &dayOfMonth);
    if (year < 0 || year > 9999)
        return date.toString(Qt::ISODate);
    const char16_t text[10]
        = { char16_t(u'0' + year / 1000), char16_t(u'0' + year / 100 % 10), char16_t(u'0' + year / 10 % 10),
              char16_t(u'0' + year % 10), u'-', char16_t(u'0' + month / 10), char16_t(u'0' + month % 10),
              u'-', char16_t(u'0' + dayOfMonth / 10), char16_t(u'0' + dayOfMonth % 10) };
    return QString::fromUtf16(text, 10);
}

QJsonValue day(const QDate &date)
{
    return date.isValid() ? QJsonValue(isoDay(date)) : QJsonValue();
}

struct WindowDay
{
    QDate date;
    std::optional<double> value;
    bool fromArchive = true;
};

void count(WindowPart &part, const QDate &date, const WindowDay &d, double normal)
{
    if (!part.first.isValid())
        part.first = date;
    part.last = date;
    ++part.days;
    if (!d.value) {
        ++part.missing;
        return;
    }
    part.rainMm += *d.value;
    part.normalMm += normal;
}

} // namespace

QJsonObject WindowPart::toJson() const
{
    return {
        { u"first_day"_s, day(first) },
        { u"last_day"_s, day(last) },
        { u"days"_s, days },
        { u"missing_days"_s, missing },
        { u"rain_mm"_s, rounded(rainMm, 1) },
        { u"normal_mm"_s, rounded(normalMm, 1) },
    };
}

QString BeltStress::statusName(Status status)
{
    switch (status) {
    case Status::Scored:
        return u"scored"_s;
    case Status::DrySeason:
        return u"dry_season"_s;
    case Status::InsufficientData:
        return u"insufficient_data"_s;
    }
    return {};
}

QJsonObject BeltStress::toJson() const
{
    QJsonArray missingDays;
    for (const QDate &date : missingDates)
        missingDays.append(isoDay(date));
    return {
        { u"status"_s, statusName(status) },
        { u"score"_s, score ? QJsonValue(*score) : QJsonValue() },
        { u"level"_s, score ? QJsonValue(StressRule::level(*score)) : QJsonValue() },
        { u"deficit_ratio"_s, deficitRatio ? QJsonValue(rounded(*deficitRatio, 4)) : QJsonValue() },
        { u"rain_ratio"_s, rainRatio ? QJsonValue(rounded(*rainRatio, 4)) : QJsonValue() },
        { u"rain_mm"_s, rounded(rainMm, 1) },
        { u"normal_mm"_s, rounded(normalMm, 1) },
        { u"days"_s, days },
        { u"missing_days"_s, missing },
        { u"missing_dates"_s, missingDays },
        { u"archive"_s, archive.toJson() },
        { u"forecast"_s, forecast.toJson() },
    };
}

BeltStress StressRule::score(
    const QList<DailyValue> &archive, const QList<DailyValue> &forecast, const RainfallNormal &normal) const
{
    // In date order, the archive's entry of a day first, so that every sum adds in the same order.
    QList<WindowDay> all;
    all.reserve(archive.size() + forecast.size());
    for (const DailyValue &d : archive)
        all.append({ d.date, d.value, true });
    for (const DailyValue &d : forecast)
        all.append({ d.date, d.value, false });
    std::stable_sort(all.begin(), all.end(), [](const WindowDay &a, const WindowDay &b) {
        return a.date < b.date || (a.date == b.date && a.fromArchive && !b.fromArchive);
    });
    QList<WindowDay> window;
    window.reserve(all.size());
    for (const WindowDay &d : std::as_const(all)) {
        if (!window.isEmpty() && window.last().date == d.date) {
            // A day twice: the first value it has wins (the archive's, then the forecast's); a source that
            // repeats a day keeps its first entry.
            if (!window.last().value && d.value)
                window.last() = d;
            continue;
        }
        window.append(d);
    }

    BeltStress stress;
    for (const WindowDay &d : std::as_const(window)) {
        const double expected = normal.forDay(d.date);
        count(d.fromArchive ? stress.archive : stress.forecast, d.date, d, expected);
        ++stress.days;
        if (!d.value) {
            ++stress.missing;
            stress.missingDates.append(d.date);
        }
    }
    stress.rainMm = stress.archive.rainMm + stress.forecast.rainMm;
    stress.normalMm = stress.archive.normalMm + stress.forecast.normalMm;
    if (stress.normalMm > 0)
        stress.rainRatio = stress.rainMm / stress.normalMm;

    if (stress.days == 0 || double(stress.missing) > maxMissingFraction * double(stress.days)) {
        stress.status = BeltStress::Status::InsufficientData;
        return stress;
    }
    if (stress.normalMm < minNormalMm) {
        stress.status = BeltStress::Status::DrySeason;
        return stress;
    }
    const double deficit = std::max(0.0, 1.0 - stress.rainMm / stress.normalMm);
    const double scaled = 100.0 * (deficit - deficitFloor) / (deficitCeiling - deficitFloor);
    stress.status = BeltStress::Status::Scored;
    stress.deficitRatio = deficit;
    stress.score = int(std::clamp<long>(std::lround(scaled), 0, 100));
    return stress;
}

AggregateStress StressRule::aggregate(const QList<std::pair<double, std::optional<int>>> &belts) const
{
    AggregateStress result;
    double weighted = 0;
    for (const auto &[weight, score] : belts) {
        if (!score)
            continue;
        weighted += weight * double(*score);
        result.weightTotal += weight;
        ++result.beltsScored;
    }
    if (result.beltsScored > 0 && result.weightTotal > 0)
        result.score = int(std::clamp<long>(std::lround(weighted / result.weightTotal), 0, 100));
    return result;
}

QString StressRule::level(int score)
{
    if (score < 25)
        return u"low"_s;
    if (score < 50)
        return u"moderate"_s;
    if (score < 75)
        return u"high"_s;
    return u"severe"_s;
}

QJsonObject StressRule::toJson() const
{
    return {
        { u"window"_s,
            u"the archive's days, then the forecast's days not in it; a day in both keeps the archive's "
            u"value, "
            "or the forecast's when the archive has none"_s },
        { u"rain_mm"_s, u"sum of the window's days that have a value"_s },
        { u"normal_mm"_s,
            u"sum of the configured normal over the same days (a month's total spread evenly "
            "over its days, or a 30th of a 30-day total)"_s },
        { u"deficit_ratio"_s, u"max(0, 1 - rain_mm / normal_mm)"_s },
        { u"score"_s,
            u"round(100 * (deficit_ratio - deficit_floor) / (deficit_ceiling - deficit_floor)), "
            "clamped to 0..100"_s },
        { u"aggregate"_s, u"weighted mean of the scored belts' scores, rounded; unscored belts left out"_s },
        { u"deficit_floor"_s, deficitFloor },
        { u"deficit_ceiling"_s, deficitCeiling },
        { u"min_normal_mm"_s, minNormalMm },
        { u"max_missing_fraction"_s, maxMissingFraction },
        { u"levels"_s,
            QJsonObject { { u"low"_s, u"0-24"_s }, { u"moderate"_s, u"25-49"_s }, { u"high"_s, u"50-74"_s },
                { u"severe"_s, u"75-100"_s } } },
        { u"rounding"_s, u"half away from zero"_s },
    };
}

} // namespace ades::market
