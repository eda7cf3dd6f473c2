#pragma once

#include <QString>
#include <optional>

namespace ades {
struct HttpRequestData;
}

namespace ades::mcp {

// The MCP request headers, as compared with the body: names case-insensitive, values trimmed (RFC 9110
// OWS) and case-sensitive, `=?base64?...?=` values decoded (docs/mcp.md, Modern). Absent or blank
// headers are nullopt.
struct McpHeaders
{
    std::optional<QString> protocolVersion;
    std::optional<QString> method;
    std::optional<QString> name;

    static McpHeaders from(const HttpRequestData &request);
    // One header value as the comparison needs it; nullopt for a blank value or broken Base64.
    static std::optional<QString> decode(const QByteArray &raw);
};

} // namespace ades::mcp
