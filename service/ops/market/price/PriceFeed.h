#pragma once

#include "MedianPrice.h"

#include <functional>

namespace ades::market {

struct MarketServices;

// The exchange-median spot price of a coin, for the price operation and for every other market answer
// that needs one (brief, daily pack, coin snapshot): the three exchanges asked in parallel through the
// area's cache, then MedianPrice's rules. `done` runs once, on the calling thread.
class PriceFeed
{
public:
    explicit PriceFeed(const MarketServices &services);

    // `symbol` upper-case letters and digits ("BTC").
    void median(const QString &symbol, std::function<void(Result<MedianPrice>)> done) const;

private:
    const MarketServices &m_services;
};

} // namespace ades::market
