#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades {

class Database;

// The market area's own archive (market_snapshots): what it read about a coin at each 6-hourly slot, so that
// a coin snapshot can show a trend from the service's own readings rather than a third party's history.
// One row per coin and slot start (UTC 00:00, 06:00, 12:00, 18:00); a second write for a slot (another
// instance, a restart) is ignored, so several instances sharing one database keep one row per slot.
// Thread-safe; every call blocks on SQL (a write every few hours, a read when a coin is first asked for).
class MarketSnapshots
{
public:
    struct Snapshot
    {
        QString symbol;
        QDateTime slot; // start of the 6-hour slot, UTC
        QDateTime takenAt;
        QJsonObject figures; // price, funding, open interest ... as the area recorded them
    };

    explicit MarketSnapshots(Database &db);
    Q_DISABLE_COPY_MOVE(MarketSnapshots)

    // False when the slot was recorded already (by anyone); an error when the write failed.
    Result<bool> record(const Snapshot &snapshot);
    // The latest `limit` snapshots of `symbol`, newest first.
    QList<Snapshot> recent(const QString &symbol, int limit);
    // Removes the snapshots of slots before `cutoff`; how many.
    qint64 purgeBefore(const QDateTime &cutoff);

private:
    Database &m_db;
};

} // namespace ades
