#include "LlmsTxt.h"

#include "DiscoveryInputs.h"
#include "X402Discovery.h"
#include "catalog/Catalog.h"
#include "channels/mcp/McpToolCatalog.h"

#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QString link(const QString &baseUrl, const QString &method, const QString &path)
{
    return u"[%1 %2](%3%2)"_s.arg(method, path, baseUrl);
}

QStringList routeLines(const DiscoveryInputs &inputs, const QString &tag)
{
    QStringList lines;
    for (const DocumentedRoute &route : inputs.routes) {
        if (route.tag == tag)
            lines.append(u"- %1: %2"_s.arg(link(inputs.baseUrl, route.method, route.path), route.summary));
    }
    return lines;
}

QString exposureLine(const DiscoveryInputs &inputs, const Operation &operation, const Exposure &exposure)
{
    switch (exposure.channel) {
    case Channel::X402:
        return u"- %1: x402, %2"_s.arg(link(inputs.baseUrl, exposure.method, exposure.route),
            DiscoveryInputs::priceText(exposure.price));
    case Channel::Key:
        return u"- %1: key channel (X-API-Key)"_s.arg(link(inputs.baseUrl, exposure.method, exposure.route));
    case Channel::Free:
        return u"- %1: free, no key, daily quota per address"_s.arg(
            link(inputs.baseUrl, exposure.method, exposure.route));
    case Channel::Mcp:
        if (!inputs.tools.find(exposure.route))
            return QString();
        return exposure.price.isFree()
            ? u"- MCP tool `%1`: free"_s.arg(exposure.route)
            : u"- MCP tool `%1`: %2, paid with x402 in `_meta[\"x402/payment\"]`"_s.arg(
                exposure.route, DiscoveryInputs::priceText(exposure.price));
    case Channel::Cli:
        return u"- Command line: `ades call %1 name=value ...`"_s.arg(operation.id);
    case Channel::Console:
        return QString(); // the operator's own, offered to nobody
    }
    return QString();
}

} // namespace

QString LlmsTxt::path()
{
    return u"/llms.txt"_s;
}

LlmsTxt::LlmsTxt(const DiscoveryInputs &inputs)
{
    QStringList out;
    out << u"# "_s + DiscoveryInputs::title() << QString() << u"> "_s + DiscoveryInputs::summary()
        << QString();
    out << u"Base URL: %1. Operation list version %2. Every HTTP route with its parameters, result schema "
           u"and "
           "price is in the OpenAPI document; every paid result carries a receipt that POST /verify checks."_s
               .arg(inputs.baseUrl, DiscoveryInputs::apiVersion())
        << QString();

    out << u"## Pay per call (x402)"_s << QString();
    if (inputs.offers.offers().isEmpty()) {
        out << u"- No receiving address is configured on this server: paid paths answer 503 "
               "`payments_not_configured` and nothing can be paid or charged."_s;
    } else {
        out << u"- Protocol x402 v2, scheme `exact`, asset USDC (6 decimals, amounts in atomic units). "
               "Networks: %1."_s.arg(inputs.networkList());
        out << u"- Call a paid path without payment: the 402 answer carries the x402 v2 PaymentRequired in "
               u"the "
               "`PAYMENT-REQUIRED` header (base64 JSON; the body repeats it). Sign one entry of `accepts` "
               "and "
               "repeat the same request with the payment in `PAYMENT-SIGNATURE`. The result comes with "
               "`PAYMENT-RESPONSE`. Never send a private key."_s;
    }
    out << u"- %1: every paid route with the exact payment requirements it offers now."_s.arg(
        link(inputs.baseUrl, u"GET"_s, X402Discovery::path()))
        << QString();

    const QList<mcp::McpToolCatalog::Tool> &tools = inputs.tools.tools();
    const auto freeTools = std::count_if(tools.cbegin(), tools.cend(),
        [](const mcp::McpToolCatalog::Tool &tool) { return tool.exposure->price.isFree(); });
    out << u"## MCP"_s << QString();
    out << u"- [MCP endpoint](%1): streamable HTTP, stateless, JSON answers, %2 tools (%3 free). A paid tool "
           "first answers an x402 PaymentRequired tool result (isError, structuredContent); repeat the call "
           "with the payment in `_meta[\"x402/payment\"]`."_s.arg(inputs.mcpUrl)
               .arg(tools.size())
               .arg(freeTools);
    out << routeLines(inputs, u"mcp"_s) << QString();

    out << u"## Key channel"_s << QString();
    out << u"- Send the API key in the `X-API-Key` header; the operations under the key channel are listed "
           "below."_s;
    out << routeLines(inputs, u"key"_s) << QString();

    out << u"## Free channel"_s << QString();
    const QList<Catalog::Binding> freeBindings = inputs.catalog.bindings(Channel::Free);
    if (freeBindings.isEmpty())
        out << u"- No keyless operations are offered on this server."_s;
    for (const Catalog::Binding &binding : freeBindings) {
        out << u"- %1: %2, no key, daily quota per address"_s.arg(
            link(inputs.baseUrl, binding.exposure->method, binding.exposure->route),
            binding.operation->title);
    }
    out << routeLines(inputs, u"free"_s) << QString();

    out << u"## Operations"_s << QString();
    const QList<const Operation *> operations = inputs.catalog.operations();
    for (const Operation *operation : operations) {
        out << u"### %1 (`%2`)"_s.arg(operation->title, operation->id) << QString() << operation->summary
            << QString();
        for (const Exposure &exposure : std::as_const(operation->exposures)) {
            const QString line = exposureLine(inputs, *operation, exposure);
            if (!line.isEmpty())
                out << line;
        }
        out << QString();
    }

    out << u"## Receipts"_s << QString() << routeLines(inputs, u"receipts"_s) << QString();
    out << u"## Discovery"_s << QString() << routeLines(inputs, u"discovery"_s);
    m_text = QString(out.join(u'\n') + u'\n').toUtf8();
}

} // namespace ades
