#pragma once

#include "channels/DocumentedRoute.h"
#include "core/Usdc.h"

#include <QDateTime>
#include <QJsonArray>

namespace ades {

class Catalog;
namespace mcp {
class McpToolCatalog;
}
namespace x402 {
class X402Offers;
}

// What every discovery document is generated from: the catalog, the MCP tools and payment offers as the
// channels serve them, the fixed routes the channels declare, and the public addresses. Filled once by
// DiscoveryChannel; a document reads it while it is built and keeps no reference to it.
struct DiscoveryInputs
{
    const Catalog &catalog;
    const mcp::McpToolCatalog &tools; // the tools tools/list serves (refused exposures left out)
    const x402::X402Offers &offers; // built from the same settings as the x402 channel's
    QList<DocumentedRoute> routes; // every channel's fixed paths, the discovery channel's own included
    QString baseUrl; // service/public_url
    QString mcpUrl;
    QString serviceName; // service/name, the `service` of receipts
    QString providerName; // issuer/name
    QDateTime builtAt;

    // docs/interface.md §9: the version of the operation list, which the OpenAPI document, /agents.json and
    // the agent card carry.
    static QString apiVersion();
    static QString title();
    // One paragraph saying what the service is, for every document that has a description.
    static QString summary();

    // "0.002 USDC (2000 atomic units)" or "free".
    static QString priceText(Usdc price);
    // {"usdc": "0.002", "atomic_units": "2000", "decimals": 6}: amounts as strings, never floats.
    static QJsonObject priceJson(Usdc price);
    // The configured networks before the start-up token check: [{network, caip2, asset, pay_to}].
    QJsonArray configuredNetworks() const;
    // "base (eip155:8453), arbitrum (eip155:42161)"; empty when no receiving address is configured.
    QString networkList() const;
};

} // namespace ades
