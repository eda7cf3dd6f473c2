#include "McpToolCatalog.h"

#include "McpProtocol.h"
#include "catalog/Catalog.h"

#include <QCryptographicHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

const QString Dialect = u"https://json-schema.org/draft/2020-12/schema"_s;

QString priceText(Usdc price)
{
    return price.isFree()
        ? u"Free."_s
        : u"Paid: %1 USDC per call via x402 in _meta[\"x402/payment\"]."_s.arg(price.toDecimalString());
}

// Nested $schema/$id would make a client's validator register the same id twice on a second tools/list
// (Ajv refuses); the dialect is stated once at the root.
QJsonObject embedded(QJsonObject schema)
{
    schema.remove(u"$schema"_s);
    schema.remove(u"$id"_s);
    return schema;
}

QJsonObject errorMembersSchema()
{
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"description"_s,
            u"A refused or failed call (docs/interface.md §7): never charged, never settled."_s },
        { u"properties"_s,
            QJsonObject {
                { u"error"_s, QJsonObject { { u"type"_s, QJsonArray { u"string"_s, u"object"_s } } } },
                { u"error_code"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"message"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"charged"_s, QJsonObject { { u"const"_s, false } } },
                { u"settled"_s, QJsonObject { { u"const"_s, false } } },
                { u"retryable"_s, QJsonObject { { u"type"_s, u"boolean"_s } } },
                { u"status_code"_s, QJsonObject { { u"type"_s, u"integer"_s } } },
                { u"missing"_s,
                    QJsonObject { { u"type"_s, u"array"_s },
                        { u"items"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
                { u"did_you_mean"_s, QJsonObject { { u"type"_s, QJsonArray { u"object"_s, u"null"_s } } } },
                { u"tool"_s, QJsonObject { { u"type"_s, u"string"_s } } },
            } },
        { u"required"_s, QJsonArray { u"error"_s, u"error_code"_s, u"charged"_s, u"settled"_s } },
    };
}

QJsonObject paymentRequiredSchema()
{
    return QJsonObject {
        { u"type"_s, u"object"_s },
        { u"description"_s, u"x402 v2 PaymentRequired: pay one of `accepts` and repeat the call."_s },
        { u"properties"_s,
            QJsonObject {
                { u"x402Version"_s, QJsonObject { { u"const"_s, 2 } } },
                { u"error"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"resource"_s, QJsonObject { { u"type"_s, u"object"_s } } },
                { u"accepts"_s, QJsonObject { { u"type"_s, u"array"_s }, { u"minItems"_s, 1 } } },
            } },
        { u"required"_s, QJsonArray { u"x402Version"_s, u"resource"_s, u"accepts"_s } },
    };
}

} // namespace

McpToolCatalog::McpToolCatalog(const Catalog &catalog, int pageSize)
    : m_pageSize(qMax(1, pageSize))
{
    QCryptographicHash fingerprint(QCryptographicHash::Sha256);
    const QList<Catalog::Binding> bindings = catalog.bindings(Channel::Mcp);
    for (const Catalog::Binding &binding : bindings) {
        const QJsonObject tool = definition(*binding.operation, *binding.exposure);
        const QStringList refusals = problems(tool, *binding.operation);
        if (!refusals.isEmpty()) {
            m_refused.append(QJsonObject { { u"name"_s, binding.exposure->route },
                { u"operation"_s, binding.operation->id },
                { u"problems"_s, QJsonArray::fromStringList(refusals) } });
            continue;
        }
        m_tools.append(Tool { binding.exposure->route, tool, binding.operation, binding.exposure });
        fingerprint.addData(QByteArray(binding.exposure->route.toUtf8() + '\n'));
    }
    m_fingerprint = fingerprint.result().toHex().left(16);
}

const McpToolCatalog::Tool *McpToolCatalog::find(const QString &name) const
{
    for (const Tool &tool : m_tools) {
        if (tool.name == name)
            return &tool;
    }
    return nullptr;
}

