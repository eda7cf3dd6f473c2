#include "BlockSearch.h"

namespace ades::market {

BlockSearch::BlockSearch(quint64 head, qint64 headTime, qint64 since)
    : m_since(since)
    , m_lo(-1)
    , m_hi(qint64(head))
{
    if (headTime < since) { // the whole chain is older: nothing from the head on
        m_lo = qint64(head);
        m_hi = qint64(head) + 1;
    }
}

QList<quint64> BlockSearch::probes(int count) const
{
    QList<quint64> blocks;
    const qint64 open = m_hi - m_lo - 1; // blocks strictly between lo and hi
    if (open <= 0 || count <= 0)
        return blocks;
    if (open <= count) {
        for (qint64 b = m_lo + 1; b < m_hi; ++b)
            blocks.append(quint64(b));
        return blocks;
    }
    for (int i = 1; i <= count; ++i)
        blocks.append(quint64(m_lo + (m_hi - m_lo) * i / (count + 1)));
    return blocks;
}

void BlockSearch::observed(quint64 block, qint64 timestamp)
{
    const qint64 b = qint64(block);
    if (b <= m_lo || b >= m_hi)
        return;
    if (timestamp >= m_since)
        m_hi = b;
    else
        m_lo = b;
}

} // namespace ades::market
