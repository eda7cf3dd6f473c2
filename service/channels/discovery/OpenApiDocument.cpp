#include "OpenApiDocument.h"

#include "DiscoveryInputs.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Catalog.h"
#include "http/RouteTemplate.h"
#include "receipts/ReceiptFormat.h"

#include <QJsonArray>
#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QString ComponentsPrefix = u"#/components/schemas/"_s;
const QString ErrorComponent = u"Error"_s;
const QString PaymentRequiredComponent = u"PaymentRequired"_s;
const QString ReceiptComponent = u"Receipt"_s;

QJsonObject refTo(const QString &component)
{
    return QJsonObject { { u"$ref"_s, QString(ComponentsPrefix + component) } };
}

QString inputComponent(const Operation &operation)
{
    return operation.id + u".input"_s;
}

QString resultComponent(const Operation &operation)
{
    return operation.id + u".result"_s;
}

// References of a schema that was its own document, once it sits inside this one: "#/$defs/x" points at
// the component its definition became, "#..." at the component the schema itself became (if it did).
QJsonValue rewriteReferences(const QJsonValue &value, const QString &definitionsPrefix, const QString &root)
{
    if (value.isArray()) {
        QJsonArray items;
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array)
            items.append(rewriteReferences(item, definitionsPrefix, root));
        return items;
    }
    if (!value.isObject())
        return value;
    QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == u"$ref"_s && it.value().isString()) {
            const QString target = it.value().toString();
            if (target.startsWith(u"#/$defs/"_s)) {
                const QString rest = target.mid(8);
                const qsizetype slash = rest.indexOf(u'/');
                const QString name = slash < 0 ? rest : rest.left(slash);
                const QString tail = slash < 0 ? QString() : rest.mid(slash);
                it.value() = QString(ComponentsPrefix + definitionsPrefix + u'.' + name + tail);
            } else if (!root.isEmpty() && (target == u"#"_s || target.startsWith(u"#/"_s))) {
                it.value() = QString(ComponentsPrefix + root + target.mid(1));
            }
        } else if (it.value().isObject() || it.value().isArray()) {
            it.value() = rewriteReferences(it.value(), definitionsPrefix, root);
        }
    }
    return object;
}

// A schema written as a document of its own (ops/<area>/schemas/, a channel's schemas/) placed inside this
// one: its dialect and id go (the document states the dialect once; a nested $id would move the base of
// every reference under it), its $defs become components "<prefix>.<name>". `root` names the component the
// schema itself becomes, if it becomes one.
QJsonObject embed(
    QJsonObject schema, const QString &prefix, QJsonObject &components, const QString &root = {})
{
    schema.remove(u"$schema"_s);
    schema.remove(u"$id"_s);
    const QJsonObject definitions = schema.take(u"$defs"_s).toObject();
    for (auto it = definitions.begin(); it != definitions.end(); ++it)
        components.insert(prefix + u'.' + it.key(), rewriteReferences(it.value(), prefix, root));
    return rewriteReferences(schema, prefix, root).toObject();
}

// The input schema as callers of this exposure send it: the exposure's limits applied and every argument
// under its wire name (ArgumentDecoder::wireName). A document argument filled from the raw body keeps its
// schema name: in a JSON body it travels base64-encoded under that name, its alias names the multipart
// part.
QJsonObject presentedSchema(const Operation &operation, const Exposure &exposure)
{
    QJsonObject schema = exposure.inputSchema(operation);
    const QString bodyArgument
        = exposure.argumentNames.value(QString::fromLatin1(ArgumentDecoder::BodyWireName));
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    const QJsonArray required = schema.value(u"required"_s).toArray();
    QJsonObject renamed;
    QJsonArray renamedRequired;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QString wire
            = it.key() == bodyArgument ? it.key() : ArgumentDecoder::wireName(exposure, it.key());
        renamed.insert(wire, it.value());
        if (required.contains(it.key()))
            renamedRequired.append(wire);
    }
    if (schema.contains(u"properties"_s))
        schema.insert(u"properties"_s, renamed);
    if (!renamedRequired.isEmpty())
        schema.insert(u"required"_s, renamedRequired);
    return schema;
}

QJsonObject withoutProperties(QJsonObject schema, const QStringList &names)
{
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    QJsonArray required = schema.value(u"required"_s).toArray();
    for (const QString &name : names) {
        properties.remove(name);
        for (qsizetype i = required.size() - 1; i >= 0; --i) {
            if (required.at(i).toString() == name)
                required.removeAt(i);
        }
    }
    if (schema.contains(u"properties"_s))
        schema.insert(u"properties"_s, properties);
    if (required.isEmpty())
        schema.remove(u"required"_s);
    else
        schema.insert(u"required"_s, required);
    return schema;
}

