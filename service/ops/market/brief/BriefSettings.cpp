#include "BriefSettings.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

QString BriefSettings::coinListProblem(const QString &value)
{
    static const QRegularExpression symbol(u"^[A-Za-z0-9]{2,10}$"_s);
    const QStringList items = value.split(u',', Qt::SkipEmptyParts);
    if (items.size() > 5)
        return u"at most 5 coins"_s;
    for (const QString &item : items)
        if (!symbol.match(item.trimmed()).hasMatch())
            return u"'%1' is not a coin symbol (2 to 10 letters or digits)"_s.arg(item.trimmed());
    return {};
}

QString BriefSettings::chainListProblem(const QString &value)
{
    static const QRegularExpression name(u"^[a-z0-9-]{2,32}$"_s);
    for (const QString &item : value.split(u',', Qt::SkipEmptyParts))
        if (!name.match(item.trimmed()).hasMatch())
            return u"'%1' is not a chain name"_s.arg(item.trimmed());
    return {};
}

SettingSpecs BriefSettings::all()
{
    return { GasChains.spec, BriefCoins.spec, YieldFreshMinutes.spec, YieldMinTvlUsd.spec, YieldTop.spec };
}

} // namespace ades::market
