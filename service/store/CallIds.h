#pragma once

#include <QDateTime>
#include <QMutex>
#include <QtGlobal>

namespace ades {

// Row ids of the call log: positive 63-bit integers that follow the time of the call. Bits 62–31 count
// the seconds since 2020-01-01 UTC (until 2156), bits 30–0 a counter that starts at a random value each new
// second. The id index then grows at its end like the time index does: random ids sent every insert to a
// random page of an index that outgrows the cache within a minute at 10,000 calls a second, and those page
// reads and writes set the tail latency (docs/benchmarks.md). Unique within the process by construction:
// the second never goes back, even when the calls' times arrive slightly out of order. Two instances
// sharing PostgreSQL draw an equal id only when their counters of the same second overlap, about one
// chance in 10^5 for a second in which both log 10,000 calls; the writer then stores the later row under
// another id (CallLog::writeQueued). Thread-safe.
class CallIds
{
public:
    qint64 next(const QDateTime &at);
    // A random id of the second of `at`, not ordered within it: for a row whose id another instance took.
    static qint64 random(const QDateTime &at);

    static constexpr int CounterBits = 31;

private:
    QMutex m_mutex;
    qint64 m_second = -1;
    quint32 m_counter = 0; // the next low part, within [0, 2^31)
    quint64 m_issued = 0; // low parts used in m_second
};

} // namespace ades