bool isStructured(const QJsonObject &propertySchema)
{
    const QJsonValue type = propertySchema.value(u"type"_s);
    const QJsonArray types = type.isArray() ? type.toArray() : QJsonArray { type };
    return types.contains(u"object"_s) || types.contains(u"array"_s);
}

// A query or path parameter. Objects and arrays travel as JSON text (ArgumentDecoder converts them), which
// OpenAPI says with `content` instead of `schema`.
QJsonObject parameter(const QString &name, const QString &in, bool required, const QJsonObject &schema,
    const QString &note = {})
{
    QJsonObject parameter { { u"name"_s, name }, { u"in"_s, in }, { u"required"_s, required } };
    QString description = schema.value(u"description"_s).toString();
    if (!note.isEmpty())
        description = description.isEmpty() ? note : QString(description + u' ' + note);
    if (!description.isEmpty())
        parameter.insert(u"description"_s, description);
    if (isStructured(schema) && in == u"query"_s)
        parameter.insert(
            u"content"_s, QJsonObject { { u"application/json"_s, QJsonObject { { u"schema"_s, schema } } } });
    else
        parameter.insert(u"schema"_s, schema.isEmpty() ? QJsonObject { { u"type"_s, u"string"_s } } : schema);
    return parameter;
}

QJsonObject errorResponse(const QString &description, const QJsonObject &headers = {})
{
    QJsonObject response { { u"description"_s, description },
        { u"content"_s,
            QJsonObject {
                { u"application/json"_s, QJsonObject { { u"schema"_s, refTo(ErrorComponent) } } } } } };
    if (!headers.isEmpty())
        response.insert(u"headers"_s, headers);
    return response;
}

QJsonObject header(const QString &description, const QJsonObject &schema = { { u"type"_s, u"string"_s } })
{
    return QJsonObject { { u"description"_s, description }, { u"schema"_s, schema } };
}

QJsonObject base64Header(const QString &description)
{
    return header(
        description, QJsonObject { { u"type"_s, u"string"_s }, { u"contentEncoding"_s, u"base64"_s } });
}

// The request body of a POST exposure, as CatalogRoutes::decodeArguments reads it. Arguments a raw document
// body leaves no room for come from the query; they are added to `parameters`.
QJsonObject requestBody(const Operation &operation, const Exposure &exposure, const QJsonObject &presented,
    const QStringList &inPath, QJsonArray &parameters)
{
    const QString bodyArgument
        = exposure.argumentNames.value(QString::fromLatin1(ArgumentDecoder::BodyWireName));
    const QJsonObject properties = presented.value(u"properties"_s).toObject();
    if (!bodyArgument.isEmpty() && !ArgumentDecoder::isBinary(operation, bodyArgument)) {
        // The whole JSON body is this one argument.
        return QJsonObject { { u"required"_s, true },
            { u"content"_s,
                QJsonObject { { u"application/json"_s,
                    QJsonObject { { u"schema"_s, properties.value(bodyArgument).toObject() } } } } } };
    }
    const QJsonObject jsonSchema = withoutProperties(presented, inPath);
    QJsonObject content { { u"application/json"_s, QJsonObject { { u"schema"_s, jsonSchema } } } };
    if (bodyArgument.isEmpty())
        return QJsonObject { { u"required"_s, true }, { u"content"_s, content } };

    // A document: the file itself as the body, or one part of a multipart form; its other arguments are
    // then query parameters or further form fields.
    for (const QString &type :
        { u"application/xml"_s, u"application/pdf"_s, u"application/octet-stream"_s }) {
        content.insert(type,
            QJsonObject { { u"schema"_s,
                QJsonObject { { u"type"_s, u"string"_s }, { u"contentMediaType"_s, type } } } });
    }
    const QString partName = ArgumentDecoder::wireName(exposure, bodyArgument);
    QJsonObject parts { { partName,
        QJsonObject { { u"type"_s, u"string"_s }, { u"contentMediaType"_s, u"application/octet-stream"_s },
            { u"description"_s, u"The document file itself (raw bytes)."_s } } } };
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (it.key() == bodyArgument || inPath.contains(it.key()))
            continue;
        parts.insert(it.key(), it.value());
        parameters.append(parameter(it.key(), u"query"_s, false, it.value().toObject(),
            u"(With a raw or multipart document body; a JSON body carries it as a member.)"_s));
    }
    content.insert(u"multipart/form-data"_s,
        QJsonObject { { u"schema"_s,
            QJsonObject { { u"type"_s, u"object"_s }, { u"properties"_s, parts },
                { u"required"_s, QJsonArray { partName } } } } });
    return QJsonObject { { u"required"_s, true }, { u"content"_s, content } };
}

