#pragma once

#include "PerpMarket.h"
#include "core/Result.h"

#include <QList>

namespace ades::market {

struct FetchedBody;

// Reads Hyperliquid's metaAndAssetCtxs answer: a two-element array of the universe (name, maxLeverage,
// isDelisted ...) and the asset contexts, aligned by index. Delisted markets are skipped; a market whose
// context lacks a usable mark price is skipped too, and counted. Anything but that shape is the source's
// failure (503 naming hyperliquid), never an empty market list.
namespace HyperliquidMarkets {

struct Reading
{
    QList<PerpMarket> markets; // in Hyperliquid's order
    int delisted = 0;
    int unusable = 0;
};

Result<Reading> read(const FetchedBody &answer);

} // namespace HyperliquidMarkets

} // namespace ades::market
