#include "DailyOperation.h"

#include "DecisionRule.h"
#include "catalog/Catalog.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/perps/PerpsFeed.h"
#include "ops/market/price/PriceFeed.h"

#include <QJsonArray>
#include <algorithm>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// Breadth is counted over this many of the largest markets by 24 h volume: the ones that carry the market.
constexpr int BreadthMarkets = 20;

struct Read
{
    std::optional<Result<MedianPrice>> btc;
    std::optional<Result<PerpsFeed::Markets>> perps;
};

DecisionInputs inputsFrom(const Read &read, QJsonArray &sources)
{
    DecisionInputs in;
    if (read.btc->ok()) {
        in.btcPrice = read.btc->value().median;
        in.btcSpreadPercent = read.btc->value().spreadPercent;
        for (const ExchangeQuote &q : read.btc->value().used)
            sources.append(q.source);
    } else {
        in.missing.append(u"BTC exchange median: "_s + read.btc->error().message());
        in.missingSources += read.btc->error().missing();
    }
    if (!read.perps->ok()) {
        in.missing.append(u"perps (hyperliquid): "_s + read.perps->error().message());
        in.missingSources += read.perps->error().missing();
        return in;
    }
    const PerpsFeed::Markets &perps = read.perps->value();
    sources.append(perps.source);
    QList<const PerpMarket *> byVolume;
    for (const PerpMarket &m : perps.reading->markets) {
        byVolume.append(&m);
        if (m.coin == u"BTC"_s) {
            in.btcChangePercent = m.dayChangePercent();
            in.btcFundingAnnualPercent = m.fundingAnnualPercent();
            in.btcPremiumPercent = m.premiumPercent();
        } else if (m.coin == u"ETH"_s) {
            in.ethChangePercent = m.dayChangePercent();
            in.ethFundingAnnualPercent = m.fundingAnnualPercent();
        }
    }
    std::stable_sort(byVolume.begin(), byVolume.end(), [](const PerpMarket *a, const PerpMarket *b) {
        return a->dayVolumeUsd != b->dayVolumeUsd ? a->dayVolumeUsd > b->dayVolumeUsd : a->coin < b->coin;
    });
    int up = 0;
    int counted = 0;
    for (const PerpMarket *m : std::as_const(byVolume)) {
        if (counted == BreadthMarkets)
            break;
        if (m->previousDay <= 0)
            continue;
        ++counted;
        up += m->mark > m->previousDay ? 1 : 0;
    }
    if (counted > 0) {
        in.marketsUp = up;
        in.marketsCounted = counted;
    }
    if (!in.btcChangePercent)
        in.missing.append(u"BTC perp: Hyperliquid lists none"_s);
    if (!in.ethChangePercent)
        in.missing.append(u"ETH perp: Hyperliquid lists none"_s);
    return in;
}

} // namespace

void addDailyOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(50'000);
    catalog.add({
        .id = u"market.daily"_s,
        .title = u"Daily market decision pack"_s,
        .summary
        = u"ENTER_RISK, WAIT or REDUCE_RISK with a score of 0 to 100, confidence, reasons, risk flags "
          "and invalidation conditions, valid 15 minutes; decided by a disclosed, deterministic rule "
          "from the exchange-median BTC price and Hyperliquid's perpetual markets."_s,
        .area = u"market"_s,
        .outputContract = u"market-daily-pack/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.daily.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.daily.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/daily"_s, price), Exposure::mcp(u"daily_market_pack"_s, price),
            Exposure::cli(u"market.daily"_s) },
        .handler =
            [&services](const QJsonObject &, const CallContext &, Completion done) {
                auto read = std::make_shared<Read>();
                auto group = CallGroup::start(2, [read, &services, done]() {
                    QJsonArray sources;
                    const DecisionInputs inputs = inputsFrom(*read, sources);
                    const QDateTime now = services.clock.now();
                    Result<QJsonObject> pack = DecisionRule::decide(inputs, now);
                    if (!pack.ok())
                        return done(pack.error());
                    QJsonObject data = pack.value();
                    data.insert(u"contract"_s, u"market-daily-pack/1"_s);
                    data.insert(u"sources"_s, sources);
                    done(OperationResult { data, u"daily pack "_s + isoUtc(now) });
                });
                PriceFeed(services).median(u"BTC"_s, [read, group](Result<MedianPrice> btc) {
                    read->btc = std::move(btc);
                    group->arrive();
                });
                PerpsFeed(services).markets([read, group](Result<PerpsFeed::Markets> perps) {
                    read->perps = std::move(perps);
                    group->arrive();
                });
            },
        .sources = { QString::fromUtf16(MarketSource::Binance), QString::fromUtf16(MarketSource::Coinbase),
            QString::fromUtf16(MarketSource::Kraken), QString::fromUtf16(MarketSource::Hyperliquid) },
    });
}

} // namespace ades::market
