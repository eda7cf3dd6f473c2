#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"
#include "store/CallRecord.h"
#include "store/StoredReceipt.h"

#include <QDate>
#include <QList>
#include <QString>
#include <memory>
#include <optional>

class QSqlDatabase;

namespace ades {

class Clock;
class CallLogQueue;
class ConnectionPool;

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

    ~Store(); // writes the queued call records, then closes every connection
    Q_DISABLE_COPY_MOVE(Store)

    QString databasePath() const { return m_databasePath; }
    int schemaVersion() const;

    // --- API keys (SPEC.md §5, key channel) ---

    // A new key "ades_" + 40 base62 characters from the system CSPRNG. Only its SHA-256 is stored; the
    // plaintext is in the return value and nowhere else. plan: "free" or "full"; callLimit empty: unlimited.
    Result<NewApiKey> createApiKey(const QString &label, const QString &plan = QStringLiteral("free"),
        std::optional<qint64> callLimit = 100);
    // The key's record when it exists and is not revoked.
    std::optional<ApiKeyRecord> findActiveKey(const QString &plaintextKey);
    // All keys, revoked ones included, oldest first.
    QList<ApiKeyRecord> listKeys();
    // Revokes the key with this id, this 12-character prefix or this full key. False when nothing matched,
    // the prefix is ambiguous, or the key was already revoked.
    bool revokeKey(const QString &idOrPrefix);

    // --- quotas ---

    // Counts one call of `operationId` against the key, atomically: never more than call_limit calls are
    // allowed, whatever the number of threads or instances racing. allowed=false (used=limit) when the
    // quota is spent. Error (401, invalid_api_key) when the key is unknown or revoked.
    Result<QuotaDecision> consumeCall(const QString &keyId, const QString &operationId, const QDateTime &at);
    QuotaUsage usage(const QString &keyId);
    // Keyless tier (/free/): at most `dailyLimit` calls per address and UTC day of `at`.
    Result<QuotaDecision> consumeFreeCall(const QString &address, int dailyLimit, const QDateTime &at);
    // Drops free-tier counters of days before `day`; returns the number of rows removed.
    int purgeFreeQuotaBefore(const QDate &day);

    // --- call log ---

    // Queues the record for a batched write (CallLogQueue: within ~200 ms, or at 256 queued records, on
    // flush(), before recentCalls() and in the destructor). Cheap: it blocks on SQL only when it is the call
    // that writes a due batch.
    void logCall(const CallRecord &record);
    // Writes the queued call records now. False when the write failed.
    bool flush();
    int queuedCallCount() const;
    // The newest `limit` calls, newest first (flushes the queue first).
    QList<CallRecord> recentCalls(int limit);
    // Drops call log rows older than `before`; returns the number removed.
    int purgeCallsBefore(const QDateTime &before);

    // --- receipts ---

    // Keeps the receipt under its result hash. The first receipt stored for a hash wins; storing one again
    // is not an error. False when the hash is empty or the write failed.
    bool storeReceipt(const StoredReceipt &receipt);
    std::optional<StoredReceipt> receipt(const QString &resultHash);

    // Hex SHA-256 of the UTF-8 key: what api_keys.key_hash holds.
    static QString hashKey(const QString &plaintextKey);
    static constexpr qsizetype KeyPrefixLength = 12;

private:
    Store(QString databasePath, const Clock *clock);
    QSqlDatabase connection(); // this thread's; closed QSqlDatabase on failure
    QDateTime now() const;

    QString m_databasePath;
    const Clock *m_clock = nullptr;
    std::unique_ptr<Clock> m_ownClock;
    std::shared_ptr<ConnectionPool> m_pool; // shared with QThread::finished handlers
    std::shared_ptr<CallLogQueue> m_callLog; // shared with its flush timers
};

} // namespace ades
