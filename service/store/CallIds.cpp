#include "CallIds.h"

#include <QRandomGenerator>

namespace ades {

namespace {

constexpr qint64 Epoch = 1577836800; // 2020-01-01T00:00:00Z
constexpr quint32 CounterMask = (quint32(1) << CallIds::CounterBits) - 1;
constexpr qint64 LastSecond = (qint64(1) << (63 - CallIds::CounterBits)) - 1;

qint64 secondOf(const QDateTime &at)
{
    return qBound(qint64(0), (at.isValid() ? at.toSecsSinceEpoch() : 0) - Epoch, LastSecond);
}

quint32 randomLowPart()
{
    return QRandomGenerator::global()->generate() & CounterMask;
}

} // namespace

qint64 CallIds::next(const QDateTime &at)
{
    const qint64 second = secondOf(at);
    QMutexLocker lock(&m_mutex);
    // After 2^31 ids in one second the counter would come round to its first: go on in the next second.
    if (second > m_second || (m_issued > CounterMask && m_second < LastSecond)) {
        m_second = qMax(second, m_second + 1);
        m_counter = randomLowPart();
        m_issued = 0;
    }
    // 0 means "no id yet" to CallRecord: second 0 never hands it out.
    if (m_second == 0 && m_counter == 0) {
        m_counter = 1;
        ++m_issued;
    }
    const qint64 id = m_second << CounterBits | m_counter;
    m_counter = (m_counter + 1) & CounterMask;
    ++m_issued;
    return id;
}

qint64 CallIds::random(const QDateTime &at)
{
    const qint64 second = secondOf(at);
    quint32 low = randomLowPart();
    while (second == 0 && low == 0)
        low = randomLowPart();
    return second << CounterBits | low;
}

} // namespace ades
