#include "OpenMeteoDaily.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

int DailySeries::missingDays() const
{
    int missing = 0;
    for (const DailyValue &day : days)
        missing += day.value ? 0 : 1;
    return missing;
}

namespace {

// The upstream's own words go into an agent-facing message: printable, bounded.
QString cleanReason(const QString &reason)
{
    QString clean;
    for (const QChar c : reason.left(200))
        clean.append(c.isPrint() ? c : u' ');
    return clean.simplified();
}

ServiceError malformed(const QString &sourceId, const QString &why)
{
    return ServiceError::sourceUnavailable(
        sourceId, u"%1 sent an unusable daily answer (%2)."_s.arg(sourceId, why));
}

Result<DailySeries> parseLocation(
    const QString &sourceId, const QJsonObject &location, const QString &variable)
{
    DailySeries series;
    const QJsonValue latitude = location.value(u"latitude"_s);
    const QJsonValue longitude = location.value(u"longitude"_s);
    if (!latitude.isDouble() || !longitude.isDouble() || std::abs(latitude.toDouble()) > 90
        || std::abs(longitude.toDouble()) > 180)
        return malformed(sourceId, u"no coordinates"_s);
    series.latitude = latitude.toDouble();
    series.longitude = longitude.toDouble();
    if (location.value(u"elevation"_s).isDouble())
        series.elevation = location.value(u"elevation"_s).toDouble();
    series.timezone = location.value(u"timezone"_s).toString().left(64);

    // We ask for millimetres; another unit would be read as mm and off by a factor of 25.4.
    const QString unit = location.value(u"daily_units"_s).toObject().value(variable).toString();
    if (unit != u"mm"_s)
        return malformed(sourceId, u"unit of %1 is '%2', not mm"_s.arg(variable, unit.left(16)));

    const QJsonObject daily = location.value(u"daily"_s).toObject();
    const QJsonValue timeValue = daily.value(u"time"_s);
    const QJsonValue valuesValue = daily.value(variable);
    if (!timeValue.isArray() || !valuesValue.isArray())
        return malformed(sourceId, u"no daily time and %1 arrays"_s.arg(variable));
    const QJsonArray times = timeValue.toArray();
    const QJsonArray values = valuesValue.toArray();
    if (times.size() != values.size())
        return malformed(sourceId, u"daily arrays of unequal length"_s);
    if (times.size() > OpenMeteoDaily::MaxDays)
        return malformed(sourceId, u"more than %1 days"_s.arg(OpenMeteoDaily::MaxDays));

    series.days.reserve(times.size());
    QDate previous;
    for (qsizetype i = 0; i < times.size(); ++i) {
        const QString text = times.at(i).toString();
        const QDate date = text.size() == 10 ? QDate::fromString(text, Qt::ISODate) : QDate();
        if (!date.isValid() || (previous.isValid() && date <= previous))
            return malformed(sourceId, u"day %1 is not an ISO date after the one before"_s.arg(i));
        previous = date;
        const QJsonValue v = values.at(i);
        if (v.isNull()) {
            series.days.append({ date, std::nullopt });
            continue;
        }
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0
            || v.toDouble() > OpenMeteoDaily::MaxDailyMm)
            return malformed(sourceId, u"%1 of %2 is not a precipitation in mm"_s.arg(variable, text));
        series.days.append({ date, v.toDouble() });
    }
    return series;
}

} // namespace

Result<QList<DailySeries>> OpenMeteoDaily::parse(const QString &sourceId, int httpStatus,
    const QByteArray &body, int expectedLocations, const QString &variable)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    // The documented error form ({error: true, reason}) comes with 400 and 429; read it whatever the status.
    if (document.isObject() && document.object().value(u"error"_s).toBool()) {
        const QString reason = cleanReason(document.object().value(u"reason"_s).toString());
        return ServiceError::sourceUnavailable(sourceId,
            u"%1 refused the request (HTTP %2): %3"_s.arg(sourceId)
                .arg(httpStatus)
                .arg(reason.isEmpty() ? u"no reason given"_s : reason));
    }
    if (httpStatus != 200)
        return ServiceError::sourceUnavailable(
            sourceId, u"%1 answered HTTP %2."_s.arg(sourceId).arg(httpStatus));
    if (error.error != QJsonParseError::NoError)
        return malformed(sourceId, u"not JSON"_s);
    if (expectedLocations < 1 || expectedLocations > MaxLocations)
        return malformed(sourceId, u"%1 locations asked"_s.arg(expectedLocations));

    // One location is one object; several are an array in the order asked, each with its location_id.
    QList<QJsonObject> objects;
    if (document.isObject()) {
        objects.append(document.object());
    } else if (document.isArray()) {
        const QJsonArray array = document.array();
        if (array.size() > MaxLocations)
            return malformed(sourceId, u"more than %1 locations"_s.arg(MaxLocations));
        for (const QJsonValue &item : array) {
            if (!item.isObject())
                return malformed(sourceId, u"a location that is not an object"_s);
            objects.append(item.toObject());
        }
    }
    if (objects.size() != expectedLocations)
        return malformed(sourceId, u"%1 locations for %2 asked"_s.arg(objects.size()).arg(expectedLocations));

    QList<std::optional<DailySeries>> placed(expectedLocations);
    for (qsizetype i = 0; i < objects.size(); ++i) {
        qsizetype index = i;
        if (objects.at(i).contains(u"location_id"_s)) {
            const QJsonValue id = objects.at(i).value(u"location_id"_s);
            const double n = id.toDouble(-1);
            if (!id.isDouble() || n != std::floor(n) || n < 0 || n >= expectedLocations)
                return malformed(sourceId, u"a location_id outside the locations asked"_s);
            index = qsizetype(n);
        }
        if (placed.at(index))
            return malformed(sourceId, u"location %1 answered twice"_s.arg(index));
        Result<DailySeries> series = parseLocation(sourceId, objects.at(i), variable);
        if (!series.ok())
            return series.error();
        placed[index] = std::move(series.value());
    }
    QList<DailySeries> all;
    all.reserve(expectedLocations);
    for (std::optional<DailySeries> &series : placed)
        all.append(std::move(*series));
    return all;
}

} // namespace ades::market
