#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"
#include "store/CallRecord.h"
#include "store/PaymentRecord.h"
#include "store/StoredReceipt.h"

#include <QDate>
#include <QList>
#include <QMap>
#include <QString>
#include <memory>
#include <optional>

class QSqlDatabase;

namespace ades {

class Clock;
class ConnectionPool;
class PreparedQuery;
class WriteBehindQueue;

// The persistent state of ADES: API keys (hashes only), quotas and usage, the keyless free tier, the call
// log and delivered receipts. SQLite in the data folder by default; the schema and every statement are
// portable SQL so that a later openPostgres() can share keys and quotas between instances.
//
// Threads: one Store is shared by the GUI thread, the service thread(s) and the CLI; every method may be
// called from any thread. QSqlDatabase connections cannot cross threads, so each calling thread gets its own
// connection, opened lazily on its first call and closed when that thread emits QThread::finished (also for
// pool threads and adopted std::threads); whatever is left is closed by the destructor. Destroy the Store
// only after the other threads have stopped calling it.
//
// Calls block on the database: a key lookup or a quota update takes tens of microseconds on SQLite, but
// a writer may wait up to the 5 s busy timeout while another connection writes. Reads never wait for the
// writer (WAL), so the GUI thread can read freely; its rare writes (create or revoke a key) are short.
// Each thread's connection keeps its prepared statements (ConnectionPool).
//
// What the request path only records (the call log, delivered receipts, per-operation usage counts and the
// call count of unlimited keys) is written behind, in batches of one transaction (WriteBehindQueue: within
// ~200 ms, at 256 queued rows, on flush() and in the destructor). Every method that reads such data
// flushes first, so callers never see stale values; a crash loses at most the last ~200 ms of them. What
// guards access is never deferred: key lookups read the database, and a limited key's quota is counted by
// one conditional UPDATE, exact across threads and across processes sharing the database.
//
// Errors never throw. Fallible writes return Result; lookups return an empty optional or list and log the
// SQL error to the "ades.store" category.
class Store
{
public:
    // Opens or creates the SQLite database at `databasePath` (its folder is created owner-only when missing;
    // a new file is created 0600, since it holds key hashes and receipts), applies pending migrations and
    // refuses a database written by a newer ADES. `clock` stamps created_at/revoked_at; nullptr means the
    // system clock, otherwise it must outlive the Store.
    static Result<std::unique_ptr<Store>> open(const QString &databasePath, const Clock *clock = nullptr);

    ~Store(); // writes the queued records, receipts and counts, then closes every connection
    Q_DISABLE_COPY_MOVE(Store)

    QString databasePath() const { return m_databasePath; }
    int schemaVersion() const;

    // --- API keys (SPEC.md §5, key channel) ---

    // A new key "ades_" + 40 base62 characters from the system CSPRNG. Only its SHA-256 is stored; the
    // plaintext is in the return value and nowhere else. plan: "free" or "full"; callLimit empty: unlimited.
    Result<NewApiKey> createApiKey(const QString &label, const QString &plan = QStringLiteral("free"),
        std::optional<qint64> callLimit = 100);
    // The key's record when it exists and is not revoked; always read from the database, so a revocation
    // (by any thread or process) stops the key at its next lookup. callsUsed includes the key's queued calls.
    std::optional<ApiKeyRecord> findActiveKey(const QString &plaintextKey);
    // All keys, revoked ones included, oldest first (flushes the queue first).
    QList<ApiKeyRecord> listKeys();
    // Revokes the key with this id, this 12-character prefix or this full key. False when nothing matched,
    // the prefix is ambiguous, or the key was already revoked.
    bool revokeKey(const QString &idOrPrefix);

    // --- quotas ---

