#include "ConnectionPool.h"

#include <QMutexLocker>
#include <QSqlDatabase>
#include <QSqlError>
#include <QThread>

using namespace Qt::StringLiterals;

namespace ades {

std::shared_ptr<ConnectionPool> ConnectionPool::create(const QString &templateName, Setup setup)
{
    return std::shared_ptr<ConnectionPool>(new ConnectionPool(templateName, std::move(setup)));
}

ConnectionPool::ConnectionPool(const QString &templateName, Setup setup)
    : m_templateName(templateName)
    , m_setup(std::move(setup))
{ }

ConnectionPool::~ConnectionPool()
{
    closeAll();
    QSqlDatabase::removeDatabase(m_templateName);
}

QSqlDatabase ConnectionPool::connection(QString *error)
{
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

int ConnectionPool::size() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_entries.size());
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
    QObject::disconnect(entry.finished);
    QSqlDatabase::removeDatabase(entry.name);
}

void ConnectionPool::closeAll()
{
    QHash<QThread *, Entry> entries;
    {
        QMutexLocker locker(&m_mutex);
        entries.swap(m_entries);
    }
    for (const Entry &entry : std::as_const(entries)) {
        QObject::disconnect(entry.finished);
        QSqlDatabase::removeDatabase(entry.name);
    }
}

} // namespace ades
