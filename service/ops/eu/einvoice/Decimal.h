#pragma once

#include <QString>
#include <QStringView>
#include <optional>

namespace ades::eu {

// An exact decimal number (xs:decimal as the CEN artefacts evaluate it): a 128-bit scaled integer, never
// a double, so that sums and comparisons of amounts agree with the official Schematron to the cent.
class Decimal
{
public:
    __extension__ typedef __int128 Int128;

    Decimal() = default;
    static Decimal fromInt(qint64 value);
    // Parses the xs:decimal lexical form: optional sign, digits, optional '.' and digits; leading and
    // trailing whitespace allowed. Exponents, "NaN", "INF" and empty strings are not decimals.
    static std::optional<Decimal> fromString(QStringView text);

    // Digits after the decimal point as written (BR-DEC counts characters, "1.50" has two).
    static int writtenFractionDigits(QStringView text);

    Decimal operator+(const Decimal &other) const;
    Decimal operator-(const Decimal &other) const;
    Decimal operator*(const Decimal &other) const;
    Decimal operator-() const;
    Decimal &operator+=(const Decimal &other);
    Decimal &operator-=(const Decimal &other);
    // Exact division by a power of ten (the artefacts' "div 100").
    Decimal dividedByPowerOfTen(int exponent) const;
    // xs:decimal "div": the quotient truncated to 18 fraction digits (fewer only where 128 bits would not
    // hold them), as XPath processors compute a decimal division that does not terminate. Empty when the
    // divisor is zero (an XPath error).
    std::optional<Decimal> dividedBy(const Decimal &divisor) const;

    bool operator==(const Decimal &other) const { return compare(other) == 0; }
    bool operator!=(const Decimal &other) const { return compare(other) != 0; }
    bool operator<(const Decimal &other) const { return compare(other) < 0; }
    bool operator<=(const Decimal &other) const { return compare(other) <= 0; }
    bool operator>(const Decimal &other) const { return compare(other) > 0; }
    bool operator>=(const Decimal &other) const { return compare(other) >= 0; }
    int compare(const Decimal &other) const;

    Decimal abs() const;
    bool isZero() const { return m_units == 0; }
    bool isNegative() const { return m_units < 0; }
    // XPath round(): to the nearest integer, halves towards positive infinity (round(-2.5) = -2).
    Decimal roundXPath() const;
    // The artefacts' r2(x) = round(x * 100) div 100.
    Decimal round2() const;
    int scale() const { return m_scale; }

    QString toString() const;

private:
    Decimal(Int128 units, int scale);
    Decimal rescaled(int scale) const;

    Int128 m_units = 0;
    int m_scale = 0; // value = m_units / 10^m_scale
};

} // namespace ades::eu
