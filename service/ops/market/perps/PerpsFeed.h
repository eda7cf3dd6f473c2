#pragma once

#include "HyperliquidMarkets.h"

#include <QJsonObject>
#include <functional>
#include <memory>

namespace ades::market {

struct MarketServices;

// Hyperliquid's listed perpetual markets through the area cache, for the perps operation and every answer
// that needs funding or open interest (brief, daily pack, coin snapshot). `done` runs once, on the calling
// thread.
class PerpsFeed
{
public:
    struct Markets
    {
        std::shared_ptr<const HyperliquidMarkets::Reading> reading;
        QJsonObject source; // provenance of the fetch
    };

    explicit PerpsFeed(const MarketServices &services);
    void markets(std::function<void(Result<Markets>)> done) const;

private:
    const MarketServices &m_services;
};

} // namespace ades::market
