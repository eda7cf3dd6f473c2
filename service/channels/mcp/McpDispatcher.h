#pragma once

#include "McpCallNote.h"
#include "McpError.h"
#include "McpLimits.h"
#include "McpReplyWriter.h"
#include "McpToolCatalog.h"

#include <QJsonObject>
#include <QList>
#include <functional>
#include <memory>
#include <optional>

namespace ades::mcp {

struct McpBodyScan;
struct McpHeaders;
struct McpMessage;

// Who the server says it is (initialize serverInfo, modern result._meta serverInfo, server/discover).
struct McpServerInfo
{
    QString name;
    QString title;
    QString version;
    QString instructions;
};

// One POST body in, one HTTP answer out: JSON-RPC shape, era per request, the modern envelope and header
// checks in the TypeScript SDK v2's order (docs/mcp.md, Eras), legacy batches within `limits`, then method ->
// handler, and the reply written within limits.maxResponseBytes with every id as the client sent it. No
// HTTP transport concerns (method, Origin, Content-Type) and no tool execution: tools run through ToolRunner,
// so the protocol is testable without a service. Answers on the thread that called handle().
class McpDispatcher
{
public:
    // The JSON text to send; an empty `body` means 202 Accepted with no body (notifications, posted
    // responses). `calls` says what the request's tool calls ran and were paid, for the call log.
    using Reply
        = std::function<void(int httpStatus, const QByteArray &body, const QList<McpCallNote> &calls)>;
    using ToolDone = std::function<void(QJsonObject toolResult, McpCallNote call)>;
    // `caller` is who asks, as handle() was told: opaque to the protocol, for the tools' per-caller quotas.
    using ToolRunner = std::function<void(const McpToolCatalog::Tool &tool, const QJsonObject &arguments,
        const QJsonObject &meta, const QString &caller, ToolDone done)>;

    static constexpr int ListTtlMs = 3'600'000; // the tool list changes only with a new server version

    McpDispatcher(const McpToolCatalog &tools, ToolRunner runner, McpServerInfo info,
        McpLimits limits = McpLimits::defaults());

    // `caller`: the client as the free quotas count it (ClientAddress::quotaKey), handed to the ToolRunner.
    void handle(
        const McpHeaders &headers, const QByteArray &body, Reply reply, const QString &caller = {}) const;

    static const QStringList &legacyVersions();

private:
    // Answers one message (an empty response: no answer) and keeps the note of its tool call for the
    // request's Reply; a batch's messages share one list of notes. Knows the request's caller for the tools.
    class Respond
    {
    public:
        using Send = std::function<void(int httpStatus, const QJsonObject &response)>;
        Respond(Send send, std::shared_ptr<QList<McpCallNote>> notes, QString caller)
            : m_send(std::move(send))
            , m_notes(std::move(notes))
            , m_caller(std::move(caller))
        { }
        void operator()(int httpStatus, const QJsonObject &response) const { m_send(httpStatus, response); }
        void note(McpCallNote call) const { m_notes->append(std::move(call)); }
        const QString &caller() const { return m_caller; }

    private:
        Send m_send;
        std::shared_ptr<QList<McpCallNote>> m_notes;
        QString m_caller;
    };
    void handleBatch(const McpHeaders &headers, Era era, const McpBodyScan &scan, const QJsonArray &batch,
        Reply reply, const QString &caller) const;
    static void refuse(const Reply &reply, const McpError &error); // the error with id null
    void dispatchLegacy(const McpMessage &message, Respond respond) const;
    void dispatchModern(const McpHeaders &headers, const McpMessage &message, Respond respond) const;
    void listTools(const McpMessage &message, Era era, Respond respond) const;
    void callTool(const McpMessage &message, Era era, Respond respond) const;
    std::optional<McpError> checkModern(const McpHeaders &headers, const McpMessage &message) const;
    QJsonObject modernResult(QJsonObject result) const;
    QJsonObject initializeResult(const QJsonObject &params) const;
    QJsonObject discoverResult() const;

    const McpToolCatalog &m_tools;
    ToolRunner m_runner;
    McpServerInfo m_info;
    McpLimits m_limits;
    McpReplyWriter m_writer;
};

} // namespace ades::mcp
