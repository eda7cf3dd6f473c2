#pragma once

#include "core/Result.h"

#include <QString>
#include <memory>

namespace ades {

class ApiKeys;
class CallLog;
class Clock;
class Database;
class Jobs;
class PaymentLedger;
class Quotas;
class ReceiptArchive;
class ViesObservations;

// The persistent state of ADES: one Database and one object per concern over it. API keys (hashes only),
// quotas and the keyless daily counters, the call log, delivered receipts, the x402 settlement ledger and
// recoverable jobs, the archive of VIES answers. Each class says what it stores and which of its writes are
// synchronous and which are written behind; Database.h says how threads, connections and blocking work.
//
// Threads: one Store is shared by the GUI thread, the service thread(s) and the CLI; every member of every
// class may be called from any thread. Destroy the Store only after the other threads have stopped calling
// it. Errors never throw: fallible writes return Result; lookups return an empty optional or list and log
// the SQL error to the "ades.store" category.
class Store
{
public:
    // Opens or creates the database at `databasePath` (Database::open). `clock` stamps rows; nullptr means
    // the system clock, otherwise it must outlive the Store.
    static Result<std::unique_ptr<Store>> open(const QString &databasePath, const Clock *clock = nullptr);

    ~Store(); // writes the queued call records, receipts, counts and VIES answers, then closes every
              // connection
    Q_DISABLE_COPY_MOVE(Store)

    QString databasePath() const;
    int schemaVersion() const;
    // Writes the queued call records, receipts and usage counts now. False when the write failed.
    bool flush();

    ApiKeys &keys() const { return *m_keys; }
    Quotas &quotas() const { return *m_quotas; }
    CallLog &calls() const { return *m_calls; }
    ReceiptArchive &receipts() const { return *m_receipts; }
    PaymentLedger &payments() const { return *m_payments; }
    Jobs &jobs() const { return *m_jobs; }
    ViesObservations &viesObservations() const { return *m_viesObservations; }

private:
    explicit Store(std::unique_ptr<Database> db);

    // Declared first: destroyed last, after every class that holds it.
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ApiKeys> m_keys;
    std::unique_ptr<Quotas> m_quotas;
    std::unique_ptr<CallLog> m_calls;
    std::unique_ptr<ReceiptArchive> m_receipts;
    std::unique_ptr<PaymentLedger> m_payments;
    std::unique_ptr<Jobs> m_jobs;
    std::unique_ptr<ViesObservations> m_viesObservations;
};

} // namespace ades
