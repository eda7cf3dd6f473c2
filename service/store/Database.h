#pragma once

#include "core/Result.h"
#include "store/PreparedQuery.h"
#include "store/StoreLocation.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <functional>
#include <memory>

class QSqlDatabase;

namespace ades {

class Clock;
class ConnectionPool;
class WriteBehindQueue;
struct PendingWrites;

// The one way to the SQL database: the file, the schema (Migrations), one connection per calling thread
// with its prepared statements (ConnectionPool), the write-behind queue (WriteBehindQueue) and the clock
// that stamps rows. The classes of the Store (ApiKeys, Quotas, CallLog, ReceiptArchive, PaymentLedger,
// Jobs) each hold a Database and reach SQL only through it.
//
// SQLite in the data folder by default, or PostgreSQL that several instances share (StoreLocation.h). The
// schema and every statement are portable SQL (Migrations.h); what differs per engine is here (the driver,
// what a new connection sets, the size on disk) and in the one migration step that reads JSON.
//
// Threads: every member may be called from any thread. QSqlDatabase connections cannot cross threads, so
// each calling thread gets its own connection, opened lazily on its first call and closed when that thread
// emits QThread::finished (also for pool threads and adopted std::threads); whatever is left is closed by
// the destructor. Destroy the Database only after the other threads have stopped calling it.
//
// Calls block on the database: a short statement takes tens of microseconds on SQLite, but a writer may
// wait up to the 5 s busy timeout while another connection writes. Reads never wait for the writer (WAL),
// so the GUI thread can read freely.
class Database
{
public:
    // Writes the rows of one write-behind batch that belong to one table family, inside the batch's
    // transaction, on the calling thread's connection (pool.prepare). Returns an error text, empty when
    // written; an error rolls the whole batch back.
    using BatchPart = std::function<QString(ConnectionPool &pool, const PendingWrites &batch)>;

    // Opens the store at `location`: an SQLite file is created when missing (its folder owner-only, the
    // file 0600, since it holds key hashes and receipts); a PostgreSQL database must exist and be writable
    // by its user. Applies pending migrations and refuses a database written by a newer ADES. Then opens the
    // delivery journal (location.journalFolder) and replays what instances that were killed or crashed
    // journaled and did not write (DeliveryJournal.h). `clock` stamps rows; nullptr means the system clock,
    // otherwise it must outlive the Database. A write-behind batch is written by `batchParts`, in this
    // order, in one transaction.
    static Result<std::unique_ptr<Database>> open(
        const StoreLocation &location, const Clock *clock, QList<BatchPart> batchParts);

    ~Database(); // writes the queued batch, then closes every connection
    Q_DISABLE_COPY_MOVE(Database)

    // The SQLite file, or the PostgreSQL URL without its password.
    QString path() const { return m_location.displayName(); }
    StoreLocation::Engine engine() const { return m_location.engine; }
    // The delivery journal's folder beside an SQLite file: "<path>-deliveries".
    static QString journalFolderOf(const QString &databasePath);
    // Bytes on disk: the database file with its -wal and -shm files (SQLite) or the database's size as
    // PostgreSQL reports it, and this instance's delivery journal.
    qint64 sizeOnDisk() const;
    // The applied schema version; -1 when it cannot be read.
    int schemaVersion() const;
    QDateTime now() const; // UTC, from the clock

    // This thread's connection; a closed QSqlDatabase on failure (logged).
    QSqlDatabase connection();
    // `sql` prepared on this thread's connection, from its statement cache (ConnectionPool::prepare).
    PreparedQuery prepare(const QString &sql);

    // What the request path only records waits here and is written in batches (WriteBehindQueue.h); the
    // receipts and counts among it are journaled first. A class reading such data calls flush() first, so
    // callers never see stale values.
    WriteBehindQueue &writes() const { return *m_writes; }
    // Writes the queued batch now. False when the write failed.
    bool flush();

private:
    Database(StoreLocation location, const Clock *clock);

    StoreLocation m_location;
    const Clock *m_clock = nullptr;
    std::unique_ptr<Clock> m_ownClock;
    std::shared_ptr<ConnectionPool> m_pool; // shared with QThread::finished handlers
    std::shared_ptr<WriteBehindQueue> m_writes;
};

} // namespace ades
