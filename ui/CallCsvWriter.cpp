#include "CallCsvWriter.h"

#include "core/Clock.h"
#include "core/Usdc.h"

#include <QIODevice>

using namespace Qt::StringLiterals;

namespace ades::ui {

QStringList CallCsvWriter::header()
{
    // Column names are data, not interface text: stable in every language, so scripts can read them.
    return { u"time_utc"_s, u"channel"_s, u"method"_s, u"target"_s, u"operation"_s, u"status"_s,
        u"price_usdc"_s, u"latency_ms"_s, u"key_or_payer"_s, u"network"_s, u"transaction"_s,
        u"request_id"_s };
}

QString CallCsvWriter::quoted(const QString &cell)
{
    QString text = cell;
    if (!text.isEmpty()
        && (text.front() == u'=' || text.front() == u'+' || text.front() == u'-' || text.front() == u'@'
            || text.front() == u'\t' || text.front() == u'\r'))
        text.prepend(u'\'');
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n') && !text.contains(u'\r'))
        return text;
    text.replace(u"\""_s, u"\"\""_s);
    return u'"' + text + u'"';
}

QString CallCsvWriter::row(const CallRecord &record)
{
    const QStringList cells { isoUtc(record.at), record.channel, record.method, record.target,
        record.operationId, QString::number(record.status),
        Usdc::atomicUnits(record.priceUnits).toFixedString(), QString::number(record.latencyMs),
        record.principal, record.network, record.transaction, record.requestId };
    QStringList out;
    out.reserve(cells.size());
    for (const QString &cell : cells)
        out.append(quoted(cell));
    return out.join(u',');
}

bool CallCsvWriter::write(QIODevice &device, const QList<CallRecord> &records)
{
    QStringList head;
    for (const QString &name : header())
        head.append(quoted(name));
    if (device.write(head.join(u',').toUtf8() + "\r\n") < 0)
        return false;
    for (const CallRecord &record : records) {
        if (device.write(row(record).toUtf8() + "\r\n") < 0)
            return false;
    }
    return true;
}

} // namespace ades::ui
