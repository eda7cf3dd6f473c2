#include "WriteBehindQueue.h"

#include <QMutexLocker>
#include <QThread>

namespace ades {

size_t qHash(const UsageDay &usage, size_t seed) noexcept
{
    return qHashMulti(seed, usage.keyId, usage.operationId, usage.day);
}

qsizetype PendingWrites::rowCount() const
{
    return calls.size() + receipts.size() + usage.size() + callsUsed.size() + viesObservations.size();
}

std::shared_ptr<WriteBehindQueue> WriteBehindQueue::create(Writer writer)
{
    std::shared_ptr<WriteBehindQueue> queue(new WriteBehindQueue(std::move(writer)));
    // A QThread, so that the store's per-thread connection of the writer closes when it finishes.
    WriteBehindQueue *raw = queue.get();
    queue->m_thread.reset(QThread::create([raw] { raw->writeWhenDue(); }));
    queue->m_thread->setObjectName(QStringLiteral("ades-store-writer"));
    queue->m_thread->start();
    return queue;
}

WriteBehindQueue::WriteBehindQueue(Writer writer)
    : m_writer(std::move(writer))
{ }

WriteBehindQueue::~WriteBehindQueue()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
    }
    m_wake.wakeAll();
    if (m_thread)
        m_thread->wait();
    flush();
}

void WriteBehindQueue::writeWhenDue()
{
    QMutexLocker locker(&m_mutex);
    while (!m_stopping) {
        if (m_pending.isEmpty()) {
            m_wake.wait(&m_mutex);
            continue;
        }
        const qint64 wait = MaxDelayMs - m_oldest.elapsed();
        if (m_pending.rowCount() < MaxRows && wait > 0) {
            m_wake.wait(&m_mutex, QDeadlineTimer(wait));
            continue;
        }
        locker.unlock();
        flush();
        locker.relock();
    }
}

void WriteBehindQueue::appendCall(const CallRecord &record)
{
    enqueue([&record](PendingWrites &pending) { pending.calls.append(record); });
}

void WriteBehindQueue::appendReceipt(const StoredReceipt &receipt)
{
    enqueue([&receipt](PendingWrites &pending) { pending.receipts.append(receipt); });
}

void WriteBehindQueue::countUsage(const UsageDay &usage, Quota quota, qint64 calls)
{
    enqueue([&usage, quota, calls](PendingWrites &pending) {
        pending.usage[usage] += calls;
        if (quota == Quota::Count)
            pending.callsUsed[usage.keyId] += calls;
    });
}

void WriteBehindQueue::appendViesObservation(const VatObservation &observation)
{
    enqueue([&observation](PendingWrites &pending) { pending.viesObservations.append(observation); });
}

template <typename Add> void WriteBehindQueue::enqueue(Add add)
{
    bool wake = false;
    {
        QMutexLocker locker(&m_mutex);
        if (m_pending.isEmpty()) {
            m_oldest.start();
            wake = true; // the writer sleeps without a deadline while the queue is empty
        }
        add(m_pending);
        wake = wake || m_pending.rowCount() == MaxRows;
    }
    if (wake)
        m_wake.wakeOne();
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
