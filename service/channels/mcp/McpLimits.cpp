#include "McpLimits.h"

#include "McpSettings.h"
#include "core/Settings.h"

namespace ades::mcp {

McpLimits McpLimits::from(const Settings &settings)
{
    return McpLimits { settings.get(McpSettings::MaxBatch), settings.get(McpSettings::MaxToolCalls),
        settings.get(McpSettings::MaxResponseBytes) };
}

McpLimits McpLimits::defaults()
{
    return McpLimits { McpSettings::MaxBatch.spec.defaultValue.toLongLong(),
        McpSettings::MaxToolCalls.spec.defaultValue.toLongLong(),
        McpSettings::MaxResponseBytes.spec.defaultValue.toLongLong() };
}

} // namespace ades::mcp
