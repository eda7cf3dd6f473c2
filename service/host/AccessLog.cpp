#include "AccessLog.h"

#include "store/CallRecord.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades {

Q_LOGGING_CATEGORY(lcAccess, "ades.access", QtInfoMsg)

namespace AccessLog {

QByteArray line(const CallRecord &record, const QString &client)
{
    QJsonObject entry {
        { u"ts"_s, record.at.toUTC().toString(Qt::ISODateWithMs) },
        { u"request_id"_s, record.requestId },
        { u"client"_s, client },
        { u"method"_s, record.method },
        { u"path"_s, record.target },
        { u"status"_s, record.status },
        { u"channel"_s, record.channel },
        { u"latency_ms"_s, record.latencyMs },
    };
    if (!record.operationId.isEmpty())
        entry.insert(u"operation"_s, record.operationId);
    if (record.priceUnits > 0) {
        entry.insert(u"price_atomic"_s, QString::number(record.priceUnits));
        entry.insert(u"network"_s, record.network);
    }
    return QJsonDocument(entry).toJson(QJsonDocument::Compact);
}

void write(const CallRecord &record, const QString &client)
{
    if (lcAccess().isInfoEnabled())
        qCInfo(lcAccess).noquote() << QString::fromUtf8(line(record, client));
}

} // namespace AccessLog

} // namespace ades
