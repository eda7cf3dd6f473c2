#pragma once

#include "McpCallNote.h"
#include "McpToolCatalog.h"
#include "channels/free/FreeQuotaCounter.h"

#include <QJsonObject>
#include <functional>

namespace ades {
class ServiceContext;
}

namespace ades::mcp {

// Runs one tools/call against the catalog: the exposure's channel defaults, schema validation with
// argument hints, then the handler (free tools) or the payment gate (paid tools). Always answers a
// CallToolResult: business failures, schema failures and payment requests are tool results, never
// JSON-RPC errors (docs/mcp.md, Errors). The result body is what the HTTP channels send for the same
// operation, receipt included; the receipt is also in result._meta. `done` runs once on the calling thread,
// with the note of what ran and what was settled for the call log.
class McpToolCall
{
public:
    using Done = std::function<void(QJsonObject toolResult, McpCallNote call)>;

    explicit McpToolCall(ServiceContext &context);

    // `caller`: the client's ClientAddress::quotaKey. A free tool whose operation is also a /free/ operation
    // spends a slot of that operation's daily counter (FreeQuotaCounter) after its input is accepted, the
    // same counter the /free/ path spends; spent, it answers free_quota_exhausted as an error result.
    void run(const McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &meta,
        const QString &caller, Done done) const;

private:
    void runFree(const McpToolCatalog::Tool &tool, const QJsonObject &prepared, Done done) const;
    void runPaid(const McpToolCatalog::Tool &tool, const QJsonObject &prepared, const QJsonObject &meta,
        Done done) const;

    ServiceContext &m_context;
    FreeQuotaCounter m_quotas;
    qsizetype m_maxReplyBytes; // mcp/max_response_bytes
};

} // namespace ades::mcp
