#include "Database.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/DeliveryJournal.h"
#include "store/JournalCodec.h"
#include "store/Migrations.h"
#include "store/SqlSupport.h"
#include "store/Transaction.h"
#include "store/WriteBehindQueue.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <atomic>
#include <libpq-fe.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

std::atomic<quint64> s_nextDatabaseId { 0 };

// SQLite only (PostgreSQL needs none of it): runs on every new connection (docs/architecture.md, Qt 6.4
// pitfalls: sql-per-thread). WAL lets readers run beside the one writer; synchronous=NORMAL is durable across
// application crashes and costs no fsync per commit in WAL mode; foreign keys are off by default in SQLite.
QString setupSqlite(QSqlDatabase &db)
{
    QSqlQuery query(db);
    if (!query.exec(u"PRAGMA journal_mode=WAL"_s) || !query.next())
        return u"PRAGMA journal_mode=WAL failed: %1"_s.arg(query.lastError().text());
    const QString mode = query.value(0).toString();
    query.finish();
    if (mode.compare(u"wal"_s, Qt::CaseInsensitive) != 0)
        return u"the database cannot use WAL (journal mode %1)"_s.arg(mode);
    // wal_autocheckpoint 10,000 pages (SQLite's default is 1,000): a longer window between checkpoints copies
    // a page the write-behind batches dirty again and again back once for several commits. While the call
    // log's ids were random that was 5 % more key calls a second over a minute; with the time-ordered keys
    // of today it is about 1 % (docs/benchmarks.md), for a WAL of up to ~40 MB.
    for (const QString &pragma : { u"PRAGMA synchronous=NORMAL"_s, u"PRAGMA foreign_keys=ON"_s,
             u"PRAGMA wal_autocheckpoint=10000"_s }) {
        if (!query.exec(pragma))
            return u"%1 failed: %2"_s.arg(pragma, query.lastError().text());
    }
    return {};
}

// PostgreSQL: a writer waits for a row another instance holds at most as long as an SQLite writer waits for
// the file (QSQLITE_BUSY_TIMEOUT), then fails like it. UTC, although every time is written as ISO text. No
// NOTICEs ("relation already exists, skipping") on standard error.
QString setupPostgres(QSqlDatabase &db)
{
    QSqlQuery query(db);
    for (const QString &statement :
        { u"SET lock_timeout = '5s'"_s, u"SET TIME ZONE 'UTC'"_s, u"SET client_min_messages = warning"_s }) {
        if (!query.exec(statement))
            return u"%1 failed: %2"_s.arg(statement, query.lastError().text());
    }
    return {};
}

// PostgreSQL: whether the server still holds this connection; QSqlDatabase::isOpen() says true after a
// restart or a terminated backend. PQconsumeInput reads, without blocking and without a round trip, what the
// server sent while the connection was idle: a server that shut down or ended the backend has sent its
// FATAL and closed the socket, which marks the connection bad before a statement has to fail on it.
bool postgresConnectionAlive(QSqlDatabase &db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    // QPSQL hands its PGconn over as a QVariant registered under the struct's own name (PGconn is a typedef).
    if (!handle.isValid() || qstrcmp(handle.typeName(), "pg_conn*") != 0)
        return db.isOpen();
    PGconn *const connection = *static_cast<PGconn *const *>(handle.constData());
    return connection && PQconsumeInput(connection) == 1 && PQstatus(connection) == CONNECTION_OK;
}

