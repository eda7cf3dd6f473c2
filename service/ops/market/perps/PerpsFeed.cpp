#include "PerpsFeed.h"

#include "PerpsSettings.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/DecodedMemo.h"
#include "ops/market/fetch/SourceCache.h"

using namespace Qt::StringLiterals;

namespace ades::market {

PerpsFeed::PerpsFeed(const MarketServices &services)
    : m_services(services)
{ }

void PerpsFeed::markets(std::function<void(Result<Markets>)> done) const
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::Hyperliquid);
    request.path = u"/info"_s;
    request.method = "POST";
    request.body = R"({"type":"metaAndAssetCtxs"})";
    request.headers = { { "Content-Type", "application/json" } };
    request.maxResponseBytes = 4 * 1024 * 1024; // about 200 markets, some 100 KB
    const MarketServices &services = m_services;
    services.cache.get(request.source + u":metaAndAssetCtxs"_s, services.settings.get(PerpsSettings::FreshMs),
        SourceCache::upstreamFetch(services.upstream, request, services.clock),
        [&services, done](SourceCache::Fetched answer) {
            if (!answer.ok())
                return done(answer.error());
            // Decoded once per body: every call within the freshness shares the same answer.
            static DecodedMemo<Result<HyperliquidMarkets::Reading>> memo;
            const FetchedBody &body = answer.value();
            const auto reading
                = memo.get(body.digest(), [&body]() { return HyperliquidMarkets::read(body); });
            if (!reading->ok())
                return done(reading->error());
            done(Markets { std::shared_ptr<const HyperliquidMarkets::Reading>(reading, &reading->value()),
                body.provenance(services.clock.now()) });
        });
}

} // namespace ades::market
