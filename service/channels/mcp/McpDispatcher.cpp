#include "McpDispatcher.h"

#include "EditDistance.h"
#include "McpBodyScan.h"
#include "McpEraDetector.h"
#include "McpHeaders.h"
#include "McpMessage.h"
#include "McpSettings.h"
#include "core/CanonicalJson.h"
#include "core/JsonDuplicateKeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

const QString Initialize = u"initialize"_s;
const QString Ping = u"ping"_s;
const QString ToolsList = u"tools/list"_s;
const QString ToolsCall = u"tools/call"_s;
const QString ServerDiscover = u"server/discover"_s;

QJsonObject rpcResult(const QJsonValue &id, const QJsonObject &result)
{
    return QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id }, { u"result"_s, result } };
}

QString quoted(const QString &value)
{
    return u'"' + value + u'"';
}

} // namespace

McpDispatcher::McpDispatcher(
    const McpToolCatalog &tools, ToolRunner runner, McpServerInfo info, McpLimits limits)
    : m_tools(tools)
    , m_runner(std::move(runner))
    , m_info(std::move(info))
    , m_limits(limits)
    , m_writer(limits.maxResponseBytes, McpSettings::MaxResponseBytes.spec.key)
{ }

const QStringList &McpDispatcher::legacyVersions()
{
    static const QStringList versions { u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s };
    return versions;
}

void McpDispatcher::handle(
    const McpHeaders &headers, const QByteArray &body, Reply reply, const QString &caller) const
{
    // Before anything is parsed: an over-long batch costs only the bytes up to its cap (docs/mcp.md, Limits),
    // and every message's id is kept as the client wrote it.
    const McpBodyScan scan = McpBodyScan::scan(body, m_limits.maxBatch);
    QJsonDocument document;
    if (!scan.tooManyEntries) {
        QJsonParseError parseError;
        document = QJsonDocument::fromJson(body, &parseError);
        if (parseError.error != QJsonParseError::NoError || document.isNull())
            return refuse(reply, McpError::parseError(parseError.errorString()));
        // QJsonDocument kept the last of duplicate member names, where another reader (a proxy, the
        // client's log) may have taken the first: such a message means two things, so none is executed
        // (issue 12).
        if (const std::optional<QString> duplicate = firstDuplicateKey(body))
            return refuse(reply,
                McpError::invalidRequest(
                    u"the message repeats the member name at %1; member names must be unique"_s.arg(
                        *duplicate)));
    }

    // A batch's era comes from its headers alone, so an unparsed over-long batch is judged like any other.
    const QJsonValue root = document.isObject() ? QJsonValue(document.object()) : QJsonValue(QJsonArray());
    const Era era = McpEraDetector::detect(headers, root);
    if (era == Era::Legacy && headers.protocolVersion
        && !legacyVersions().contains(*headers.protocolVersion)) {
        // The SDKs' legacy refusal: -32000, id null, naming what is supported (captured legacy-19).
        return refuse(reply,
            McpError::transport(400,
                u"Bad Request: Unsupported protocol version: %1 (supported versions: %2)"_s.arg(
                    *headers.protocolVersion, legacyVersions().join(u", "_s))));
    }
    if (scan.tooManyEntries || document.isArray())
        return handleBatch(headers, era, scan, document.array(), std::move(reply), caller);

    const McpMessage message = McpMessage::parse(root, scan.isBatch ? QByteArray() : scan.ids.value(0));
    auto notes = std::make_shared<QList<McpCallNote>>();
    const Respond respond(
        [this, reply, notes, rawId = message.rawId](int status, const QJsonObject &response) {
            if (response.isEmpty())
                return reply(202, QByteArray(), *notes);
            const McpReplyWriter::Entry written = m_writer.single(m_writer.entry(status, response, rawId));
            reply(written.httpStatus, written.text, *notes);
        },
        notes, caller);
    if (era == Era::Modern)
        return dispatchModern(headers, message, respond);
    dispatchLegacy(message, respond);
}

