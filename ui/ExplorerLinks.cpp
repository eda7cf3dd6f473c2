#include "ExplorerLinks.h"

#include "PaymentNetworks.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::ui {

QString ExplorerLinks::pattern(const QString &caip2)
{
    const PaymentNetwork *network = PaymentNetworks::find(caip2);
    return network ? network->explorerTransaction : QString();
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
