#pragma once

class QObject;

namespace ades::market {

struct MarketServices;

// Records the coins of market/coin/archive_symbols into the area's archive once per 6-hour slot. It checks
// every 10 minutes (and shortly after start) which coins have no reading for the current slot, so a restart
// or an outage fills the slot as soon as the sources answer, and several instances sharing a database keep
// one reading per slot (the store ignores a second). A coin whose price cannot be read is skipped until the
// next check; a missing perp leaves its figures out. Old readings go after market/coin/keep_days.
namespace SnapshotRecorder {
void start(const MarketServices &services, QObject *owner);
// One check now (tests, and the timer).
void recordDue(const MarketServices &services);
} // namespace SnapshotRecorder

} // namespace ades::market
