#include "AgentsManifest.h"

#include "DiscoveryInputs.h"
#include "OpenApiDocument.h"
#include "X402Discovery.h"
#include "catalog/Catalog.h"
#include "channels/mcp/McpToolCatalog.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QJsonArray routesTagged(const DiscoveryInputs &inputs, const QString &tag)
{
    QJsonArray routes;
    for (const DocumentedRoute &route : inputs.routes) {
        if (route.tag == tag)
            routes.append(QJsonObject { { u"method"_s, route.method }, { u"path"_s, route.path },
                { u"url"_s, QString(inputs.baseUrl + route.path) }, { u"summary"_s, route.summary } });
    }
    return routes;
}

QString authenticationOf(const Exposure &exposure)
{
    switch (exposure.channel) {
    case Channel::X402:
        return u"x402"_s;
    case Channel::Key:
        return u"api_key"_s;
    case Channel::Mcp:
        return exposure.price.isFree() ? u"none"_s : u"x402_mcp"_s;
    case Channel::Free:
    case Channel::Cli:
    case Channel::Console:
        break;
    }
    return u"none"_s;
}

// How an exposure is reached; nothing for an MCP exposure whose tool was refused (it is not served).
QJsonObject channelEntry(const DiscoveryInputs &inputs, const Operation &operation, const Exposure &exposure)
{
    QJsonObject entry { { u"channel"_s, channelName(exposure.channel) },
        { u"authentication"_s, authenticationOf(exposure) } };
    switch (exposure.channel) {
    case Channel::X402:
    case Channel::Key:
    case Channel::Free:
        entry.insert(u"method"_s, exposure.method);
        entry.insert(u"path"_s, exposure.route);
        entry.insert(u"url"_s, QString(inputs.baseUrl + exposure.route));
        break;
    case Channel::Mcp:
        if (!inputs.tools.find(exposure.route))
            return {};
        entry.insert(u"tool"_s, exposure.route);
        entry.insert(u"url"_s, inputs.mcpUrl);
        break;
    case Channel::Cli:
        entry.insert(u"command"_s, QString(u"ades call "_s + operation.id));
        break;
    case Channel::Console:
        return {}; // the operator's own, offered to nobody
    }
    entry.insert(u"price"_s, DiscoveryInputs::priceJson(exposure.price));
    QJsonObject renames;
    for (auto it = exposure.argumentNames.cbegin(); it != exposure.argumentNames.cend(); ++it) {
        if (!it.key().startsWith(u'$'))
            renames.insert(it.key(), it.value());
    }
    if (!renames.isEmpty())
        entry.insert(u"argument_names"_s, renames); // wire name -> input schema name
    return entry;
}

} // namespace

QString AgentsManifest::path()
{
    return u"/agents.json"_s;
}

AgentsManifest::AgentsManifest(const DiscoveryInputs &inputs)
{
    const QString openApiUrl = inputs.baseUrl + OpenApiDocument::path();
    QJsonArray operations;
    const QList<const Operation *> catalogOperations = inputs.catalog.operations();
    for (const Operation *operation : catalogOperations) {
        QJsonArray channels;
        for (const Exposure &exposure : std::as_const(operation->exposures)) {
            const QJsonObject entry = channelEntry(inputs, *operation, exposure);
            if (!entry.isEmpty())
                channels.append(entry);
        }
        operations.append(QJsonObject {
            { u"id"_s, operation->id },
            { u"title"_s, operation->title },
            { u"summary"_s, operation->summary },
            { u"area"_s, operation->area },
            { u"output_contract"_s, operation->outputContract },
            { u"upstream_sources"_s, QJsonArray::fromStringList(operation->sources) },
            { u"input_schema"_s, QString(openApiUrl + OpenApiDocument::inputSchemaPointer(*operation)) },
            { u"result_schema"_s, QString(openApiUrl + OpenApiDocument::resultSchemaPointer(*operation)) },
            { u"channels"_s, channels },
        });
    }

    const bool payable = !inputs.offers.offers().isEmpty();
    QJsonObject x402 {
        { u"type"_s, u"x402"_s },
        { u"channel"_s, channelName(Channel::X402) },
        { u"x402Version"_s, 2 },
        { u"scheme"_s, u"exact"_s },
        { u"asset"_s, u"USDC"_s },
        { u"header"_s, u"PAYMENT-SIGNATURE"_s },
        { u"challenge_header"_s, u"PAYMENT-REQUIRED"_s },
        { u"configured"_s, payable },
        { u"networks"_s, inputs.configuredNetworks() },
        { u"resources"_s, QString(inputs.baseUrl + X402Discovery::path()) },
    };
    if (!payable)
        x402.insert(u"note"_s,
            u"No receiving address is configured: paid paths answer 503 payments_not_configured."_s);
    const QJsonArray authentication {
        x402,
        QJsonObject {
            { u"type"_s, u"x402_mcp"_s },
            { u"channel"_s, channelName(Channel::Mcp) },
            { u"x402Version"_s, 2 },
            { u"meta_key"_s, u"x402/payment"_s },
            { u"configured"_s, payable },
            { u"note"_s,
                u"A paid tool called without payment answers the x402 PaymentRequired as an isError tool "
                "result; repeat the call with the PaymentPayload in _meta[\"x402/payment\"]."_s },
        },
        QJsonObject {
            { u"type"_s, u"api_key"_s },
            { u"channel"_s, channelName(Channel::Key) },
            { u"header"_s, u"X-API-Key"_s },
            { u"routes"_s, routesTagged(inputs, u"key"_s) },
        },
        QJsonObject {
            { u"type"_s, u"none"_s },
            { u"channel"_s, channelName(Channel::Free) },
            { u"note"_s, u"Keyless operations with a daily quota per address."_s },
            { u"routes"_s, routesTagged(inputs, u"free"_s) },
        },
    };

    m_document = QJsonObject {
        { u"name"_s, inputs.serviceName },
        { u"title"_s, DiscoveryInputs::title() },
        { u"description"_s, DiscoveryInputs::summary() },
        { u"version"_s, DiscoveryInputs::apiVersion() },
        { u"base_url"_s, inputs.baseUrl },
        { u"mcp"_s,
            QJsonObject { { u"url"_s, inputs.mcpUrl }, { u"transport"_s, u"streamable-http"_s },
                { u"tool_count"_s, inputs.tools.tools().size() },
                { u"routes"_s, routesTagged(inputs, u"mcp"_s) } } },
        { u"authentication"_s, authentication },
        { u"documents"_s, routesTagged(inputs, u"discovery"_s) },
        { u"receipts"_s, routesTagged(inputs, u"receipts"_s) },
        { u"operation_count"_s, operations.size() },
        { u"operations"_s, operations },
        { u"generated_at"_s, isoUtc(inputs.builtAt) },
    };
}

} // namespace ades
