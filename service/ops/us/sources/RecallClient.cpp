#include "RecallClient.h"

#include "core/Clock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

// The whole corpus is about 27 MB; a product's recalls over five years a few KB each.
constexpr qint64 MaxResponseBytes = 4 * 1024 * 1024;

ServiceError unavailable(const QString &why)
{
    return ServiceError::sourceUnavailable(RecallClient::sourceId(),
        u"The CPSC recall service gave no usable answer (%1): recalls could not be checked, which is not "
        "\"no recalls\"."_s.arg(why));
}

QString text(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    return v.isString() ? v.toString().simplified() : QString();
}

// The non-empty `key` members of an array of objects.
QStringList texts(const QJsonValue &array, const QString &key)
{
    QStringList out;
    for (const QJsonValue &v : array.toArray()) {
        const QString t = text(v.toObject(), key);
        if (!t.isEmpty() && !out.contains(t))
            out.append(t);
    }
    return out;
}

} // namespace

QJsonObject RecallRecord::toJson() const
{
    return QJsonObject {
        { u"recall_number"_s, recallNumber },
        { u"recall_date"_s, recallDate },
        { u"title"_s, title },
        { u"url"_s, url },
        { u"products"_s, QJsonArray::fromStringList(productNames) },
        { u"models"_s, QJsonArray::fromStringList(models) },
        { u"firms"_s, QJsonArray::fromStringList(manufacturers) },
        { u"upcs"_s, QJsonArray::fromStringList(upcs) },
        { u"hazard"_s, hazard },
    };
}

UpstreamSource RecallClient::sourceDefaults()
{
    UpstreamSource source;
    source.id = sourceId();
    source.name = u"CPSC recalls (SaferProducts.gov REST service)"_s;
    source.baseUrl = QUrl(u"https://www.saferproducts.gov/RestWebServices"_s);
    // Its answers can take 10 s (upstreams.md, general rules).
    source.timeoutMs = 15000;
    source.maxConnections = 2;
    return source;
}

QString RecallClient::sourceId()
{
    return u"cpsc-recalls"_s;
}

RecallClient::RecallClient(const UpstreamClient &upstream, const Clock &clock)
    : m_upstream(upstream)
    , m_clock(clock)
{ }

Result<QList<RecallRecord>> RecallClient::parseBody(const UpstreamResponse &response)
{
    if (response.httpStatus != 200)
        return unavailable(u"HTTP %1"_s.arg(response.httpStatus));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(response.body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return unavailable(u"not a JSON array"_s);
    const QJsonArray array = doc.array();
    if (array.isEmpty())
        return unavailable(
            u"an empty list, which this service also sends for filters it ignored or failed on"_s);
    if (array.size() > MaxRecords)
        return unavailable(u"%1 records, the corpus rather than a match"_s.arg(array.size()));
    QList<RecallRecord> records;
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        const QJsonValue id = o.value(u"RecallID"_s);
        const QString title = text(o, u"Title"_s);
        // The error record comes with HTTP 200: RecallID 0 and a title "Error retrieving Recalls: ...".
        if (!v.isObject() || !id.isDouble() || id.toInteger() <= 0
            || title.startsWith(u"Error retrieving"_s, Qt::CaseInsensitive))
            return unavailable(title.isEmpty() ? u"a record without a recall id"_s : title.left(120));
        RecallRecord r;
        r.recallId = id.toInteger();
        r.recallNumber = text(o, u"RecallNumber"_s);
        r.recallDate = text(o, u"RecallDate"_s).left(10);
        r.title = title;
        r.url = text(o, u"URL"_s);
        r.productNames = texts(o.value(u"Products"_s), u"Name"_s);
        r.models = texts(o.value(u"Products"_s), u"Model"_s);
        r.manufacturers = texts(o.value(u"Manufacturers"_s), u"Name"_s)
            + texts(o.value(u"Importers"_s), u"Name"_s) + texts(o.value(u"Distributors"_s), u"Name"_s);
        r.upcs = texts(o.value(u"ProductUPCs"_s), u"UPC"_s);
        const QStringList hazards = texts(o.value(u"Hazards"_s), u"Name"_s);
        r.hazard = hazards.value(0).left(300);
        records.append(r);
    }
    return records;
}

void RecallClient::search(const QString &productName, Callback done) const
{
    const QDate end = m_clock.now().date();
    const QDate start = end.addDays(-WindowDays);
    const QString windowStart = start.toString(Qt::ISODate);
    const QString windowEnd = end.toString(Qt::ISODate);
    UpstreamRequest request;
    request.source = sourceId();
    request.path = u"/Recall?format=json&ProductName=%1&RecallDateStart=%2&RecallDateEnd=%3"_s.arg(
        QString::fromLatin1(QUrl::toPercentEncoding(productName)), windowStart, windowEnd);
    request.headers = { { "Accept", "application/json" } };
    request.maxResponseBytes = MaxResponseBytes;
    m_upstream.fetch(request, [done, windowStart, windowEnd](Result<UpstreamResponse> r) {
        if (!r.ok())
            return done(r.error());
        Result<QList<RecallRecord>> records = parseBody(r.value());
        if (!records.ok())
            return done(records.error());
        done(RecallAnswer { records.value(), windowStart, windowEnd, r.value().snapshot });
    });
}

} // namespace ades::us
