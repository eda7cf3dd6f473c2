#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace ades {

class CanonicalWriter;

// Evidence of one fetch, as every result's sources show it: the source's id and name, the URL without user
// info or query, when the request started, the HTTP status, and the size and SHA-256 of the body.
struct FetchSnapshot
{
    QString source;
    QString name;
    QString url;
    QDateTime fetchedAt;
    int httpStatus = 0;
    qint64 bytes = 0;
    QString sha256; // lower-case hex

    // {bytes, fetched_at, http_status, name, sha256, source, url}
    QJsonObject toJson() const;
    // The same object as the next value of `out`, without a QJsonObject (a preflight shows five).
    void write(CanonicalWriter &out) const;
};

} // namespace ades
