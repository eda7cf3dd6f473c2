#include "CoinArchive.h"

#include "core/Clock.h"

#include <QMutexLocker>

namespace ades::market {

CoinArchive::CoinArchive(MarketSnapshots &store, const Clock &clock)
    : m_store(store)
    , m_clock(clock)
{ }

QDateTime CoinArchive::slotOf(const QDateTime &at)
{
    const QDateTime utc = at.toUTC();
    return QDateTime(utc.date(), QTime(utc.time().hour() / SlotHours * SlotHours, 0), Qt::UTC);
}

QList<MarketSnapshots::Snapshot> &CoinArchive::loaded(const QString &symbol)
{
    auto it = m_bySymbol.find(symbol);
    if (it == m_bySymbol.end())
        it = m_bySymbol.insert(symbol, m_store.recent(symbol, KeptInMemory));
    return it.value();
}

Result<bool> CoinArchive::record(const QString &symbol, const QJsonObject &figures)
{
    const QDateTime now = m_clock.now();
    MarketSnapshots::Snapshot snapshot { symbol, slotOf(now), now, figures };
    QMutexLocker locker(&m_mutex);
    QList<MarketSnapshots::Snapshot> &list = loaded(symbol);
    if (!list.isEmpty() && list.first().slot >= snapshot.slot)
        return false;
    Result<bool> stored = m_store.record(snapshot);
    if (!stored.ok())
        return stored;
    // Another instance may have written the slot first: memory then takes the stored row, not ours.
    if (!stored.value()) {
        const QList<MarketSnapshots::Snapshot> latest = m_store.recent(symbol, 1);
        if (!latest.isEmpty())
            list.prepend(latest.first());
        return false;
    }
    list.prepend(snapshot);
    while (list.size() > KeptInMemory)
        list.removeLast();
    return true;
}

bool CoinArchive::hasCurrentSlot(const QString &symbol)
{
    const QDateTime slot = slotOf(m_clock.now());
    QMutexLocker locker(&m_mutex);
    const QList<MarketSnapshots::Snapshot> &list = loaded(symbol);
    return !list.isEmpty() && list.first().slot >= slot;
}

QList<MarketSnapshots::Snapshot> CoinArchive::recent(const QString &symbol, int limit)
{
    QMutexLocker locker(&m_mutex);
    return loaded(symbol).mid(0, limit);
}

qint64 CoinArchive::purgeOlderThan(int days)
{
    const QDateTime cutoff = m_clock.now().addDays(-days);
    QMutexLocker locker(&m_mutex);
    for (QList<MarketSnapshots::Snapshot> &list : m_bySymbol)
        while (!list.isEmpty() && list.last().slot < cutoff)
            list.removeLast();
    return m_store.purgeBefore(cutoff);
}

} // namespace ades::market
