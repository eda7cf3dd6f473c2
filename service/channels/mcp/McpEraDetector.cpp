#include "McpEraDetector.h"

#include "McpHeaders.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::mcp {

Era McpEraDetector::detect(const McpHeaders &headers, const QJsonValue &body)
{
    if (headers.protocolVersion && *headers.protocolVersion == ModernVersion)
        return Era::Modern;
    if (!body.isObject())
        return Era::Legacy;
    const QJsonObject meta = body.toObject().value(u"params"_s).toObject().value(u"_meta"_s).toObject();
    return meta.contains(ProtocolVersionKey) ? Era::Modern : Era::Legacy;
}

} // namespace ades::mcp
