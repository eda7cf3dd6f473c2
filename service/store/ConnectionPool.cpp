#include "ConnectionPool.h"

#include <QMutexLocker>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

using namespace Qt::StringLiterals;

namespace ades {

std::shared_ptr<ConnectionPool> ConnectionPool::create(const QString &templateName, Setup setup, Alive alive)
{
    return std::shared_ptr<ConnectionPool>(
        new ConnectionPool(templateName, std::move(setup), std::move(alive)));
}

ConnectionPool::ConnectionPool(const QString &templateName, Setup setup, Alive alive)
    : m_templateName(templateName)
    , m_setup(std::move(setup))
    , m_alive(std::move(alive))
{ }

void ConnectionPool::dropIfFallen()
{
    if (!m_alive)
        return;
    QThread *const thread = QThread::currentThread();
    QString name;
    std::shared_ptr<StatementCache> statements;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_entries.constFind(thread);
        if (it == m_entries.cend())
            return;
        name = it->name;
        statements = it->statements;
    }
    {
        // Out of scope before release(): a QSqlDatabase copy alive at removeDatabase() keeps the old driver.
        QSqlDatabase db = QSqlDatabase::database(name, false);
        if (m_alive(db))
            return;
    }
    // A statement still held by this thread (a query inside another's loop) must not lose its connection
    // under it: the connection is replaced at the next call instead.
    for (const auto &slot : std::as_const(*statements)) {
        if (slot->inUse)
            return;
    }
    release(thread);
}

ConnectionPool::~ConnectionPool()
{
    closeAll();
    QSqlDatabase::removeDatabase(m_templateName);
}

QSqlDatabase ConnectionPool::connection(QString *error)
{
    dropIfFallen();
    QThread *const thread = QThread::currentThread();
    QString name;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_entries.constFind(thread);
        if (it != m_entries.cend())
            return QSqlDatabase::database(it->name, false);
        name = m_templateName + u'@' + QString::number(++m_nextId);
    }

    QString failure;
    {
        // cloneDatabase(QString, QString) is the thread-safe overload: the template belongs to another
        // thread.
        QSqlDatabase db = QSqlDatabase::cloneDatabase(m_templateName, name);
        if (!db.open())
            failure = db.lastError().text();
        else if (m_setup)
            failure = m_setup(db);
        if (failure.isEmpty()) {
            Entry entry;
            entry.name = name;
            entry.statements = std::make_shared<StatementCache>();
            // Direct: runs in the finishing thread, the only one allowed to close its connection. The weak
            // pointer makes a thread that ends after the pool is gone a no-op.
            const std::weak_ptr<ConnectionPool> weak = weak_from_this();
            entry.finished = QObject::connect(
                thread, &QThread::finished, thread,
                [weak, thread] {
                    if (const std::shared_ptr<ConnectionPool> pool = weak.lock())
                        pool->release(thread);
                },
                Qt::DirectConnection);
            QMutexLocker locker(&m_mutex);
            m_entries.insert(thread, entry);
            return db;
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    if (error)
        *error = failure.isEmpty() ? u"cannot open the database"_s : failure;
    return QSqlDatabase();
}

PreparedQuery ConnectionPool::prepare(const QString &sql, QString *error)
{
    dropIfFallen();
    QThread *const thread = QThread::currentThread();
    std::shared_ptr<StatementCache> cache;
    QString name;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_entries.constFind(thread);
        if (it != m_entries.cend()) {
            cache = it->statements;
            name = it->name;
        }
    }
    if (cache) {
        const auto found = cache->constFind(sql);
        if (found != cache->cend() && !found.value()->inUse)
            return PreparedQuery(found.value());
    }

    QSqlDatabase db;
    if (cache) {
        db = QSqlDatabase::database(name, false);
    } else {
        db = connection(error);
        QMutexLocker locker(&m_mutex);
        const auto it = m_entries.constFind(thread);
        if (it != m_entries.cend())
            cache = it->statements;
    }
    auto slot = std::make_shared<PreparedQuery::Slot>();
    slot->query = QSqlQuery(db);
    slot->query.setForwardOnly(true);
    if (slot->query.prepare(sql) && cache && !cache->contains(sql) && cache->size() < MaxCachedStatements)
        cache->insert(sql, slot);
    return PreparedQuery(std::move(slot));
}

int ConnectionPool::size() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_entries.size());
}

int ConnectionPool::cachedStatementCount() const
{
    QMutexLocker locker(&m_mutex);
    const auto it = m_entries.constFind(QThread::currentThread());
    return it == m_entries.cend() ? 0 : int(it->statements->size());
}

void ConnectionPool::close(const Entry &entry)
{
    QObject::disconnect(entry.finished);
    // The statements first: a QSqlQuery outliving its connection would point into a deleted driver.
    entry.statements->clear();
    QSqlDatabase::removeDatabase(entry.name);
}

void ConnectionPool::release(QThread *thread)
{
    Entry entry;
    {
        QMutexLocker locker(&m_mutex);
        const auto it = m_entries.find(thread);
        if (it == m_entries.end())
            return;
        entry = it.value();
        m_entries.erase(it);
    }
    close(entry);
}

void ConnectionPool::closeAll()
{
    QHash<QThread *, Entry> entries;
    {
        QMutexLocker locker(&m_mutex);
        entries.swap(m_entries);
    }
    for (const Entry &entry : std::as_const(entries))
        close(entry);
}

} // namespace ades
