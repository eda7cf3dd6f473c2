#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QMutex>
#include <QPointer>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

class QObject;

namespace ades {
class Clock;
class UpstreamClient;
} // namespace ades

namespace ades::market {

// The operator's Bluesky sign-in, one per process and shared by every thread: an access token from
// com.atproto.server.createSession on the bluesky-pds source, renewed with refreshSession before it
// expires (when the token says when) or once the PDS refuses it, and made anew when renewal fails.
//
// Sign-ins are rare on purpose: Bluesky limits createSession per account (30 per 5 minutes), so callers
// needing a token while a sign-in is in flight wait for it, and a refused sign-in is remembered for
// RefusalHoldSeconds (a transport failure for FailureHoldSeconds) instead of being retried per call.
// The password and tokens are never logged nor put into results or errors.
//
// Thread-safe; held by a std::shared_ptr (a sign-in in flight keeps it alive). `done` runs once, on the
// calling thread.
class BlueskySession : public std::enable_shared_from_this<BlueskySession>
{
public:
    using Done = std::function<void(Result<QString>)>; // the access token

    BlueskySession(const UpstreamClient &upstream, const Clock &clock, QString identifier, QString password);
    ~BlueskySession();
    Q_DISABLE_COPY_MOVE(BlueskySession)

    void accessToken(const Done &done);
    // The PDS refused `token` (401, ExpiredToken): the next accessToken() renews the session. A token
    // already replaced by another caller's renewal is left alone.
    void refused(const QString &token);

    // Sign-in requests sent (createSession and refreshSession), for the tests and health.
    int signInRequests() const;

    static constexpr qint64 RefusalHoldSeconds = 300;
    static constexpr qint64 FailureHoldSeconds = 30;
    // Renew this long before the token's own expiry, so that no search is sent with a dying token.
    static constexpr qint64 RenewMarginSeconds = 60;

private:
    struct Waiter
    {
        QPointer<QObject> thread;
        Done done;
    };
    enum class Step
    {
        Refresh,
        Create,
    };

    void send(Step step);
    void finish(const Result<QString> &token);

    const UpstreamClient &m_upstream;
    const Clock &m_clock;
    const QString m_identifier;
    const QString m_password;

    mutable QMutex m_mutex;
    QString m_access;
    QString m_refresh;
    QDateTime m_accessExpiresAt;
    std::optional<ServiceError> m_failure;
    QDateTime m_failureUntil;
    bool m_inFlight = false;
    QList<Waiter> m_waiters;
    int m_signInRequests = 0;
};

} // namespace ades::market
