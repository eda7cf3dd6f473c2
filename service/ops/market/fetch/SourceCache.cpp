#include "SourceCache.h"

#include "core/Clock.h"
#include "core/ThreadContext.h"

#include <QMetaObject>
#include <QMutexLocker>
#include <QPointer>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString sourceOf(const QString &key)
{
    const qsizetype colon = key.indexOf(u':');
    return colon < 0 ? key : key.left(colon);
}

} // namespace

struct SourceCache::Entry
{
    std::optional<Fetched> answer;
    QDateTime storedAt;
    bool inFlight = false;
    struct Waiter
    {
        QPointer<QObject> thread;
        Done done;
    };
    QList<Waiter> waiters;
};

SourceCache::SourceCache(const Clock &clock, qint64 errorHoldMs, qsizetype maxEntries)
    : m_clock(clock)
    , m_errorHoldMs(errorHoldMs)
    , m_maxEntries(maxEntries)
{ }

SourceCache::~SourceCache() = default;

void SourceCache::get(const QString &key, qint64 freshMs, const Fetch &fetch, const Done &done)
{
    const QDateTime now = m_clock.now();
    {
        QMutexLocker locker(&m_mutex);
        std::shared_ptr<Entry> &entry = m_entries[key];
        if (!entry)
            entry = std::make_shared<Entry>();
        if (entry->answer) {
            const qint64 age = entry->storedAt.msecsTo(now);
            const qint64 hold = entry->answer->ok() ? freshMs : qMin(freshMs, m_errorHoldMs);
            if (age >= 0 && age < hold) {
                ++m_hits[sourceOf(key)];
                Fetched answer = *entry->answer;
                locker.unlock();
                return done(std::move(answer));
            }
        }
        if (entry->inFlight) {
            ++m_hits[sourceOf(key)];
            entry->waiters.append({ threadContext(), done });
            return;
        }
        entry->inFlight = true;
        ++m_sent[sourceOf(key)];
    }
    fetch([this, key, done](Fetched answer) {
        finish(key, answer);
        done(std::move(answer));
    });
}

void SourceCache::finish(const QString &key, const Fetched &answer)
{
    QList<Entry::Waiter> waiters;
    {
        QMutexLocker locker(&m_mutex);
        std::shared_ptr<Entry> &entry = m_entries[key];
        if (!entry)
            entry = std::make_shared<Entry>();
        entry->answer = answer;
        entry->storedAt = m_clock.now();
        entry->inFlight = false;
        waiters.swap(entry->waiters);
        // Keys are bounded by what callers may ask (symbols, coins, queries); past the bound the idle
        // entries go, so that a stream of distinct queries cannot grow the cache without end.
        if (m_entries.size() > m_maxEntries) {
            for (auto it = m_entries.begin(); it != m_entries.end();) {
                if (!it.value()->inFlight && it.key() != key)
                    it = m_entries.erase(it);
                else
                    ++it;
            }
        }
    }
    // Each waiter on its own thread; one whose thread has ended is dropped.
    for (Entry::Waiter &waiter : waiters) {
        if (!waiter.thread)
            continue;
        QMetaObject::invokeMethod(
            waiter.thread.data(), [done = std::move(waiter.done), answer]() { done(answer); },
            Qt::QueuedConnection);
    }
}

QJsonObject SourceCache::health() const
{
    QMutexLocker locker(&m_mutex);
    QJsonObject sources;
    for (auto it = m_sent.cbegin(); it != m_sent.cend(); ++it)
        sources.insert(it.key(),
            QJsonObject {
                { u"upstream_requests"_s, it.value() }, { u"served_from_cache"_s, m_hits.value(it.key()) } });
    return sources;
}

qint64 SourceCache::requestsSent(const QString &source) const
{
    QMutexLocker locker(&m_mutex);
    return m_sent.value(source);
}

SourceCache::Fetch SourceCache::upstreamFetch(
    const UpstreamClient &upstream, UpstreamRequest request, const Clock &clock)
{
    return [&upstream, request = std::move(request), &clock](Done done) {
        upstream.fetch(request, [done, &clock](Result<UpstreamResponse> response) {
            if (!response.ok())
                return done(response.error());
            done(FetchedBody {
                response.value().httpStatus, response.value().body, response.value().snapshot, clock.now() });
        });
    };
}

} // namespace ades::market
