#pragma once

#include "core/Result.h"
#include "store/RetentionPurge.h"
#include "store/StoreLocation.h"
#include "store/StoreOptions.h"
#include "store/WriteBehindQueue.h"

#include <QString>
#include <memory>

namespace ades {

class ActiveKeyCache;
class ApiKeys;
class CallLog;
class CallStatistics;
class Clock;
class Database;
class Jobs;
class MarketSnapshots;
class PaymentLedger;
class ProbeCounters;
class Quotas;
class ReceiptArchive;
class ViesObservations;

// The persistent state of ADES: one Database and one object per concern over it. API keys (hashes only),
// quotas and the keyless daily counters, the call log and the probe counters, delivered receipts, the x402
// settlement ledger, recoverable jobs, the archive of VIES answers and the market area's 6-hourly snapshots.
// Each class says what it stores and which of its writes are synchronous and which are written behind (and
// journaled); Database.h says how threads, connections and blocking work, docs/reliability.md what survives a
// crash. What grows with traffic is purged after the days in StoreOptions (RetentionPurge.h), hourly, on the
// write-behind thread.
//
// Threads: one Store is shared by the GUI thread, the service thread(s) and the CLI; every member of every
// class may be called from any thread. Destroy the Store only after the other threads have stopped calling
// it. Errors never throw: fallible writes return Result; lookups return an empty optional or list and log
// the SQL error to the "ades.store" category.
class Store
{
public:
    // Opens the store at `location`, creating an SQLite file when missing (Database::open: replays the
    // delivery journal of instances that did not end cleanly). `clock` stamps rows; nullptr means the system
    // clock, otherwise it must outlive the Store.
    static Result<std::unique_ptr<Store>> open(
        const StoreLocation &location, const Clock *clock = nullptr, const StoreOptions &options = {});
    // The SQLite file at `databasePath`.
    static Result<std::unique_ptr<Store>> open(
        const QString &databasePath, const Clock *clock = nullptr, const StoreOptions &options = {});

    ~Store(); // writes the queued call records, receipts, counts and VIES answers, then closes every
              // connection
    Q_DISABLE_COPY_MOVE(Store)

    QString databasePath() const; // the SQLite file, or the PostgreSQL URL without its password
    StoreLocation::Engine engine() const;
    int schemaVersion() const;
    // Writes the queued call records, receipts and usage counts now. False when the write failed.
    bool flush();
    // While the returned object lives on this thread, the receipts and counts this thread records are
    // journaled in one write(2) when it ends (WriteBehindQueue::OneJournalWrite): open it around one
    // delivery's counting and signing, end it before the response is sent.
    [[nodiscard]] WriteBehindQueue::OneJournalWrite oneJournalWrite() const;
    // Bytes on disk: the database (Database::sizeOnDisk) and the delivery journal.
    qint64 sizeOnDisk() const;
    // Rows waiting in the write-behind queue (WriteBehindQueue::pendingRowCount).
    int pendingWrites() const;
    // Runs the retention purge to its end now (it also runs hourly by itself); what it removed.
    RetentionPurge::Removed purgeExpired();

    ApiKeys &keys() const { return *m_keys; }
    Quotas &quotas() const { return *m_quotas; }
    CallLog &calls() const { return *m_calls; }
    // The dashboard's read model over the call log.
    CallStatistics &callStatistics() const { return *m_callStatistics; }
    ProbeCounters &probes() const { return *m_probes; }
    ReceiptArchive &receipts() const { return *m_receipts; }
    PaymentLedger &payments() const { return *m_payments; }
    Jobs &jobs() const { return *m_jobs; }
    MarketSnapshots &marketSnapshots() const { return *m_marketSnapshots; }
    ViesObservations &viesObservations() const { return *m_viesObservations; }

private:
    Store(std::unique_ptr<Database> db, const StoreOptions &options);

    // Declared first: destroyed last, after every class that holds it.
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ActiveKeyCache> m_keyCache; // shared by m_keys and m_quotas
    std::unique_ptr<ApiKeys> m_keys;
    std::unique_ptr<Quotas> m_quotas;
    std::unique_ptr<CallLog> m_calls;
    std::unique_ptr<CallStatistics> m_callStatistics;
    std::unique_ptr<ProbeCounters> m_probes;
    std::unique_ptr<ReceiptArchive> m_receipts;
    std::unique_ptr<PaymentLedger> m_payments;
    std::unique_ptr<Jobs> m_jobs;
    std::unique_ptr<MarketSnapshots> m_marketSnapshots;
    std::unique_ptr<ViesObservations> m_viesObservations;
    std::unique_ptr<RetentionPurge> m_retention; // uses the classes above; stopped first in ~Store
};

} // namespace ades
