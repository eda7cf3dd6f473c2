#include "OpenApiDocument.h"

#include "catalog/ArgumentDecoder.h"
#include "host/ServiceContext.h"
#include "http/RouteTemplate.h"

#include <QCoreApplication>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QJsonObject errorResponse(const QString &description)
{
    return QJsonObject { { u"description"_s, description },
        { u"content"_s,
            QJsonObject { { u"application/json"_s,
                QJsonObject {
                    { u"schema"_s, QJsonObject { { u"$ref"_s, u"#/components/schemas/Error"_s } } } } } } } };
}

QJsonObject errorSchema()
{
    const QJsonObject nullableString { { u"type"_s, QJsonArray { u"string"_s, u"null"_s } } };
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"description"_s, u"SPEC.md §7 error members; never charged."_s },
        { u"properties"_s,
            QJsonObject {
                { u"error"_s,
                    QJsonObject { { u"type"_s, u"object"_s },
                        { u"properties"_s,
                            QJsonObject { { u"message"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                                { u"type"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                                { u"param"_s, nullableString }, { u"code"_s, nullableString } } },
                        { u"required"_s, QJsonArray { u"message"_s } } } },
                { u"error_code"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"message"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"charged"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                { u"settled"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                { u"retryable"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                { u"status_code"_s, QJsonObject { { u"type"_s, u"integer"_s } } },
                { u"missing"_s,
                    QJsonObject { { u"type"_s, u"array"_s },
                        { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
            } },
        { u"required"_s, QJsonArray { u"error"_s, u"error_code"_s, u"message"_s } },
    };
}

// The media types of a request body. A JSON object of the arguments always works; an operation whose
// document argument is filled from the raw body (ArgumentDecoder) also takes the file itself, and as the
// part of a multipart form under the wire names that map to it.
QJsonObject requestContent(const Operation &op, const Exposure &exposure)
{
    QJsonObject content { { u"application/json"_s, QJsonObject { { u"schema"_s, op.inputSchema } } } };
    const QString document = exposure.argumentNames.value(u"$body"_s);
    if (document.isEmpty() || !ArgumentDecoder::isBinary(op, document))
        return content;
    for (const QString &type :
        { u"application/xml"_s, u"application/pdf"_s, u"application/octet-stream"_s }) {
        content.insert(type,
            QJsonObject { { u"schema"_s,
                QJsonObject { { u"type"_s, u"string"_s }, { u"contentMediaType"_s, type } } } });
    }
    QJsonObject parts;
    for (auto it = exposure.argumentNames.cbegin(); it != exposure.argumentNames.cend(); ++it) {
        if (it.value() == document && !it.key().startsWith(u'$'))
            parts.insert(it.key(),
                QJsonObject {
                    { u"type"_s, u"string"_s }, { u"contentMediaType"_s, u"application/octet-stream"_s } });
    }
    if (!parts.isEmpty())
        content.insert(u"multipart/form-data"_s,
            QJsonObject { { u"schema"_s,
                QJsonObject {
                    { u"type"_s, u"object"_s }, { u"properties"_s, parts }, { u"minProperties"_s, 1 } } } });
    return content;
}

QJsonObject operationObject(const Catalog::Binding &binding)
{
    const Operation &op = *binding.operation;
    const Exposure &exposure = *binding.exposure;
    const RouteTemplate route(exposure.route);
    const QStringList inPath = route.placeholders();
    const QJsonObject properties = op.inputSchema.value(u"properties"_s).toObject();
    const QJsonArray required = op.inputSchema.value(u"required"_s).toArray();

    QJsonObject operation {
        { u"operationId"_s, QString(op.id + u'.' + channelName(exposure.channel)) },
        { u"summary"_s, op.title },
        { u"description"_s, op.summary },
        { u"tags"_s, QJsonArray { op.area } },
        { u"x-price-usdc"_s, exposure.price.toDecimalString() },
        { u"x-output-contract"_s, op.outputContract },
    };
    if (exposure.method == u"GET"_s) {
        QJsonArray parameters;
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const QString wire = ArgumentDecoder::wireName(exposure, it.key());
            const bool isPath = inPath.contains(wire);
            parameters.append(QJsonObject {
                { u"name"_s, wire },
                { u"in"_s, isPath ? u"path"_s : u"query"_s },
                { u"required"_s, isPath || required.contains(it.key()) },
                { u"schema"_s, it.value() },
            });
        }
        operation.insert(u"parameters"_s, parameters);
    } else {
        operation.insert(u"requestBody"_s,
            QJsonObject { { u"required"_s, true }, { u"content"_s, requestContent(op, exposure) } });
    }
    QJsonObject responses {
        { u"200"_s,
            QJsonObject { { u"description"_s, u"Delivered result with its signed receipt."_s },
                { u"content"_s,
                    QJsonObject {
                        { u"application/json"_s, QJsonObject { { u"schema"_s, op.outputSchema } } } } } } },
        { u"400"_s, errorResponse(u"Unusable input."_s) },
        { u"422"_s, errorResponse(u"Schema validation failed; `error.param` names the field."_s) },
        { u"503"_s, errorResponse(u"A source is unavailable; `missing` names it. Retry later."_s) },
    };
    if (exposure.channel == Channel::Key) {
        responses.insert(u"401"_s, errorResponse(u"Missing or invalid X-API-Key."_s));
        responses.insert(u"402"_s, errorResponse(u"Free tier used up."_s));
        operation.insert(u"security"_s, QJsonArray { QJsonObject { { u"apiKey"_s, QJsonArray {} } } });
    } else if (exposure.channel == Channel::X402) {
        responses.insert(u"402"_s,
            QJsonObject { { u"description"_s,
                u"x402 v2 payment required: see the "
                "PAYMENT-REQUIRED header."_s } });
    }
    operation.insert(u"responses"_s, responses);
    return operation;
}

} // namespace

QJsonObject buildOpenApiDocument(const ServiceContext &context)
{
    QJsonObject paths;
    for (Channel channel : { Channel::X402, Channel::Key, Channel::Free }) {
        const auto bindings = context.catalog().bindings(channel);
        for (const Catalog::Binding &b : bindings) {
            QJsonObject item = paths.value(b.exposure->route).toObject();
            item.insert(b.exposure->method.toLower(), operationObject(b));
            paths.insert(b.exposure->route, item);
        }
    }
    return QJsonObject {
        { u"openapi"_s, u"3.1.0"_s },
        { u"info"_s,
            QJsonObject { { u"title"_s, u"ADES — Agent Decision and Evidence Service"_s },
                { u"version"_s, QCoreApplication::applicationVersion() },
                { u"description"_s,
                    u"Bounded decisions with evidence for autonomous agents. Paid "
                    "results carry a service-receipt/2 receipt; verify at /verify."_s } } },
        { u"servers"_s, QJsonArray { QJsonObject { { u"url"_s, context.publicUrl() } } } },
        { u"paths"_s, paths },
        { u"components"_s,
            QJsonObject { { u"schemas"_s, QJsonObject { { u"Error"_s, errorSchema() } } },
                { u"securitySchemes"_s,
                    QJsonObject { { u"apiKey"_s,
                        QJsonObject { { u"type"_s, u"apiKey"_s }, { u"in"_s, u"header"_s },
                            { u"name"_s, u"X-API-Key"_s } } } } } } },
    };
}

} // namespace ades
