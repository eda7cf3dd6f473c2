#pragma once

#include "catalog/Catalog.h"
#include "host/NotInAreas.h"
#include "http/HttpExchange.h"
#include "http/RouteTemplate.h"

namespace ades {

// The HTTP paths one channel exposes, taken from the catalog, and the decoding of a request into the
// operation's arguments (path placeholders + query for GET, JSON body + path placeholders for POST).
class CatalogRoutes
{
public:
    CatalogRoutes(const Catalog &catalog, Channel channel);

    struct Match
    {
        Catalog::Binding binding;
        QList<QPair<QString, QString>> pathValues;
    };

    QStringList allowedMethods(const QString &path) const;
    std::optional<Match> find(const QString &method, const QString &path) const;
    // 400 for a body that is not a JSON object; renames wire names to schema names.
    static Result<QJsonObject> decodeArguments(const Match &match, const HttpRequestData &request);

private:
    struct Route
    {
        RouteTemplate path;
        Catalog::Binding binding;
    };
    QList<Route> m_routes;
};

} // namespace ades
