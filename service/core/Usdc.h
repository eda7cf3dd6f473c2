#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

namespace ades {

// USDC amounts as integer atomic units (6 decimals). Never a float (docs/architecture.md, Errors and money).
class Usdc
{
public:
    static constexpr int Decimals = 6;

    constexpr Usdc() = default;
    static constexpr Usdc atomicUnits(qint64 units) { return Usdc(units); }
    static constexpr Usdc free() { return Usdc(0); }
    // "0.002" -> 2000 units; nullopt for anything that is not a plain non-negative decimal with <= 6 places.
    static std::optional<Usdc> fromDecimal(const QString &text);

    constexpr qint64 units() const { return m_units; }
    constexpr bool isFree() const { return m_units == 0; }
    QString toAtomicString() const { return QString::number(m_units); }
    // "0.002", "1", "0.25", "-0.5": the shortest exact decimal.
    QString toDecimalString() const;
    // "0.002000", "1.000000", "-0.000001": all six decimals, exact for every qint64 (the console's columns).
    QString toFixedString() const;

    friend constexpr bool operator==(Usdc a, Usdc b) { return a.m_units == b.m_units; }
    friend constexpr Usdc operator+(Usdc a, Usdc b) { return Usdc(a.m_units + b.m_units); }

private:
    constexpr explicit Usdc(qint64 units)
        : m_units(units)
    { }
    qint64 m_units = 0;
};

} // namespace ades