// The SQLite file owner-only before SQLite sees it; SQLite gives the -wal and -shm files the same mode. The
// file holds key hashes and receipts, and the data folder may hold the issuer key.
QString createSqliteFile(const QString &path)
{
    const QFileInfo info(path);
    const QDir folder = info.absoluteDir();
    if (!folder.exists()) {
        if (!QDir().mkpath(folder.absolutePath()))
            return u"cannot create the folder %1"_s.arg(folder.absolutePath());
        QFile::setPermissions(
            folder.absolutePath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    if (!info.exists()) {
        QFile file(path);
        if (!file.open(
                QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner)
            && !QFileInfo::exists(path))
            return file.errorString();
    }
    return {};
}

// The connection every thread's own connection is cloned from (ConnectionPool), named `name`.
QString addTemplateConnection(const StoreLocation &location, const QString &name)
{
    if (location.engine == StoreLocation::Engine::Sqlite) {
        if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
            return u"the Qt SQLite driver (QSQLITE) is not installed"_s;
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(location.sqlitePath);
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
        return {};
    }
    if (!QSqlDatabase::isDriverAvailable(u"QPSQL"_s))
        return u"the Qt PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not installed"_s;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
    db.setHostName(location.host);
    if (location.port > 0)
        db.setPort(location.port);
    db.setDatabaseName(location.database);
    db.setUserName(location.user);
    db.setPassword(location.password);
    db.setConnectOptions(location.connectOptions);
    return {};
}

// The journal_segments bookkeeping of a batch (DeliveryJournal.h), inside its transaction: the batch's own
// segment is recorded as written, the rows of segments already removed are dropped.
QString writeJournalMarks(ConnectionPool &pool, const PendingWrites &batch, const QDateTime &now)
{
    if (!batch.journalSegment.isEmpty()) {
        // ON CONFLICT: a replay that finds no row writes the segment; a second replay never gets here.
        PreparedQuery mark = pool.prepare(u"INSERT INTO journal_segments (segment, committed_at) "
                                          "VALUES (:segment, :at) ON CONFLICT (segment) DO NOTHING"_s);
        mark->bindValue(u":segment"_s, batch.journalSegment);
        mark->bindValue(u":at"_s, isoUtc(now));
        if (!mark->exec())
            return mark->lastError().text();
    }
    if (batch.retiredSegments.isEmpty())
        return {};
    PreparedQuery forget = pool.prepare(u"DELETE FROM journal_segments WHERE segment = :segment"_s);
    for (const QString &segment : batch.retiredSegments) {
        forget->bindValue(u":segment"_s, segment);
        if (!forget->exec())
            return forget->lastError().text();
    }
    return {};
}

// One transaction per batch: the commit, not the row, is what costs (WriteBehindQueue.h).
bool writeBatch(ConnectionPool &pool, const QList<Database::BatchPart> &parts, const PendingWrites &batch,
    const QDateTime &now)
{
    QString failure;
    QSqlDatabase db = pool.connection(&failure);
    if (db.isOpen()) {
        Transaction transaction(db);
        if (!transaction.isActive())
            failure = db.lastError().text();
        for (const Database::BatchPart &part : parts) {
            if (failure.isEmpty())
                failure = part(pool, batch);
        }
        if (failure.isEmpty())
            failure = writeJournalMarks(pool, batch, now);
        if (failure.isEmpty() && !transaction.commit())
            failure = transaction.commitError();
        if (failure.isEmpty())
            return true;
    }
    qint64 counted = 0;
    for (const qint64 calls : batch.usage)
        counted += calls;
    qCWarning(lcStore,
        "cannot write %d call log records, %d receipts, %d VIES answers and the counts of %lld calls: %s",
        int(batch.calls.size()), int(batch.receipts.size()), int(batch.viesObservations.size()), counted,
        qUtf8Printable(failure));
    return false;
}

// Replays what abandoned instances (killed, crashed) journaled and the database lacks (DeliveryJournal.h).
// Each segment is written in its own transaction together with its journal_segments row, so a crash in
// the middle of this leaves nothing counted twice either.
void recoverJournal(DeliveryJournal &journal, ConnectionPool &pool, const QList<Database::BatchPart> &parts,
    const QDateTime &now)
{
    const QHash<QString, QStringList> abandoned = journal.claimAbandoned();
    for (auto it = abandoned.cbegin(); it != abandoned.cend(); ++it) {
        int replayed = 0;
        int receipts = 0;
        qint64 calls = 0;
        for (const QString &segment : it.value()) {
            PreparedQuery known = pool.prepare(u"SELECT 1 FROM journal_segments WHERE segment = :segment"_s);
            known->bindValue(u":segment"_s, segment);
            if (!execLogged(*known, "read the journal segments"))
                return; // leaves the segments and their locks for the next start
            const bool written = known->next();
            known->finish();
            if (written) {
                journal.remove(segment);
                continue;
            }
            PendingWrites batch;
            const JournalCodec::Decoded decoded = JournalCodec::decode(journal.read(segment), batch);
            if (!decoded.clean)
                qCWarning(lcStore,
                    "the journal segment %s ends in a torn or damaged record; replaying the %d "
                    "records before it",
                    qUtf8Printable(segment), decoded.records);
            batch.journalSegment = segment;
            if (!writeBatch(pool, parts, batch, now)) {
                qCWarning(lcStore, "cannot replay the journal segment %s; set aside as %s.failed",
                    qUtf8Printable(segment), qUtf8Printable(segment));
                journal.setAside(segment);
                continue;
            }
            journal.remove(segment);
            ++replayed;
            receipts += int(batch.receipts.size());
            for (const qint64 n : std::as_const(batch.usage))
                calls += n;
        }
        // The instance's segments are all gone: its journal_segments rows are no longer needed.
        PreparedQuery forget = pool.prepare(u"DELETE FROM journal_segments WHERE segment LIKE :instance"_s);
        forget->bindValue(u":instance"_s, QString(it.key() + u".%"_s));
        execLogged(*forget, "drop the journal segments of an ended instance");
        if (replayed > 0)
            qCInfo(lcStore,
                "recovered %d receipts and %lld call counts from %d journal segments of an instance "
                "that did not end cleanly",
                receipts, calls, replayed);
    }
    journal.releaseClaimed();
}

} // namespace

Database::Database(StoreLocation location, const Clock *clock)
    : m_location(std::move(location))
    , m_clock(clock)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
}

