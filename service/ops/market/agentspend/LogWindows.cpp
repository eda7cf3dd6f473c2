#include "LogWindows.h"

#include <algorithm>

namespace ades::market {

LogWindows::LogWindows(quint64 first, quint64 last, quint64 windowBlocks, quint64 minBlocks)
    : m_next(first)
    , m_last(last)
    , m_size(std::max<quint64>(1, windowBlocks))
    , m_min(std::max<quint64>(1, minBlocks))
{
    if (last < first) { // nothing to scan: an exhausted range
        m_next = 1;
        m_last = 0;
    }
}

QList<LogWindows::Window> LogWindows::take(qsizetype count)
{
    QList<Window> out;
    while (out.size() < count && !m_pending.isEmpty())
        out.append(m_pending.takeFirst());
    while (out.size() < count && m_next <= m_last) {
        const quint64 to = m_last - m_next + 1 <= m_size ? m_last : m_next + m_size - 1;
        out.append({ m_next, to });
        if (to == m_last) {
            m_next = m_last + 1;
            break;
        }
        m_next = to + 1;
    }
    return out;
}

void LogWindows::again(const Window &window)
{
    auto at = std::find_if(
        m_pending.begin(), m_pending.end(), [&](const Window &w) { return w.from > window.from; });
    m_pending.insert(at, window);
}

bool LogWindows::refused(const Window &window)
{
    if (window.blocks() <= m_min)
        return false;
    const quint64 half = window.blocks() / 2;
    const Window first { window.from, window.from + half - 1 };
    const Window second { window.from + half, window.to };
    // Keep block order: the halves go before any later pending window.
    auto at = std::find_if(
        m_pending.begin(), m_pending.end(), [&](const Window &w) { return w.from > window.from; });
    at = m_pending.insert(at, second);
    m_pending.insert(at, first);
    m_size = std::min(m_size, std::max(m_min, half));
    return true;
}

} // namespace ades::market
