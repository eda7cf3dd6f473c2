#include "CommoditiesStress.h"

#include "CoffeeStressResult.h"
#include "CommoditiesSettings.h"
#include "ProducerFloorPrice.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/SourceCache.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// The settings were checked at start-up; a value that still does not parse is a programming error.
std::optional<CoffeeStressInputs> inputsFrom(
    const Settings &settings, const UpstreamClient &upstream, const QDateTime &now, QString &problem)
{
    CoffeeStressInputs in;
    in.now = now;
    in.belts = CoffeeBelts::parse(settings.get(CommoditiesSettings::belts()), problem);
    if (!problem.isEmpty())
        return std::nullopt;
    std::optional<RainfallNormals> normals
        = RainfallNormals::parse(settings.get(CommoditiesSettings::normals()), problem);
    if (!normals)
        return std::nullopt;
    in.normals = std::move(*normals);
    if (!CommoditiesSettings::parseThresholds(settings.get(CommoditiesSettings::deficitThresholds()),
            in.rule.deficitFloor, in.rule.deficitCeiling)) {
        problem = u"deficit thresholds"_s;
        return std::nullopt;
    }
    in.rule.minNormalMm = settings.get(CommoditiesSettings::minNormalMm());
    in.rule.maxMissingFraction = settings.get(CommoditiesSettings::maxMissingPercent()) / 100.0;
    in.requests = RainfallRequests::plan(in.belts, now, settings.get(CommoditiesSettings::archiveDays()),
        settings.get(CommoditiesSettings::archiveLagDays()),
        settings.get(CommoditiesSettings::forecastDays()), upstream);
    in.floorPrice = ProducerFloorPrice::fromSettings(settings, in.requests.today);
    in.forecast.source = QString::fromUtf16(MarketSource::OpenMeteo);
    in.archive.source = QString::fromUtf16(MarketSource::OpenMeteoArchive);
    return in;
}

void take(RainfallAnswer &answer, const SourceCache::Fetched &fetched, int locations, const QDateTime &now)
{
    if (!fetched.ok()) {
        answer.error = fetched.error();
        return;
    }
    const FetchedBody &body = fetched.value();
    answer.provenance = body.provenance(now);
    Result<QList<DailySeries>> series
        = OpenMeteoDaily::parse(answer.source, body.httpStatus, body.body, locations);
    if (!series.ok())
        answer.error = series.error();
    else
        answer.series = std::move(series.value());
}

} // namespace

Handler makeCommoditiesStressHandler(const MarketServices &services)
{
    return [&services](const QJsonObject &, const CallContext &, Completion done) {
        const QDateTime now = services.clock.now();
        QString problem;
        std::optional<CoffeeStressInputs> prepared
            = inputsFrom(services.settings, services.upstream, now, problem);
        if (!prepared)
            return done(ServiceError::internal(u"market/commodities settings: "_s + problem));
        auto in = std::make_shared<CoffeeStressInputs>(std::move(*prepared));
        const int locations = int(in->belts.size());
        const qint64 forecastFreshMs
            = qint64(services.settings.get(CommoditiesSettings::forecastFreshSeconds())) * 1000;
        const qint64 archiveFreshMs
            = qint64(services.settings.get(CommoditiesSettings::archiveFreshSeconds())) * 1000;

        // Both sources in parallel: the call takes as long as the slower one.
        const auto group = CallGroup::start(2, [in, done, &services]() {
            in->now = services.clock.now();
            done(CoffeeStressResult::compose(*in));
        });
        services.cache.get(in->requests.forecastCacheKey, forecastFreshMs,
            SourceCache::upstreamFetch(services.upstream, in->requests.forecast, services.clock),
            [in, group, locations, &services](SourceCache::Fetched fetched) {
                take(in->forecast, fetched, locations, services.clock.now());
                group->arrive();
            });
        services.cache.get(in->requests.archiveCacheKey, archiveFreshMs,
            SourceCache::upstreamFetch(services.upstream, in->requests.archive, services.clock),
            [in, group, locations, &services](SourceCache::Fetched fetched) {
                take(in->archive, fetched, locations, services.clock.now());
                group->arrive();
            });
    };
}

} // namespace ades::market
