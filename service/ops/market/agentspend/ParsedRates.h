#pragma once

#include "EcbRates.h"

#include <QHash>
#include <QMutex>
#include <functional>
#include <memory>

namespace ades::market {

struct FetchedBody;

// The ECB files as parsed rates, kept beside the raw bodies SourceCache keeps: the 90-day file takes ~3 ms to
// parse and the full history (8.5 MB) ~300 ms, too long for an I/O thread and pointless to repeat for every
// statement of the day. A body is parsed once (known by its SHA-256, so a new fetch of the same bytes is not
// parsed again); the full history on the global thread pool.
//
// Thread-safe; `done` runs once, on the calling thread (queued back from the pool).
class ParsedRates : public std::enable_shared_from_this<ParsedRates>
{
public:
    using Rates = std::shared_ptr<const EcbRates>;
    using Done = std::function<void(Result<Rates>)>;

    // USD rates of `body`, fetched for `file`.
    void usdRates(const QString &file, const FetchedBody &body, Done done);

    // Bodies of at least this many bytes are parsed on the pool (the full history; not the 90-day file).
    static constexpr qsizetype PoolThresholdBytes = 512 * 1024;

private:
    struct Entry
    {
        QString sha256;
        Rates rates;
    };
    QMutex m_mutex;
    QHash<QString, Entry> m_byFile;
};

} // namespace ades::market
