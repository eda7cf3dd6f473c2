#include "McpSettings.h"

namespace ades::mcp {

SettingSpecs McpSettings::all()
{
    return { Path.spec, AllowedHosts.spec, AllowedOrigins.spec, PageSize.spec, MaxBatch.spec,
        MaxToolCalls.spec, MaxResponseBytes.spec };
}

} // namespace ades::mcp
