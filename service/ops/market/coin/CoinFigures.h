#pragma once

#include <QJsonObject>

namespace ades::market {

struct MedianPrice;
struct PerpMarket;

// The figures of a coin the snapshot shows and the archive keeps: the exchange median and, when Hyperliquid
// lists the coin, its perp's funding, open interest, premium and volume.
namespace CoinFigures {
QJsonObject of(const MedianPrice &price, const PerpMarket *perp);
}

} // namespace ades::market
