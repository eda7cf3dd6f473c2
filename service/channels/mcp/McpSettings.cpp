#include "McpSettings.h"

namespace ades::mcp {

SettingSpecs McpSettings::all()
{
    return { Path.spec, AllowedHosts.spec, AllowedOrigins.spec, PageSize.spec };
}

} // namespace ades::mcp
