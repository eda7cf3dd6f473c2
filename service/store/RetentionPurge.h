#pragma once

#include "store/StoreOptions.h"

#include <QMutex>

namespace ades {

class CallLog;
class Database;
class Jobs;
class ProbeCounters;
class Quotas;
class ReceiptArchive;

// Drops what the store no longer needs, in small steps (docs/reliability.md, Retention): call log rows and
// probe counters older than StoreOptions::callLogDays, receipts issued more than receiptDays ago, keyless
// daily counters of days before yesterday (only today's are read) and expired jobs. usage, quotas, API
// keys and the settlement ledger are never purged: usage must keep adding up to calls_used, and the ledger
// is the record of what was charged.
//
// Each step deletes at most purgeChunkRows rows of one table, so it holds SQLite's write lock for a
// millisecond or two; the write-behind queue runs the steps on its writer thread, MaintenancePauseMs apart
// while there is more, then once per purgeIntervalMs (Store wires it). Thread-safe: steps are serialised.
class RetentionPurge
{
public:
    struct Removed
    {
        int calls = 0;
        int receipts = 0;
        int probeCounters = 0;
        int freeCounters = 0;
        int jobs = 0;

        int total() const { return calls + receipts + probeCounters + freeCounters + jobs; }
        void add(const Removed &other);
    };

    RetentionPurge(Database &db, CallLog &calls, ReceiptArchive &receipts, ProbeCounters &probes,
        Quotas &quotas, Jobs &jobs, const StoreOptions &options);
    Q_DISABLE_COPY_MOVE(RetentionPurge)

    // One bounded step; true when it removed rows (more may be waiting). Logs the totals of a run when the
    // run ends.
    bool step();
    // Steps until nothing expired is left; returns what was removed.
    Removed purgeAll();

private:
    Removed stepLocked();

    QMutex m_mutex; // one step at a time: the writer thread's and a purgeAll() caller's
    Database &m_db;
    CallLog &m_calls;
    ReceiptArchive &m_receipts;
    ProbeCounters &m_probes;
    Quotas &m_quotas;
    Jobs &m_jobs;
    const StoreOptions m_options;
    Removed m_run; // removed by the steps of the run in progress
};

} // namespace ades
