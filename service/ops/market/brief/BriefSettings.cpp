#include "BriefSettings.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

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
