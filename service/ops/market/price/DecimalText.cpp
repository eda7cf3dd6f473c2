#include "DecimalText.h"

#include <cmath>

namespace ades::market {

namespace {

bool plainDecimal(QStringView text)
{
    if (text.isEmpty() || text.size() > 40)
        return false;
    int points = 0;
    int digits = 0;
    for (QChar c : text) {
        if (c == u'.')
            ++points;
        else if (c >= u'0' && c <= u'9')
            ++digits;
        else
            return false;
    }
    return points <= 1 && digits > 0;
}

} // namespace

std::optional<double> signedDecimal(const QString &text)
{
    if (!plainDecimal(text.startsWith(u'-') ? QStringView(text).mid(1) : QStringView(text)))
        return std::nullopt;
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<double> positiveDecimal(const QString &text)
{
    if (!plainDecimal(text))
        return std::nullopt;
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    return value;
}

QString decimalText(double value, int decimals)
{
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text == u"-0" ? QStringLiteral("0") : text;
}

} // namespace ades::market
