#include "Usdc.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades {

std::optional<Usdc> Usdc::fromDecimal(const QString &text)
{
    static const QRegularExpression pattern(u"^(\\d{1,12})(?:\\.(\\d{1,6}))?$"_s);
    const auto match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    qint64 units = match.captured(1).toLongLong();
    QString fraction = match.captured(2);
    fraction = fraction.leftJustified(Decimals, u'0');
    for (int i = 0; i < Decimals; ++i)
        units *= 10;
    return Usdc(units + fraction.toLongLong());
}

QString Usdc::toDecimalString() const
{
    qint64 scale = 1;
    for (int i = 0; i < Decimals; ++i)
        scale *= 10;
    const qint64 whole = m_units / scale;
    QString fraction = QString::number(m_units % scale).rightJustified(Decimals, u'0');
    while (fraction.endsWith(u'0'))
        fraction.chop(1);
    return fraction.isEmpty() ? QString::number(whole) : QString::number(whole) + u'.' + fraction;
}

} // namespace ades
