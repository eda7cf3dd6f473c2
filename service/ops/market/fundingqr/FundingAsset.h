#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace ades::market {

// What can be funded: an asset on a chain with its contract, the network name the onramp uses for the
// chain, and its decimals. One today, USDC on Base (../shared/reference/upstreams.md, "Onramp links"):
// the x402 payments of this service settle in it, so it is what an agent's wallet needs. A second
// entry is a row here (and its onramp network), not a new code path.
struct FundingAsset
{
    QString symbol; // "USDC", as the onramp's defaultAsset and assets[]
    QString chain; // "base", as the onramp's defaultNetwork and blockchains[]
    QString chainName; // "Base"
    int chainId = 0; // 8453 (EIP-155)
    QString contract; // EIP-55 form
    QByteArray contractBytes;
    int decimals = 0;
    QString contractSource; // where the contract address is published

    // The asset named `symbol` (any case), or nullptr.
    static const FundingAsset *find(const QString &symbol);
    static QStringList accepted();
};

} // namespace ades::market
