#pragma once

#include <QList>
#include <QtGlobal>

namespace ades::market {

// The first block of a chain whose timestamp is at or after a moment, found by asking the timestamps of a
// few blocks at a time: each round probes up to `count` blocks spread evenly over the blocks still in
// question, so the search takes log_(count+1) of the head's height rounds (six for Base's ~40 million
// blocks with 20 per batch) and assumes nothing about block times, which differ between chains, over time
// and on a local test chain. Block timestamps never decrease, which is all it relies on.
class BlockSearch
{
public:
    // `head` is the newest block and `headTime` its timestamp (seconds); `since` the moment sought.
    BlockSearch(quint64 head, qint64 headTime, qint64 since);

    bool isDone() const { return m_hi - m_lo <= 1; }
    // The answer once isDone(): the first block at or after `since`; head + 1 when even the head is older.
    quint64 firstBlock() const { return quint64(m_hi); }
    // Blocks to ask the timestamps of next (at most `count`, all still in question).
    QList<quint64> probes(int count) const;
    void observed(quint64 block, qint64 timestamp);

private:
    qint64 m_since;
    qint64 m_lo; // newest block known to be older than `since`; -1 before genesis
    qint64 m_hi; // oldest block known to be at or after `since`
};

} // namespace ades::market
