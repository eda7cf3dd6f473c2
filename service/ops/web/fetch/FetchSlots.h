#pragma once

#include <atomic>

namespace ades::web {

// How many page fetches may run at once, across every thread that serves calls. Each fetch holds a socket,
// up to the body cap in memory and, while it decompresses and decodes, a pool thread: the bound keeps a burst
// of reads from taking the whole service's memory or file descriptors. A fetch that finds no free slot is
// refused at once (an uncharged 503 naming the web source) rather than queued behind pages of unknown size.
class FetchSlots
{
public:
    explicit FetchSlots(int capacity)
        : m_capacity(capacity)
    { }

    bool tryAcquire()
    {
        int used = m_used.load(std::memory_order_relaxed);
        while (used < m_capacity)
            if (m_used.compare_exchange_weak(used, used + 1, std::memory_order_acq_rel))
                return true;
        return false;
    }
    void release() { m_used.fetch_sub(1, std::memory_order_acq_rel); }
    int capacity() const { return m_capacity; }
    int inUse() const { return m_used.load(std::memory_order_relaxed); }

private:
    const int m_capacity;
    std::atomic<int> m_used { 0 };
};

} // namespace ades::web
