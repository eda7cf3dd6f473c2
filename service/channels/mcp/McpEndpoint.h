#pragma once

#include "McpDispatcher.h"
#include "McpOriginPolicy.h"
#include "McpToolCall.h"
#include "McpToolCatalog.h"
#include "channels/HttpChannel.h"
#include "http/ClientAddress.h"

namespace ades {

class ServiceContext;

// The MCP endpoint: streamable HTTP, stateless, POST only, application/json answers only (docs/mcp.md,
// Transport). This class is the transport: method (405 with Allow), Origin (403), Content-Type (415) and
// Accept (406) checks; the protocol is McpDispatcher's, tool execution McpToolCall's.
class McpEndpoint final : public HttpChannel
{
public:
    explicit McpEndpoint(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;
    QList<DocumentedRoute> documentedRoutes() const override;

    static mcp::McpServerInfo serverInfo();

private:
    QString m_path;
    mcp::McpOriginPolicy m_origins;
    mcp::McpToolCatalog m_tools;
    ClientAddress m_clientAddress; // who calls, for the free tools' daily quotas
    mcp::McpToolCall m_calls;
    mcp::McpDispatcher m_dispatcher;
};

} // namespace ades
