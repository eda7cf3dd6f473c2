#include "AccessLog.h"

#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "store/CallRecord.h"

using namespace Qt::StringLiterals;

namespace ades {

Q_LOGGING_CATEGORY(lcAccess, "ades.access", QtInfoMsg)

namespace AccessLog {

QByteArray line(const CallRecord &record, const QString &client)
{
    // Written member by member in sorted key order (as a QJsonObject would write them), without building
    // one: this runs for every answered request.
    QByteArray out;
    out.reserve(256);
    const auto member = [&out](const char *key, QStringView value) {
        out.append(out.isEmpty() ? "{\"" : ",\"").append(key).append("\":");
        CanonicalJson::appendString(out, value);
    };
    const auto number = [&out](const char *key, qint64 value) {
        out.append(",\"").append(key).append("\":").append(QByteArray::number(value));
    };
    member("channel", record.channel);
    member("client", client);
    number("latency_ms", record.latencyMs);
    member("method", record.method);
    const bool priced = record.priceUnits > 0;
    if (priced)
        member("network", record.network);
    if (!record.operationId.isEmpty())
        member("operation", record.operationId);
    member("path", record.target);
    if (priced)
        member("price_atomic", QString::number(record.priceUnits));
    member("request_id", record.requestId);
    number("status", record.status);
    member("ts", isoUtc(record.at)); // core's wire format: the same text as Qt's ISODateWithMs in UTC
    out.append('}');
    return out;
}

void write(const CallRecord &record, const QString &client)
{
    if (lcAccess().isInfoEnabled())
        qCInfo(lcAccess, "%s", line(record, client).constData());
}

} // namespace AccessLog

} // namespace ades
