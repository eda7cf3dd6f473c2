#pragma once

namespace ades {

// How long the store keeps what grows with traffic, and how it purges the rest (RetentionPurge.h). The
// operator sets the days (StoreSettings.h); tests also shorten the schedule.
struct StoreOptions
{
    int callLogDays = 30; // call_log rows and probe counters; 0: never purged
    int receiptDays = 3650; // delivered receipts, by issued_at; 0: never purged
    int purgeFirstDelayMs = 60 * 1000; // the first purge, after start-up
    int purgeIntervalMs = 60 * 60 * 1000; // then hourly
    int purgeChunkRows = 500; // rows per DELETE: each holds the write lock for a millisecond or two
};

} // namespace ades
