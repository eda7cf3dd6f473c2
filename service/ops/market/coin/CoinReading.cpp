#include "CoinReading.h"

#include "core/CallGroup.h"
#include "ops/market/price/PriceFeed.h"

#include <memory>

namespace ades::market {

const PerpMarket *CoinReading::perp(const QString &symbol) const
{
    if (!perps || !perps->ok())
        return nullptr;
    for (const PerpMarket &m : perps->value().reading->markets)
        if (m.coin == symbol)
            return &m;
    return nullptr;
}

void CoinReading::read(
    const MarketServices &services, const QString &symbol, std::function<void(CoinReading)> done)
{
    auto reading = std::make_shared<CoinReading>();
    auto group = CallGroup::start(2, [reading, done]() { done(*reading); });
    PriceFeed(services).median(symbol, [reading, group](Result<MedianPrice> price) {
        reading->price = std::move(price);
        group->arrive();
    });
    PerpsFeed(services).markets([reading, group](Result<PerpsFeed::Markets> perps) {
        reading->perps = std::move(perps);
        group->arrive();
    });
}

} // namespace ades::market
