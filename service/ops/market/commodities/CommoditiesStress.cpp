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

#include <QJsonArray>
#include <QMutex>
#include <QMutexLocker>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// What the settings say, read once: they are a snapshot for the life of the process.
struct Configuration
{
    QString problem; // a value that does not parse (the start-up check refuses those; kept for safety)
    QList<CoffeeBelt> belts;
    RainfallNormals normals;
    StressRule rule;
    int archiveDays = 30;
    int archiveLagDays = 5;
    int forecastDays = 16;
    qint64 forecastFreshMs = 0;
    qint64 archiveFreshMs = 0;

    explicit Configuration(const Settings &settings)
    {
        belts = CoffeeBelts::parse(settings.get(CommoditiesSettings::belts()), problem);
        if (!problem.isEmpty())
            return;
        std::optional<RainfallNormals> parsed
            = RainfallNormals::parse(settings.get(CommoditiesSettings::normals()), problem);
        if (!parsed)
            return;
        normals = std::move(*parsed);
        if (!CommoditiesSettings::parseThresholds(settings.get(CommoditiesSettings::deficitThresholds()),
                rule.deficitFloor, rule.deficitCeiling)) {
            problem = u"deficit thresholds"_s;
            return;
        }
        rule.minNormalMm = settings.get(CommoditiesSettings::minNormalMm());
        rule.maxMissingFraction = settings.get(CommoditiesSettings::maxMissingPercent()) / 100.0;
        archiveDays = settings.get(CommoditiesSettings::archiveDays());
        archiveLagDays = settings.get(CommoditiesSettings::archiveLagDays());
        forecastDays = settings.get(CommoditiesSettings::forecastDays());
        forecastFreshMs = qint64(settings.get(CommoditiesSettings::forecastFreshSeconds())) * 1000;
        archiveFreshMs = qint64(settings.get(CommoditiesSettings::archiveFreshSeconds())) * 1000;
    }
};

// The last result composed from two complete answers, keyed by both bodies' SHA-256 and the day: while the
// cache serves the same answers (an hour for the forecast), a call only puts the fetches' evidence and the
// time into it instead of parsing and scoring again. Shared by every I/O thread.
class ComposedMemo
{
public:
    std::optional<QJsonObject> find(const QByteArray &key) const
    {
        QMutexLocker locker(&m_mutex);
        return key == m_key ? std::optional<QJsonObject>(m_data) : std::nullopt;
    }
    void keep(const QByteArray &key, const QJsonObject &data)
    {
        QMutexLocker locker(&m_mutex);
        m_key = key;
        m_data = data;
    }

private:
    mutable QMutex m_mutex;
    QByteArray m_key;
    QJsonObject m_data;
};

struct Call
{
    CoffeeStressInputs in;
    std::optional<SourceCache::Fetched> forecast;
    std::optional<SourceCache::Fetched> archive;
};

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

QByteArray memoKey(const Call &call)
{
    if (!call.forecast->ok() || !call.archive->ok())
        return {};
    return call.forecast->value().snapshot.value(u"sha256"_s).toString().toLatin1() + '/'
        + call.archive->value().snapshot.value(u"sha256"_s).toString().toLatin1() + '/'
        + call.in.requests.today.toString(Qt::ISODate).toLatin1();
}

Outcome finish(Call &call, ComposedMemo &memo, const QDateTime &now)
{
    call.in.now = now;
    const QByteArray key = memoKey(call);
    if (!key.isEmpty()) {
        if (std::optional<QJsonObject> kept = memo.find(key)) {
            const QJsonArray sources { call.archive->value().provenance(now),
                call.forecast->value().provenance(now) };
            return OperationResult { CoffeeStressResult::withEvidence(*kept, sources, now),
                QString::fromUtf16(CoffeeStressResult::Subject) };
        }
    }
    const int locations = int(call.in.belts.size());
    take(call.in.forecast, *call.forecast, locations, now);
    take(call.in.archive, *call.archive, locations, now);
    Outcome composed = CoffeeStressResult::compose(call.in);
    if (!key.isEmpty() && composed.ok() && !composed.value().data.value(u"partial"_s).toBool())
        memo.keep(key, composed.value().data);
    return composed;
}

} // namespace

Handler makeCommoditiesStressHandler(const MarketServices &services)
{
    const auto configuration = std::make_shared<const Configuration>(services.settings);
    const auto memo = std::make_shared<ComposedMemo>();
    return [&services, configuration, memo](const QJsonObject &, const CallContext &, Completion done) {
        const Configuration &c = *configuration;
        if (!c.problem.isEmpty())
            return done(ServiceError::internal(u"market/commodities settings: "_s + c.problem));
        const QDateTime now = services.clock.now();
        auto call = std::make_shared<Call>();
        CoffeeStressInputs &in = call->in;
        in.belts = c.belts;
        in.normals = c.normals;
        in.rule = c.rule;
        in.requests = RainfallRequests::plan(
            c.belts, now, c.archiveDays, c.archiveLagDays, c.forecastDays, services.upstream);
        in.floorPrice = ProducerFloorPrice::fromSettings(services.settings, in.requests.today);
        in.forecast.source = QString::fromUtf16(MarketSource::OpenMeteo);
        in.archive.source = QString::fromUtf16(MarketSource::OpenMeteoArchive);

        // Both sources in parallel: the call takes as long as the slower one.
        const auto group = CallGroup::start(
            2, [call, memo, done, &services]() { done(finish(*call, *memo, services.clock.now())); });
        services.cache.get(in.requests.forecastCacheKey, c.forecastFreshMs,
            SourceCache::upstreamFetch(services.upstream, in.requests.forecast, services.clock),
            [call, group](SourceCache::Fetched fetched) {
                call->forecast = std::move(fetched);
                group->arrive();
            });
        services.cache.get(in.requests.archiveCacheKey, c.archiveFreshMs,
            SourceCache::upstreamFetch(services.upstream, in.requests.archive, services.clock),
            [call, group](SourceCache::Fetched fetched) {
                call->archive = std::move(fetched);
                group->arrive();
            });
    };
}

} // namespace ades::market
