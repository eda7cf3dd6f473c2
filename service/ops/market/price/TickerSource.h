#pragma once

#include "TickerReading.h"
#include "upstream/UpstreamClient.h"

#include <QList>

namespace ades::market {

struct FetchedBody;

// How one exchange is asked for a coin's last price and how its answer is read. The three of SPEC.md §4.1
// (Binance, Coinbase, Kraken) differ in pair names, quote currency and error forms
// (../shared/reference/upstreams.md, "Market data"); everything else about a price is theirs in common.
struct TickerSource
{
    QString id; // source id, also the cache key prefix
    // The exchange's pair for a coin symbol ("BTC" -> "XBTUSD" at Kraken).
    QString (*pair)(const QString &symbol);
    UpstreamRequest (*request)(const QString &symbol);
    TickerReading (*read)(const QString &symbol, const FetchedBody &answer);

    static const QList<TickerSource> &all();
};

// The three readers, public for their tests and fuzz target.
namespace BinanceTicker {
QString pair(const QString &symbol);
UpstreamRequest request(const QString &symbol);
TickerReading read(const QString &symbol, const FetchedBody &answer);
} // namespace BinanceTicker

namespace CoinbaseTicker {
QString pair(const QString &symbol);
UpstreamRequest request(const QString &symbol);
TickerReading read(const QString &symbol, const FetchedBody &answer);
} // namespace CoinbaseTicker

namespace KrakenTicker {
QString pair(const QString &symbol);
UpstreamRequest request(const QString &symbol);
TickerReading read(const QString &symbol, const FetchedBody &answer);
} // namespace KrakenTicker

} // namespace ades::market
