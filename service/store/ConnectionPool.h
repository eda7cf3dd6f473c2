#pragma once

#include "store/PreparedQuery.h"

#include <QHash>
#include <QMetaObject>
#include <QMutex>
#include <QString>
#include <functional>
#include <memory>

class QSqlDatabase;
class QThread;

namespace ades {

// One QSqlDatabase connection per calling thread, cloned from a template connection that is never opened
// itself (a QSqlDatabase may only be used by the thread that opened it: docs/architecture.md, Qt 6.4
// pitfalls: sql-per-thread).
//
// A thread's connection is opened on its first connection() call and closed, in that thread, when the thread
// emits QThread::finished; Qt emits it for QThreads, pool threads and adopted native threads alike. The main
// thread never finishes while the pool lives, so its connection is closed by closeAll()/the destructor, as
// are connections of threads still running at that point (they must have stopped using them).
//
// Each connection keeps a small cache of prepared statements (SQL text -> QSqlQuery), cleared right before
// the connection is closed. Preparing is a large part of a short statement's cost (parse and plan in SQLite,
// placeholder rewriting in QtSql: tests/bench/BenchStore), and a thread's statements can only be reused by
// that thread, as its connection.
//
// Held by std::shared_ptr: the finished handlers keep a weak_ptr, so a thread ending while the pool is being
// destroyed never touches freed memory. Every member function is thread-safe.
class ConnectionPool : public std::enable_shared_from_this<ConnectionPool>
{
public:
    // Runs once on every new connection right after it opened, in the connection's thread (per-connection
    // PRAGMAs). Returns an error text, empty on success.
    using Setup = std::function<QString(QSqlDatabase &)>;
    // Whether a thread's open connection still stands, asked before it is handed out again; a fallen one
    // (a database server that restarted or dropped it) is closed and a new one opened. Cheap: it must not
    // talk to the server.
    using Alive = std::function<bool(QSqlDatabase &)>;

    // Takes ownership of the template connection `templateName` (already added with
    // QSqlDatabase::addDatabase and configured, not opened): it is removed with the pool.
    static std::shared_ptr<ConnectionPool> create(const QString &templateName, Setup setup, Alive alive = {});
    ~ConnectionPool();
    Q_DISABLE_COPY_MOVE(ConnectionPool)

    // Statements cached per connection; a thread needing more gets uncached (prepared each time) ones.
    static constexpr int MaxCachedStatements = 64;

    // The calling thread's open connection. On failure a closed QSqlDatabase, with the reason in *error.
    QSqlDatabase connection(QString *error = nullptr);
    // `sql` prepared (forward-only) on the calling thread's connection: from the thread's cache when it was
    // prepared before and is not in use (a statement run while the same SQL is still held gets a private
    // copy). When the connection cannot be opened, *error says why and the query fails on exec(); when the
    // SQL does not prepare, the query carries the error and is not cached.
    PreparedQuery prepare(const QString &sql, QString *error = nullptr);
    // Number of per-thread connections currently open.
    int size() const;
    // Number of statements in the calling thread's cache (0 when the thread has no connection).
    int cachedStatementCount() const;
    // Closes every per-thread connection (the next connection() call in a thread opens a new one).
    void closeAll();

private:
    ConnectionPool(const QString &templateName, Setup setup, Alive alive);
    void release(QThread *thread);
    // Closes the calling thread's connection when Alive says it fell and none of its statements is in use.
    void dropIfFallen();

    using StatementCache = QHash<QString, std::shared_ptr<PreparedQuery::Slot>>;

    struct Entry
    {
        QString name;
        QMetaObject::Connection finished;
        // Used only by the connection's thread (and by release/closeAll once it stopped using it); shared so
        // that the thread reaches it without holding m_mutex.
        std::shared_ptr<StatementCache> statements;
    };

    static void close(const Entry &entry);

    const QString m_templateName;
    const Setup m_setup;
    const Alive m_alive;
    mutable QMutex m_mutex;
    QHash<QThread *, Entry> m_entries;
    quint64 m_nextId = 0;
};

} // namespace ades
