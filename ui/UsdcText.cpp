#include "UsdcText.h"

using namespace Qt::StringLiterals;

namespace ades::ui {

QString UsdcText::sixDecimals(qint64 units)
{
    // Negated as unsigned so that the most negative value has a magnitude too.
    const bool negative = units < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(units) : quint64(units);
    const QString fraction = QString::number(magnitude % 1000000).rightJustified(6, u'0');
    return (negative ? u"-"_s : QString()) + QString::number(magnitude / 1000000) + u'.' + fraction;
}

} // namespace ades::ui
