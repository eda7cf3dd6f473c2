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
// What one POST may cost (docs/mcp.md, Limits): a batch of 160,000 calls once made a 2.3 GB reply.
inline const IntSetting MaxBatch = intSetting(QStringLiteral("mcp/max_batch"), 32, 1, 1000,
    QStringLiteral("messages in one JSON-RPC batch (protocol revision 2025-03-26); a longer batch is refused "
                   "whole (-32600) before any of it runs"));
inline const IntSetting MaxToolCalls = intSetting(QStringLiteral("mcp/max_tool_calls"), 16, 1, 1000,
    QStringLiteral("tools/call requests in one POST; a batch with more is refused whole (-32600) before any "
                   "of them runs"));
inline const IntSetting MaxResponseBytes = intSetting(QStringLiteral("mcp/max_response_bytes"),
    4 * 1024 * 1024, 64 * 1024, 256 * 1024 * 1024,
    QStringLiteral("largest MCP reply in bytes; a response that would make the reply larger is replaced by "
                   "the error -32603 naming this setting"));

SettingSpecs all();

} // namespace ades::mcp::McpSettings