// Batches exist only in MCP 2025-03-26 (docs/mcp.md, Legacy; no header means 2025-03-26). A batch is refused
// whole, before any of it runs, when it is too long or carries too many tool calls (docs/mcp.md, Limits).
void McpDispatcher::handleBatch(const McpHeaders &headers, Era era, const McpBodyScan &scan,
    const QJsonArray &batch, Reply reply, const QString &caller) const
{
    const McpError notAllowed
        = McpError::invalidRequest(u"batches are allowed only in protocol revision "_s + BatchVersion);
    if (era == Era::Modern || (headers.protocolVersion && *headers.protocolVersion != BatchVersion))
        return refuse(reply, notAllowed);
    if (scan.tooManyEntries || batch.size() > m_limits.maxBatch) // the second only if the scan missed it
        return refuse(reply, McpError::batchTooLong(McpSettings::MaxBatch.spec.key, m_limits.maxBatch));
    if (batch.isEmpty())
        return refuse(reply, McpError::invalidRequest(u"an empty batch"_s));

    const bool idsKnown = scan.isBatch && scan.ids.size() == batch.size();
    std::vector<McpMessage> messages;
    messages.reserve(size_t(batch.size()));
    qsizetype toolCalls = 0;
    for (qsizetype i = 0; i < batch.size(); ++i) {
        // A 2026-07-28 request (its envelope in params._meta) is never batched, whatever the headers say.
        if (McpEraDetector::detect(headers, batch.at(i)) == Era::Modern)
            return refuse(reply, notAllowed);
        messages.push_back(McpMessage::parse(batch.at(i), idsKnown ? scan.ids.at(i) : QByteArray()));
        if (messages.back().kind == McpMessage::Kind::Request && messages.back().method == ToolsCall)
            ++toolCalls;
    }
    if (toolCalls > m_limits.maxToolCalls)
        return refuse(reply,
            McpError::tooManyToolCalls(McpSettings::MaxToolCalls.spec.key, m_limits.maxToolCalls, toolCalls));

    struct Collected
    {
        std::vector<std::optional<McpReplyWriter::Entry>> answers;
        size_t pending = 0;
    };
    auto collected = std::make_shared<Collected>();
    collected->answers.resize(messages.size());
    collected->pending = messages.size();
    auto notes = std::make_shared<QList<McpCallNote>>();
    for (size_t i = 0; i < messages.size(); ++i) {
        const Respond::Send send = [this, reply, collected, notes, i, rawId = messages[i].rawId](
                                       int status, const QJsonObject &response) {
            // Written as each answer arrives, so only the bytes that are sent are kept until the last one.
            if (!response.isEmpty())
                collected->answers[i] = m_writer.entry(status, response, rawId);
            if (--collected->pending > 0)
                return;
            std::vector<McpReplyWriter::Entry> answers;
            for (std::optional<McpReplyWriter::Entry> &answer : collected->answers) {
                if (answer)
                    answers.push_back(std::move(*answer));
            }
            if (answers.empty())
                return reply(202, QByteArray(), *notes);
            reply(200, m_writer.batch(answers), *notes);
        };
        dispatchLegacy(messages[i], Respond(send, notes, caller));
    }
}

void McpDispatcher::refuse(const Reply &reply, const McpError &error)
{
    reply(error.httpStatus(), CanonicalJson::serialise(error.toResponse(QJsonValue::Null)), {});
}

void McpDispatcher::dispatchLegacy(const McpMessage &message, Respond respond) const
{
    switch (message.kind) {
    case McpMessage::Kind::Invalid: {
        const McpError error = McpError::invalidRequest(message.invalidReason);
        return respond(error.httpStatus(), error.toResponse(message.id));
    }
    case McpMessage::Kind::Notification: // notifications/initialized, cancelled ...: stateless, nothing to do
    case McpMessage::Kind::Response:
        return respond(202, {});
    case McpMessage::Kind::Request:
        break;
    }
    if (message.method == Initialize)
        return respond(200, rpcResult(message.id, initializeResult(message.params)));
    if (message.method == Ping)
        return respond(200, rpcResult(message.id, QJsonObject {}));
    if (message.method == ToolsList)
        return listTools(message, Era::Legacy, respond);
    if (message.method == ToolsCall)
        return callTool(message, Era::Legacy, respond);
    const McpError error = McpError::methodNotFound(message.method, Era::Legacy);
    respond(error.httpStatus(), error.toResponse(message.id));
}

