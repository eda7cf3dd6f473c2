#include "EndpointHealth.h"

#include "core/Clock.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

EndpointHealth::EndpointHealth(QUrl url)
    : m_url(std::move(url))
{ }

bool EndpointHealth::isCoolingDown(const QDateTime &now) const
{
    return m_downUntil.isValid() && now < m_downUntil;
}

bool EndpointHealth::hasBudget(const QDateTime &now, int perMinute) const
{
    const bool newWindow = !m_windowStart.isValid() || m_windowStart.secsTo(now) >= 60;
    return newWindow || m_windowCount < perMinute;
}

bool EndpointHealth::takeBudget(const QDateTime &now, int perMinute)
{
    if (!m_windowStart.isValid() || m_windowStart.secsTo(now) >= 60) {
        m_windowStart = now;
        m_windowCount = 0;
    }
    if (m_windowCount >= perMinute)
        return false;
    ++m_windowCount;
    return true;
}

void EndpointHealth::refuse(const QString &problem)
{
    m_identity = Identity::Refused;
    m_lastProblem = problem;
    ++m_failed;
}

void EndpointHealth::recordFailure(const QDateTime &now, int cooldownSeconds, const QString &problem)
{
    // 1x, 2x, 4x, then 8x the cooldown: a flapping public node is left alone longer each time.
    ++m_failuresInRow;
    ++m_failed;
    const int factor = 1 << qMin(m_failuresInRow - 1, 3);
    m_downUntil = now.addSecs(qint64(cooldownSeconds) * factor);
    m_lastProblem = problem;
}

void EndpointHealth::recordSuccess(const QDateTime &now)
{
    m_failuresInRow = 0;
    m_downUntil = {};
    m_lastSuccess = now;
    ++m_served;
}

QJsonObject EndpointHealth::toJson(const QDateTime &now) const
{
    const QString identity = m_identity == Identity::Confirmed ? u"confirmed"_s
        : m_identity == Identity::Refused                      ? u"refused"_s
                                                               : u"unchecked"_s;
    return QJsonObject {
        { u"url"_s, m_url.toString(QUrl::RemoveUserInfo) },
        { u"chain_id"_s, identity },
        { u"cooling_down"_s, isCoolingDown(now) },
        { u"served"_s, m_served },
        { u"failed"_s, m_failed },
        { u"last_problem"_s, m_lastProblem.isEmpty() ? QJsonValue() : QJsonValue(m_lastProblem) },
        { u"last_success"_s, m_lastSuccess.isValid() ? QJsonValue(isoUtc(m_lastSuccess)) : QJsonValue() },
    };
}

} // namespace ades::chain
