#pragma once

#include "store/CallRecord.h"

#include <QElapsedTimer>
#include <QList>
#include <QMutex>
#include <functional>
#include <memory>

namespace ades {

// Write-behind buffer for the call log. Measured on the 2-vCPU project VM (tests/bench/BenchStore, CPU time
// via -perf -perfcounter task-clock): one autocommit INSERT of a call row costs 30-40 µs (a WAL commit each),
// above the ~30 µs budget and more than a whole trivial request; written 256 to a transaction a row costs
// ~3 µs, and logCall() ~5 µs amortised. So records wait here until 256 are queued or the oldest is ~200 ms
// old, then go to the table in one transaction, written by whichever thread triggers it:
// - append() writes inline when the batch is full or the oldest record is due;
// - otherwise append() arms one 200 ms single-shot timer in the calling thread, if that thread runs an event
//   loop (the service threads and the GUI thread do); the timer dies with the thread's event dispatcher;
// - flush() writes at once (the Store calls it before reading the log and in its destructor).
// A thread without an event loop (the CLI) relies on the last two. Thread-safe; held by shared_ptr so a timer
// firing after the owner is gone does nothing.
class CallLogQueue : public std::enable_shared_from_this<CallLogQueue>
{
public:
    static constexpr int MaxRows = 256;
    static constexpr int MaxDelayMs = 200;

    // Writes one batch in one transaction, in the calling thread; false when the write failed.
    using Writer = std::function<bool(const QList<CallRecord> &)>;

    static std::shared_ptr<CallLogQueue> create(Writer writer);
    Q_DISABLE_COPY_MOVE(CallLogQueue)

    void append(const CallRecord &record);
    // Writes everything queued. A failed batch is dropped (and reported by the writer): a broken disk must
    // not grow memory without bound.
    bool flush();
    int pendingCount() const;

private:
    explicit CallLogQueue(Writer writer);
    void timerFired();
    bool write(const QList<CallRecord> &batch);

    const Writer m_writer;
    mutable QMutex m_mutex;
    QList<CallRecord> m_pending;
    QElapsedTimer m_oldest; // age of m_pending's first record
    QElapsedTimer m_timerArmedAt; // invalid: no timer pending
};

} // namespace ades
