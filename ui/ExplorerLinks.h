#pragma once

#include <QString>
#include <QUrl>

namespace ades::ui {

// Where a settlement transaction can be looked at: one block explorer URL pattern per payment network
// (CAIP-2), "%1" standing for the transaction hash (or Solana signature).
class ExplorerLinks
{
public:
    // The pattern for the network ("https://basescan.org/tx/%1"); empty when none is known.
    static QString pattern(const QString &caip2);
    // The transaction's page; invalid when the network has no pattern or the hash is not plain
    // hexadecimal/base58 text (it is put into a URL).
    static QUrl transactionUrl(const QString &caip2, const QString &transaction);
};

} // namespace ades::ui
