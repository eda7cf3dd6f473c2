#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace ades::mcp {

// One JSON-RPC 2.0 message of a POST body, classified. Ids stay opaque JSON scalars and are echoed with
// their type (JSON-RPC 2.0; the TypeScript SDK v2 sends string ids, v1 starts at 0); a numeric id is echoed
// as the text the client wrote (`rawId`), because a double cannot hold every integer (docs/mcp.md, Ids).
struct McpMessage
{
    enum class Kind
    {
        Request,
        Notification,
        Response, // a client's answer to a server request: needs no answer (202)
        Invalid, // not JSON-RPC 2.0: `invalidReason` says why, `id` holds what could be read
    };

    Kind kind = Kind::Invalid;
    QJsonValue id; // Null for notifications and unreadable ids
    QByteArray rawId; // a numeric id's text as sent (McpBodyScan), written instead of `id`; else empty
    QString method;
    QJsonObject params;
    QJsonObject meta; // params._meta
    QString invalidReason;

    // `idText` is the id member's text from McpBodyScan, when known; without it a numeric id is judged and
    // echoed from its double.
    static McpMessage parse(const QJsonValue &value, const QByteArray &idText = {});
};

} // namespace ades::mcp
