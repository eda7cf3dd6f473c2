#pragma once

#include "store/CallRecord.h"
#include "store/StoredReceipt.h"
#include "store/VatObservation.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QWaitCondition>
#include <functional>
#include <memory>

class QThread;

namespace ades {

// One usage row: calls of an operation by a key on a UTC day ("2025-03-14").
struct UsageDay
{
    QString keyId;
    QString operationId;
    QString day;

    friend bool operator==(const UsageDay &, const UsageDay &) = default;
};
size_t qHash(const UsageDay &usage, size_t seed = 0) noexcept;

// Everything the Store writes behind the request path; one batch is written in one transaction.
struct PendingWrites
{
    QList<CallRecord> calls; // call_log rows, in arrival order
    QList<StoredReceipt> receipts; // receipts rows, in arrival order (the first per hash wins)
    QHash<UsageDay, qint64> usage; // calls to add to usage.calls
    QHash<QString, qint64> callsUsed; // key id -> calls to add to quotas.calls_used (unlimited keys)
    QList<VatObservation> viesObservations; // vies_observations rows, in arrival order

    // Rows the batch writes: what MaxRows bounds.
    qsizetype rowCount() const;
    bool isEmpty() const { return rowCount() == 0; }
};

// Write-behind buffer for the call log, delivered receipts, usage counters and VIES answers. Measured on the
// 2-vCPU project VM (tests/bench/BenchStore, CPU time via -perf -perfcounter task-clock): one autocommit
// INSERT of a call row costs 30-40 µs (a WAL commit each), above the ~30 µs budget and more than a whole
// trivial request; written 256 to a transaction a row costs ~3 µs, and logCall() ~5 µs amortised. So writes
// wait here until 256 rows are queued or the oldest is ~200 ms old, then go to the tables in one transaction,
// written by the queue's own writer thread, never by the request that happened to fill the batch: a batch
// commit takes milliseconds, and an I/O thread stalled for it delays every connection it serves (that
// stall was the p99 of /v1/iban, tests/bench/http/run.sh). flush() writes at once on the calling thread
// (the store classes call it before reading what the queue holds, the Database in its destructor). Usage
// counters are summed per row while they wait, so a busy key costs one UPDATE per batch, not one per call.
//
// Writes are serialised: flush() returns only once everything queued before it was called is committed
// (or dropped), even when another thread took that batch and is still writing it. Thread-safe.
class WriteBehindQueue
{
public:
    static constexpr int MaxRows = 256;
    static constexpr int MaxDelayMs = 200;

    // Whether countUsage() also adds the call to quotas.calls_used.
    enum class Quota
    {
        AlreadyCounted, // the caller's conditional UPDATE counted it
        Count, // an unlimited key: counted only here
    };

    // Writes one batch in one transaction, in the calling thread; false when the write failed.
    using Writer = std::function<bool(const PendingWrites &)>;

    // Starts the writer thread; the destructor stops it and writes what is left.
    static std::shared_ptr<WriteBehindQueue> create(Writer writer);
    ~WriteBehindQueue();
    Q_DISABLE_COPY_MOVE(WriteBehindQueue)

    void appendCall(const CallRecord &record);
    void appendReceipt(const StoredReceipt &receipt);
    // Adds `calls` calls (a batch operation may count several) to the usage row and, with Quota::Count, to
    // the key's calls_used.
    void countUsage(const UsageDay &usage, Quota quota, qint64 calls = 1);
    void appendViesObservation(const VatObservation &observation);
    // Writes everything queued. A failed batch is dropped (and reported by the writer): a broken disk must
    // not grow memory without bound.
    bool flush();
    int pendingCallCount() const;
    // Calls of this key added to quotas.calls_used by the queued batch (Quota::Count), not yet written.
    qint64 pendingCallsUsed(const QString &keyId) const;

private:
    explicit WriteBehindQueue(Writer writer);
    template <typename Add> void enqueue(Add add);
    void writeWhenDue(); // the writer thread's loop

    const Writer m_writer;
    QMutex m_writeMutex; // held while a batch is taken and written
    mutable QMutex m_mutex; // guards the members below
    QWaitCondition m_wake; // a batch became due, or the queue stops
    PendingWrites m_pending;
    QElapsedTimer m_oldest; // age of m_pending's first entry
    bool m_stopping = false;
    std::unique_ptr<QThread> m_thread;
};

} // namespace ades
