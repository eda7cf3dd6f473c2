#pragma once

#include "CoffeeBelts.h"
#include "upstream/UpstreamClient.h"

#include <QDate>
#include <QJsonObject>

namespace ades::market {

// The two Open-Meteo requests of one market.commodities call, for every belt at once (comma-separated
// coordinates): the ERA5 archive for the recent days and the forecast for the rest of the window.
//
//   archive:  archiveDays days ending archiveLagDays before today (ERA5 trails by about 5 days);
//   forecast: past_days = archiveLagDays (the gap up to today, overlapping the archive's last day, which
//             ERA5 often still leaves null) and forecast_days from today.
//
// "Today" is the belts' local date: America/Sao_Paulo, the time zone every day of both answers is in.
// A configured key (upstream/open-meteo/api_key; the archive's own, else the forecast's) is sent as the
// `apikey` query parameter, which the request's evidence leaves out (UpstreamClient drops the query), and
// never enters a cache key.
struct RainfallRequests
{
    QDate today;
    QDate archiveStart;
    QDate archiveEnd;
    int pastDays = 0;
    int forecastDays = 16;

    UpstreamRequest forecast;
    UpstreamRequest archive;
    QString forecastCacheKey; // "open-meteo:/forecast?..."
    QString archiveCacheKey;
    bool commercialKey = false; // a key is configured for both sources

    static constexpr char16_t TimeZone[] = u"America/Sao_Paulo";
    static constexpr qint64 MaxResponseBytes = 1024 * 1024;

    static RainfallRequests plan(const QList<CoffeeBelt> &belts, const QDateTime &now, int archiveDays,
        int archiveLagDays, int forecastDays, const UpstreamClient &upstream);
    static QDate localToday(const QDateTime &now);

    QJsonObject windowJson() const;
};

} // namespace ades::market
