#include "CoinOperation.h"

#include "ArchiveTrend.h"
#include "CoinArchive.h"
#include "CoinReading.h"
#include "PositioningScore.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

constexpr int TrendReadings = 28; // 7 days of 6-hourly readings

QJsonObject coinResult(
    const QString &symbol, const CoinReading &reading, CoinArchive &archive, const QDateTime &now)
{
    const MedianPrice &price = reading.price->value();
    QJsonObject spot = price.toJson(now);
    spot.remove(u"symbol"_s);
    const QList<MarketSnapshots::Snapshot> history = archive.recent(symbol, CoinArchive::KeptInMemory);
    QJsonObject result { { u"contract"_s, u"market-coin/1"_s }, { u"symbol"_s, symbol },
        { u"spot"_s, spot } };
    QJsonArray unavailable;
    if (const PerpMarket *perp = reading.perp(symbol)) {
        QJsonObject derivatives = perp->toJson();
        derivatives.remove(u"coin"_s);
        derivatives.insert(u"venue"_s, u"Hyperliquid"_s);
        derivatives.insert(u"source"_s, reading.perps->value().source);
        result.insert(u"derivatives"_s, derivatives);
        const auto interestChange
            = ArchiveTrend::openInterestChange24h(history, perp->openInterestUsd(), now);
        QJsonObject positioning
            = PositioningScore::of(perp->fundingAnnualPercent(), perp->premiumPercent(), interestChange);
        if (!interestChange)
            positioning.insert(u"note"_s,
                u"No archive reading of 18 to 30 hours ago: the open-interest part counts nothing."_s);
        result.insert(u"positioning"_s, positioning);
    } else {
        result.insert(u"derivatives"_s, QJsonValue());
        result.insert(u"positioning"_s, QJsonValue());
        unavailable.append(QJsonObject { { u"part"_s, u"derivatives"_s },
            { u"sources"_s, QJsonArray { QString::fromUtf16(MarketSource::Hyperliquid) } },
            { u"reason"_s,
                reading.perps->ok() ? u"Hyperliquid lists no perpetual market for %1."_s.arg(symbol)
                                    : reading.perps->error().message() } });
    }
    result.insert(u"archive"_s, ArchiveTrend::of(history.mid(0, TrendReadings), history.size()));
    result.insert(u"unavailable"_s, unavailable);
    result.insert(u"checked_at"_s, isoUtc(now));
    return result;
}

} // namespace

void addCoinOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(10'000);
    catalog.add({
        .id = u"market.coin"_s,
        .title = u"Coin snapshot"_s,
        .summary
        = u"One coin's exchange-median spot price, perp funding, open interest, premium and volume, a "
          "disclosed positioning score, and the trend of the service's own 6-hourly readings with "
          "how many it has."_s,
        .area = u"market"_s,
        .outputContract = u"market-coin/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.coin.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.coin.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/coin"_s, price), Exposure::mcp(u"coin_snapshot"_s, price),
            Exposure::cli(u"market.coin"_s) },
        .handler =
            [&services](const QJsonObject &args, const CallContext &, Completion done) {
                const QString symbol = args.value(u"symbol"_s).toString().toUpper();
                CoinReading::read(services, symbol, [&services, symbol, done](CoinReading reading) {
                    // The spot price is the snapshot's core: without two exchanges there is no snapshot.
                    if (!reading.price->ok())
                        return done(reading.price->error());
                    done(OperationResult {
                        coinResult(symbol, reading, services.archive, services.clock.now()), symbol });
                });
            },
        .sources = { QString::fromUtf16(MarketSource::Binance), QString::fromUtf16(MarketSource::Coinbase),
            QString::fromUtf16(MarketSource::Kraken), QString::fromUtf16(MarketSource::Hyperliquid) },
    });
}

} // namespace ades::market
