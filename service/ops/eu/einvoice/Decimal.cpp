#include "Decimal.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Inputs longer than this are refused by fromString, so that products of two values stay inside 128 bits.
constexpr int MaxDigits = 28;
// Products are kept exact up to this many fraction digits; beyond it they are truncated (amount rules
// never look further than a few digits, and the limit keeps the 128-bit mantissa from overflowing).
constexpr int MaxScale = 24;

Decimal::Int128 powerOfTen(int exponent)
{
    Decimal::Int128 result = 1;
    for (int i = 0; i < exponent; ++i)
        result *= 10;
    return result;
}

} // namespace

Decimal::Decimal(Int128 units, int scale)
    : m_units(units)
    , m_scale(scale)
{ }

Decimal Decimal::fromInt(qint64 value)
{
    return Decimal(value, 0);
}

std::optional<Decimal> Decimal::fromString(QStringView text)
{
    const QStringView s = text.trimmed();
    if (s.isEmpty())
        return std::nullopt;
    qsizetype i = 0;
    bool negative = false;
    if (s[0] == u'-' || s[0] == u'+') {
        negative = s[0] == u'-';
        ++i;
    }
    Int128 units = 0;
    int digits = 0;
    int scale = 0;
    bool seenPoint = false;
    bool seenDigit = false;
    for (; i < s.size(); ++i) {
        const QChar c = s[i];
        if (c == u'.') {
            if (seenPoint)
                return std::nullopt;
            seenPoint = true;
            continue;
        }
        if (c < u'0' || c > u'9')
            return std::nullopt;
        seenDigit = true;
        if (units == 0 && c == u'0' && !seenPoint)
            continue; // leading zeros do not count towards the digit limit
        if (++digits > MaxDigits)
            return std::nullopt;
        units = units * 10 + (c.unicode() - u'0');
        if (seenPoint)
            ++scale;
    }
    if (!seenDigit)
        return std::nullopt;
    return Decimal(negative ? -units : units, scale);
}

int Decimal::writtenFractionDigits(QStringView text)
{
    const QStringView s = text.trimmed();
    const qsizetype point = s.indexOf(u'.');
    return point < 0 ? 0 : int(s.size() - point - 1);
}

Decimal Decimal::rescaled(int scale) const
{
    if (scale >= m_scale)
        return Decimal(m_units * powerOfTen(scale - m_scale), scale);
    return Decimal(m_units / powerOfTen(m_scale - scale), scale);
}

Decimal Decimal::operator+(const Decimal &other) const
{
    const int scale = std::max(m_scale, other.m_scale);
    return Decimal(rescaled(scale).m_units + other.rescaled(scale).m_units, scale);
}

Decimal Decimal::operator-(const Decimal &other) const
{
    return *this + (-other);
}

Decimal Decimal::operator-() const
{
    return Decimal(-m_units, m_scale);
}

Decimal &Decimal::operator+=(const Decimal &other)
{
    *this = *this + other;
    return *this;
}

Decimal &Decimal::operator-=(const Decimal &other)
{
    *this = *this - other;
    return *this;
}

Decimal Decimal::operator*(const Decimal &other) const
{
    Decimal result(m_units * other.m_units, m_scale + other.m_scale);
    if (result.m_scale > MaxScale)
        result = result.rescaled(MaxScale);
    return result;
}

Decimal Decimal::dividedByPowerOfTen(int exponent) const
{
    Decimal result(m_units, m_scale + exponent);
    if (result.m_scale > MaxScale)
        result = result.rescaled(MaxScale);
    return result;
}

std::optional<Decimal> Decimal::dividedBy(const Decimal &divisor) const
{
    if (divisor.m_units == 0)
        return std::nullopt;
    // units / 10^s divided by d / 10^t = (units * 10^k / d) / 10^(s + k - t); choose k for 18 fraction
    // digits.
    constexpr int QuotientScale = 18;
    int k = QuotientScale + divisor.m_scale - m_scale;
    const Int128 magnitude = m_units < 0 ? -m_units : m_units;
    const Int128 limit = powerOfTen(37);
    while (k > 0 && magnitude > limit / powerOfTen(k))
        --k;
    const Int128 numerator = k >= 0 ? m_units * powerOfTen(k) : m_units / powerOfTen(-k);
    int scale = m_scale + k - divisor.m_scale;
    Int128 units = numerator / divisor.m_units;
    if (scale < 0) {
        units *= powerOfTen(-scale);
        scale = 0;
    }
    return Decimal(units, scale);
}

int Decimal::compare(const Decimal &other) const
{
    const int scale = std::max(m_scale, other.m_scale);
    const Int128 a = rescaled(scale).m_units;
    const Int128 b = other.rescaled(scale).m_units;
    return a < b ? -1 : (a > b ? 1 : 0);
}

Decimal Decimal::abs() const
{
    return m_units < 0 ? -*this : *this;
}

Decimal Decimal::roundXPath() const
{
    if (m_scale == 0)
        return *this;
    const Int128 divisor = powerOfTen(m_scale);
    // floor(x + 0.5): halves go towards positive infinity.
    const Int128 shifted = m_units * 2 + divisor;
    const Int128 twice = divisor * 2;
    Int128 floored = shifted / twice;
    if (shifted % twice != 0 && shifted < 0)
        --floored;
    return Decimal(floored, 0);
}

Decimal Decimal::round2() const
{
    return (*this * Decimal(100, 0)).roundXPath().dividedByPowerOfTen(2);
}

QString Decimal::toString() const
{
    Int128 units = m_units < 0 ? -m_units : m_units;
    QString digits;
    do {
        digits.prepend(QChar(u'0' + int(units % 10)));
        units /= 10;
    } while (units != 0);
    if (m_scale > 0) {
        while (digits.size() <= m_scale)
            digits.prepend(u'0');
        digits.insert(digits.size() - m_scale, u'.');
        while (digits.endsWith(u'0'))
            digits.chop(1);
        if (digits.endsWith(u'.'))
            digits.chop(1);
    }
    if (m_units < 0)
        digits.prepend(u'-');
    return digits;
}

} // namespace ades::eu
