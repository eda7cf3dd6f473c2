#include "PaymentNetworks.h"

using namespace Qt::StringLiterals;

namespace ades::ui {

const QList<PaymentNetwork> &PaymentNetworks::all()
{
    static const QList<PaymentNetwork> networks {
        { u"base"_s, u"eip155:8453"_s, u"Base"_s, true, false },
        { u"arbitrum"_s, u"eip155:42161"_s, u"Arbitrum"_s, true, false },
        { u"polygon"_s, u"eip155:137"_s, u"Polygon"_s, true, false },
        { u"base-sepolia"_s, u"eip155:84532"_s, u"Base Sepolia"_s, true, true },
        { u"arbitrum-sepolia"_s, u"eip155:421614"_s, u"Arbitrum Sepolia"_s, true, true },
        { u"polygon-amoy"_s, u"eip155:80002"_s, u"Polygon Amoy"_s, true, true },
        { u"solana"_s, u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s, u"Solana"_s, false, false },
        { u"solana-devnet"_s, u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s, u"Solana Devnet"_s, false, true },
    };
    return networks;
}

QString PaymentNetworks::displayName(const QString &keyOrCaip2)
{
    for (const PaymentNetwork &network : all()) {
        if (network.caip2 == keyOrCaip2 || network.key == keyOrCaip2)
            return network.displayName;
    }
    return keyOrCaip2;
}

} // namespace ades::ui
