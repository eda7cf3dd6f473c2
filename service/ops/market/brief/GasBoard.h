#pragma once

#include "core/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <functional>

namespace ades::market {

struct MarketServices;

// Gas prices across the configured chains (market/gas/chains, the chain area's five by default), each read
// by the chain area's own gas estimate (chain.gas.estimate) in parallel: the market area never talks to a
// node itself. A chain that failed is named with its problem; without the chain area the whole board is an
// uncharged 503 naming it.
class GasBoard
{
public:
    struct Board
    {
        QJsonArray
            chains; // {chain, chain_id, gas_price_gwei, base_fee_gwei, priority_fee_gwei, block, source}
        QJsonArray unavailable; // {chain, reason}
    };

    explicit GasBoard(const MarketServices &services);
    // `done` runs once, on the calling thread; an error only when no chain answered.
    void read(std::function<void(Result<Board>)> done) const;

    static QString operationId(); // "chain.gas.estimate"
    static QString missingSource(); // "chain-area"

private:
    const MarketServices &m_services;
};

} // namespace ades::market
