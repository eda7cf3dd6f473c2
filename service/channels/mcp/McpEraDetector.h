#pragma once

#include "McpProtocol.h"

#include <QJsonValue>

namespace ades::mcp {

struct McpHeaders;

// The TypeScript SDK v2's isLegacyRequest rule (docs/mcp.md, Eras): modern when params._meta names a protocol
// version or the MCP-Protocol-Version header names the modern revision; everything else (initialize,
// header-less requests, batches, responses, broken bodies) is legacy. A modern request never falls back.
class McpEraDetector
{
public:
    static Era detect(const McpHeaders &headers, const QJsonValue &body);
};

} // namespace ades::mcp
