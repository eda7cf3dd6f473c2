#include "TickerSource.h"

#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

const QList<TickerSource> &TickerSource::all()
{
    static const QList<TickerSource> sources {
        { QString::fromUtf16(MarketSource::Binance), &BinanceTicker::pair, &BinanceTicker::request,
            &BinanceTicker::read },
        { QString::fromUtf16(MarketSource::Coinbase), &CoinbaseTicker::pair, &CoinbaseTicker::request,
            &CoinbaseTicker::read },
        { QString::fromUtf16(MarketSource::Kraken), &KrakenTicker::pair, &KrakenTicker::request,
            &KrakenTicker::read },
    };
    return sources;
}

} // namespace ades::market
