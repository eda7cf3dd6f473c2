#include "MarketArea.h"

#include "MarketServices.h"
#include "MarketSettings.h"
#include "MarketSources.h"
#include "RegisterMarket.h"
#include "area/AreaContext.h"
#include "coin/CoinArchive.h"
#include "fetch/SourceCache.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades::market {

MarketArea::MarketArea() = default;
MarketArea::~MarketArea() = default;

QString MarketArea::name() const
{
    return u"market"_s;
}

SettingSpecs MarketArea::settings() const
{
    return MarketSettings::all();
}

QList<UpstreamSource> MarketArea::sources() const
{
    return MarketSource::all();
}

void MarketArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_cache = std::make_unique<SourceCache>(context.clock);
    m_archive = std::make_unique<CoinArchive>(context.store.marketSnapshots(), context.clock);
    m_services = std::make_unique<MarketServices>(MarketServices {
        context.settings, context.clock, context.upstream, context.store, catalog, *m_cache, *m_archive });
    registerMarket(catalog, *m_services);
}

void MarketArea::startRecurring(QObject *owner)
{
    if (m_services)
        startMarketRecurring(*m_services, owner);
}

QJsonObject MarketArea::health() const
{
    return m_cache ? QJsonObject { { u"sources"_s, m_cache->health() } } : QJsonObject {};
}

} // namespace ades::market
