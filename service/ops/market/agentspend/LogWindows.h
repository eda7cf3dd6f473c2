#pragma once

#include <QList>
#include <QtGlobal>

namespace ades::market {

// The block windows an eth_getLogs scan of [first, last] is paged into. Providers cap the block range of
// one eth_getLogs (2,000 to 10,000 blocks is common) and the number of results or bytes of an answer, and
// say so with an error whose code and wording differ between providers
// (../shared/data/upstreams/evm-jsonrpc/SOURCES.md): so a refused window, whatever the reason, is split in
// two and asked again, down to `minBlocks`, and later windows start at the size that was last accepted.
// Windows come out in block order; a split window's halves are asked before the windows after it.
class LogWindows
{
public:
    struct Window
    {
        quint64 from = 0;
        quint64 to = 0; // inclusive
        quint64 blocks() const { return to - from + 1; }
        friend bool operator==(const Window &a, const Window &b) { return a.from == b.from && a.to == b.to; }
    };

    // Nothing to scan when last < first.
    LogWindows(quint64 first, quint64 last, quint64 windowBlocks, quint64 minBlocks = 1);

    bool isDone() const { return m_pending.isEmpty() && m_next > m_last; }
    // Up to `count` windows to ask next; a window whose answer was an error goes back with refused().
    QList<Window> take(qsizetype count);
    // False when the window cannot be split any further (it is `minBlocks` long): the scan cannot go on.
    bool refused(const Window &window);
    // Asks the window again as it is: refused for a reason its size does not explain (it reaches past the
    // head of the endpoint that answered, which another endpoint or a later moment may not).
    void again(const Window &window);
    quint64 windowBlocks() const { return m_size; }

private:
    quint64 m_next; // first block not yet handed out
    quint64 m_last;
    quint64 m_size;
    quint64 m_min;
    QList<Window> m_pending; // split halves waiting, in block order
};

} // namespace ades::market
