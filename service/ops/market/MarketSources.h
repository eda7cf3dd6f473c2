#pragma once

#include "upstream/UpstreamClient.h"

#include <QList>

namespace ades::market {

// The upstream sources of the market area with their official endpoints (../shared/reference/upstreams.md,
// "Market data", "Onramp links"). Every base URL, timeout and key is a setting (upstream/<id>/...), so an
// operator points them elsewhere and tests point them at loopback fakes.
namespace MarketSource {
inline constexpr char16_t Binance[] = u"binance";
inline constexpr char16_t Coinbase[] = u"coinbase";
inline constexpr char16_t Kraken[] = u"kraken";
inline constexpr char16_t Hyperliquid[] = u"hyperliquid";
inline constexpr char16_t Bluesky[] = u"bluesky"; // the public AppView (anonymous search)
inline constexpr char16_t BlueskyAuth[] = u"bluesky-pds"; // createSession and the signed-in search
inline constexpr char16_t Mastodon[] = u"mastodon"; // timeouts; the instances are a list setting
inline constexpr char16_t DefiLlama[] = u"defillama";
inline constexpr char16_t OpenMeteo[] = u"open-meteo";
inline constexpr char16_t OpenMeteoArchive[] = u"open-meteo-archive";
inline constexpr char16_t EcbFx[] = u"ecb-fx";
inline constexpr char16_t CoinbaseOnramp[] = u"coinbase-onramp";

QList<UpstreamSource> all();
} // namespace MarketSource

} // namespace ades::market
