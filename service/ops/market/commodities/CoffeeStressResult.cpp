#include "CoffeeStressResult.h"

#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonValue gridPoint(const RainfallAnswer &answer, qsizetype index)
{
    if (answer.error || index >= answer.series.size())
        return QJsonValue();
    const DailySeries &s = answer.series.at(index);
    return QJsonObject {
        { u"latitude"_s, s.latitude },
        { u"longitude"_s, s.longitude },
        { u"elevation_m"_s, s.elevation ? QJsonValue(*s.elevation) : QJsonValue() },
    };
}

QString basisOf(const CoffeeStressInputs &in)
{
    if (!in.archive.error && !in.forecast.error)
        return u"archive_and_forecast"_s;
    return in.archive.error ? u"forecast_only"_s : u"archive_only"_s;
}

QJsonArray answeredSources(const CoffeeStressInputs &in)
{
    QJsonArray sources;
    for (const RainfallAnswer *answer : { &in.archive, &in.forecast })
        if (!answer->error)
            sources.append(answer->provenance);
    return sources;
}

QJsonObject licence(const CoffeeStressInputs &in)
{
    return {
        { u"data_licence"_s, u"CC BY 4.0"_s },
        { u"licence_url"_s, u"https://creativecommons.org/licenses/by/4.0/"_s },
        { u"attribution"_s,
            u"Weather data by Open-Meteo.com (https://open-meteo.com/); recent rainfall from the ERA5 "
            "reanalysis of the Copernicus Climate Change Service through Open-Meteo's archive"_s },
        { u"commercial_key_configured"_s, in.requests.commercialKey },
        { u"commercial_use"_s,
            u"Open-Meteo's free endpoints are for non-commercial use only; a paid service calls them with a "
            "commercial key on the customer hosts (upstream/open-meteo/base_url, upstream/open-meteo/api_key)"_s },
    };
}

QJsonObject belt(const CoffeeStressInputs &in, qsizetype index, const QJsonArray &sources, BeltStress &stress)
{
    const CoffeeBelt &b = in.belts.at(index);
    bool ownEntry = false;
    const RainfallNormal *normal = in.normals.forBelt(b.name, &ownEntry);
    QJsonObject part;
    if (normal) {
        const QList<DailyValue> none;
        const QList<DailyValue> &archive = in.archive.error ? none : in.archive.series.at(index).days;
        const QList<DailyValue> &forecast = in.forecast.error ? none : in.forecast.series.at(index).days;
        stress = in.rule.score(archive, forecast, *normal);
        part = stress.toJson();
        QJsonObject normalJson = normal->json;
        normalJson.insert(u"entry"_s, ownEntry ? b.name : u"*"_s);
        normalJson.insert(u"origin"_s, u"operator setting market/commodities/normals"_s);
        part.insert(u"normal"_s, normalJson);
    } else {
        part.insert(u"status"_s, u"no_normal"_s);
        part.insert(u"score"_s, QJsonValue());
        part.insert(u"level"_s, QJsonValue());
        part.insert(u"normal"_s, QJsonValue());
    }
    part.insert(u"name"_s, b.name);
    part.insert(u"latitude"_s, b.latitude);
    part.insert(u"longitude"_s, b.longitude);
    part.insert(u"weight"_s, b.weight);
    part.insert(u"basis"_s, basisOf(in));
    part.insert(u"grid"_s,
        QJsonObject { { u"archive"_s, gridPoint(in.archive, index) },
            { u"forecast"_s, gridPoint(in.forecast, index) } });
    part.insert(u"sources"_s, sources);
    return part;
}

} // namespace

Outcome CoffeeStressResult::compose(const CoffeeStressInputs &in)
{
    if (in.archive.error && in.forecast.error) {
        ServiceError both = ServiceError::sourceUnavailable(in.forecast.source,
            u"No rainfall source answered: %1 %2"_s.arg(
                in.forecast.error->message(), in.archive.error->message()));
        both.setMissing({ in.forecast.source, in.archive.source });
        return both;
    }
    // A source that answered for other locations than asked was already refused by the parser.
    for (const RainfallAnswer *answer : { &in.archive, &in.forecast })
        if (!answer->error && answer->series.size() != in.belts.size())
            return ServiceError::sourceUnavailable(
                answer->source, u"%1 answered for other locations."_s.arg(answer->source));

    const QJsonArray sources = answeredSources(in);
    QJsonArray belts;
    QList<std::pair<double, std::optional<int>>> weighted;
    QJsonArray notScored;
    for (qsizetype i = 0; i < in.belts.size(); ++i) {
        BeltStress stress;
        const QJsonObject part = belt(in, i, sources, stress);
        belts.append(part);
        weighted.append({ in.belts.at(i).weight, stress.score });
        if (!stress.score)
            notScored.append(
                QJsonObject { { u"name"_s, in.belts.at(i).name }, { u"status"_s, part.value(u"status"_s) } });
    }
    const AggregateStress total = in.rule.aggregate(weighted);

    QJsonArray failed;
    for (const RainfallAnswer *answer : { &in.archive, &in.forecast })
        if (answer->error)
            failed.append(
                QJsonObject { { u"source"_s, answer->source }, { u"message"_s, answer->error->message() } });

    QJsonArray notes;
    if (!failed.isEmpty())
        notes.append(u"Partial result: the scores use only the days of the source that answered."_s);
    if (!in.requests.commercialKey)
        notes.append(u"No Open-Meteo commercial key is configured: the free endpoints are for non-commercial "
                     "use only."_s);
    notes.append(u"Normals, belt points, weights and thresholds are operator settings (operator defaults "
                 "unless changed), not published climatological normals."_s);

    QJsonObject data {
        { u"contract"_s, QString::fromLatin1(Contract) },
        { u"commodity"_s, u"coffee"_s },
        { u"region"_s, u"Brazil"_s },
        { u"computed_at"_s, isoUtc(in.now) },
        { u"window"_s, in.requests.windowJson() },
        { u"aggregate"_s,
            QJsonObject {
                { u"score"_s, total.score ? QJsonValue(*total.score) : QJsonValue() },
                { u"level"_s, total.score ? QJsonValue(StressRule::level(*total.score)) : QJsonValue() },
                { u"belts_scored"_s, total.beltsScored },
                { u"belts_not_scored"_s, notScored },
                { u"weight_total"_s, total.weightTotal },
            } },
        { u"belts"_s, belts },
        { u"producer_floor_price"_s, in.floorPrice },
        { u"rule"_s, in.rule.toJson() },
        { u"partial"_s, !failed.isEmpty() },
        { u"failed_sources"_s, failed },
        { u"sources"_s, sources },
        { u"licence"_s, licence(in) },
        { u"notes"_s, notes },
    };
    return OperationResult { data, QString::fromUtf16(Subject) };
}

QJsonObject CoffeeStressResult::withEvidence(
    QJsonObject data, const QJsonArray &sources, const QDateTime &now)
{
    QJsonArray belts = data.take(u"belts"_s).toArray();
    for (qsizetype i = 0; i < belts.size(); ++i) {
        QJsonObject belt = belts.at(i).toObject();
        belt.insert(u"sources"_s, sources);
        belts.replace(i, belt);
    }
    data.insert(u"belts"_s, belts);
    data.insert(u"sources"_s, sources);
    data.insert(u"computed_at"_s, isoUtc(now));
    return data;
}

} // namespace ades::market
