#include "McpEndpoint.h"

#include "catalog/ArgumentDecoder.h"
#include "catalog/Invoker.h"
#include "channels/x402/PaidCall.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "payments/NetworkGate.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QStringList SupportedLegacyVersions { u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s };

QJsonObject rpcResult(const QJsonValue &id, const QJsonObject &result)
{
    return QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id }, { u"result"_s, result } };
}

QJsonObject rpcError(const QJsonValue &id, int code, const QString &message)
{
    return QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id },
        { u"error"_s, QJsonObject { { u"code"_s, code }, { u"message"_s, message } } } };
}

QJsonObject toolResult(const QJsonObject &structured, bool isError)
{
    QJsonObject result {
        { u"content"_s,
            QJsonArray { QJsonObject { { u"type"_s, u"text"_s },
                { u"text"_s,
                    QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact)) } } } },
        { u"structuredContent"_s, structured },
    };
    if (isError)
        result.insert(u"isError"_s, true);
    return result;
}

QString priceText(Usdc price)
{
    return price.isFree() ? u"Free."_s
                          : u"Paid: %1 USDC per call via x402 in _meta."_s.arg(price.toDecimalString());
}

} // namespace

McpEndpoint::McpEndpoint(ServiceContext &context)
    : m_context(context)
    , m_offers(context.settings(), &context.networkGate())
    , m_facilitator(context.upstream())
    , m_path(context.settings().value(u"mcp/path"_s, u"/mcp"_s))
{ }

QStringList McpEndpoint::allowedMethods(const QString &path) const
{
    // GET and DELETE are answered with 405 by handle() itself, with a JSON-RPC body (reference/mcp.md §2.1).
    if (path == m_path)
        return { u"POST"_s, u"GET"_s, u"DELETE"_s };
    return {};
}

QJsonArray McpEndpoint::toolList(const ServiceContext &context)
{
    QJsonArray tools;
    const auto bindings = context.catalog().bindings(Channel::Mcp);
    for (const Catalog::Binding &b : bindings) {
        const Operation &op = *b.operation;
        tools.append(QJsonObject {
            { u"name"_s, b.exposure->route },
            { u"title"_s, op.title },
            { u"description"_s, QString(op.summary + u' ' + priceText(b.exposure->price)) },
            { u"inputSchema"_s, op.inputSchema },
            { u"annotations"_s,
                QJsonObject { { u"title"_s, op.title }, { u"readOnlyHint"_s, true },
                    { u"destructiveHint"_s, false }, { u"idempotentHint"_s, true },
                    { u"openWorldHint"_s, op.area != u"receipts"_s } } },
            { u"_meta"_s,
                QJsonObject { { u"ades/operation"_s, op.id },
                    { u"ades/price_usdc"_s, b.exposure->price.toDecimalString() },
                    { u"ades/output_contract"_s, op.outputContract } } },
        });
    }
    return tools;
}

bool McpEndpoint::originAllowed(const HttpRequestData &request) const
{
    const QByteArray origin = request.header("Origin");
    if (origin.isEmpty())
        return true; // agents and SDK clients send none
    const QString host = QUrl(QString::fromUtf8(origin)).host();
    if (host == u"localhost"_s || host == u"127.0.0.1"_s || host == u"::1"_s)
        return true;
    const QStringList allowed
        = m_context.settings().value(u"mcp/allowed_origins"_s).split(u',', Qt::SkipEmptyParts);
    for (const QString &a : allowed) {
        if (a.trimmed() == QString::fromUtf8(origin))
            return true;
    }
    return false;
}

