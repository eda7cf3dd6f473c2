#include "PaymentNetworks.h"

using namespace Qt::StringLiterals;

namespace ades::ui {

const QList<PaymentNetwork> &PaymentNetworks::all()
{
    static const QList<PaymentNetwork> networks {
        { u"base"_s, u"eip155:8453"_s, u"Base"_s, true, false, u"https://basescan.org/tx/%1"_s },
        { u"arbitrum"_s, u"eip155:42161"_s, u"Arbitrum"_s, true, false, u"https://arbiscan.io/tx/%1"_s },
        { u"polygon"_s, u"eip155:137"_s, u"Polygon"_s, true, false, u"https://polygonscan.com/tx/%1"_s },
        { u"base-sepolia"_s, u"eip155:84532"_s, u"Base Sepolia"_s, true, true,
            u"https://sepolia.basescan.org/tx/%1"_s },
        { u"arbitrum-sepolia"_s, u"eip155:421614"_s, u"Arbitrum Sepolia"_s, true, true,
            u"https://sepolia.arbiscan.io/tx/%1"_s },
        { u"polygon-amoy"_s, u"eip155:80002"_s, u"Polygon Amoy"_s, true, true,
            u"https://amoy.polygonscan.com/tx/%1"_s },
        { u"solana"_s, u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s, u"Solana"_s, false, false,
            u"https://explorer.solana.com/tx/%1"_s },
        { u"solana-devnet"_s, u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s, u"Solana Devnet"_s, false, true,
            u"https://explorer.solana.com/tx/%1?cluster=devnet"_s },
    };
    return networks;
}

const PaymentNetwork *PaymentNetworks::find(const QString &keyOrCaip2)
{
    for (const PaymentNetwork &network : all()) {
        if (network.caip2 == keyOrCaip2 || network.key == keyOrCaip2)
            return &network;
    }
    return nullptr;
}

QString PaymentNetworks::displayName(const QString &keyOrCaip2)
{
    const PaymentNetwork *network = find(keyOrCaip2);
    return network ? network->displayName : keyOrCaip2;
}

} // namespace ades::ui
