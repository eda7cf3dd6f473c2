#include "X402Discovery.h"

#include "DiscoveryInputs.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

X402Discovery::X402Discovery(const DiscoveryInputs &inputs)
    : m_offers(inputs.offers)
    , m_lastUpdated(isoUtc(inputs.builtAt))
{
    const QList<Catalog::Binding> bindings = inputs.catalog.bindings(Channel::X402);
    for (const Catalog::Binding &binding : bindings) {
        m_resources.append(Resource { QString(inputs.baseUrl + binding.exposure->route),
            binding.exposure->method, binding.operation->summary, binding.operation->id,
            binding.operation->title, binding.exposure->price });
    }
}

QString X402Discovery::path()
{
    return u"/.well-known/x402"_s;
}

QJsonObject X402Discovery::json() const
{
    QJsonArray items;
    for (const Resource &resource : m_resources) {
        const QList<QJsonObject> requirements = m_offers.requirements(resource.price);
        if (requirements.isEmpty())
            continue; // the route answers 503 instead of a challenge
        QJsonArray accepts;
        for (const QJsonObject &requirement : requirements)
            accepts.append(requirement);
        items.append(QJsonObject {
            { u"resource"_s, resource.url },
            { u"type"_s, u"http"_s },
            { u"x402Version"_s, 2 },
            { u"description"_s, resource.description },
            { u"mimeType"_s, u"application/json"_s },
            { u"accepts"_s, accepts },
            { u"lastUpdated"_s, m_lastUpdated },
            { u"metadata"_s,
                QJsonObject {
                    { u"method"_s, resource.method },
                    { u"operation"_s, resource.operationId },
                    { u"title"_s, resource.title },
                    { u"price"_s, DiscoveryInputs::priceJson(resource.price) },
                } },
        });
    }
    QJsonObject document {
        { u"x402Version"_s, 2 },
        { u"items"_s, items },
        { u"pagination"_s,
            QJsonObject { { u"limit"_s, items.size() }, { u"offset"_s, 0 }, { u"total"_s, items.size() } } },
    };
    if (!m_offers.isConfigured())
        document.insert(u"note"_s,
            u"No receiving address is configured on this server (x402/payto_evm, x402/payto_solana): the "
            u"x402 "
            "paths answer 503 payments_not_configured, so no resource can be paid."_s);
    else if (items.isEmpty() && !m_resources.isEmpty())
        document.insert(u"note"_s,
            u"No payment network can be offered right now: the start-up check of the USDC token domains has "
            "not passed. The x402 paths answer 503 payment_networks_unavailable."_s);
    return document;
}

} // namespace ades
