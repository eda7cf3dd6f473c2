#include "CatalogRoutes.h"

#include "catalog/ArgumentDecoder.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

CatalogRoutes::CatalogRoutes(const Catalog &catalog, Channel channel)
{
    const auto bindings = catalog.bindings(channel);
    for (const Catalog::Binding &b : bindings)
        m_routes.append(Route { RouteTemplate(b.exposure->route), b });
}

QStringList CatalogRoutes::allowedMethods(const QString &path) const
{
    QStringList methods;
    for (const Route &r : m_routes) {
        if (r.path.match(path)) {
            methods.append(r.binding.exposure->method);
            if (r.binding.exposure->method == u"GET"_s)
                methods.append(u"HEAD"_s);
        }
    }
    return methods;
}

std::optional<CatalogRoutes::Match> CatalogRoutes::find(const QString &method, const QString &path) const
{
    const QString effective = method == u"HEAD"_s ? u"GET"_s : method;
    for (const Route &r : m_routes) {
        if (r.binding.exposure->method != effective)
            continue;
        if (auto values = r.path.match(path))
            return Match { r.binding, *values };
    }
    return std::nullopt;
}

Result<QJsonObject> CatalogRoutes::decodeArguments(const Match &match, const HttpRequestData &request)
{
    const Operation &op = *match.binding.operation;
    const Exposure &exposure = *match.binding.exposure;
    QJsonObject args;
    if (request.method == "POST") {
        const QString bodyArgument
            = exposure.argumentNames.value(QString::fromLatin1(ArgumentDecoder::BodyWireName));
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
        if (!bodyArgument.isEmpty()) {
            if (doc.isNull())
                return ServiceError::badRequest(u"invalid_json"_s,
                    u"The request body is not JSON: %1."_s.arg(parseError.errorString()), u"body"_s);
            args.insert(bodyArgument, doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()));
        } else {
            if (!doc.isObject())
                return ServiceError::badRequest(u"invalid_json"_s,
                    doc.isNull() ? u"The request body is not JSON: %1."_s.arg(parseError.errorString())
                                 : u"The request body must be a JSON object."_s,
                    u"body"_s);
            args = ArgumentDecoder::fromJson(exposure, doc.object());
        }
    } else {
        QList<QPair<QString, QString>> pairs;
        const auto items = request.query.queryItems(QUrl::FullyDecoded);
        for (const auto &[key, value] : items)
            pairs.append({ key, value });
        const QJsonObject fromQuery = ArgumentDecoder::fromText(op, exposure, pairs);
        for (auto it = fromQuery.begin(); it != fromQuery.end(); ++it)
            args.insert(it.key(), it.value());
    }
    const QJsonObject fromPath = ArgumentDecoder::fromText(op, exposure, match.pathValues);
    for (auto it = fromPath.begin(); it != fromPath.end(); ++it)
        args.insert(it.key(), it.value());
    return args;
}

} // namespace ades
