#include "CallStatistics.h"

#include "core/Clock.h"
#include "store/Database.h"
#include "store/SqlSupport.h"

#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// `at` is written by isoUtc() as "2025-03-14T09:26:53.589Z": its first 16 characters name the minute, 15 the
// ten minutes, 13 the hour. Cutting the text groups in SQL on both engines without their date functions.
int prefixLength(int bucketMinutes)
{
    if (bucketMinutes >= 60)
        return 13;
    if (bucketMinutes >= 10)
        return 15;
    return 16;
}

QDateTime bucketStart(const QString &prefix)
{
    QString text = prefix;
    if (text.size() == 13)
        text += u":00:00Z"_s;
    else if (text.size() == 15)
        text += u"0:00Z"_s;
    else
        text += u":00Z"_s;
    QDateTime at = QDateTime::fromString(text, Qt::ISODate);
    return at.toUTC();
}

// Nearest-rank percentile position (1-based) of p percent among n values.
qint64 rankOf(int percent, qint64 n)
{
    return qMax<qint64>(1, (percent * n + 99) / 100);
}

} // namespace

CallStatistics::CallStatistics(Database &db)
    : m_db(db)
{ }

int CallStatistics::bucketMinutes(Window window)
{
    switch (window) {
    case Window::LastHour:
        return 1;
    case Window::LastDay:
        return 10;
    case Window::Last30Days:
        return 60;
    }
    return 1;
}

qint64 CallStatistics::windowSeconds(Window window)
{
    switch (window) {
    case Window::LastHour:
        return 3600;
    case Window::LastDay:
        return 24 * 3600;
    case Window::Last30Days:
        return 30 * 24 * 3600;
    }
    return 3600;
}

CallStatisticsReport CallStatistics::report(Window window, const QDateTime &now)
{
    return report(now.addSecs(-windowSeconds(window)), now, bucketMinutes(window));
}

CallStatisticsReport CallStatistics::report(const QDateTime &from, const QDateTime &to, int bucketMinutes)
{
    CallStatisticsReport report;
    report.from = from.toUTC();
    report.to = to.toUTC();
    const int length = prefixLength(bucketMinutes);
    report.bucketMinutes = length == 13 ? 60 : length == 15 ? 10 : 1;
    m_db.flush();
    const QString fromText = isoUtc(from);
    const QString toText = isoUtc(to);
    const auto bindWindow = [&](QSqlQuery &query) {
        query.bindValue(u":from"_s, fromText);
        query.bindValue(u":to"_s, toText);
    };

    {
        // The bucket is computed in a subquery and grouped by name: a bound length in both SELECT and
        // GROUP BY would be two different expressions to PostgreSQL.
        PreparedQuery query = m_db.prepare(
            u"SELECT bucket, channel, COUNT(*) FROM (SELECT substr(at, 1, :length) AS bucket, channel "
            "FROM call_log WHERE at >= :from AND at < :to) windowed "
            "GROUP BY bucket, channel ORDER BY bucket, channel"_s);
        query->bindValue(u":length"_s, length);
        bindWindow(*query);
        if (execLogged(*query, "count calls per bucket")) {
            while (query->next()) {
                const qint64 calls = query->value(2).toLongLong();
                report.buckets.append(
                    { bucketStart(query->value(0).toString()), query->value(1).toString(), calls });
                report.calls += calls;
            }
        }
    }

    // CAST: PostgreSQL's SUM(bigint) is numeric, which QtSql would hand over as text or double.
    const auto readAmounts = [&](const QString &column, const char *what) {
        QList<CallStatisticsReport::Amount> amounts;
        PreparedQuery query = m_db.prepare(u"SELECT "_s + column
            + u", CAST(SUM(price_units) AS BIGINT), COUNT(*) FROM call_log "
              "WHERE at >= :from AND at < :to AND price_units > 0 GROUP BY "_s
            + column + u" ORDER BY "_s + column);
        bindWindow(*query);
        if (execLogged(*query, what)) {
            while (query->next())
                amounts.append({ query->value(0).toString(), query->value(1).toLongLong(),
                    query->value(2).toLongLong() });
        }
        return amounts;
    };
    report.revenueByNetwork = readAmounts(u"network"_s, "sum revenue per network");
    report.revenueByOperation = readAmounts(u"operation_id"_s, "sum revenue per operation");
    std::stable_sort(report.revenueByOperation.begin(), report.revenueByOperation.end(),
        [](const auto &a, const auto &b) { return a.units > b.units; });
    for (const auto &amount : std::as_const(report.revenueByNetwork))
        report.revenueUnits += amount.units;

    {
        PreparedQuery query = m_db.prepare(u"SELECT status, COUNT(*) FROM call_log "
                                           "WHERE at >= :from AND at < :to AND status >= 400 "
                                           "GROUP BY status ORDER BY status"_s);
        bindWindow(*query);
        if (execLogged(*query, "count errors per status")) {
            while (query->next()) {
                const qint64 calls = query->value(1).toLongLong();
                report.errorsByStatus.append({ query->value(0).toInt(), calls });
                report.errors += calls;
            }
        }
    }

    // Percentiles by rank: the row at that position of the latencies in order (LIMIT/OFFSET, both engines;
    // SQLite has no percentile function).
    if (report.calls > 0) {
        const auto latencyAt = [&](qint64 rank) -> qint64 {
            PreparedQuery query
                = m_db.prepare(u"SELECT latency_ms FROM call_log WHERE at >= :from AND at < :to "
                               "ORDER BY latency_ms LIMIT 1 OFFSET :offset"_s);
            bindWindow(*query);
            query->bindValue(u":offset"_s, rank - 1);
            if (!execLogged(*query, "read a latency percentile") || !query->next())
                return -1;
            return query->value(0).toLongLong();
        };
        report.p50Ms = latencyAt(rankOf(50, report.calls));
        report.p99Ms = latencyAt(rankOf(99, report.calls));
    }
    return report;
}

} // namespace ades
