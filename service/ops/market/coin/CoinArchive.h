#pragma once

#include "core/Result.h"
#include "store/MarketSnapshots.h"

#include <QHash>
#include <QMutex>

namespace ades {
class Clock;
}

namespace ades::market {

// The market area's own 6-hourly readings of a coin, kept in the store (MarketSnapshots) and mirrored in
// memory, so that a coin snapshot reads its trend without SQL after the coin's first request. Slots start at
// 00:00, 06:00, 12:00 and 18:00 UTC; one reading per coin and slot. Thread-safe.
class CoinArchive
{
public:
    static constexpr int SlotHours = 6;
    static constexpr int KeptInMemory = 4 * 90; // 90 days of slots per coin

    CoinArchive(MarketSnapshots &store, const Clock &clock);

    static QDateTime slotOf(const QDateTime &at);
    // Records `figures` for the current slot. False when the slot has a reading already.
    Result<bool> record(const QString &symbol, const QJsonObject &figures);
    bool hasCurrentSlot(const QString &symbol);
    // The latest `limit` readings, newest first.
    QList<MarketSnapshots::Snapshot> recent(const QString &symbol, int limit);
    // Drops readings older than `days` from the store and from memory.
    qint64 purgeOlderThan(int days);

private:
    QList<MarketSnapshots::Snapshot> &loaded(const QString &symbol); // with m_mutex held

    MarketSnapshots &m_store;
    const Clock &m_clock;
    QMutex m_mutex;
    QHash<QString, QList<MarketSnapshots::Snapshot>> m_bySymbol; // newest first
};

} // namespace ades::market
