#include "PerpsOperation.h"

#include "PerpsFeed.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

Result<QJsonObject> perpsResult(const PerpsFeed::Markets &markets, const QString &coin, int top)
{
    QList<const PerpMarket *> chosen;
    for (const PerpMarket &m : markets.reading->markets)
        if (coin.isEmpty() || m.coin.compare(coin, Qt::CaseInsensitive) == 0)
            chosen.append(&m);
    if (!coin.isEmpty() && chosen.isEmpty())
        return ServiceError::unprocessable(u"unknown_coin"_s,
            u"Hyperliquid lists no perpetual market %1 (delisted markets are not served)."_s.arg(coin),
            u"coin"_s);
    // Largest 24 h notional volume first; the coin name breaks ties so equal inputs give equal answers.
    std::stable_sort(chosen.begin(), chosen.end(), [](const PerpMarket *a, const PerpMarket *b) {
        return a->dayVolumeUsd != b->dayVolumeUsd ? a->dayVolumeUsd > b->dayVolumeUsd : a->coin < b->coin;
    });
    QJsonArray list;
    for (qsizetype i = 0; i < chosen.size() && i < top; ++i)
        list.append(chosen[i]->toJson());
    return QJsonObject {
        { u"contract"_s, u"market-perps/1"_s },
        { u"venue"_s, u"Hyperliquid"_s },
        { u"markets"_s, list },
        { u"listed_markets"_s, markets.reading->markets.size() },
        { u"delisted_skipped"_s, markets.reading->delisted },
        { u"unusable_skipped"_s, markets.reading->unusable },
        { u"sorted_by"_s, u"volume_24h_usd, descending"_s },
        { u"funding_note"_s,
            u"funding_hourly is the current hourly rate as a fraction, paid every hour; the annualised "
            u"figure "
            "is that rate x 24 x 365 in percent, not compounded and not a forecast. Open interest in USD is "
            "open interest in coins x mark price."_s },
        { u"source"_s, markets.source },
    };
}

} // namespace

void addPerpsOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(5'000);
    catalog.add({
        .id = u"market.perps"_s,
        .title = u"Perpetual markets"_s,
        .summary = u"Hyperliquid's perpetual markets by 24 h volume: mark and oracle price, hourly and "
                   "annualised funding, open interest in coins and USD, 24 h volume and maximum leverage; "
                   "delisted markets skipped."_s,
        .area = u"market"_s,
        .outputContract = u"market-perps/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.perps.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.perps.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/perps"_s, price), Exposure::mcp(u"perps_markets"_s, price),
            Exposure::cli(u"market.perps"_s) },
        .handler =
            [&services](const QJsonObject &args, const CallContext &, Completion done) {
                const QString coin = args.value(u"coin"_s).toString().toUpper();
                const int top = args.value(u"top"_s).toInt(20);
                PerpsFeed(services).markets([&services, coin, top, done](Result<PerpsFeed::Markets> markets) {
                    if (!markets.ok())
                        return done(markets.error());
                    Result<QJsonObject> result = perpsResult(markets.value(), coin, top);
                    if (!result.ok())
                        return done(result.error());
                    result.value().insert(u"checked_at"_s, isoUtc(services.clock.now()));
                    done(OperationResult { result.value(), coin.isEmpty() ? u"top %1"_s.arg(top) : coin });
                });
            },
        .sources = { QString::fromUtf16(MarketSource::Hyperliquid) },
    });
}

} // namespace ades::market
