#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades {

// A fixed HTTP path that a channel serves outside the catalog (/v1/health, the MCP endpoint, the discovery
// documents), described by the channel that serves it. The discovery documents list these beside the
// catalog's routes, so no channel's paths are written down a second time.
struct DocumentedRoute
{
    struct Response
    {
        int status = 200;
        QString description;
        QString mediaType = QStringLiteral("application/json"); // empty: no body
        QJsonObject schema; // JSON Schema of the body; empty: any
        // The body holds the docs/interface.md §7 error members (ServiceError::toJson); `schema` is
        // then ignored.
        bool isServiceError = false;
    };

    QString method; // "GET" (HEAD is implied), "POST"
    QString path; // "/v1/health"
    QString summary;
    QString description;
    QString tag; // the group the route is listed under: "key", "mcp", "discovery"
    QString requestMediaType; // empty: no body
    QJsonObject requestSchema;
    QList<Response> responses;
    bool needsApiKey = false; // X-API-Key header

    static Response error(int status, const QString &description)
    {
        return Response { status, description, QStringLiteral("application/json"), {}, true };
    }
};

} // namespace ades