QString channelSentence(const Exposure &exposure)
{
    switch (exposure.channel) {
    case Channel::X402:
        return u"Price: %1 per delivered result, paid with x402 v2 (send the payment in PAYMENT-SIGNATURE "
               "after the 402 challenge). Failed calls are never charged."_s.arg(
                   DiscoveryInputs::priceText(exposure.price));
    case Channel::Key:
        if (!exposure.requiredPlan.isEmpty())
            return u"Needs an API key on the %1 plan in X-API-Key (other keys: 402 `plan_required`); each "
                   "delivered result counts against the key's plan."_s.arg(exposure.requiredPlan);
        return u"Needs an API key in X-API-Key; each delivered result counts against the key's plan."_s;
    case Channel::Free:
        return u"No key and no payment: a daily quota per address."_s;
    case Channel::Mcp:
    case Channel::Cli:
    case Channel::Console:
        break;
    }
    return QString();
}

QJsonObject catalogOperation(
    const Catalog::Binding &binding, const QString &operationId, QJsonObject &schemas)
{
    const Operation &op = *binding.operation;
    const Exposure &exposure = *binding.exposure;
    const QStringList inPath = RouteTemplate(exposure.route).placeholders();
    const QJsonObject presented = embed(presentedSchema(op, exposure), inputComponent(op), schemas);
    const QJsonObject properties = presented.value(u"properties"_s).toObject();
    const QJsonArray required = presented.value(u"required"_s).toArray();

    QJsonObject operation {
        { u"operationId"_s, operationId },
        { u"summary"_s, op.title },
        { u"description"_s, QString(op.summary + u"\n\n"_s + channelSentence(exposure)) },
        { u"tags"_s, QJsonArray { op.area } },
        { u"x-operation"_s, op.id },
        { u"x-channel"_s, channelName(exposure.channel) },
        { u"x-price"_s, DiscoveryInputs::priceJson(exposure.price) },
        { u"x-price-usdc"_s, exposure.price.toDecimalString() },
        { u"x-output-contract"_s, op.outputContract },
    };
    QJsonArray parameters;
    for (const QString &name : inPath)
        parameters.append(parameter(name, u"path"_s, true, properties.value(name).toObject()));
    if (exposure.method == u"GET"_s) {
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            if (!inPath.contains(it.key()))
                parameters.append(
                    parameter(it.key(), u"query"_s, required.contains(it.key()), it.value().toObject()));
        }
    } else {
        operation.insert(u"requestBody"_s, requestBody(op, exposure, presented, inPath, parameters));
    }
    if (!parameters.isEmpty())
        operation.insert(u"parameters"_s, parameters);

    QJsonObject delivered {
        { u"description"_s,
            u"The result; paid and key results carry their signed receipt in `receipt` and "
            "`extensions.delivery-receipt`."_s },
        { u"content"_s,
            QJsonObject {
                { u"application/json"_s, QJsonObject { { u"schema"_s, refTo(resultComponent(op)) } } } } }
    };
    QJsonObject responses {
        { u"400"_s, errorResponse(u"Unusable input (not JSON, no document). Never charged."_s) },
        { u"422"_s,
            errorResponse(u"The arguments do not match the input schema; `error.param` names the field as "
                          "sent. Never charged."_s) },
        { u"503"_s,
            errorResponse(
                u"A source the answer needs is unavailable (`missing` names it); retry later. Never "
                "charged."_s) },
    };
    switch (exposure.channel) {
    case Channel::X402:
        delivered.insert(u"headers"_s,
            QJsonObject { { u"PAYMENT-RESPONSE"_s,
                base64Header(u"x402 SettlementResponse of the settled payment (base64 JSON)."_s) } });
        responses.insert(u"402"_s,
            QJsonObject {
                { u"description"_s,
                    u"Payment required: PAYMENT-REQUIRED holds the x402 v2 PaymentRequired (base64 JSON; the "
                    "body repeats it). A refused payment is a new challenge whose `error` is the reason. A "
                    "failed settlement has PAYMENT-RESPONSE (success false) instead, an empty body and no "
                    "result."_s },
                { u"headers"_s,
                    QJsonObject {
                        { u"PAYMENT-REQUIRED"_s, base64Header(u"x402 v2 PaymentRequired (base64 JSON)."_s) },
                        { u"PAYMENT-RESPONSE"_s,
                            base64Header(
                                u"x402 SettlementResponse of a failed settlement (base64 JSON)."_s) } } },
                { u"content"_s,
                    QJsonObject { { u"application/json"_s,
                        QJsonObject { { u"schema"_s,
                            QJsonObject { { u"anyOf"_s,
                                QJsonArray { refTo(PaymentRequiredComponent),
                                    QJsonObject { { u"type"_s, u"object"_s },
                                        { u"maxProperties"_s, 0 } } } } } } } } } },
            });
        responses.insert(u"503"_s,
            errorResponse(u"A source the answer needs is unavailable (`missing` names it), or no payment can "
                          "be offered (`payments_not_configured`, `payment_networks_unavailable`), or the "
                          "facilitator is unreachable. Never charged."_s));
        operation.insert(u"security"_s, QJsonArray { QJsonObject { { u"x402"_s, QJsonArray {} } } });
        break;
    case Channel::Key:
        delivered.insert(u"headers"_s,
            QJsonObject { { u"X-Quota-Used"_s,
                              header(u"Delivered calls of this key."_s, { { u"type"_s, u"integer"_s } }) },
                { u"X-Quota-Limit"_s,
                    header(u"Calls the key's plan allows; absent without a limit."_s,
                        { { u"type"_s, u"integer"_s } }) } });
        responses.insert(u"401"_s,
            errorResponse(u"Missing or invalid X-API-Key (`missing_api_key`, `invalid_api_key`)."_s,
                QJsonObject { { u"WWW-Authenticate"_s, header(u"ApiKey header=\"X-API-Key\""_s) } }));
        responses.insert(u"402"_s,
            errorResponse(exposure.requiredPlan.isEmpty()
                    ? u"The key's free tier is used up (`free_tier_exhausted`). Not charged."_s
                    : u"The key is not on the %1 plan (`plan_required`), or its calls are used up "
                      "(`free_tier_exhausted`). Not charged."_s.arg(exposure.requiredPlan)));
        if (exposure.acceptsGatewaySecret) {
            // The operator's gateway calls on behalf of its own users: either credential is enough.
            responses.insert(u"401"_s,
                errorResponse(u"Missing or invalid X-API-Key (`missing_api_key`, `invalid_api_key`), or a "
                              "wrong gateway secret (`invalid_gateway_secret`, `gateway_revoked`)."_s,
                    QJsonObject { { u"WWW-Authenticate"_s, header(u"ApiKey header=\"X-API-Key\""_s) } }));
            operation.insert(u"security"_s,
                QJsonArray { QJsonObject { { u"apiKey"_s, QJsonArray {} } },
                    QJsonObject { { u"gatewaySecret"_s, QJsonArray {} } } });
        } else {
            operation.insert(u"security"_s, QJsonArray { QJsonObject { { u"apiKey"_s, QJsonArray {} } } });
        }
        break;
    case Channel::Free: {
        const QJsonObject quotaHeaders {
            { u"X-Free-Quota-Limit"_s,
                header(u"Calls of this kind the address may make per UTC day."_s,
                    { { u"type"_s, u"integer"_s } }) },
            { u"X-Free-Quota-Remaining"_s,
                header(
                    u"Calls of this kind left today for the address."_s, { { u"type"_s, u"integer"_s } }) },
        };
        delivered.insert(u"headers"_s, quotaHeaders);
        QJsonObject exhaustedHeaders = quotaHeaders;
        exhaustedHeaders.insert(u"Retry-After"_s,
            header(u"Seconds until the counters reset at 00:00 UTC."_s, { { u"type"_s, u"integer"_s } }));
        responses.insert(u"429"_s,
            errorResponse(
                u"The daily quota of this address is used up (`free_quota_exhausted`); it resets at "
                "00:00 UTC. Never charged."_s,
                exhaustedHeaders));
        break;
    }
    case Channel::Mcp:
    case Channel::Cli:
    case Channel::Console:
        break;
    }
    responses.insert(u"200"_s, delivered);
    operation.insert(u"responses"_s, responses);
    return operation;
}

