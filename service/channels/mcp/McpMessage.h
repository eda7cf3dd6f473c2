#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace ades::mcp {

// One JSON-RPC 2.0 message of a POST body, classified. Ids stay opaque JSON scalars and are echoed with
// their type (JSON-RPC 2.0; the TypeScript SDK v2 sends string ids, v1 starts at 0).
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
    QString method;
    QJsonObject params;
    QJsonObject meta; // params._meta
    QString invalidReason;

    static McpMessage parse(const QJsonValue &value);
};

} // namespace ades::mcp