QString McpToolCatalog::cursorFor(int offset) const
{
    return QString::fromLatin1(QByteArray("tools:" + m_fingerprint + ':' + QByteArray::number(offset))
                                   .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<McpToolCatalog::Page> McpToolCatalog::page(const QString &cursor) const
{
    int offset = 0;
    if (!cursor.isEmpty()) {
        const auto decoded = QByteArray::fromBase64Encoding(
            cursor.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return std::nullopt;
        const QList<QByteArray> parts = decoded.decoded.split(':');
        bool numeric = false;
        offset = parts.size() == 3 ? parts.at(2).toInt(&numeric) : -1;
        if (parts.size() != 3 || parts.at(0) != "tools" || parts.at(1) != m_fingerprint || !numeric
            || offset <= 0 || offset >= m_tools.size() || offset % m_pageSize != 0
            || cursorFor(offset) != cursor)
            return std::nullopt;
    }
    Page page;
    const int end = qMin(int(m_tools.size()), offset + m_pageSize);
    for (int i = offset; i < end; ++i)
        page.tools.append(m_tools.at(i).definition);
    if (end < m_tools.size())
        page.nextCursor = cursorFor(end);
    return page;
}

QJsonObject McpToolCatalog::inputSchema(const Operation &operation, const Exposure &exposure)
{
    QJsonObject schema = exposure.inputSchema(operation);
    schema.remove(u"$id"_s);
    schema.insert(u"$schema"_s, Dialect);
    if (!schema.contains(u"type"_s))
        schema.insert(u"type"_s, u"object"_s);
    QJsonObject properties = schema.value(u"properties"_s).toObject();
    QJsonArray required = schema.value(u"required"_s).toArray();
    // Wire names of this exposure replace the schema names (none on MCP today; kept exact if added).
    for (auto it = exposure.argumentNames.cbegin(); it != exposure.argumentNames.cend(); ++it) {
        if (!properties.contains(it.value()))
            continue;
        properties.insert(it.key(), properties.take(it.value()));
        for (qsizetype i = 0; i < required.size(); ++i) {
            if (required.at(i).toString() == it.value())
                required.replace(i, it.key());
        }
    }
    for (auto it = exposure.argumentDefaults.begin(); it != exposure.argumentDefaults.end(); ++it) {
        QJsonObject property = properties.value(it.key()).toObject();
        property.insert(u"default"_s, it.value());
        properties.insert(it.key(), property);
        for (qsizetype i = required.size() - 1; i >= 0; --i) {
            if (required.at(i).toString() == it.key())
                required.removeAt(i); // a defaulted argument is optional for the caller
        }
    }
    if (!properties.isEmpty() || schema.contains(u"properties"_s))
        schema.insert(u"properties"_s, properties);
    if (!required.isEmpty())
        schema.insert(u"required"_s, required);
    else
        schema.remove(u"required"_s);
    return schema;
}

QJsonObject McpToolCatalog::outputSchema(const Operation &operation, const Exposure &exposure)
{
    QJsonObject delivered = embedded(operation.outputSchema);
    QJsonObject properties = delivered.value(u"properties"_s).toObject();
    // Delivery::signAndRecord adds the receipt and its copy in extensions.delivery-receipt.
    properties.insert(u"receipt"_s,
        QJsonObject { { u"type"_s, u"object"_s },
            { u"description"_s, u"Signed receipt (EIP-191); POST the whole result to /verify."_s } });
    properties.insert(u"extensions"_s, QJsonObject { { u"type"_s, u"object"_s } });
    delivered.insert(u"properties"_s, properties);
    // "#/$defs/..." references of the result schema must resolve from the new root: the definitions move up.
    const QJsonValue definitions = delivered.take(u"$defs"_s);
    QJsonArray variants { delivered, errorMembersSchema() };
    if (!exposure.price.isFree())
        variants.append(paymentRequiredSchema());
    QJsonObject schema { { u"$schema"_s, Dialect }, { u"type"_s, u"object"_s }, { u"anyOf"_s, variants } };
    if (definitions.isObject())
        schema.insert(u"$defs"_s, definitions);
    return schema;
}

QJsonObject McpToolCatalog::definition(const Operation &operation, const Exposure &exposure)
{
    const bool openWorld = !operation.sources.isEmpty();
    return QJsonObject {
        { u"name"_s, exposure.route },
        { u"title"_s, operation.title },
        { u"description"_s, QString(operation.summary + u' ' + priceText(exposure.price)) },
        { u"inputSchema"_s, inputSchema(operation, exposure) },
        { u"outputSchema"_s, outputSchema(operation, exposure) },
        // Compliance look-ups read and never change anything; defaults of destructive/openWorld are true,
        // so every hint is explicit (MCP specification 2025-11-25, tool annotations).
        { u"annotations"_s,
            QJsonObject { { u"title"_s, operation.title }, { u"readOnlyHint"_s, true },
                { u"destructiveHint"_s, false }, { u"idempotentHint"_s, true },
                { u"openWorldHint"_s, openWorld } } },
        { u"_meta"_s,
            QJsonObject {
                { OperationKey, operation.id },
                { PriceKey, exposure.price.toDecimalString() },
                { PaidKey, !exposure.price.isFree() },
                { OutputContractKey, operation.outputContract },
                { SourcesKey, QJsonArray::fromStringList(operation.sources) },
            } },
    };
}

QStringList McpToolCatalog::problems(const QJsonObject &definition, const Operation &operation)
{
    QStringList found;
    static const QRegularExpression namePattern(u"^[A-Za-z0-9_.-]{1,128}$"_s);
    if (!namePattern.match(definition.value(u"name"_s).toString()).hasMatch())
        found.append(u"name must be 1 to 128 characters of A-Z, a-z, 0-9, _, . and -"_s);
    if (definition.value(u"inputSchema"_s).toObject().value(u"type"_s) != QJsonValue(u"object"_s))
        found.append(u"inputSchema must have root type object"_s);
    const QJsonArray variants = definition.value(u"outputSchema"_s).toObject().value(u"anyOf"_s).toArray();
    if (variants.isEmpty() || variants.at(0).toObject().value(u"type"_s) != QJsonValue(u"object"_s))
        found.append(u"outputSchema must describe a JSON object result"_s);
    if (definition.value(u"description"_s).toString().trimmed().isEmpty())
        found.append(u"description must not be empty"_s);
    if (!operation.handler)
        found.append(u"the operation has no handler"_s);
    return found;
}

QJsonObject McpToolCatalog::withChannelDefaults(const Exposure &exposure, const QJsonObject &arguments)
{
    return exposure.withArgumentDefaults(arguments);
}

QJsonObject McpToolCatalog::document(const QString &endpointUrl) const
{
    QJsonArray tools;
    for (const Tool &tool : m_tools) {
        QJsonObject entry = tool.definition;
        const Operation &op = *tool.operation;
        QJsonObject exposures;
        for (const Exposure &e : std::as_const(op.exposures)) {
            if (e.channel != Channel::Mcp)
                exposures.insert(channelName(e.channel), e.route);
        }
        entry.insert(u"provenance"_s,
            QJsonObject {
                { u"operation"_s, op.id },
                { u"output_contract"_s, op.outputContract },
                { u"input_schema_id"_s, op.inputSchema.value(u"$id"_s) },
                { u"output_schema_id"_s, op.outputSchema.value(u"$id"_s) },
                { u"upstream_sources"_s, QJsonArray::fromStringList(op.sources) },
                { u"data"_s,
                    op.sources.isEmpty() ? u"bundled or kept data; no upstream is called during a call"_s
                                         : u"live upstream sources named in upstream_sources"_s },
                { u"other_exposures"_s, exposures },
            });
        tools.append(entry);
    }
    return QJsonObject {
        { u"server"_s,
            QJsonObject { { u"name"_s, u"ades"_s }, { u"url"_s, endpointUrl },
                { u"transport"_s, u"streamable-http"_s },
                { u"protocol_versions"_s,
                    QJsonArray {
                        QString(ModernVersion), u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s } } } },
        { u"provenance"_s,
            QJsonObject { { u"generated_from"_s, u"operation catalog"_s },
                { u"validated"_s,
                    u"each tool passed the MCP name grammar and object-schema checks; its inputSchema is the "
                    "schema the server validates calls with"_s } } },
        { u"tool_count"_s, tools.size() },
        { u"tools"_s, tools },
        { u"refused"_s, m_refused },
    };
}

} // namespace ades::mcp