void McpDispatcher::dispatchModern(
    const McpHeaders &headers, const McpMessage &message, Respond respond) const
{
    switch (message.kind) {
    case McpMessage::Kind::Invalid: {
        const McpError error = McpError::invalidRequest(message.invalidReason);
        return respond(error.httpStatus(), error.toResponse(message.id));
    }
    case McpMessage::Kind::Notification: // 2026-07-28 defines none over HTTP; accepted and ignored
    case McpMessage::Kind::Response:
        return respond(202, {});
    case McpMessage::Kind::Request:
        break;
    }
    if (const std::optional<McpError> error = checkModern(headers, message))
        return respond(error->httpStatus(), error->toResponse(message.id));
    if (message.method == ServerDiscover)
        return respond(200, rpcResult(message.id, modernResult(discoverResult())));
    if (message.method == ToolsList)
        return listTools(message, Era::Modern, respond);
    callTool(message, Era::Modern, respond);
}

// The TypeScript SDK v2's order (docs/mcp.md, Modern): envelope (-32602; version header against the envelope,
// -32020; version, -32022), method registry (-32601, 404), request params (-32602), Mcp-Method and Mcp-Name
// (-32020). No capability is ever required (-32021).
std::optional<McpError> McpDispatcher::checkModern(const McpHeaders &headers, const McpMessage &message) const
{
    if (!message.params.value(u"_meta"_s).isObject())
        return McpError::missingEnvelope({ u"_meta"_s });
    QStringList missing;
    for (const QLatin1StringView key : { ProtocolVersionKey, ClientCapabilitiesKey }) {
        if (!message.meta.contains(key))
            missing.append(QString(key));
    }
    if (!missing.isEmpty())
        return McpError::missingEnvelope(missing);
    // The version header must agree with the envelope before the version itself is judged: a body naming an
    // unknown version under a 2026-07-28 header is a header mismatch (conformance server-stateless).
    const QString version = message.meta.value(ProtocolVersionKey).toString();
    if (!headers.protocolVersion)
        return McpError::headerMismatch(u"(missing)"_s,
            u"the body names protocol version %1 but the required MCP-Protocol-Version header is absent"_s
                .arg(version));
    if (*headers.protocolVersion != version)
        return McpError::headerMismatch(*headers.protocolVersion,
            u"the body names protocol version %1 but the MCP-Protocol-Version header names %2"_s.arg(
                version, quoted(*headers.protocolVersion)));
    if (version != ModernVersion)
        return McpError::unsupportedVersion(version);

    static const QStringList methods { ServerDiscover, ToolsList, ToolsCall };
    if (!methods.contains(message.method))
        return McpError::methodNotFound(message.method, Era::Modern);

    const QJsonValue name = message.params.value(u"name"_s);
    if (message.method == ToolsCall && !name.isString())
        return McpError::invalidParams(u"tools/call needs params.name, a string"_s);

    if (!headers.method)
        return McpError::headerMismatch(u"(missing)"_s,
            u"the body names method %1 but the required Mcp-Method header is absent"_s.arg(message.method));
    if (*headers.method != message.method)
        return McpError::headerMismatch(*headers.method,
            u"the body names method %1 but the Mcp-Method header names %2"_s.arg(
                message.method, quoted(*headers.method)));
    if (message.method == ToolsCall) {
        if (!headers.name)
            return McpError::headerMismatch(u"(missing)"_s,
                u"the body carries params.name=%1 but the required Mcp-Name header is absent"_s.arg(
                    quoted(name.toString())));
        if (*headers.name != name.toString())
            return McpError::headerMismatch(*headers.name,
                u"the body carries params.name=%1 but the Mcp-Name header names %2"_s.arg(
                    quoted(name.toString()), quoted(*headers.name)));
    }
    return std::nullopt;
}