void McpEndpoint::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = channelName(Channel::Mcp);
    const auto transportError = [&reply](int status, const QString &message, const HeaderList &headers = {}) {
        reply.sendJson(status, rpcError(QJsonValue::Null, -32000, message), headers);
    };
    if (request.method != "POST")
        return transportError(
            405, u"Method not allowed: this stateless server answers POST only."_s, { { "Allow", "POST" } });
    if (!originAllowed(request))
        return transportError(403, u"Origin not allowed."_s);
    const QByteArray contentType = request.header("Content-Type").toLower();
    if (!contentType.startsWith("application/json"))
        return transportError(415, u"Content-Type must be application/json."_s);
    const QByteArray version = request.header("MCP-Protocol-Version");
    if (!version.isEmpty() && !SupportedLegacyVersions.contains(QString::fromLatin1(version)))
        return transportError(400,
            u"Unsupported MCP-Protocol-Version; supported: %1."_s.arg(SupportedLegacyVersions.join(u", "_s)));

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (doc.isNull())
        return reply.sendJson(
            400, rpcError(QJsonValue::Null, -32700, u"Parse error: "_s + parseError.errorString()));

    if (doc.isArray()) {
        // Batches exist only in 2025-03-26 (reference/mcp.md §2.2).
        if (!version.isEmpty() && version != "2025-03-26")
            return reply.sendJson(400,
                rpcError(QJsonValue::Null, -32600, u"Batches are not allowed in this protocol version."_s));
        const QJsonArray batch = doc.array();
        auto responses = std::make_shared<QJsonArray>();
        auto pending = std::make_shared<qsizetype>(batch.size());
        if (batch.isEmpty())
            return reply.sendJson(400, rpcError(QJsonValue::Null, -32600, u"Empty batch."_s));
        for (const QJsonValue &message : batch) {
            dispatch(message.toObject(), [reply, responses, pending](QJsonObject response) mutable {
                if (!response.isEmpty())
                    responses->append(response);
                if (--*pending == 0) {
                    if (responses->isEmpty())
                        reply.send(202, QByteArray(), QByteArray());
                    else
                        reply.send(200, QJsonDocument(*responses).toJson(QJsonDocument::Compact),
                            "application/json");
                }
            });
        }
        return;
    }
    if (!doc.isObject())
        return reply.sendJson(400, rpcError(QJsonValue::Null, -32600, u"Invalid Request."_s));
    dispatch(doc.object(), [reply](QJsonObject response) mutable {
        if (response.isEmpty())
            reply.send(202, QByteArray(), QByteArray());
        else
            reply.sendJson(200, response);
    });
}

void McpEndpoint::dispatch(const QJsonObject &message, Respond respond) const
{
    const QJsonValue id = message.value(u"id"_s);
    const QString method = message.value(u"method"_s).toString();
    if (message.value(u"jsonrpc"_s).toString() != u"2.0"_s)
        return respond(rpcError(id.isUndefined() ? QJsonValue(QJsonValue::Null) : id, -32600,
            u"Invalid Request: jsonrpc must be \"2.0\"."_s));
    if (method.isEmpty()) {
        // A posted response (result/error from the client) needs no answer.
        if (message.contains(u"result"_s) || message.contains(u"error"_s))
            return respond({});
        return respond(rpcError(
            id.isUndefined() ? QJsonValue(QJsonValue::Null) : id, -32600, u"Invalid Request: no method."_s));
    }
    if (id.isUndefined())
        return respond({}); // notification: notifications/initialized, cancelled, ...
    if (!id.isString() && !id.isDouble())
        return respond(
            rpcError(QJsonValue::Null, -32600, u"Invalid Request: id must be a string or a number."_s));

    const QJsonObject params = message.value(u"params"_s).toObject();
    if (method == u"initialize"_s) {
        const QString requested = params.value(u"protocolVersion"_s).toString();
        const QString version = SupportedLegacyVersions.contains(requested)
            ? requested
            : QString::fromLatin1(LatestProtocolVersion);
        return respond(rpcResult(id,
            QJsonObject {
                { u"protocolVersion"_s, version },
                { u"capabilities"_s, QJsonObject { { u"tools"_s, QJsonObject {} } } },
                { u"serverInfo"_s,
                    QJsonObject { { u"name"_s, u"ades"_s },
                        { u"title"_s, u"ADES compliance, chain and market evidence"_s },
                        { u"version"_s, QCoreApplication::applicationVersion() } } },
                { u"instructions"_s,
                    u"Tools return bounded decisions with evidence. Free tools need nothing; paid tools "
                    u"answer an "
                    "x402 PaymentRequired tool result first, then accept the payment in "
                    "_meta[\"x402/payment\"]. "
                    "Never send a private key."_s },
            }));
    }
    if (method == u"ping"_s)
        return respond(rpcResult(id, QJsonObject {}));
    if (method == u"tools/list"_s) {
        if (params.contains(u"cursor"_s))
            return respond(rpcError(id, -32602, u"Invalid cursor: the tool list has a single page."_s));
        return respond(rpcResult(id, QJsonObject { { u"tools"_s, toolList(m_context) } }));
    }
    if (method == u"tools/call"_s)
        return callTool(id, params, respond);
    respond(rpcError(id, -32601, u"Method not found: %1"_s.arg(method)));
}

