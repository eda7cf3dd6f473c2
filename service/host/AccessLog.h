#pragma once

#include "host/NotInAreas.h"

#include <QLoggingCategory>

namespace ades {

struct CallRecord;

Q_DECLARE_LOGGING_CATEGORY(lcAccess)

// One JSON line per answered request on the "ades.access" category (standard error unless the operator
// routes Qt's messages elsewhere): time, request id, client, method, path, status, channel, operation,
// latency, and the price and network of a paid one. Keys, payment headers and bodies never appear. Off with
// http/access_log = false or QT_LOGGING_RULES="ades.access=false".
namespace AccessLog {
QByteArray line(const CallRecord &record, const QString &client);
void write(const CallRecord &record, const QString &client);
} // namespace AccessLog

} // namespace ades
