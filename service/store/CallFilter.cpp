#include "CallFilter.h"

#include "CallRecord.h"

namespace ades {

bool CallFilter::matches(const CallRecord &record) const
{
    if (!channel.isEmpty() && record.channel != channel)
        return false;
    if (!operationId.isEmpty() && record.operationId != operationId)
        return false;
    if (status >= 1 && status <= 5 && record.status / 100 != status)
        return false;
    if (status > 5 && record.status != status)
        return false;
    const QString part = principal.trimmed();
    if (!part.isEmpty() && !record.principal.contains(part, Qt::CaseInsensitive))
        return false;
    if (from.isValid() && record.at < from)
        return false;
    if (to.isValid() && record.at >= to)
        return false;
    return true;
}

} // namespace ades
