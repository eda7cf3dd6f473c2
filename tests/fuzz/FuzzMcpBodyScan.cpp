// Fuzz target: the MCP body scan (batch length before parsing, each message's id as sent) against what
// QJsonDocument reads from the same bytes, and the reply written with those ids. Input: a POST body.

#include "channels/mcp/McpBodyScan.h"
#include "channels/mcp/McpMessage.h"
#include "channels/mcp/McpReplyWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdint>

using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    constexpr qsizetype Cap = 4;
    const ades::mcp::McpBodyScan scan = ades::mcp::McpBodyScan::scan(body, Cap);
    if (scan.entries > Cap + 1 || scan.tooManyEntries != (scan.entries > Cap))
        __builtin_trap();
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (document.isNull())
        return 0;
    // A body QJsonDocument reads: the scan agrees with it on the shape, the length and every id.
    if (scan.isBatch != document.isArray())
        __builtin_trap();
    const QJsonArray messages = document.isArray() ? document.array() : QJsonArray { document.object() };
    if (scan.tooManyEntries) {
        if (messages.size() <= Cap)
            __builtin_trap();
        return 0;
    }
    if (scan.ids.size() != messages.size() || (scan.isBatch && scan.entries != messages.size()))
        __builtin_trap();
    const ades::mcp::McpReplyWriter writer(1 << 20, u"mcp/max_response_bytes"_s);
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonValue id = messages.at(i).toObject().value(u"id"_s);
        const QByteArray &text = scan.ids.at(i);
        if (text.isEmpty() != id.isUndefined())
            __builtin_trap();
        if (!text.isEmpty() && QJsonDocument::fromJson("[" + text + "]").array().at(0) != id)
            __builtin_trap();
        // The answer is JSON whatever the id; a numeric id is in it as sent and reads as the same value (a
        // string id goes through the canonical writer, which writes a lone surrogate as toUtf8() does).
        const ades::mcp::McpMessage message = ades::mcp::McpMessage::parse(messages.at(i), text);
        const QByteArray reply = ades::mcp::McpReplyWriter::serialise(
            QJsonObject {
                { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, message.id }, { u"result"_s, QJsonObject {} } },
            message.rawId);
        const QJsonObject answer = QJsonDocument::fromJson(reply).object();
        if (answer.isEmpty())
            __builtin_trap();
        if (!message.rawId.isEmpty()
            && (answer.value(u"id"_s) != message.id || !reply.contains(message.rawId)))
            __builtin_trap();
        (void)writer.single(writer.entry(200, answer, message.rawId));
    }
    return 0;
}
