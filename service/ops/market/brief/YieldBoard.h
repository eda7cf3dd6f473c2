#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <functional>

namespace ades::market {

struct MarketServices;

// The yield product: DeFiLlama's stablecoin pools with at least market/yield/min_tvl_usd locked, the largest
// by TVL and the highest by APY (pools DeFiLlama flags as outliers are left out of the APY list and counted,
// since one freak APY would otherwise lead it). The pool list is fetched through the area cache
// (market/yield/fresh_minutes) and decoded once per body.
class YieldBoard
{
public:
    explicit YieldBoard(const MarketServices &services);
    void read(std::function<void(Result<QJsonObject>)> done) const;

private:
    const MarketServices &m_services;
};

} // namespace ades::market
