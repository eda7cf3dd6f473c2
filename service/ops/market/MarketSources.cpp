#include "MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market::MarketSource {

namespace {

UpstreamSource source(const char16_t *id, const QString &name, const QString &baseUrl, int maxConnections = 2)
{
    UpstreamSource s;
    s.id = QString::fromUtf16(id);
    s.name = name;
    s.baseUrl = QUrl(baseUrl);
    // Market answers are only worth something fresh: an exchange that has not answered in 5 s is named
    // unavailable rather than waited for.
    s.timeoutMs = 5000;
    s.maxConnections = maxConnections;
    return s;
}

} // namespace

QList<UpstreamSource> all()
{
    QList<UpstreamSource> sources {
        source(Binance, u"Binance spot market data"_s, u"https://api.binance.com/api/v3"_s),
        source(Coinbase, u"Coinbase Exchange public market data"_s, u"https://api.exchange.coinbase.com"_s),
        source(Kraken, u"Kraken public market data"_s, u"https://api.kraken.com/0/public"_s),
        source(Hyperliquid, u"Hyperliquid info API"_s, u"https://api.hyperliquid.xyz"_s),
        source(Bluesky, u"Bluesky public AppView"_s, u"https://public.api.bsky.app/xrpc"_s),
        source(BlueskyAuth, u"Bluesky PDS (signed-in search)"_s, u"https://bsky.social/xrpc"_s),
        source(Mastodon, u"Mastodon instances (hashtag timelines)"_s, u"https://mastodon.social/api"_s),
        source(DefiLlama, u"DeFiLlama yields"_s, u"https://yields.llama.fi"_s),
        source(OpenMeteo, u"Open-Meteo forecast"_s, u"https://api.open-meteo.com/v1"_s),
        source(OpenMeteoArchive, u"Open-Meteo archive (ERA5)"_s, u"https://archive-api.open-meteo.com/v1"_s),
        source(EcbFx, u"ECB euro foreign exchange reference rates"_s,
            u"https://www.ecb.europa.eu/stats/eurofxref"_s),
        source(CoinbaseOnramp, u"Coinbase Onramp session tokens"_s,
            u"https://api.developer.coinbase.com/onramp/v1"_s),
    };
    // The pool list is several MB and the ECB history large: slower answers than a ticker.
    for (UpstreamSource &s : sources)
        if (s.id == QString::fromUtf16(DefiLlama) || s.id == QString::fromUtf16(EcbFx))
            s.timeoutMs = 15000;
    return sources;
}

} // namespace ades::market::MarketSource
