#include "WriteBehindQueue.h"

#include <QAbstractEventDispatcher>
#include <QMutexLocker>
#include <QThread>
#include <QTimer>

namespace ades {

size_t qHash(const UsageDay &usage, size_t seed) noexcept
{
    return qHashMulti(seed, usage.keyId, usage.operationId, usage.day);
}

qsizetype PendingWrites::rowCount() const
{
    return calls.size() + receipts.size() + usage.size() + callsUsed.size();
}

std::shared_ptr<WriteBehindQueue> WriteBehindQueue::create(Writer writer)
{
    return std::shared_ptr<WriteBehindQueue>(new WriteBehindQueue(std::move(writer)));
}

WriteBehindQueue::WriteBehindQueue(Writer writer)
    : m_writer(std::move(writer))
{ }

void WriteBehindQueue::appendCall(const CallRecord &record)
{
    enqueue([&record](PendingWrites &pending) { pending.calls.append(record); });
}

void WriteBehindQueue::appendReceipt(const StoredReceipt &receipt)
{
    enqueue([&receipt](PendingWrites &pending) { pending.receipts.append(receipt); });
}

void WriteBehindQueue::countUsage(const UsageDay &usage, Quota quota)
{
    enqueue([&usage, quota](PendingWrites &pending) {
        ++pending.usage[usage];
        if (quota == Quota::Count)
            ++pending.callsUsed[usage.keyId];
    });
}

template <typename Add> void WriteBehindQueue::enqueue(Add add)
{
    bool due = false;
    QAbstractEventDispatcher *armIn = nullptr;
    {
        QMutexLocker locker(&m_mutex);
        if (m_pending.isEmpty())
            m_oldest.start();
        add(m_pending);
        if (m_pending.rowCount() >= MaxRows || m_oldest.elapsed() >= MaxDelayMs) {
            due = true;
        } else if (!m_timerArmedAt.isValid() || m_timerArmedAt.elapsed() > 2 * MaxDelayMs) {
            // A timer older than twice its delay was lost with its thread's event loop: arm a new one.
            armIn = QThread::currentThread()->eventDispatcher();
            if (armIn)
                m_timerArmedAt.start();
        }
    }
    if (due)
        flush();
    if (armIn) {
        // The dispatcher lives in this thread: the timer fires here, and never after the thread's loop ended.
        const std::weak_ptr<WriteBehindQueue> weak = weak_from_this();
        QTimer::singleShot(MaxDelayMs, armIn, [weak] {
            if (const std::shared_ptr<WriteBehindQueue> queue = weak.lock())
                queue->timerFired();
        });
    }
}

void WriteBehindQueue::timerFired()
{
    {
        QMutexLocker locker(&m_mutex);
        m_timerArmedAt.invalidate();
    }
    flush();
}

bool WriteBehindQueue::flush()
{
    // The batch is taken under m_writeMutex: a flush() that finds the queue empty because another thread
    // took the batch waits here until that batch is committed, so readers that flush first never miss it.
    QMutexLocker writeLocker(&m_writeMutex);
    PendingWrites due;
    {
        QMutexLocker locker(&m_mutex);
        std::swap(due, m_pending);
    }
    if (due.isEmpty())
        return true;
    return m_writer ? m_writer(due) : false;
}

int WriteBehindQueue::pendingCallCount() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_pending.calls.size());
}

qint64 WriteBehindQueue::pendingCallsUsed(const QString &keyId) const
{
    QMutexLocker locker(&m_mutex);
    return m_pending.callsUsed.value(keyId);
}

} // namespace ades
