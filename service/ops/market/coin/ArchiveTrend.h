#pragma once

#include "store/MarketSnapshots.h"

#include <QJsonObject>
#include <optional>

namespace ades::market {

// The trend of a coin over the service's own 6-hourly readings (newest first): the readings of the last
// 7 days, and the change of price, funding and open interest from the oldest to the newest of them. Fewer
// than two readings is no trend, said as such.
namespace ArchiveTrend {
QJsonObject of(const QList<MarketSnapshots::Snapshot> &snapshots, qint64 kept);
// Open interest now against a reading taken 18 to 30 hours before `now` (the one nearest 24 hours), in
// percent.
std::optional<double> openInterestChange24h(
    const QList<MarketSnapshots::Snapshot> &snapshots, double openInterestNow, const QDateTime &now);
} // namespace ArchiveTrend

} // namespace ades::market