Database::~Database()
{
    if (m_writes)
        m_writes->flush();
}

Result<std::unique_ptr<Database>> Database::open(
    const StoreLocation &location, const Clock *clock, QList<BatchPart> batchParts)
{
    const QString name = location.displayName();
    const auto openError = [&name](const QString &reason) {
        return ServiceError(ServiceError::Kind::Internal, u"store_open_failed"_s,
            u"Cannot open the database %1: %2"_s.arg(name, reason));
    };
    const bool sqlite = location.engine == StoreLocation::Engine::Sqlite;
    if (sqlite && location.sqlitePath.isEmpty())
        return openError(u"no path given"_s);
    if (sqlite) {
        if (const QString failure = createSqliteFile(location.sqlitePath); !failure.isEmpty())
            return openError(failure);
    }

    // The connection names keep the "ades.store." prefix: tests count a Store's connections by it.
    const QString templateName = u"ades.store.%1"_s.arg(++s_nextDatabaseId);
    if (const QString failure = addTemplateConnection(location, templateName); !failure.isEmpty())
        return openError(failure);

    std::unique_ptr<Database> database(new Database(location, clock));
    database->m_pool = sqlite ? ConnectionPool::create(templateName, setupSqlite)
                              : ConnectionPool::create(templateName, setupPostgres, postgresConnectionAlive);
    QString reason;
    QSqlDatabase db = database->m_pool->connection(&reason);
    if (!db.isOpen())
        return openError(reason);
    const Result<int> version = Migrations::apply(db, database->now());
    if (!version.ok())
        return version.error();

    // Before the queue exists: what killed instances journaled is in the tables before anything reads them.
    std::unique_ptr<DeliveryJournal> journal = DeliveryJournal::open(location.journalFolder, &reason);
    if (!journal)
        return openError(reason);
    recoverJournal(*journal, *database->m_pool, batchParts, database->now());

    const std::weak_ptr<ConnectionPool> pool = database->m_pool;
    // The clock outlives the queue: it is either the caller's or m_ownClock, declared before m_writes.
    const Clock *stamp = database->m_clock;
    database->m_writes = WriteBehindQueue::create(
        [pool, stamp, parts = std::move(batchParts)](const PendingWrites &batch) {
            const std::shared_ptr<ConnectionPool> alive = pool.lock();
            return alive && writeBatch(*alive, parts, batch, stamp->now().toUTC());
        },
        std::move(journal));
    return database;
}

QString Database::journalFolderOf(const QString &databasePath)
{
    return QFileInfo(databasePath).absoluteFilePath() + u"-deliveries"_s;
}

qint64 Database::sizeOnDisk() const
{
    qint64 bytes = 0;
    if (m_location.engine == StoreLocation::Engine::Sqlite) {
        for (const QString &suffix : { QString(), u"-wal"_s, u"-shm"_s })
            bytes += QFileInfo(m_location.sqlitePath + suffix).size();
    } else {
        QSqlDatabase db = m_pool->connection();
        QSqlQuery query(db);
        if (query.exec(u"SELECT pg_database_size(current_database())"_s) && query.next())
            bytes = query.value(0).toLongLong();
    }
    return bytes + m_writes->journalBytes();
}

QDateTime Database::now() const
{
    return m_clock->now().toUTC();
}

int Database::schemaVersion() const
{
    QSqlDatabase db = m_pool->connection();
    const Result<int> version = Migrations::currentVersion(db);
    return version.ok() ? version.value() : -1;
}

QSqlDatabase Database::connection()
{
    QString reason;
    QSqlDatabase db = m_pool->connection(&reason);
    if (!db.isOpen())
        qCWarning(
            lcStore, "cannot open a connection to %s: %s", qUtf8Printable(path()), qUtf8Printable(reason));
    return db;
}

PreparedQuery Database::prepare(const QString &sql)
{
    QString reason;
    PreparedQuery query = m_pool->prepare(sql, &reason);
    if (!reason.isEmpty())
        qCWarning(
            lcStore, "cannot open a connection to %s: %s", qUtf8Printable(path()), qUtf8Printable(reason));
    return query;
}

bool Database::flush()
{
    return m_writes->flush();
}

} // namespace ades
