#include "DiscoveryInputs.h"

#include "payments/X402Offers.h"

#include <QJsonObject>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace ades {

QString DiscoveryInputs::apiVersion()
{
    return u"1.6.0"_s;
}

QString DiscoveryInputs::title()
{
    return u"ADES — Agent Decision and Evidence Service"_s;
}

QString DiscoveryInputs::summary()
{
    return u"Bounded compliance decisions with evidence for autonomous agents: each result names its "
           "official sources and their freshness, and paid results carry a signed service-receipt/2 "
           "receipt that anyone can check at /verify. Pay per call in USDC with x402 v2 (no account), call "
           "the same operations as MCP tools, or use an API key. Failed calls (400, 422, 503) are never "
           "charged; missing evidence is never treated as approval."_s;
}

QString DiscoveryInputs::priceText(Usdc price)
{
    if (price.isFree())
        return u"free"_s;
    return u"%1 USDC (%2 atomic units)"_s.arg(price.toDecimalString(), price.toAtomicString());
}

QJsonObject DiscoveryInputs::priceJson(Usdc price)
{
    return QJsonObject {
        { u"usdc"_s, price.toDecimalString() },
        { u"atomic_units"_s, price.toAtomicString() },
        { u"decimals"_s, Usdc::Decimals },
    };
}

QJsonArray DiscoveryInputs::configuredNetworks() const
{
    QJsonArray networks;
    for (const x402::X402Offers::Offer &offer : offers.offers()) {
        networks.append(QJsonObject {
            { u"network"_s, offer.network.key },
            { u"caip2"_s, offer.network.caip2 },
            { u"asset"_s, offer.network.asset },
            { u"pay_to"_s, offer.payTo },
            { u"testnet"_s, offer.network.isTestnet },
        });
    }
    return networks;
}

QString DiscoveryInputs::networkList() const
{
    QStringList names;
    for (const x402::X402Offers::Offer &offer : offers.offers())
        names.append(u"%1 (%2)"_s.arg(offer.network.key, offer.network.caip2));
    return names.join(u", "_s);
}

} // namespace ades
