#include "X402Networks.h"

using namespace Qt::StringLiterals;

namespace ades::x402 {

const QList<X402Network> &knownNetworks()
{
    // The default-asset table of the x402 reference packages (@x402/evm 2.27, Circle's USDC addresses);
    // Solana mainnet USDC mint and CAIP-2 genesis id.
    static const QList<X402Network> networks {
        { u"base"_s, u"eip155:8453"_s, u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s, u"USD Coin"_s, u"2"_s,
            true, false },
        { u"arbitrum"_s, u"eip155:42161"_s, u"0xaf88d065e77c8cC2239327C5EDb3A432268e5831"_s, u"USD Coin"_s,
            u"2"_s, true, false },
        { u"polygon"_s, u"eip155:137"_s, u"0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"_s, u"USD Coin"_s,
            u"2"_s, true, false },
        { u"base-sepolia"_s, u"eip155:84532"_s, u"0x036CbD53842c5426634e7929541eC2318f3dCF7e"_s, u"USDC"_s,
            u"2"_s, true, true },
        { u"arbitrum-sepolia"_s, u"eip155:421614"_s, u"0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d"_s,
            u"USD Coin"_s, u"2"_s, true, true },
        { u"polygon-amoy"_s, u"eip155:80002"_s, u"0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582"_s, u"USDC"_s,
            u"2"_s, true, true },
        { u"solana"_s, u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s,
            u"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"_s, QString(), QString(), false, false },
        { u"solana-devnet"_s, u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s,
            u"4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU"_s, QString(), QString(), false, true },
    };
    return networks;
}

const X402Network *findNetwork(const QString &keyOrCaip2)
{
    const QString wanted = keyOrCaip2.trimmed().toLower();
    for (const X402Network &n : knownNetworks()) {
        if (n.key == wanted || n.caip2.toLower() == wanted)
            return &n;
    }
    return nullptr;
}

} // namespace ades::x402
