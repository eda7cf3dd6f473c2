#pragma once

#include "store/CallRecord.h"
#include "store/ProbeKey.h"
#include "store/StoredReceipt.h"
#include "store/VatObservation.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <QWaitCondition>
#include <functional>
#include <memory>

class QThread;

namespace ades {

class DeliveryJournal;

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
    QList<StoredReceipt> receipts; // receipts rows, in arrival order (one per signature)
    QHash<UsageDay, qint64> usage; // calls to add to usage.calls
    QHash<QString, qint64> callsUsed; // key id -> calls to add to quotas.calls_used (unlimited keys)
    QHash<ProbeKey, qint64> probes; // requests to add to probe_counts
    QList<VatObservation> viesObservations; // vies_observations rows, in arrival order

    // The delivery journal segment that holds this batch's receipts and counts (empty: none); the batch's
    // transaction records it in journal_segments, so a replay after a crash skips it.
    QString journalSegment;
    // Segments of earlier batches that are committed and removed: their journal_segments rows can go.
    QStringList retiredSegments;

    // Rows the batch writes: what MaxRows bounds.
    qsizetype rowCount() const;
    bool isEmpty() const { return rowCount() == 0; }
};

// Write-behind buffer for the call log, delivered receipts, usage and probe counters and VIES answers.
// Measured on the 2-vCPU project VM (tests/bench/BenchStore, CPU time via -perf -perfcounter task-clock): one
// autocommit INSERT of a call row costs 30-40 µs (a WAL commit each), above the ~30 µs budget and more than a
// whole trivial request; written 256 to a transaction a row costs ~3 µs, and logCall() ~5 µs amortised. So
// writes wait here until 256 rows are queued or the oldest is ~200 ms old, then go to the tables in one
// transaction, written by the queue's own writer thread, never by the request that happened to fill the
// batch: a batch commit takes milliseconds, and an I/O thread stalled for it delays every connection it
// serves (that stall was the p99 of /v1/iban, tests/bench/http/run.sh). flush() writes at once on the
// calling thread (the store classes call it before reading what the queue holds, the Database in its
// destructor). Usage counters are summed per row while they wait, so a busy key costs one UPDATE per batch,
// not one per call.
//
// Delivered work is journaled (DeliveryJournal.h, docs/reliability.md): appendReceipt() and countUsage()
// also append their record to the journal, one write(2), before they return, so a result whose response is
// sent after them survives a kill -9 even though its batch was not written yet. Call records, probe counts
// and VIES answers are not journaled: a crash loses at most the last ~200 ms of them.
//
// The writer thread also runs the store's maintenance (setMaintenance(): the retention purge) in small
// steps between batches, never holding a batch back for long.
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
    // One bounded step of maintenance, run on the writer thread; true when more work is waiting (the next
    // step then follows after MaintenancePauseMs instead of the full interval).
    using Maintenance = std::function<bool()>;
    static constexpr int MaintenancePauseMs = 50;

    // Starts the writer thread; the destructor stops it and writes what is left. With a journal, receipts
    // and counts are journaled before they are queued, and a committed batch's segment is removed.
    static std::shared_ptr<WriteBehindQueue> create(Writer writer, std::unique_ptr<DeliveryJournal> journal);
    // The same without a journal: a crash loses what is queued (tests).
    static std::shared_ptr<WriteBehindQueue> create(Writer writer);
    ~WriteBehindQueue();
    Q_DISABLE_COPY_MOVE(WriteBehindQueue)

    // While one lives on a thread, the receipts and counts that thread records for this queue are journaled
    // together in one write(2) when it ends, and queued then: a key call's count and its receipt, one
    // journal record apart, cost one system call and one round of the locks. End it before the response
    // that carries them is handed to the socket. A second one opened on the same thread while the first
    // lives joins the first.
    class OneJournalWrite
    {
    public:
        explicit OneJournalWrite(WriteBehindQueue &queue);
        ~OneJournalWrite();
        Q_DISABLE_COPY_MOVE(OneJournalWrite)

    private:
        friend class WriteBehindQueue;
        WriteBehindQueue *m_queue = nullptr; // null when it joined an outer one
        QByteArray m_records;
        QList<std::function<void(PendingWrites &)>> m_adds;
    };

    void appendCall(const CallRecord &record);
    void appendReceipt(const StoredReceipt &receipt);
    // Adds `calls` calls (a batch operation may count several) to the usage row and, with Quota::Count, to
    // the key's calls_used; journaled as one record of `calls`.
    void countUsage(const UsageDay &usage, Quota quota, qint64 calls = 1);
    void countProbe(const ProbeKey &probe);
    void appendViesObservation(const VatObservation &observation);
    // Writes everything queued. A failed batch is dropped from memory (and reported by the writer): a
    // broken disk must not grow memory without bound. Its receipts and counts stay in their journal
    // segment, which the next start replays.
    bool flush();
    int pendingCallCount() const;
    // Rows and counters queued for the next batch (call records, receipts, usage and probe counters, VIES
    // answers): the queue's depth, for /metrics.
    int pendingRowCount() const;
    struct CallsUsed
    {
        qint64 pending = 0; // added to quotas.calls_used by the queued batch (Quota::Count), not yet written
        qint64 counted = 0; // every call countUsage() added to the key's calls_used since this queue began
    };
    // Both at one moment: what ActiveKeyCache needs to keep an unlimited key's count current.
    CallsUsed callsUsed(const QString &keyId) const;
    // Bytes of the journal folder; 0 without a journal.
    qint64 journalBytes() const;

    // Runs `step` on the writer thread `firstDelayMs` from now, then every `intervalMs` (sooner while it
    // reports more work). An empty step stops it; this waits until a step that is running has finished, so
    // whatever the step uses may be destroyed afterwards.
    void setMaintenance(Maintenance step, int firstDelayMs, int intervalMs);

private:
    WriteBehindQueue(Writer writer, std::unique_ptr<DeliveryJournal> journal);
    template <typename Add> void enqueue(Add add, const QByteArray &journalRecord = {});
    // Journals `records` (one write(2)) and runs `addAll` on the pending writes, under the locks in order.
    template <typename AddAll> void journalAndQueue(const QByteArray &records, AddAll addAll);
    void writeWhenDue(); // the writer thread's loop
    bool runMaintenance(); // one step; true when more is waiting

    const Writer m_writer;
    QMutex m_writeMutex; // held while a batch is taken and written
    // Held while a record is journaled and queued, and while a batch is taken with its segment: the write(2)
    // runs under it and not under m_mutex, so queueing a call record or reading a key's count never waits
    // for the kernel. Taken before m_mutex, never after.
    QMutex m_journalMutex;
    QStringList m_retiredSegments; // guarded by m_writeMutex
    mutable QMutex m_mutex; // guards the members below
    QWaitCondition m_wake; // a batch became due, maintenance changed, or the queue stops
    PendingWrites m_pending;
    QHash<QString, qint64> m_callsCounted; // key id -> calls counted with Quota::Count, never reset
    QElapsedTimer m_oldest; // age of m_pending's first entry
    std::unique_ptr<DeliveryJournal> m_journal; // appended and sealed under m_journalMutex
    QDeadlineTimer m_nextMaintenance { QDeadlineTimer::Forever };
    int m_maintenanceIntervalMs = 0;
    bool m_stopping = false;
    QMutex m_maintenanceMutex; // held while a step runs, and while the step is replaced
    Maintenance m_maintenance; // guarded by m_maintenanceMutex
    std::unique_ptr<QThread> m_thread;
};

} // namespace ades
