#pragma once

#include "catalog/Catalog.h"
#include "channels/HttpChannel.h"
#include "payments/FacilitatorClient.h"
#include "payments/X402Offers.h"

#include <QJsonValue>

namespace ades {

class ServiceContext;

// The MCP endpoint (streamable HTTP, stateless, answers application/json only; reference/mcp.md §0, §2).
// initialize, ping, notifications, tools/list and tools/call over the catalog's MCP exposures. Invalid
// arguments and business failures are tool results with isError (§7); unknown tools are -32602.
class McpEndpoint final : public HttpChannel
{
public:
    explicit McpEndpoint(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;

    // The tools/list entries, also served by /mcp-tools.json.
    static QJsonArray toolList(const ServiceContext &context);
    static constexpr const char *LatestProtocolVersion = "2025-11-25";

private:
    using Respond = std::function<void(QJsonObject response)>; // empty object: notification, no response
    void dispatch(const QJsonObject &message, Respond respond) const;
    void callTool(const QJsonValue &id, const QJsonObject &params, Respond respond) const;
    void callPaidTool(const QJsonValue &id, const QJsonObject &params, const Catalog::Binding &binding,
        Respond respond) const;
    bool originAllowed(const HttpRequestData &request) const;

    ServiceContext &m_context;
    x402::X402Offers m_offers;
    x402::FacilitatorClient m_facilitator;
    QString m_path;
};

} // namespace ades
