#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <functional>

namespace ades::market {

struct MarketServices;

// The market brief: for each coin of market/brief/coins its exchange-median price (PriceFeed) and its
// Hyperliquid perp (PerpsFeed), and gas across the configured chains (GasBoard), all asked in parallel.
// A part that failed is listed under "unavailable" with its source and reason and its figure is null,
// never guessed; when every part failed the call is an uncharged 503 naming the sources.
class MarketBrief
{
public:
    explicit MarketBrief(const MarketServices &services);
    void read(std::function<void(Result<QJsonObject>)> done) const;

private:
    const MarketServices &m_services;
};

} // namespace ades::market
