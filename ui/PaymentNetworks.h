#pragma once

#include <QList>
#include <QString>

namespace ades::ui {

// The x402 networks as the console names them. The console may not include payments/
// (scripts/check-layering.sh), so it keeps its own short table; TestConsole checks it against
// x402::knownNetworks() so the two cannot drift apart.
struct PaymentNetwork
{
    QString key; // setting spelling, as in x402/networks: "base"
    QString caip2; // "eip155:8453"
    QString displayName; // "Base"
    bool isEvm = true;
    bool isTestnet = false;
    // The block explorer its own documentation links to, "%1" standing for the transaction hash (or
    // Solana signature): "https://basescan.org/tx/%1".
    QString explorerTransaction;
};

class PaymentNetworks
{
public:
    static const QList<PaymentNetwork> &all();
    // "Base" for "eip155:8453" (or "base"); the id itself when unknown, so nothing is hidden.
    static QString displayName(const QString &keyOrCaip2);
    // By key ("base") or CAIP-2 id; nullptr when unknown.
    static const PaymentNetwork *find(const QString &keyOrCaip2);
};

} // namespace ades::ui
