#include "BlueskySession.h"

#include "BlueskyReader.h"
#include "core/Clock.h"
#include "core/ThreadContext.h"
#include "ops/market/MarketSources.h"
#include "upstream/UpstreamClient.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QMutexLocker>

using namespace Qt::StringLiterals;

namespace ades::market {

BlueskySession::BlueskySession(
    const UpstreamClient &upstream, const Clock &clock, QString identifier, QString password)
    : m_upstream(upstream)
    , m_clock(clock)
    , m_identifier(std::move(identifier))
    , m_password(std::move(password))
{ }

BlueskySession::~BlueskySession() = default;

void BlueskySession::accessToken(const Done &done)
{
    const QDateTime now = m_clock.now();
    Step step = Step::Create;
    {
        QMutexLocker locker(&m_mutex);
        const bool fresh = !m_accessExpiresAt.isValid() || now.secsTo(m_accessExpiresAt) > RenewMarginSeconds;
        if (!m_access.isEmpty() && fresh) {
            const QString token = m_access;
            locker.unlock();
            return done(token);
        }
        if (m_failure && now < m_failureUntil) {
            const ServiceError failure = *m_failure;
            locker.unlock();
            return done(failure);
        }
        m_waiters.append({ threadContext(), done });
        if (m_inFlight)
            return;
        m_inFlight = true;
        step = m_refresh.isEmpty() ? Step::Create : Step::Refresh;
    }
    send(step);
}

void BlueskySession::refused(const QString &token)
{
    QMutexLocker locker(&m_mutex);
    if (m_access == token)
        m_access.clear();
}

int BlueskySession::signInRequests() const
{
    QMutexLocker locker(&m_mutex);
    return m_signInRequests;
}

void BlueskySession::send(Step step)
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::BlueskyAuth);
    request.method = "POST";
    request.maxResponseBytes = 64 * 1024;
    QString refreshToken;
    {
        QMutexLocker locker(&m_mutex);
        ++m_signInRequests;
        refreshToken = m_refresh;
    }
    if (step == Step::Refresh) {
        request.path = u"/com.atproto.server.refreshSession"_s;
        request.headers.append(
            { QByteArrayLiteral("Authorization"), QByteArray("Bearer " + refreshToken.toLatin1()) });
    } else {
        request.path = u"/com.atproto.server.createSession"_s;
        request.headers.append({ QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") });
        request.body
            = QJsonDocument(QJsonObject { { u"identifier"_s, m_identifier }, { u"password"_s, m_password } })
                  .toJson(QJsonDocument::Compact);
    }
    m_upstream.fetch(request, [self = shared_from_this(), this, step](Result<UpstreamResponse> response) {
        if (!response.ok()) {
            QMutexLocker locker(&m_mutex);
            m_failureUntil = m_clock.now().addSecs(FailureHoldSeconds);
            locker.unlock();
            return finish(response.error());
        }
        Result<BlueskyReader::Session> session
            = BlueskyReader::readSession(response.value().httpStatus, response.value().body);
        if (!session.ok() && step == Step::Refresh) {
            // An expired or revoked refresh token: sign in anew once.
            {
                QMutexLocker locker(&m_mutex);
                m_refresh.clear();
            }
            return send(Step::Create);
        }
        if (!session.ok()) {
            const int status = response.value().httpStatus;
            QMutexLocker locker(&m_mutex);
            // Wrong credentials or Bluesky's sign-in rate limit: asking again soon only makes it worse.
            const bool refusal = status >= 400 && status < 500;
            m_failureUntil = m_clock.now().addSecs(refusal ? RefusalHoldSeconds : FailureHoldSeconds);
            locker.unlock();
            return finish(session.error());
        }
        {
            QMutexLocker locker(&m_mutex);
            m_access = session.value().accessJwt;
            if (!session.value().refreshJwt.isEmpty())
                m_refresh = session.value().refreshJwt;
            m_accessExpiresAt = session.value().accessExpiresAt;
        }
        finish(session.value().accessJwt);
    });
}

void BlueskySession::finish(const Result<QString> &token)
{
    QList<Waiter> waiters;
    {
        QMutexLocker locker(&m_mutex);
        m_inFlight = false;
        if (token.ok())
            m_failure.reset();
        else
            m_failure = token.error();
        waiters.swap(m_waiters);
    }
    // Each waiter on its own thread (this runs on the thread that sent the sign-in); one whose thread has
    // ended is dropped.
    for (Waiter &waiter : waiters) {
        if (!waiter.thread)
            continue;
        QMetaObject::invokeMethod(
            waiter.thread.data(), [done = std::move(waiter.done), token]() { done(token); },
            Qt::QueuedConnection);
    }
}

} // namespace ades::market
