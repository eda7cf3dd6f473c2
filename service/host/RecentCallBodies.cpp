#include "RecentCallBodies.h"

#include <QMutexLocker>

namespace ades {

qsizetype RecentCallBodies::sizeOf(const Bodies &bodies)
{
    return (bodies.query.size() + bodies.requestBody.size() + bodies.responseBody.size())
        * qsizetype(sizeof(QChar));
}

void RecentCallBodies::keep(qint64 callId, Bodies bodies)
{
    const qsizetype size = sizeOf(bodies);
    if (size > MaxBytes)
        return;
    const QMutexLocker lock(&m_mutex);
    if (const auto old = m_bodies.constFind(callId); old != m_bodies.constEnd()) {
        m_bytes -= sizeOf(*old);
        m_bodies.erase(old);
        m_order.removeOne(callId);
    }
    while (!m_order.isEmpty() && (m_order.size() >= MaxCalls || m_bytes + size > MaxBytes)) {
        const qint64 oldest = m_order.dequeue();
        m_bytes -= sizeOf(m_bodies.value(oldest));
        m_bodies.remove(oldest);
    }
    m_bodies.insert(callId, std::move(bodies));
    m_order.enqueue(callId);
    m_bytes += size;
}

std::optional<RecentCallBodies::Bodies> RecentCallBodies::find(qint64 callId) const
{
    const QMutexLocker lock(&m_mutex);
    const auto found = m_bodies.constFind(callId);
    if (found == m_bodies.constEnd())
        return std::nullopt;
    return *found;
}

} // namespace ades
