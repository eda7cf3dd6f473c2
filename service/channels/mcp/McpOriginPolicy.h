#pragma once

#include <QByteArray>
#include <QStringList>

namespace ades {
class Settings;
}

namespace ades::mcp {

// DNS-rebinding defence (reference/mcp.md §4): a request without Origin (every non-browser agent) passes;
// an Origin passes when it is loopback or listed in `mcp/allowed_origins`.
class McpOriginPolicy
{
public:
    explicit McpOriginPolicy(const Settings &settings);
    explicit McpOriginPolicy(QStringList allowedOrigins);

    bool allows(const QByteArray &origin) const;

private:
    QStringList m_allowed;
};

} // namespace ades::mcp
