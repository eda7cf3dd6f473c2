#include "McpEndpoint.h"

#include "McpHeaders.h"
#include "McpSettings.h"
#include "catalog/Catalog.h"
#include "host/ServiceContext.h"
#include "http/HttpSettings.h"

#include <QCoreApplication>
#include <QSet>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// Lenient Accept (docs/mcp.md, Transport): we only ever answer JSON, so only an Accept that rules JSON out
// is refused; absent, */*, application/* and application/json alone all pass.
bool acceptsJson(const QByteArray &accept)
{
    if (accept.trimmed().isEmpty())
        return true;
    const QList<QByteArray> ranges = accept.toLower().split(',');
    for (const QByteArray &range : ranges) {
        const QByteArray type = range.split(';').first().trimmed();
        if (type == "application/json" || type == "*/*" || type == "application/*")
            return true;
    }
    return false;
}

// The call log keeps one record per POST: its operation when all its tool calls ran the same one, the USDC
// settled for all of them, and the payer and settlement when exactly one call was paid.
void noteCalls(CallNotes &notes, const QList<mcp::McpCallNote> &calls)
{
    QSet<QString> operations;
    const mcp::McpCallNote *paid = nullptr;
    const mcp::McpCallNote *payer = nullptr; // a payer whose payment did not settle, when none did
    int paidCalls = 0;
    for (const mcp::McpCallNote &call : calls) {
        operations.insert(call.operationId);
        notes.priceUnits += call.priceUnits;
        if (call.priceUnits > 0) {
            ++paidCalls;
            paid = &call;
        } else if (!payer && !call.payer.isEmpty()) {
            payer = &call;
        }
    }
    if (operations.size() == 1)
        notes.operationId = *operations.cbegin();
    if (paidCalls == 1) {
        notes.principal = paid->payer;
        notes.network = paid->network;
        notes.transaction = paid->transaction;
    } else if (paidCalls == 0 && payer) {
        notes.principal = payer->payer;
    }
}

} // namespace

McpEndpoint::McpEndpoint(ServiceContext &context)
    : m_path(context.settings().get(mcp::McpSettings::Path))
    , m_origins(context.settings().get(mcp::McpSettings::AllowedOrigins),
          context.settings().get(mcp::McpSettings::AllowedHosts), context.publicUrl())
    , m_tools(context.catalog(), context.settings().get(mcp::McpSettings::PageSize))
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
    , m_calls(context)
    , m_dispatcher(
          m_tools,
          [this](const mcp::McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &meta,
              const QString &caller, mcp::McpDispatcher::ToolDone done) {
              m_calls.run(tool, arguments, meta, caller, std::move(done));
          },
          serverInfo(), mcp::McpLimits::from(context.settings()))
{ }

mcp::McpServerInfo McpEndpoint::serverInfo()
{
    return mcp::McpServerInfo {
        u"ades"_s,
        u"ADES compliance, chain and market evidence"_s,
        QCoreApplication::applicationVersion(),
        u"Tools return bounded decisions with evidence and a signed receipt (also in "
        "_meta[\"example.ades/receipt\"]). Free tools need nothing. A paid tool first answers an x402 "
        "PaymentRequired tool result (isError, structuredContent); repeat the same call with the payment in "
        "_meta[\"x402/payment\"]. Failed calls are never charged. Never send a private key."_s,
    };
}

QStringList McpEndpoint::allowedMethods(const QString &path) const
{
    // GET and DELETE are answered with 405 by handle() itself, with a JSON-RPC body (docs/mcp.md, Transport).
    if (path == m_path)
        return { u"POST"_s, u"GET"_s, u"DELETE"_s };
    return {};
}

QList<DocumentedRoute> McpEndpoint::documentedRoutes() const
{
    const QString json = u"application/json"_s;
    const QJsonObject answer = Catalog::loadSchema(u":/schemas/channels/mcp/jsonrpc.response.json"_s);
    DocumentedRoute endpoint { u"POST"_s, m_path, u"MCP endpoint (streamable HTTP, stateless)"_s,
        u"JSON-RPC 2.0: server/discover or initialize, tools/list, tools/call. Answers are "
        "application/json only; GET and DELETE are 405. A paid tool called without payment answers the x402 "
        "PaymentRequired as an isError tool result; repeat the call with the payment in "
        "params._meta[\"x402/payment\"]. The tools are listed with their schemas and prices at "
        "/mcp-tools.json."_s,
        u"mcp"_s, json, Catalog::loadSchema(u":/schemas/channels/mcp/jsonrpc.request.json"_s) };
    endpoint.responses = {
        { 200, u"JSON-RPC response (a batch gives an array)."_s, json, answer },
        { 202, u"Accepted: the message was a notification."_s, QString(), {} },
        { 400,
            u"Not JSON-RPC, a batch over the limits (mcp/max_batch, mcp/max_tool_calls), or a header or "
            "protocol version refused; a JSON-RPC error response."_s,
            json, answer },
        { 403, u"Origin or Host not allowed (DNS-rebinding defence)."_s, json, answer },
        { 404, u"Unknown method (protocol revision 2026-07-28); a JSON-RPC error response."_s, json, answer },
        { 406, u"The Accept header rules out application/json."_s, json, answer },
        { 415, u"Content-Type is not application/json."_s, json, answer },
    };
    return { endpoint };
}

void McpEndpoint::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = channelName(Channel::Mcp);
    const auto refuse = [&reply](int status, const QString &message, const HeaderList &headers = {}) {
        reply.sendJson(
            status, mcp::McpError::transport(status, message).toResponse(QJsonValue::Null), headers);
    };
    // No sessions: no GET stream, no DELETE; a client's Mcp-Session-Id is ignored (docs/mcp.md, Transport).
    if (request.method != "POST")
        return refuse(
            405, u"Method not allowed: this stateless server answers POST only."_s, { { "Allow", "POST" } });
    if (!m_origins.allowsOrigin(request.header("Origin")))
        return refuse(403, u"Forbidden: Origin not allowed."_s);
    if (!m_origins.allowsHost(request.header("Host"), request.remoteAddress))
        return refuse(403, u"Forbidden: Host not allowed for a local connection."_s);
    if (!request.header("Content-Type").toLower().trimmed().startsWith("application/json"))
        return refuse(415, u"Unsupported Media Type: Content-Type must be application/json."_s);
    if (!acceptsJson(request.header("Accept")))
        return refuse(406, u"Not Acceptable: this server answers application/json."_s);

    m_dispatcher.handle(
        mcp::McpHeaders::from(request), request.body,
        [reply](int status, const QByteArray &body, const QList<mcp::McpCallNote> &calls) mutable {
            noteCalls(reply.notes(), calls);
            if (body.isEmpty())
                return reply.send(202, QByteArray(), QByteArray());
            reply.send(status, body, "application/json");
        },
        ClientAddress::quotaKey(m_clientAddress.of(request)));
}

} // namespace ades
