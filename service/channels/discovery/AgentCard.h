#pragma once

#include <QJsonObject>
#include <QString>

namespace ades {

struct DiscoveryInputs;

// /.well-known/agent-card.json: an A2A agent card (protocol 0.3.0) whose skills are the MCP tools, one
// each: id = tool name, name = title, the tool's description (with its price), tags. The preferred
// interface is the MCP endpoint (JSON-RPC over HTTP); the HTTP+JSON routes are the additional one. No
// streaming, push notifications or state history: every result comes back in the response of its call
// (docs/interface.md §6).
class AgentCard
{
public:
    explicit AgentCard(const DiscoveryInputs &inputs);

    static QString path();
    // A2A protocol version of the card (docs/interface.md §9).
    static QString protocolVersion();
    const QJsonObject &json() const { return m_document; }

private:
    QJsonObject m_document;
};

} // namespace ades
