#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace ades::chain {

// What the pool knows about one endpoint: whether its chain id was confirmed, whether it failed lately
// (then it cools down, longer after each failure in a row), and how much of its per-minute request budget
// is spent. Plain data; RpcPool guards it with its mutex.
class EndpointHealth
{
public:
    enum class Identity
    {
        Unchecked, // eth_chainId not yet asked: the next request asks it first
        Confirmed,
        Refused, // answered another chain id: never used
    };

    explicit EndpointHealth(QUrl url);

    const QUrl &url() const { return m_url; }
    Identity identity() const { return m_identity; }
    bool isCoolingDown(const QDateTime &now) const;
    // Counts one request against the minute's budget; false (and nothing counted) when it is spent.
    bool takeBudget(const QDateTime &now, int perMinute);
    bool hasBudget(const QDateTime &now, int perMinute) const;

    void confirm() { m_identity = Identity::Confirmed; }
    void refuse(const QString &problem);
    void recordFailure(const QDateTime &now, int cooldownSeconds, const QString &problem);
    void recordSuccess(const QDateTime &now);

    QJsonObject toJson(const QDateTime &now) const;

private:
    QUrl m_url;
    Identity m_identity = Identity::Unchecked;
    int m_failuresInRow = 0;
    QDateTime m_downUntil;
    QDateTime m_windowStart;
    int m_windowCount = 0;
    qint64 m_served = 0;
    qint64 m_failed = 0;
    QString m_lastProblem;
    QDateTime m_lastSuccess;
};

} // namespace ades::chain
