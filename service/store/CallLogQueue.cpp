#include "CallLogQueue.h"

#include <QAbstractEventDispatcher>
#include <QMutexLocker>
#include <QThread>
#include <QTimer>

namespace ades {

std::shared_ptr<CallLogQueue> CallLogQueue::create(Writer writer)
{
    return std::shared_ptr<CallLogQueue>(new CallLogQueue(std::move(writer)));
}

CallLogQueue::CallLogQueue(Writer writer)
    : m_writer(std::move(writer))
{ }

void CallLogQueue::append(const CallRecord &record)
{
    QList<CallRecord> due;
    QAbstractEventDispatcher *armIn = nullptr;
    {
        QMutexLocker locker(&m_mutex);
        if (m_pending.isEmpty())
            m_oldest.start();
        m_pending.append(record);
        if (m_pending.size() >= MaxRows || m_oldest.elapsed() >= MaxDelayMs) {
            due.swap(m_pending);
        } else if (!m_timerArmedAt.isValid() || m_timerArmedAt.elapsed() > 2 * MaxDelayMs) {
            // A timer older than twice its delay was lost with its thread's event loop: arm a new one.
            armIn = QThread::currentThread()->eventDispatcher();
            if (armIn)
                m_timerArmedAt.start();
        }
    }
    if (!due.isEmpty())
        write(due);
    if (armIn) {
        // The dispatcher lives in this thread: the timer fires here, and never after the thread's loop ended.
        const std::weak_ptr<CallLogQueue> weak = weak_from_this();
        QTimer::singleShot(MaxDelayMs, armIn, [weak] {
            if (const std::shared_ptr<CallLogQueue> queue = weak.lock())
                queue->timerFired();
        });
    }
}

void CallLogQueue::timerFired()
{
    {
        QMutexLocker locker(&m_mutex);
        m_timerArmedAt.invalidate();
    }
    flush();
}

bool CallLogQueue::flush()
{
    QList<CallRecord> due;
    {
        QMutexLocker locker(&m_mutex);
        due.swap(m_pending);
    }
    return due.isEmpty() || write(due);
}

int CallLogQueue::pendingCount() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_pending.size());
}

bool CallLogQueue::write(const QList<CallRecord> &batch)
{
    return m_writer ? m_writer(batch) : false;
}

} // namespace ades
