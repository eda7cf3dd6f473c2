#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

namespace ades {

class Database;

// What the console's dashboard shows for a time window, computed from the call log (call_log) by plain SQL
// that both engines accept: the calls per time bucket and channel (buckets cut from the ISO-8601 `at` text
// with substr(), so the database groups them), revenue per network and per operation as exact integer USDC
// atomic units, error answers per status and the latency percentiles. Only what the call log holds counts:
// probes without a caller (health checks, 404s) are in ProbeCounters, not here.
struct CallStatisticsReport
{
    struct ChannelBucket
    {
        QDateTime start; // UTC start of the bucket
        QString channel;
        qint64 calls = 0;
    };
    struct Amount
    {
        QString key; // the network (CAIP-2) or operation id; empty when the row named none
        qint64 units = 0; // USDC atomic units (6 decimals)
        qint64 calls = 0;
    };
    struct StatusCount
    {
        int status = 0;
        qint64 calls = 0;
    };

    QDateTime from; // inclusive
    QDateTime to; // exclusive
    int bucketMinutes = 1;
    QList<ChannelBucket> buckets; // ordered by start, then channel; buckets without calls are absent
    QList<Amount> revenueByNetwork; // ordered by key
    QList<Amount> revenueByOperation; // largest first
    QList<StatusCount> errorsByStatus; // status >= 400, ordered by status
    qint64 calls = 0;
    qint64 errors = 0;
    qint64 revenueUnits = 0;
    // Nearest-rank percentiles of latency_ms over every call in the window; -1 when there was none.
    qint64 p50Ms = -1;
    qint64 p99Ms = -1;
};

class CallStatistics
{
public:
    // The windows the dashboard offers, each with the bucket that gives it a readable chart.
    enum class Window
    {
        LastHour, // 1-minute buckets
        LastDay, // 10-minute buckets
        Last30Days, // 1-hour buckets
    };

    explicit CallStatistics(Database &db);
    Q_DISABLE_COPY_MOVE(CallStatistics)

    static int bucketMinutes(Window window);
    static qint64 windowSeconds(Window window);
    // The report for [now - window, now). Flushes the call log's queue first, so every logged call counts.
    // Blocks on SQL: call it off the GUI thread.
    CallStatisticsReport report(Window window, const QDateTime &now);
    // The same for any [from, to) with buckets of 1, 10 or 60 minutes (other values are rounded down to one
    // of those).
    CallStatisticsReport report(const QDateTime &from, const QDateTime &to, int bucketMinutes);

private:
    Database &m_db;
};

} // namespace ades

Q_DECLARE_METATYPE(ades::CallStatisticsReport)
