#include "ProbeCounters.h"

#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QSqlError>
#include <QSqlQuery>
#include <algorithm>
#include <tuple>

using namespace Qt::StringLiterals;

namespace ades {

size_t qHash(const ProbeKey &key, size_t seed) noexcept
{
    return qHashMulti(seed, key.day, key.channel, key.method, key.route, key.operationId, key.status);
}

ProbeCounters::ProbeCounters(Database &db)
    : m_db(db)
{ }

void ProbeCounters::count(const ProbeKey &key)
{
    if (!key.day.isEmpty())
        return m_db.writes().countProbe(key);
    ProbeKey today = key;
    today.day = utcDay(m_db.now());
    m_db.writes().countProbe(today);
}

QList<ProbeCounters::Count> ProbeCounters::countsOn(const QDate &day)
{
    QList<Count> counts;
    m_db.flush();
    PreparedQuery query = m_db.prepare(u"SELECT channel, method, route, operation_id, status, calls "
                                       "FROM probe_counts WHERE day = :day "
                                       "ORDER BY channel, method, route, operation_id, status"_s);
    query->bindValue(u":day"_s, day.toString(Qt::ISODate));
    if (!execLogged(*query, "read the probe counters"))
        return counts;
    while (query->next()) {
        Count count;
        count.key.day = day.toString(Qt::ISODate);
        count.key.channel = query->value(0).toString();
        count.key.method = query->value(1).toString();
        count.key.route = query->value(2).toString();
        count.key.operationId = query->value(3).toString();
        count.key.status = query->value(4).toInt();
        count.calls = query->value(5).toLongLong();
        counts.append(count);
    }
    return counts;
}

int ProbeCounters::purgeBefore(const QDate &day)
{
    // Unbounded on purpose: a day holds a few dozen rows (one per kind of request), not one per request.
    PreparedQuery purge = m_db.prepare(u"DELETE FROM probe_counts WHERE day < :day"_s);
    purge->bindValue(u":day"_s, day.toString(Qt::ISODate));
    return execLogged(*purge, "purge the probe counters") ? purge->numRowsAffected() : 0;
}

// Rows are updated in key order, as Quotas::writeQueuedUsage does: two instances sharing a PostgreSQL
// database lock them in the same order and cannot deadlock.
QString ProbeCounters::writeQueued(ConnectionPool &pool, const PendingWrites &batch)
{
    if (batch.probes.isEmpty())
        return {};
    QList<ProbeKey> keys = batch.probes.keys();
    std::sort(keys.begin(), keys.end(), [](const ProbeKey &a, const ProbeKey &b) {
        return std::tie(a.day, a.channel, a.method, a.route, a.operationId, a.status)
            < std::tie(b.day, b.channel, b.method, b.route, b.operationId, b.status);
    });
    PreparedQuery upsert
        = pool.prepare(u"INSERT INTO probe_counts (day, channel, method, route, operation_id, status, calls) "
                       "VALUES (:day, :channel, :method, :route, :operation, :status, :calls) "
                       "ON CONFLICT (day, channel, method, route, operation_id, status) "
                       "DO UPDATE SET calls = probe_counts.calls + excluded.calls"_s);
    for (const ProbeKey &key : std::as_const(keys)) {
        upsert->bindValue(u":day"_s, key.day);
        upsert->bindValue(u":channel"_s, sqlText(key.channel));
        upsert->bindValue(u":method"_s, sqlText(key.method));
        upsert->bindValue(u":route"_s, sqlText(key.route));
        upsert->bindValue(u":operation"_s, sqlText(key.operationId));
        upsert->bindValue(u":status"_s, key.status);
        upsert->bindValue(u":calls"_s, batch.probes.value(key));
        if (!upsert->exec())
            return upsert->lastError().text();
    }
    return {};
}

} // namespace ades
