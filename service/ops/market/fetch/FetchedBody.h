#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>

namespace ades::market {

// One answer of an upstream as the market area keeps it: the body, its status and the fetch's evidence
// (UpstreamClient's snapshot: source, url, fetched_at, sha256, http_status, bytes).
struct FetchedBody
{
    int httpStatus = 0;
    QByteArray body;
    QJsonObject snapshot;
    QDateTime fetchedAt;

    // The snapshot with the answer's age at `now` (age_seconds): what every part of a market result
    // carries as its "source".
    QJsonObject provenance(const QDateTime &now) const;
    // The body's SHA-256 in hex (the snapshot's, computed when there is none): what decoded forms are
    // kept by.
    QString digest() const;
};

} // namespace ades::market
