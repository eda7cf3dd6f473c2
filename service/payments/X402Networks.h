#pragma once

#include <QList>
#include <QString>

namespace ades::x402 {

// A network we can be paid on: CAIP-2 id, USDC contract or mint, and the token's EIP-712 domain
// (Circle's USDC deployments; the EIP-712 names are not uniform across chains).
struct X402Network
{
    QString key; // setting spelling: "base", "arbitrum", "polygon", "base-sepolia", ..., "solana"
    QString caip2; // "eip155:8453"
    QString asset; // USDC address (EIP-55) or SPL mint
    QString eip712Name; // "USD Coin"; empty for Solana
    QString eip712Version;
    bool isEvm = true;
    bool isTestnet = false;
};

const QList<X402Network> &knownNetworks();
// By key ("base") or CAIP-2 id ("eip155:8453"); nullptr when unknown.
const X402Network *findNetwork(const QString &keyOrCaip2);

} // namespace ades::x402
