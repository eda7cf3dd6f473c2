#pragma once

#include <QDateTime>

namespace ades {

// Time is injected so that tests can fix it (KeePassXC's Clock). Engines never call currentDateTimeUtc().
class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const = 0;
};

class SystemClock final : public Clock
{
public:
    QDateTime now() const override { return QDateTime::currentDateTimeUtc(); }
};

class FixedClock final : public Clock
{
public:
    explicit FixedClock(QDateTime at)
        : m_at(std::move(at))
    { }
    QDateTime now() const override { return m_at; }
    void setNow(const QDateTime &at) { m_at = at; }
    void advanceSeconds(qint64 seconds) { m_at = m_at.addSecs(seconds); }

private:
    QDateTime m_at;
};

// ISO 8601 UTC with milliseconds and a Z, the one timestamp format on the wire.
QString isoUtc(const QDateTime &at);

} // namespace ades
