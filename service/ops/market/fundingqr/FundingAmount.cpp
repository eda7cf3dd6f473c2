#include "FundingAmount.h"

#include <QJsonValue>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace ades::market::FundingAmount {

namespace {

constexpr int MaxIntegerDigits = 12;
constexpr int MaxExponentDigits = 4;

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

} // namespace

Parsed parse(const QString &text)
{
    // mantissa digits (with at most one '.', a digit on at least one side), then an optional exponent
    QString digits; // every mantissa digit, without the point
    qsizetype pointAt = -1; // digits before the point
    qsizetype i = 0;
    const qsizetype n = text.size();
    for (; i < n && (isDigit(text[i]) || text[i] == u'.'); ++i) {
        if (text[i] == u'.') {
            if (pointAt >= 0)
                return { std::nullopt, Problem::NotADecimal };
            pointAt = digits.size();
        } else {
            digits.append(text[i]);
        }
    }
    if (digits.isEmpty())
        return { std::nullopt, Problem::NotADecimal };
    if (pointAt < 0)
        pointAt = digits.size();
    qint64 exponent = 0;
    if (i < n && (text[i] == u'e' || text[i] == u'E')) {
        ++i;
        bool negative = false;
        if (i < n && (text[i] == u'+' || text[i] == u'-'))
            negative = text[i++] == u'-';
        const qsizetype start = i;
        for (; i < n && isDigit(text[i]); ++i) {
            if (i - start >= MaxExponentDigits)
                return { std::nullopt, Problem::NotADecimal };
            exponent = exponent * 10 + text[i].digitValue();
        }
        if (i == start)
            return { std::nullopt, Problem::NotADecimal };
        if (negative)
            exponent = -exponent;
    }
    if (i != n)
        return { std::nullopt, Problem::NotADecimal };

    // value = 0.digits * 10^(pointAt + exponent); drop the zeros that carry no value first.
    qsizetype leading = 0;
    while (leading < digits.size() && digits[leading] == u'0')
        ++leading;
    digits.remove(0, leading);
    qint64 integerDigits = qint64(pointAt - leading) + exponent;
    while (!digits.isEmpty() && digits.endsWith(u'0'))
        digits.chop(1);
    if (digits.isEmpty())
        return { Usdc::atomicUnits(0), Problem::None };
    const qint64 fractionDigits = qint64(digits.size()) - integerDigits;
    if (fractionDigits > Usdc::Decimals)
        return { std::nullopt, Problem::TooPrecise };
    if (integerDigits > MaxIntegerDigits)
        return { std::nullopt, Problem::TooLarge };
    // Scaled to atomic units: the significant digits followed by the missing zeros.
    const QString units = digits + QString(qsizetype(Usdc::Decimals - fractionDigits), u'0');
    return { Usdc::atomicUnits(units.toLongLong()), Problem::None };
}

QString text(const QJsonValue &value)
{
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    return value.isString() ? value.toString() : QString();
}

} // namespace ades::market::FundingAmount
