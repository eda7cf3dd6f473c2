#include "PriceOperation.h"

#include "PriceFeed.h"
#include "PriceSettings.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonObject rulesJson(const PriceRules &rules)
{
    return { { u"max_quote_age_seconds"_s, rules.maxQuoteAgeSeconds },
        { u"max_deviation_percent"_s, rules.maxDeviationPercent }, { u"minimum_sources"_s, 2 },
        { u"median"_s,
            u"middle quote of three, mean of two; USDT quotes taken at par with USD and labelled"_s } };
}

} // namespace

void addPriceOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(1'000);
    catalog.add({
        .id = u"market.price"_s,
        .title = u"Exchange-median spot price"_s,
        .summary = u"Median of the Binance, Coinbase and Kraken tickers for a coin, with all three quotes, "
                   "the spread and each quote's time and source; a stale quote or an outlier is excluded "
                   "and named, and single-source prices are refused (uncharged)."_s,
        .area = u"market"_s,
        .outputContract = u"market-price/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.price.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.price.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/price"_s, price), Exposure::mcp(u"crypto_price"_s, price),
            Exposure::cli(u"market.price"_s) },
        .handler =
            [&services](const QJsonObject &args, const CallContext &, Completion done) {
                const QString symbol = args.value(u"symbol"_s).toString(u"BTC"_s).toUpper();
                PriceFeed(services).median(symbol, [&services, symbol, done](Result<MedianPrice> median) {
                    if (!median.ok())
                        return done(median.error());
                    const QDateTime now = services.clock.now();
                    QJsonObject result = median.value().toJson(now);
                    result.insert(u"contract"_s, u"market-price/1"_s);
                    result.insert(u"rules"_s, rulesJson(PriceSettings::rules(services.settings)));
                    result.insert(u"checked_at"_s, isoUtc(now));
                    done(OperationResult { result, symbol });
                });
            },
        .sources = { QString::fromUtf16(MarketSource::Binance), QString::fromUtf16(MarketSource::Coinbase),
            QString::fromUtf16(MarketSource::Kraken) },
    });
}

} // namespace ades::market
