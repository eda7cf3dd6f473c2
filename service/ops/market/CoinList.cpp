#include "CoinList.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

QString CoinList::problem(const QString &value, int maxItems)
{
    static const QRegularExpression symbol(u"^[A-Za-z0-9]{2,10}$"_s);
    const QStringList items = value.split(u',', Qt::SkipEmptyParts);
    if (items.size() > maxItems)
        return u"at most %1 coins"_s.arg(maxItems);
    for (const QString &item : items)
        if (!symbol.match(item.trimmed()).hasMatch())
            return u"'%1' is not a coin symbol (2 to 10 letters or digits)"_s.arg(item.trimmed());
    return {};
}

QStringList CoinList::parse(const QString &value, int maxItems)
{
    QStringList symbols;
    for (const QString &item : value.split(u',', Qt::SkipEmptyParts))
        if (symbols.size() < maxItems && !symbols.contains(item.trimmed().toUpper()))
            symbols.append(item.trimmed().toUpper());
    return symbols;
}

} // namespace ades::market