    // Counts one call of `operationId` against the key, atomically: never more than call_limit calls are
    // allowed, whatever the number of threads or instances racing. allowed=false (used=limit) when the
    // quota is spent. Error (401, invalid_api_key) when the key is unknown or revoked. One write statement
    // (the quota); the usage row for the UTC day of `at` is counted in the write-behind batch.
    Result<QuotaDecision> consumeCall(const QString &keyId, const QString &operationId, const QDateTime &at);
    // The same for a key just returned by findActiveKey() (the request path). A limited key goes through
    // the conditional UPDATE above. An unlimited key (callLimit empty) is never refused, so it costs no
    // SQL: its call is counted in calls_used and usage by the write-behind batch, and used is
    // key.callsUsed + 1 (exact for one caller at a time, approximate while other requests of the key run).
    // A key revoked after the lookup is still counted for this call; the next lookup refuses it.
    Result<QuotaDecision> consumeCall(
        const ApiKeyRecord &key, const QString &operationId, const QDateTime &at);
    // Flushes the queue first: the counts include every call counted before.
    QuotaUsage usage(const QString &keyId);
    // Keyless tier (/free/): at most `dailyLimit` calls per address and UTC day of `at`.
    Result<QuotaDecision> consumeFreeCall(const QString &address, int dailyLimit, const QDateTime &at);
    // Drops free-tier counters of days before `day`; returns the number of rows removed.
    int purgeFreeQuotaBefore(const QDate &day);

    // --- call log ---

    // Queues the record for a batched write (WriteBehindQueue: within ~200 ms, or at 256 queued rows, on
    // flush(), before recentCalls() and in the destructor). Cheap: it blocks on SQL only when it is the call
    // that writes a due batch.
    void logCall(const CallRecord &record);
    // Writes the queued call records, receipts and usage counts now. False when the write failed.
    bool flush();
    // Call records queued and not yet written.
    int queuedCallCount() const;
    // The newest `limit` calls, newest first (flushes the queue first).
    QList<CallRecord> recentCalls(int limit);
    // Drops call log rows older than `before`; returns the number removed.
    int purgeCallsBefore(const QDateTime &before);

    // --- receipts ---

    // Queues the receipt to be kept under its result hash (written with the next batch). The first receipt
    // stored for a hash wins; storing one again is not an error. False when the hash is empty; a failed
    // batch write is logged to "ades.store".
    bool storeReceipt(const StoredReceipt &receipt);
    // Flushes the queue first, so a receipt stored a moment ago is found.
    std::optional<StoredReceipt> receipt(const QString &resultHash);

    // --- x402 settlement ledger (StorePayments.cpp) ---

    // Claims (payer, nonce) for this request. The returned record is the new reservation, or the row that
    // already holds the pair (another request, an identical retry, or a concurrent duplicate): give the claim
    // an id and compare it with the returned one to tell (an empty id gets a fresh UUID). Synchronous: the
    // claim is durable when this returns.
    Result<PaymentRecord> reservePayment(const PaymentRecord &claim);
    // Reserved -> settled, with the delivered result in the same row and statement. False when the row was
    // not reserved any more (or the write failed).
    bool settlePayment(const QString &id, const QString &transaction, const QString &receiptHash,
        const QByteArray &resultJson, const QByteArray &paymentResponse);
    // Drops a reservation that was never settled (verify failed, the handler failed, settle failed):
    // nothing was charged, so the authorization may pay again.
    bool releasePayment(const QString &id);
    std::optional<PaymentRecord> payment(const QString &payer, const QString &nonce);
    // Settled amounts per network (CAIP-2 -> atomic units), for the console's revenue total.
    QMap<QString, qint64> revenueByNetwork();

    // Hex SHA-256 of the UTF-8 key: what api_keys.key_hash holds.
    static QString hashKey(const QString &plaintextKey);
    static constexpr qsizetype KeyPrefixLength = 12;

private:
    Store(QString databasePath, const Clock *clock);
    QSqlDatabase connection(); // this thread's; closed QSqlDatabase on failure
    PreparedQuery prepare(const QString &sql); // from this thread's statement cache
    QDateTime now() const;

    QString m_databasePath;
    const Clock *m_clock = nullptr;
    std::unique_ptr<Clock> m_ownClock;
    std::shared_ptr<ConnectionPool> m_pool; // shared with QThread::finished handlers
    std::shared_ptr<WriteBehindQueue> m_writes; // shared with its flush timers
};

} // namespace ades
