#pragma once

#include "core/ServiceError.h"

#include <QJsonObject>

namespace ades::mcp {

// Helps a model correct a refused tools/call: adds the docs/interface.md §7 members `accepted` (argument
// names of the tool), `missing` (required ones absent), `unknown` (names the tool does not take) and
// `did_you_mean` (unknown name -> nearest accepted name, or null) to the schema error Invoker produced.
class McpArgumentHints
{
public:
    static ServiceError annotate(
        ServiceError error, const QJsonObject &inputSchema, const QJsonObject &arguments);
};

} // namespace ades::mcp