void McpEndpoint::callTool(const QJsonValue &id, const QJsonObject &params, Respond respond) const
{
    const QJsonValue name = params.value(u"name"_s);
    if (!name.isString())
        return respond(rpcError(id, -32602, u"Invalid params: tools/call needs a string name."_s));
    const QJsonValue arguments = params.value(u"arguments"_s);
    if (!arguments.isUndefined() && !arguments.isObject() && !arguments.isNull())
        return respond(rpcError(id, -32602, u"Invalid params: arguments must be an object."_s));
    const auto binding = m_context.catalog().findTool(name.toString());
    if (!binding)
        return respond(rpcError(id, -32602, u"Unknown tool: %1"_s.arg(name.toString())));

    const Operation &operation = *binding->operation;
    const Exposure &exposure = *binding->exposure;
    if (!exposure.price.isFree())
        return callPaidTool(id, params, *binding, respond);
    const QJsonObject args = ArgumentDecoder::fromJson(exposure, arguments.toObject());
    const CallContext context { Channel::Mcp, QString() };
    const QString tool = exposure.route;
    Invoker::invoke(operation, exposure, args, context, [id, respond, tool](Outcome outcome) {
        if (!outcome.ok()) {
            ServiceError error = outcome.error();
            error.setExtra(u"tool"_s, tool);
            return respond(rpcResult(id, toolResult(error.toJson(), true)));
        }
        respond(rpcResult(id, toolResult(outcome.value().data, false)));
    });
}

// x402 over MCP, tool-result binding (reference/mcp.md §8.1): an unpaid call answers the PaymentRequired as
// an isError tool result (structuredContent and content[0].text); params._meta["x402/payment"] pays; the
// settlement returns in result._meta["x402/payment-response"]. Same checks, ledger and settlement as HTTP.
void McpEndpoint::callPaidTool(
    const QJsonValue &id, const QJsonObject &params, const Catalog::Binding &binding, Respond respond) const
{
    const Operation &operation = *binding.operation;
    const Exposure &exposure = *binding.exposure;
    const QString tool = exposure.route;
    const auto toolError = [id, respond, tool](ServiceError error) {
        error.setExtra(u"tool"_s, tool);
        respond(rpcResult(id, toolResult(error.toJson(), true)));
    };
    if (!m_offers.isConfigured())
        return toolError(x402::X402Offers::notConfiguredError());
    const QJsonObject args = ArgumentDecoder::fromJson(exposure, params.value(u"arguments"_s).toObject());
    const Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, args);
    if (!prepared.ok())
        return toolError(prepared.error());
    const QList<QJsonObject> requirements = m_offers.requirements(exposure.price);
    if (requirements.isEmpty())
        return toolError(x402::X402Offers::noNetworkError());

    const QString resource = u"mcp://tool/"_s + tool;
    const x402::X402Offers &offers = m_offers;
    const Usdc price = exposure.price;
    const QString summary = operation.summary;
    auto paymentRequired = [id, respond, &offers, price, resource, summary](const QString &error) {
        respond(rpcResult(id, toolResult(offers.paymentRequired(price, resource, summary, error), true)));
    };
    const QJsonValue payment = params.value(u"_meta"_s).toObject().value(u"x402/payment"_s);
    if (!payment.isObject())
        return paymentRequired(u"Payment required"_s);
    const x402::ExactEvmPrecheck::Outcome precheck = x402::ExactEvmPrecheck::check(
        payment.toObject(), requirements, m_context.clock().now().toSecsSinceEpoch());
    if (!precheck.ok)
        return paymentRequired(precheck.reason);

    const QByteArray requestHash = QCryptographicHash::hash(
        QByteArray("tools/call " + tool.toUtf8() + '\n' + CanonicalJson::serialise(prepared.value())),
        QCryptographicHash::Sha256)
                                       .toHex();
    PaidCall::Sink sink;
    sink.delivered = [id, respond](const QByteArray &result, const QByteArray &paymentResponse) {
        const QJsonObject body = QJsonDocument::fromJson(result).object();
        QJsonObject toolAnswer = toolResult(body, false);
        toolAnswer.insert(u"_meta"_s,
            QJsonObject { { u"x402/payment-response"_s, QJsonDocument::fromJson(paymentResponse).object() },
                { u"ades/receipt"_s, body.value(u"receipt"_s) } });
        respond(rpcResult(id, toolAnswer));
    };
    sink.refused = paymentRequired;
    sink.failed = [toolError](const ServiceError &error) { toolError(error); };
    // reference/mcp.md §8.1 item 7: no tool output and no x402/payment-response on a failed settlement.
    sink.settlementFailed = [paymentRequired](const QJsonObject &paymentResponse) {
        paymentRequired(
            u"Payment settlement failed: "_s + paymentResponse.value(u"errorReason"_s).toString());
    };
    auto call = std::make_shared<PaidCall>(m_context, m_facilitator, operation, Channel::Mcp,
        prepared.value(), payment.toObject(), precheck, QString::fromLatin1(requestHash), std::move(sink));
    call->start();
}

} // namespace ades
