#pragma once

#include "core/JsonBody.h"
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
    // `structured` as text when it is at hand (a signed body): the text block reuses it.
    static QJsonObject success(const JsonBody &structured, const QJsonObject &meta = {});
    // isError: true. `structured` is the docs/interface.md §7 error members or an x402 PaymentRequired.
    static QJsonObject failure(const JsonBody &structured);
    // A refused or failed call: the error members of `error`, naming the tool.
    static QJsonObject failure(ServiceError error, const QString &tool);
};

} // namespace ades::mcp
