#include "CatalogRoutes.h"

#include "catalog/ArgumentDecoder.h"
#include "http/MultipartFormData.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// A document upload (ArgumentDecoder::isBinary): the raw body, or the multipart part whose name maps to
// the body argument ("file"), base64-encoded; other parts and the query are text arguments.
Result<QJsonObject> decodeBinaryBody(const Operation &op, const Exposure &exposure,
    const QString &bodyArgument, const HttpRequestData &request,
    const QList<QPair<QString, QString>> &pathValues)
{
    QString partWireName = bodyArgument;
    for (auto it = exposure.argumentNames.cbegin(); it != exposure.argumentNames.cend(); ++it) {
        if (it.value() == bodyArgument && !it.key().startsWith(u'$'))
            partWireName = it.key();
    }
    QList<QPair<QString, QString>> fields;
    const auto items = request.query.queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items)
        fields.append({ key, value });
    std::optional<QByteArray> document; // shares the body's (or the part's) bytes
    QString uploadedName;
    const QByteArray contentType = request.header("Content-Type");
    if (MultipartFormData::isMultipart(contentType)) {
        const Result<QList<MultipartPart>> parts = MultipartFormData::parse(contentType, request.body);
        if (!parts.ok())
            return parts.error();
        for (const MultipartPart &part : parts.value()) {
            if (exposure.argumentNames.value(part.name, part.name) == bodyArgument) {
                document = part.data;
                uploadedName = part.filename;
            } else {
                fields.append({ part.name, QString::fromUtf8(part.data) });
            }
        }
        if (!document)
            return ServiceError::badRequest(u"missing_file"_s,
                u"The multipart body has no field \"%1\" carrying the document."_s.arg(partWireName),
                partWireName);
    } else {
        if (request.body.isEmpty())
            return ServiceError::badRequest(u"empty_body"_s,
                u"The request body is empty: send the document as the raw body or as multipart field "
                "\"%1\"."_s.arg(partWireName),
                u"body"_s);
        document = request.body;
    }
    // The document first, into an object of its own: adding the small arguments then copies nothing.
    QJsonObject args = ArgumentDecoder::binaryArgument(bodyArgument, *document);
    fields.append(pathValues);
    const QJsonObject fromFields = ArgumentDecoder::fromText(op, exposure, fields);
    for (auto it = fromFields.begin(); it != fromFields.end(); ++it) {
        if (it.key() != bodyArgument)
            args.insert(it.key(), it.value());
    }
    const QString filenameArgument
        = exposure.argumentNames.value(QString::fromLatin1(ArgumentDecoder::FilenameWireName));
    if (!filenameArgument.isEmpty() && !uploadedName.isEmpty() && !args.contains(filenameArgument))
        args.insert(filenameArgument, uploadedName);
    return args;
}

} // namespace

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
        QString bodyArgument
            = exposure.argumentNames.value(QString::fromLatin1(ArgumentDecoder::BodyWireName));
        if (!bodyArgument.isEmpty() && ArgumentDecoder::isBinary(op, bodyArgument)) {
            // A JSON request carries the schema's arguments (the document base64-encoded), as OpenAPI
            // describes every POST; any other body is the document itself.
            if (!request.header("Content-Type").trimmed().toLower().startsWith("application/json"))
                return decodeBinaryBody(op, exposure, bodyArgument, request, match.pathValues);
            bodyArgument.clear();
        }
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
    }
    // The query carries the arguments of a GET, and those a POST names beside its body (`chain` of
    // POST /x402/rpc, SPEC.md §4.1); a body member wins over a query item of the same name.
    QList<QPair<QString, QString>> pairs;
    const auto items = request.query.queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items)
        pairs.append({ key, value });
    const QJsonObject fromQuery = ArgumentDecoder::fromText(op, exposure, pairs);
    for (auto it = fromQuery.begin(); it != fromQuery.end(); ++it) {
        if (!args.contains(it.key()))
            args.insert(it.key(), it.value());
    }
    const QJsonObject fromPath = ArgumentDecoder::fromText(op, exposure, match.pathValues);
    for (auto it = fromPath.begin(); it != fromPath.end(); ++it)
        args.insert(it.key(), it.value());
    return args;
}

} // namespace ades
