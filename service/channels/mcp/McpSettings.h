#pragma once

#include "core/SettingSpec.h"

namespace ades::mcp::McpSettings {

inline const TextSetting Path = textSetting(QStringLiteral("mcp/path"), QStringLiteral("/mcp"),
    QStringLiteral("MCP endpoint path"), [](const QString &value) {
        return value.startsWith(QLatin1Char('/')) && !value.contains(QLatin1Char('?'))
            ? QString()
            : QStringLiteral("must be a path starting with /");
    });
inline const TextSetting AllowedHosts = listSetting(QStringLiteral("mcp/allowed_hosts"), QString(),
    QStringLiteral("extra Host values accepted on connections from this machine (DNS-rebinding defence)"));
inline const TextSetting AllowedOrigins = listSetting(QStringLiteral("mcp/allowed_origins"), QString(),
    QStringLiteral("extra allowed Origin values (loopback origins are always allowed)"));
inline const IntSetting PageSize = intSetting(QStringLiteral("mcp/page_size"), 50, 1, 1000,
    QStringLiteral("tools per tools/list page; more tools give a nextCursor"));

SettingSpecs all();

} // namespace ades::mcp::McpSettings