// "/.well-known/agent-card.json" -> "well-known.agent-card.json"
QString pathName(const QString &path)
{
    QStringList parts;
    const QStringList segments = path.split(u'/', Qt::SkipEmptyParts);
    for (QString segment : segments) {
        while (segment.startsWith(u'.'))
            segment.remove(0, 1);
        segment.replace(u'{', QString()).replace(u'}', QString());
        if (!segment.isEmpty())
            parts.append(segment);
    }
    return parts.isEmpty() ? u"root"_s : parts.join(u'.');
}

QJsonObject routeOperation(const DocumentedRoute &route, QJsonObject &schemas)
{
    const QString id = route.tag + u'.' + pathName(route.path) + u'.' + route.method.toLower();
    QJsonObject operation {
        { u"operationId"_s, id },
        { u"summary"_s, route.summary },
        { u"tags"_s, QJsonArray { route.tag } },
    };
    if (!route.description.isEmpty())
        operation.insert(u"description"_s, route.description);
    if (!route.requestMediaType.isEmpty()) {
        QJsonObject media;
        if (!route.requestSchema.isEmpty())
            media.insert(u"schema"_s, embed(route.requestSchema, id + u".request"_s, schemas));
        operation.insert(u"requestBody"_s,
            QJsonObject { { u"required"_s, true },
                { u"content"_s, QJsonObject { { route.requestMediaType, media } } } });
    }
    QJsonObject responses;
    for (const DocumentedRoute::Response &answer : route.responses) {
        const QString status = QString::number(answer.status);
        if (answer.isServiceError) {
            responses.insert(status, errorResponse(answer.description));
            continue;
        }
        QJsonObject response { { u"description"_s, answer.description } };
        if (!answer.mediaType.isEmpty()) {
            QJsonObject media;
            if (!answer.schema.isEmpty())
                media.insert(u"schema"_s, embed(answer.schema, id + u".response"_s + status, schemas));
            response.insert(u"content"_s, QJsonObject { { answer.mediaType, media } });
        }
        responses.insert(status, response);
    }
    operation.insert(u"responses"_s, responses);
    if (route.needsApiKey)
        operation.insert(u"security"_s, QJsonArray { QJsonObject { { u"apiKey"_s, QJsonArray {} } } });
    return operation;
}

