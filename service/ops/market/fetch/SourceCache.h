#pragma once

#include "FetchedBody.h"
#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QHash>
#include <QJsonObject>
#include <QMutex>
#include <functional>
#include <memory>

namespace ades {
class Clock;
}

namespace ades::market {

// The per-source cache of the market area, so that many calls share few upstream requests
// (docs/market.md, "Freshness"). An answer is reused while it is younger than the freshness its caller
// names; while one request for a key is in flight, further callers for that key wait for it instead of
// sending their own, on whichever I/O thread they run. A failed fetch is remembered for a short time too
// (errorHoldMs), so that an outage does not turn every call into a request. The number of upstream
// requests per source is counted for health() and the benchmark.
//
// Thread-safe; `done` runs once, on the calling thread (queued when another thread's fetch answered it).
class SourceCache
{
public:
    using Fetched = Result<FetchedBody>;
    using Done = std::function<void(Fetched)>;
    // Starts the upstream request; calls its argument once, on the calling thread.
    using Fetch = std::function<void(Done)>;

    explicit SourceCache(const Clock &clock, qint64 errorHoldMs = 2000, qsizetype maxEntries = 4096);
    ~SourceCache();
    Q_DISABLE_COPY_MOVE(SourceCache)

    // The answer for `key` ("binance:BTCUSDT") no older than `freshMs`, else a new one from `fetch`. The
    // source is the key's prefix up to ':' (what the counters are kept by).
    void get(const QString &key, qint64 freshMs, const Fetch &fetch, const Done &done);

    // Upstream requests sent per source since start, and answers served from the cache.
    QJsonObject health() const;
    qint64 requestsSent(const QString &source) const;

    // A fetch through UpstreamClient: an answer of any HTTP status is a FetchedBody (the caller reads
    // error bodies; Kraken says errors with 200), a transport failure the client's 503.
    static Fetch upstreamFetch(const UpstreamClient &upstream, UpstreamRequest request, const Clock &clock);

private:
    struct Entry;
    void finish(const QString &key, const Fetched &answer);

    const Clock &m_clock;
    const qint64 m_errorHoldMs;
    const qsizetype m_maxEntries;
    mutable QMutex m_mutex;
    QHash<QString, std::shared_ptr<Entry>> m_entries;
    QHash<QString, qint64> m_sent; // per source
    QHash<QString, qint64> m_hits; // per source
};

} // namespace ades::market
