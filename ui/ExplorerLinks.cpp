#include "ExplorerLinks.h"

#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::ui {

QString ExplorerLinks::pattern(const QString &caip2)
{
    // The networks of PaymentNetworks, each with the explorer its own documentation links to.
    static const QHash<QString, QString> patterns {
        { u"eip155:8453"_s, u"https://basescan.org/tx/%1"_s },
        { u"eip155:84532"_s, u"https://sepolia.basescan.org/tx/%1"_s },
        { u"eip155:42161"_s, u"https://arbiscan.io/tx/%1"_s },
        { u"eip155:421614"_s, u"https://sepolia.arbiscan.io/tx/%1"_s },
        { u"eip155:137"_s, u"https://polygonscan.com/tx/%1"_s },
        { u"eip155:80002"_s, u"https://amoy.polygonscan.com/tx/%1"_s },
        { u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s, u"https://explorer.solana.com/tx/%1"_s },
        { u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s,
            u"https://explorer.solana.com/tx/%1?cluster=devnet"_s },
    };
    return patterns.value(caip2);
}

QUrl ExplorerLinks::transactionUrl(const QString &caip2, const QString &transaction)
{
    static const QRegularExpression plain(u"^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{32,100})$"_s);
    const QString pattern = ExplorerLinks::pattern(caip2);
    if (pattern.isEmpty() || !plain.match(transaction).hasMatch())
        return {};
    return QUrl(pattern.arg(transaction));
}

} // namespace ades::ui
