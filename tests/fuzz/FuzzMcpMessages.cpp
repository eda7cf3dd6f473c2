// Fuzz target: one POST to the MCP endpoint past its transport checks (McpDispatcher::handle): JSON-RPC
// shape, era detection, the modern envelope against the Mcp-* headers, batches within the limits, initialize,
// ping, tools/list with cursors, tools/call over the real catalog with the arguments checked as McpToolCall
// checks them (channel defaults, renames, schema, the operation's own check, argument hints), and the reply
// written within the size limit. Tools are not run: the handler's business is not the protocol's.
// Input: three header lines (MCP-Protocol-Version, Mcp-Method, Mcp-Name; an empty line is an absent header),
// then the body; with fewer than three newlines the whole input is the body and no header is sent.
// Checks, besides crashes and hangs: exactly one answer, an HTTP status the transport knows, and a
// body that is empty (202) or JSON.

#include "ServiceFuzzing.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Invoker.h"
#include "channels/mcp/McpArgumentHints.h"
#include "channels/mcp/McpDispatcher.h"
#include "channels/mcp/McpHeaders.h"
#include "channels/mcp/McpToolResult.h"

#include <QJsonDocument>
#include <cstdint>

using namespace Qt::StringLiterals;

namespace {

void runTool(const ades::mcp::McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &,
    const QString &, ades::mcp::McpDispatcher::ToolDone done)
{
    const ades::Operation &operation = *tool.operation;
    const ades::Exposure &exposure = *tool.exposure;
    const ades::mcp::McpCallNote ran { operation.id, 0, {}, {}, {} };
    const QJsonObject wire = ades::mcp::McpToolCatalog::withChannelDefaults(exposure, arguments);
    const ades::Result<QJsonObject> prepared
        = ades::Invoker::prepare(operation, exposure, ades::ArgumentDecoder::fromJson(exposure, wire));
    if (!prepared.ok()) {
        const QJsonObject schema = ades::mcp::McpToolCatalog::inputSchema(operation, exposure);
        return done(ades::mcp::McpToolResult::failure(
                        ades::mcp::McpArgumentHints::annotate(prepared.error(), schema, wire), tool.name),
            ran);
    }
    done(ades::mcp::McpToolResult::success(prepared.value()), ran);
}

const ades::mcp::McpDispatcher &dispatcher()
{
    // A small page and response cap, so that pagination and the size limit are reached by short inputs.
    static const ades::mcp::McpToolCatalog tools(ades::fuzzing::service().catalog(), 5);
    static const ades::mcp::McpDispatcher instance(
        tools, runTool, ades::mcp::McpServerInfo { u"ades"_s, u"ADES"_s, u"0.0.0"_s, u"fuzzing"_s }, [] {
            ades::mcp::McpLimits limits = ades::mcp::McpLimits::defaults();
            limits.maxResponseBytes = 64 * 1024;
            return limits;
        }());
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::mcp::McpHeaders headers;
    QByteArray body = input;
    const qsizetype first = input.indexOf('\n');
    const qsizetype second = first < 0 ? -1 : input.indexOf('\n', first + 1);
    const qsizetype third = second < 0 ? -1 : input.indexOf('\n', second + 1);
    if (third >= 0) {
        headers.protocolVersion = ades::mcp::McpHeaders::decode(input.left(first));
        headers.method = ades::mcp::McpHeaders::decode(input.mid(first + 1, second - first - 1));
        headers.name = ades::mcp::McpHeaders::decode(input.mid(second + 1, third - second - 1));
        body = input.mid(third + 1);
    }
    int answers = 0;
    dispatcher().handle(
        headers, body,
        [&answers](int status, const QByteArray &text, const QList<ades::mcp::McpCallNote> &) {
            ++answers;
            if (status != 200 && status != 202 && status != 400 && status != 404 && status != 413)
                __builtin_trap();
            if (!text.isEmpty() && QJsonDocument::fromJson(text).isNull())
                __builtin_trap();
        },
        u"192.0.2.1"_s);
    if (answers != 1)
        __builtin_trap();
    return 0;
}
