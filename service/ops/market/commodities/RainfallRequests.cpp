#include "RainfallRequests.h"

#include "ops/market/MarketSources.h"

#include <QStringList>
#include <QTimeZone>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString coordinates(const QList<CoffeeBelt> &belts, double CoffeeBelt::*member)
{
    QStringList values;
    for (const CoffeeBelt &belt : belts)
        values.append(QString::number(belt.*member, 'f', 4));
    return values.join(u',');
}

QString keyOf(const UpstreamClient &upstream, const QString &source)
{
    const UpstreamSource *s = upstream.source(source);
    return s ? s->apiKey : QString();
}

UpstreamRequest request(
    const QString &source, const QString &path, const QUrlQuery &query, const QString &key)
{
    UpstreamRequest r;
    r.source = source;
    r.path = path + u'?' + query.toString(QUrl::FullyEncoded);
    if (!key.isEmpty())
        r.path += u"&apikey="_s + QString::fromLatin1(QUrl::toPercentEncoding(key));
    r.maxResponseBytes = RainfallRequests::MaxResponseBytes;
    return r;
}

} // namespace

QDate RainfallRequests::localToday(const QDateTime &now)
{
    // Brazil has kept UTC-3 all year since 2019; the fixed offset stands in where no zone database is found.
    // Loaded once per thread: reading the zone database on every call would cost more than the scoring.
    thread_local const QTimeZone zone = [] {
        const QTimeZone named(QByteArrayLiteral("America/Sao_Paulo"));
        return named.isValid() ? named : QTimeZone(-3 * 3600);
    }();
    return now.toTimeZone(zone).date();
}

RainfallRequests RainfallRequests::plan(const QList<CoffeeBelt> &belts, const QDateTime &now, int archiveDays,
    int archiveLagDays, int forecastDays, const UpstreamClient &upstream)
{
    RainfallRequests plan;
    plan.today = localToday(now);
    plan.archiveEnd = plan.today.addDays(-archiveLagDays);
    plan.archiveStart = plan.archiveEnd.addDays(-(archiveDays - 1));
    plan.pastDays = archiveLagDays;
    plan.forecastDays = forecastDays;

    QUrlQuery common;
    common.addQueryItem(u"latitude"_s, coordinates(belts, &CoffeeBelt::latitude));
    common.addQueryItem(u"longitude"_s, coordinates(belts, &CoffeeBelt::longitude));
    common.addQueryItem(u"daily"_s, u"precipitation_sum"_s);
    common.addQueryItem(u"timezone"_s, QString::fromUtf16(TimeZone));

    QUrlQuery forecast = common;
    forecast.addQueryItem(u"past_days"_s, QString::number(plan.pastDays));
    forecast.addQueryItem(u"forecast_days"_s, QString::number(forecastDays));
    QUrlQuery archive = common;
    archive.addQueryItem(u"start_date"_s, plan.archiveStart.toString(Qt::ISODate));
    archive.addQueryItem(u"end_date"_s, plan.archiveEnd.toString(Qt::ISODate));

    const QString forecastSource = QString::fromUtf16(MarketSource::OpenMeteo);
    const QString archiveSource = QString::fromUtf16(MarketSource::OpenMeteoArchive);
    // One Open-Meteo subscription covers both APIs; an operator may still give the archive its own key.
    const QString forecastKey = keyOf(upstream, forecastSource);
    const QString archiveKey
        = keyOf(upstream, archiveSource).isEmpty() ? forecastKey : keyOf(upstream, archiveSource);
    plan.forecast = request(forecastSource, u"/forecast"_s, forecast, forecastKey);
    plan.archive = request(archiveSource, u"/archive"_s, archive, archiveKey);
    // The cache keys hold what decides the answer, never the key.
    plan.forecastCacheKey = forecastSource + u":/forecast?"_s + forecast.toString(QUrl::FullyEncoded);
    plan.archiveCacheKey = archiveSource + u":/archive?"_s + archive.toString(QUrl::FullyEncoded);
    plan.commercialKey = !forecastKey.isEmpty() && !archiveKey.isEmpty();
    return plan;
}

QJsonObject RainfallRequests::windowJson() const
{
    return {
        { u"timezone"_s, QString::fromUtf16(TimeZone) },
        { u"today"_s, today.toString(Qt::ISODate) },
        { u"archive"_s,
            QJsonObject { { u"start_date"_s, archiveStart.toString(Qt::ISODate) },
                { u"end_date"_s, archiveEnd.toString(Qt::ISODate) } } },
        { u"forecast"_s,
            QJsonObject { { u"past_days"_s, pastDays }, { u"forecast_days"_s, forecastDays },
                { u"start_date"_s, today.addDays(-pastDays).toString(Qt::ISODate) },
                { u"end_date"_s, today.addDays(forecastDays - 1).toString(Qt::ISODate) } } },
    };
}

} // namespace ades::market
