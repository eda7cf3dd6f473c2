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

QString Usdc::toFixedString() const
{
    // Negated as unsigned so that the most negative value has a magnitude too.
    const bool negative = m_units < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(m_units) : quint64(m_units);
    quint64 scale = 1;
    for (int i = 0; i < Decimals; ++i)
        scale *= 10;
    const QString fraction = QString::number(magnitude % scale).rightJustified(Decimals, u'0');
    return (negative ? u"-"_s : QString()) + QString::number(magnitude / scale) + u'.' + fraction;
}

QString Usdc::toDecimalString() const
{
    QString text = toFixedString();
    while (text.endsWith(u'0'))
        text.chop(1);
    if (text.endsWith(u'.'))
        text.chop(1);
    return text == u"-0"_s ? u"0"_s : text;
}

} // namespace ades