// The result as delivered: the operation's result schema plus the receipt members Delivery adds.
QJsonObject resultSchema(const Operation &operation, QJsonObject &schemas)
{
    QJsonObject schema
        = embed(operation.outputSchema, resultComponent(operation), schemas, resultComponent(operation));
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    properties.insert(QString(ReceiptFormat::ReceiptMember), refTo(ReceiptComponent));
    properties.insert(QString(ReceiptFormat::ExtensionsMember),
        QJsonObject { { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { QString(ReceiptFormat::DeliveryReceiptMember), refTo(ReceiptComponent) } } } });
    schema.insert(u"properties"_s, properties);
    return schema;
}

QJsonObject receiptSchema()
{
    QJsonObject properties;
    QJsonArray required;
    for (const QLatin1StringView field : ReceiptFormat::V2Fields) {
        properties.insert(QString(field), QJsonObject { { u"type"_s, u"string"_s } });
        required.append(QString(field));
    }
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"description"_s,
            u"Signed receipt (%1): EIP-191 signature of the issuer over the canonical envelope. POST the "
            "whole result to /verify to check it."_s.arg(QString(ReceiptFormat::StandardV2)) },
        { u"properties"_s, properties },
        { u"required"_s, required },
    };
}

} // namespace

OpenApiDocument::OpenApiDocument(const DiscoveryInputs &inputs)
{
    QJsonObject schemas;
    schemas.insert(ErrorComponent,
        embed(Catalog::loadSchema(u":/schemas/channels/discovery/error.json"_s), ErrorComponent, schemas,
            ErrorComponent));
    schemas.insert(ReceiptComponent, receiptSchema());
    schemas.insert(PaymentRequiredComponent,
        embed(Catalog::loadSchema(u":/schemas/channels/discovery/payment-required.json"_s),
            PaymentRequiredComponent, schemas, PaymentRequiredComponent));

    const QList<const Operation *> operations = inputs.catalog.operations();
    for (const Operation *op : operations) {
        schemas.insert(
            inputComponent(*op), embed(op->inputSchema, inputComponent(*op), schemas, inputComponent(*op)));
        schemas.insert(resultComponent(*op), resultSchema(*op, schemas));
    }

    QJsonObject paths;
    QSet<QString> tags;
    const auto add = [&paths](const QString &path, const QString &method, const QJsonObject &operation) {
        QJsonObject item = paths.value(path).toObject();
        if (item.contains(method.toLower()))
            qWarning("openapi: %s %s is described twice; the first description stays", qPrintable(method),
                qPrintable(path));
        else
            item.insert(method.toLower(), operation);
        paths.insert(path, item);
    };
    for (Channel channel : { Channel::X402, Channel::Key, Channel::Free }) {
        const QList<Catalog::Binding> bindings = inputs.catalog.bindings(channel);
        for (const Catalog::Binding &binding : bindings) {
            // An operation offered twice on one channel (GET and POST) needs the method to keep ids unique.
            const auto sameChannel = std::count_if(bindings.cbegin(), bindings.cend(),
                [&binding](const Catalog::Binding &other) { return other.operation == binding.operation; });
            QString id = binding.operation->id + u'.' + channelName(channel);
            if (sameChannel > 1)
                id += u'.' + binding.exposure->method.toLower();
            add(binding.exposure->route, binding.exposure->method, catalogOperation(binding, id, schemas));
            tags.insert(binding.operation->area);
        }
    }
    for (const DocumentedRoute &route : inputs.routes) {
        add(route.path, route.method, routeOperation(route, schemas));
        tags.insert(route.tag);
    }
    QStringList tagNames(tags.cbegin(), tags.cend());
    tagNames.sort();
    QJsonArray tagList;
    for (const QString &tag : std::as_const(tagNames))
        tagList.append(QJsonObject { { u"name"_s, tag } });

    const QString networks = inputs.networkList();
    const QString payment = networks.isEmpty()
        ? u"No receiving address is configured on this server: paid paths answer 503 payments_not_configured."_s
        : u"x402 v2, scheme exact, asset USDC, networks: %1."_s.arg(networks);
    m_document = QJsonObject {
        { u"openapi"_s, u"3.1.0"_s },
        { u"jsonSchemaDialect"_s, u"https://spec.openapis.org/oas/3.1/dialect/base"_s },
        { u"info"_s,
            QJsonObject {
                { u"title"_s, DiscoveryInputs::title() },
                { u"version"_s, DiscoveryInputs::apiVersion() },
                { u"description"_s, QString(DiscoveryInputs::summary() + u"\n\nPayment: "_s + payment) },
            } },
        { u"servers"_s, QJsonArray { QJsonObject { { u"url"_s, inputs.baseUrl } } } },
        { u"tags"_s, tagList },
        { u"paths"_s, paths },
        { u"components"_s,
            QJsonObject {
                { u"schemas"_s, schemas },
                { u"securitySchemes"_s,
                    QJsonObject {
                        { u"apiKey"_s,
                            QJsonObject { { u"type"_s, u"apiKey"_s }, { u"in"_s, u"header"_s },
                                { u"name"_s, u"X-API-Key"_s },
                                { u"description"_s,
                                    u"API key of the key channel; the routes tagged `key` include the one that issues keys."_s } } },
                        { u"gatewaySecret"_s,
                            QJsonObject { { u"type"_s, u"apiKey"_s }, { u"in"_s, u"header"_s },
                                { u"name"_s, u"x-gateway-proxy-secret"_s },
                                { u"description"_s,
                                    u"The operator's own gateway, calling for its users on the routes that "
                                    "list it; configured by the operator, never issued to callers."_s } } },
                        { u"x402"_s,
                            QJsonObject { { u"type"_s, u"apiKey"_s }, { u"in"_s, u"header"_s },
                                { u"name"_s, u"PAYMENT-SIGNATURE"_s },
                                { u"description"_s,
                                    QString(u"Pay per call, no account: answer the 402 challenge of "
                                            "PAYMENT-REQUIRED with a signed x402 payment (base64 JSON) in "
                                            "PAYMENT-SIGNATURE. "_s
                                        + payment) } } },
                    } },
            } },
        { u"x-x402"_s,
            QJsonObject { { u"x402Version"_s, 2 }, { u"scheme"_s, u"exact"_s }, { u"asset"_s, u"USDC"_s },
                { u"networks"_s, inputs.configuredNetworks() } } },
    };
}

QString OpenApiDocument::path()
{
    return u"/openapi.json"_s;
}

QString OpenApiDocument::inputSchemaPointer(const Operation &operation)
{
    return ComponentsPrefix + inputComponent(operation);
}

QString OpenApiDocument::resultSchemaPointer(const Operation &operation)
{
    return ComponentsPrefix + resultComponent(operation);
}

} // namespace ades
