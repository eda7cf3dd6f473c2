#pragma once

#include "HtsLine.h"
#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QDateTime>
#include <QHash>
#include <QMutex>
#include <functional>
#include <memory>

namespace ades {
class Clock;
}

namespace ades::us {

// What the tariff schedule answered for one heading or one search.
struct HtsAnswer
{
    QList<HtsLine> rows;
    QString revision; // "2026HTSRev19"; empty when USITC did not name it
    QJsonObject snapshot; // UpstreamResponse::snapshot of the call that fetched the rows
    bool fromCache = false;
};

// The USITC Harmonized Tariff Schedule REST service through UpstreamClient (source id "usitc-hts", no key;
// ../shared/reference/upstreams.md, USITC). It parses, never decides: an answer that is not the documented
// JSON array of rows, or an HTTP error, is a 503 naming "usitc-hts"; an empty array is a business answer
// (no such heading, no search hit). Only the current revision is served; a heading's rows are kept per
// revision (releaseList, asked at most hourly), so a repeated code costs no upstream call until USITC
// publishes a new revision. Thread-safe; callbacks run once on the calling thread.
class HtsClient
{
public:
    static UpstreamSource sourceDefaults(); // https://hts.usitc.gov/reststop
    static QString sourceId();

    // Keeps references: both must outlive the client.
    HtsClient(const UpstreamClient &upstream, const Clock &clock);

    using Callback = std::function<void(Result<HtsAnswer>)>;
    // The rows of the 4-digit heading of `digits` (a checked 6, 8 or 10-digit code) in the current revision:
    // GET /exportList?from=HHHH&to=HHHH+1&format=JSON&styles=false, filtered to the heading.
    void heading(const QString &digits, Callback done) const;
    // GET /search?keyword=TEXT: the rows USITC's search finds.
    void search(const QString &keyword, Callback done) const;

    // The body of exportList or search: a JSON array of row objects. Rows that are no objects are skipped.
    static Result<QList<HtsLine>> parseRows(const UpstreamResponse &response);
    // The newest revision name in a releaseList body ("2026HTSRev19", "2026HTSBasic"); empty when none.
    static QString parseRevision(const QByteArray &body);

    // Upper bound of the heading cache (a heading's rows are a few KB).
    static constexpr qsizetype MaxCachedHeadings = 2000;

private:
    struct State
    {
        QMutex mutex;
        QString revision;
        QDateTime revisionAskedAt;
        QHash<QString, QList<HtsLine>> headings; // "revision|HHHH" -> rows
        QHash<QString, QJsonObject> snapshots;
    };
    void withRevision(std::function<void(QString revision)> then) const;
    // `heading` non-empty: keep that heading's rows only. `cacheKey` non-empty: keep the answer under it.
    void fetchRows(const QString &path, const QString &heading, const QString &revision,
        const QString &cacheKey, Callback done) const;

    const UpstreamClient &m_upstream;
    const Clock &m_clock;
    std::shared_ptr<State> m_state;
};

} // namespace ades::us
