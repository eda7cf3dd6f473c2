#include "YieldBoard.h"

#include "BriefSettings.h"
#include "YieldPools.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/DecodedMemo.h"
#include "ops/market/fetch/SourceCache.h"

#include <QJsonArray>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::market {

YieldBoard::YieldBoard(const MarketServices &services)
    : m_services(services)
{ }

void YieldBoard::read(std::function<void(Result<QJsonObject>)> done) const
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::DefiLlama);
    request.path = u"/pools"_s;
    // About 20,000 pools: several MB today, bounded well above that.
    request.maxResponseBytes = 64 * 1024 * 1024;
    const MarketServices &services = m_services;
    const qint64 freshMs = qint64(services.settings.get(BriefSettings::YieldFreshMinutes)) * 60'000;
    services.cache.get(request.source + u":pools"_s, freshMs,
        SourceCache::upstreamFetch(services.upstream, request, services.clock),
        [&services, done](SourceCache::Fetched answer) {
            if (!answer.ok())
                return done(answer.error());
            static DecodedMemo<Result<QList<YieldPool>>> memo(2);
            const FetchedBody &body = answer.value();
            const auto pools = memo.get(body.digest(), [&body]() { return YieldPools::read(body); });
            if (!pools->ok())
                return done(pools->error());
            const qint64 minTvl = services.settings.get(BriefSettings::YieldMinTvlUsd);
            const int top = services.settings.get(BriefSettings::YieldTop);
            QList<const YieldPool *> eligible;
            for (const YieldPool &pool : pools->value())
                if (pool.tvlUsd >= double(minTvl))
                    eligible.append(&pool);
            QJsonArray byTvl;
            for (qsizetype i = 0; i < eligible.size() && i < top; ++i)
                byTvl.append(eligible[i]->toJson());
            QList<const YieldPool *> byApyOrder;
            int outliers = 0;
            for (const YieldPool *pool : std::as_const(eligible)) {
                if (pool->outlier)
                    ++outliers;
                else
                    byApyOrder.append(pool);
            }
            std::stable_sort(
                byApyOrder.begin(), byApyOrder.end(), [](const YieldPool *a, const YieldPool *b) {
                    return a->apy != b->apy ? a->apy > b->apy : a->pool < b->pool;
                });
            QJsonArray byApy;
            for (qsizetype i = 0; i < byApyOrder.size() && i < top; ++i)
                byApy.append(byApyOrder[i]->toJson());
            done(QJsonObject {
                { u"by_tvl"_s, byTvl },
                { u"by_apy"_s, byApy },
                { u"stablecoin_pools"_s, pools->value().size() },
                { u"eligible_pools"_s, eligible.size() },
                { u"outliers_left_out_of_by_apy"_s, outliers },
                { u"min_tvl_usd"_s, minTvl },
                { u"note"_s,
                    u"APYs are DeFiLlama's percentages (base plus reward) as published, not a promise of "
                    "returns; a stablecoin pool can still lose its peg or its funds."_s },
                { u"source"_s, body.provenance(services.clock.now()) },
            });
        });
}

} // namespace ades::market
