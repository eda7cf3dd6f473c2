#pragma once

#include <QtGlobal>

namespace ades {
class Settings;
}

namespace ades::mcp {

// What one POST to the MCP endpoint may cost (docs/mcp.md, Limits), read from McpSettings.
struct McpLimits
{
    qsizetype maxBatch = 0; // messages in one batch
    qsizetype maxToolCalls = 0; // tools/call requests in one POST
    qsizetype maxResponseBytes = 0; // bytes of one reply

    static McpLimits from(const Settings &settings);
    static McpLimits defaults(); // the declared defaults, for a dispatcher without a service
};

} // namespace ades::mcp
