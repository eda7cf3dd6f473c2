#pragma once

#include <QJsonObject>
#include <QString>

namespace ades {

struct DiscoveryInputs;

// /agents.json: one machine-readable manifest for an agent choosing how to call the service: name, base
// URL, the payment and authentication methods with their fixed routes, and per operation its id, title,
// summary, input and result schema (pointers into /openapi.json) and every channel it is offered on with
// path or tool name, method and price.
class AgentsManifest
{
public:
    explicit AgentsManifest(const DiscoveryInputs &inputs);

    static QString path();
    const QJsonObject &json() const { return m_document; }

private:
    QJsonObject m_document;
};

} // namespace ades