void McpDispatcher::listTools(const McpMessage &message, Era era, Respond respond) const
{
    const QJsonValue cursor = message.params.value(u"cursor"_s);
    if (!cursor.isUndefined() && !cursor.isString()) {
        const McpError error = McpError::invalidParams(u"cursor must be a string"_s);
        return respond(error.httpStatus(), error.toResponse(message.id));
    }
    const std::optional<McpToolCatalog::Page> page = m_tools.page(cursor.toString());
    if (!page) {
        const McpError error = McpError::invalidParams(
            u"cursor is not one this server issued for its current tool list; list again without a cursor"_s);
        return respond(error.httpStatus(), error.toResponse(message.id));
    }
    QJsonObject result { { u"tools"_s, page->tools } };
    if (!page->nextCursor.isEmpty())
        result.insert(u"nextCursor"_s, page->nextCursor);
    if (era == Era::Modern) {
        // Static per server version and the same for every caller (MCP specification 2026-07-28, caching).
        result.insert(u"ttlMs"_s, ListTtlMs);
        result.insert(u"cacheScope"_s, u"public"_s);
        result = modernResult(result);
    }
    respond(200, rpcResult(message.id, result));
}

void McpDispatcher::callTool(const McpMessage &message, Era era, Respond respond) const
{
    const QJsonValue name = message.params.value(u"name"_s);
    const QJsonValue arguments = message.params.value(u"arguments"_s);
    std::optional<McpError> error;
    if (!name.isString())
        error = McpError::invalidParams(u"tools/call needs params.name, a string"_s);
    else if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject())
        error = McpError::invalidParams(u"arguments must be an object"_s);
    const McpToolCatalog::Tool *tool = error ? nullptr : m_tools.find(name.toString());
    if (!error && !tool) {
        // Unknown tool is a protocol error, not a tool result (docs/mcp.md, Errors).
        QStringList names;
        for (const McpToolCatalog::Tool &t : m_tools.tools())
            names.append(t.name);
        const QString near = EditDistance::closest(name.toString(), names);
        error = McpError(InvalidParams, u"Unknown tool: "_s + name.toString(), 200,
            QJsonObject { { u"tool"_s, name },
                { u"did_you_mean"_s, near.isEmpty() ? QJsonValue() : QJsonValue(near) } });
    }
    if (error)
        return respond(error->httpStatus(), error->toResponse(message.id));

    const QJsonValue id = message.id;
    m_runner(*tool, arguments.toObject(), message.meta, respond.caller(),
        [this, respond, id, era](QJsonObject result, McpCallNote call) {
            respond.note(std::move(call));
            if (result.isEmpty()) {
                const McpError failed = McpError::internalError(u"the tool produced no result"_s);
                return respond(failed.httpStatus(), failed.toResponse(id));
            }
            respond(200, rpcResult(id, era == Era::Modern ? modernResult(std::move(result)) : result));
        });
}

QJsonObject McpDispatcher::modernResult(QJsonObject result) const
{
    // Legacy answers stay free of these members so that they validate against the 2025 schemas (§10).
    result.insert(u"resultType"_s, u"complete"_s);
    QJsonObject meta = result.value(u"_meta"_s).toObject();
    meta.insert(ServerInfoKey, QJsonObject { { u"name"_s, m_info.name }, { u"version"_s, m_info.version } });
    result.insert(u"_meta"_s, meta);
    return result;
}

QJsonObject McpDispatcher::initializeResult(const QJsonObject &params) const
{
    const QString requested = params.value(u"protocolVersion"_s).toString();
    // Echo a supported legacy version, else offer our latest legacy one; never the modern revision here.
    const QString version = legacyVersions().contains(requested) ? requested : QString(LatestLegacyVersion);
    return QJsonObject {
        { u"protocolVersion"_s, version },
        { u"capabilities"_s, QJsonObject { { u"tools"_s, QJsonObject {} } } },
        { u"serverInfo"_s,
            QJsonObject { { u"name"_s, m_info.name }, { u"title"_s, m_info.title },
                { u"version"_s, m_info.version } } },
        { u"instructions"_s, m_info.instructions },
    };
}

QJsonObject McpDispatcher::discoverResult() const
{
    return QJsonObject {
        { u"supportedVersions"_s, QJsonArray { QString(ModernVersion) } },
        { u"capabilities"_s, QJsonObject { { u"tools"_s, QJsonObject {} } } },
        { u"instructions"_s, m_info.instructions },
        { u"ttlMs"_s, ListTtlMs },
        { u"cacheScope"_s, u"public"_s },
    };
}

} // namespace ades::mcp
