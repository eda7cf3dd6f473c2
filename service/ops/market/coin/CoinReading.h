#pragma once

#include "ops/market/perps/PerpsFeed.h"
#include "ops/market/price/MedianPrice.h"

#include <functional>
#include <optional>

namespace ades::market {

struct MarketServices;

// A coin's exchange median and Hyperliquid's market list, read in parallel: what the coin snapshot shows and
// the 6-hourly recorder keeps.
struct CoinReading
{
    std::optional<Result<MedianPrice>> price;
    std::optional<Result<PerpsFeed::Markets>> perps;

    // The coin's perp, or nullptr when the list failed or has none.
    const PerpMarket *perp(const QString &symbol) const;

    // `done` runs once, on the calling thread.
    static void read(
        const MarketServices &services, const QString &symbol, std::function<void(CoinReading)> done);
};

} // namespace ades::market
