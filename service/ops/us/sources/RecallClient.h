#pragma once

#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace ades {
class Clock;
}

namespace ades::us {

// One CPSC recall record, reduced to what recall candidates show and match on.
struct RecallRecord
{
    qint64 recallId = 0;
    QString recallNumber;
    QString recallDate; // YYYY-MM-DD
    QString title;
    QString url;
    QStringList productNames;
    QStringList models;
    QStringList manufacturers; // manufacturers, importers and distributors
    QStringList upcs;
    QString hazard;

    QJsonObject toJson() const;
};

struct RecallAnswer
{
    QList<RecallRecord> records;
    QString windowStart; // the RecallDateStart sent (YYYY-MM-DD)
    QString windowEnd;
    QJsonObject snapshot;
};

// The CPSC recall service of SaferProducts.gov through UpstreamClient (source id "cpsc-recalls", no key;
// ../shared/reference/upstreams.md, CPSC). Every query names a bounded date window. The service's known
// failure forms are all "unavailable" (a 503 naming "cpsc-recalls"), never "no recalls": an empty array
// (the service cannot tell "none" from a filter it ignored or failed on), the whole corpus (more than
// MaxRecords records: the filter was ignored), the HTTP-200 error record (RecallID 0, "Error retrieving
// Recalls"), a body that is no JSON array, an HTTP error and a timeout. Thread-safe; the callback runs once
// on the calling thread.
class RecallClient
{
public:
    static UpstreamSource sourceDefaults(); // https://www.saferproducts.gov/RestWebServices
    static QString sourceId();

    // The window asked about: recalls of the last five years.
    static constexpr int WindowDays = 5 * 365;
    // More records than this for one product name is the corpus answering, not a match.
    static constexpr qsizetype MaxRecords = 300;

    RecallClient(const UpstreamClient &upstream, const Clock &clock);

    using Callback = std::function<void(Result<RecallAnswer>)>;
    // GET /Recall?format=json&ProductName=NAME&RecallDateStart=...&RecallDateEnd=...
    void search(const QString &productName, Callback done) const;

    // A /Recall body as above.
    static Result<QList<RecallRecord>> parseBody(const UpstreamResponse &response);

private:
    const UpstreamClient &m_upstream;
    const Clock &m_clock;
};

} // namespace ades::us
