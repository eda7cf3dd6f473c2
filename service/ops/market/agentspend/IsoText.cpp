#include "IsoText.h"

#include <array>

namespace ades::market {

namespace {

constexpr qint64 SecondsPerDay = 86'400;
constexpr qint64 JulianDayOfEpoch = 2'440'588; // 1970-01-01

// Two digits at a time from "00" to "99": a year, month, day, hour, minute and second are pairs.
constexpr std::array<char16_t, 200> digitPairs = [] {
    std::array<char16_t, 200> pairs {};
    for (int i = 0; i < 100; ++i) {
        pairs[size_t(2 * i)] = char16_t(u'0' + i / 10);
        pairs[size_t(2 * i + 1)] = char16_t(u'0' + i % 10);
    }
    return pairs;
}();

char16_t *writeTwoDigits(char16_t *out, int value)
{
    out[0] = digitPairs[size_t(2 * value)];
    out[1] = digitPairs[size_t(2 * value + 1)];
    return out + 2;
}

// Days since 1970-01-01 to year, month, day in the proleptic Gregorian calendar (H. Hinnant,
// "chrono-Compatible Low-Level Date Algorithms", civil_from_days), for years 1 to 9999.
struct CivilDate
{
    qint64 year;
    int month;
    int day;
};

CivilDate civilFromDays(qint64 days)
{
    days += 719'468;
    const qint64 era = (days >= 0 ? days : days - 146'096) / 146'097;
    const qint64 dayOfEra = days - era * 146'097;
    const qint64 yearOfEra = (dayOfEra - dayOfEra / 1'460 + dayOfEra / 36'524 - dayOfEra / 146'096) / 365;
    const qint64 dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const qint64 shiftedMonth = (5 * dayOfYear + 2) / 153; // March = 0
    const int month = int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
    return { yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month,
        int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1) };
}

// "2026-11-05" into `out` (10 units); false outside years 1 to 9999, which ISO 8601's basic form holds.
bool writeIsoDay(char16_t *out, qint64 daysSinceEpoch)
{
    const CivilDate date = civilFromDays(daysSinceEpoch);
    if (date.year < 1 || date.year > 9999)
        return false;
    out = writeTwoDigits(out, int(date.year / 100));
    out = writeTwoDigits(out, int(date.year % 100));
    *out++ = u'-';
    out = writeTwoDigits(out, date.month);
    *out++ = u'-';
    writeTwoDigits(out, date.day);
    return true;
}

qint64 floorDivide(qint64 value, qint64 by)
{
    return value / by - (value % by < 0 ? 1 : 0);
}

} // namespace

IsoText IsoText::day(const QDate &day)
{
    IsoText text;
    if (day.isValid() && writeIsoDay(text.m_units, day.toJulianDay() - JulianDayOfEpoch))
        text.m_written = 10;
    else
        text.m_other = day.toString(Qt::ISODate);
    return text;
}

IsoText IsoText::timeUtc(const QDateTime &time)
{
    IsoText text;
    const qint64 seconds = time.toSecsSinceEpoch();
    const qint64 days = floorDivide(seconds, SecondsPerDay);
    const int ofDay = int(seconds - days * SecondsPerDay);
    if (!time.isValid() || time.timeSpec() != Qt::UTC || !writeIsoDay(text.m_units, days)) {
        text.m_other = time.toString(Qt::ISODate);
        return text;
    }
    char16_t *out = text.m_units + 10;
    *out++ = u'T';
    out = writeTwoDigits(out, ofDay / 3'600);
    *out++ = u':';
    out = writeTwoDigits(out, ofDay / 60 % 60);
    *out++ = u':';
    out = writeTwoDigits(out, ofDay % 60);
    *out = u'Z';
    text.m_written = 20;
    return text;
}

} // namespace ades::market
