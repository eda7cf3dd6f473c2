#pragma once

#include "core/ServiceError.h"

#include <QJsonObject>
#include <QString>

namespace ades::mcp {

// CallToolResult bodies (docs/mcp.md, Tools): structuredContent plus the same JSON as content[0].text, which
// older clients and the x402 reference client read. Era-specific members (resultType, serverInfo) are the
// dispatcher's.
class McpToolResult
{
public:
    static QJsonObject success(const QJsonObject &structured, const QJsonObject &meta = {});
    // isError: true. `structured` is the docs/interface.md §7 error members or an x402 PaymentRequired.
    static QJsonObject failure(const QJsonObject &structured);
    // A refused or failed call: the error members of `error`, naming the tool.
    static QJsonObject failure(ServiceError error, const QString &tool);
};

} // namespace ades::mcp
