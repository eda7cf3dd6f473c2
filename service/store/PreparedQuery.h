#pragma once

#include <QSqlQuery>
#include <memory>

namespace ades {

// A prepared statement borrowed from ConnectionPool's per-thread cache (ConnectionPool::prepare). Bind and
// execute it like the QSqlQuery it wraps. When the handle dies the query is finished, so its SQLite statement
// is reset and holds neither a read snapshot nor, for a write with RETURNING, the write lock; then the cache
// may lend it again. Use it only in the thread that got it, and let it die before that thread ends.
class PreparedQuery
{
public:
    // One statement of the cache; lent to at most one PreparedQuery at a time.
    struct Slot
    {
        QSqlQuery query;
        bool inUse = false;
    };

    explicit PreparedQuery(std::shared_ptr<Slot> slot);
    PreparedQuery(PreparedQuery &&other) noexcept;
    ~PreparedQuery();
    PreparedQuery(const PreparedQuery &) = delete;
    PreparedQuery &operator=(const PreparedQuery &) = delete;
    PreparedQuery &operator=(PreparedQuery &&) = delete;

    QSqlQuery &operator*() const { return m_slot->query; }
    QSqlQuery *operator->() const { return &m_slot->query; }

private:
    std::shared_ptr<Slot> m_slot;
};

} // namespace ades
