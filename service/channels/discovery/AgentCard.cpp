#include "AgentCard.h"

#include "DiscoveryInputs.h"
#include "LlmsTxt.h"
#include "catalog/Operation.h"
#include "channels/mcp/McpToolCatalog.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

QString AgentCard::path()
{
    return u"/.well-known/agent-card.json"_s;
}

QString AgentCard::protocolVersion()
{
    return u"0.3.0"_s;
}

AgentCard::AgentCard(const DiscoveryInputs &inputs)
{
    QJsonArray skills;
    for (const mcp::McpToolCatalog::Tool &tool : inputs.tools.tools()) {
        skills.append(QJsonObject {
            { u"id"_s, tool.name },
            { u"name"_s, tool.operation->title },
            { u"description"_s, tool.definition.value(u"description"_s) },
            { u"tags"_s,
                QJsonArray { tool.operation->area, tool.exposure->price.isFree() ? u"free"_s : u"paid"_s } },
        });
    }
    const QJsonArray modes { u"application/json"_s };
    m_document = QJsonObject {
        { u"protocolVersion"_s, protocolVersion() },
        { u"name"_s, inputs.serviceName },
        { u"description"_s, DiscoveryInputs::summary() },
        { u"url"_s, inputs.mcpUrl },
        { u"preferredTransport"_s, u"JSONRPC"_s },
        { u"additionalInterfaces"_s,
            QJsonArray {
                QJsonObject { { u"url"_s, inputs.mcpUrl }, { u"transport"_s, u"JSONRPC"_s } },
                QJsonObject { { u"url"_s, inputs.baseUrl }, { u"transport"_s, u"HTTP+JSON"_s } },
            } },
        { u"provider"_s,
            QJsonObject { { u"organization"_s, inputs.providerName }, { u"url"_s, inputs.baseUrl } } },
        { u"version"_s, DiscoveryInputs::apiVersion() },
        { u"documentationUrl"_s, QString(inputs.baseUrl + LlmsTxt::path()) },
        { u"capabilities"_s,
            QJsonObject { { u"streaming"_s, false }, { u"pushNotifications"_s, false },
                { u"stateTransitionHistory"_s, false } } },
        { u"defaultInputModes"_s, modes },
        { u"defaultOutputModes"_s, modes },
        { u"skills"_s, skills },
        { u"supportsAuthenticatedExtendedCard"_s, false },
    };
}

} // namespace ades
