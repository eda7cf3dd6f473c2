#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>
#include <array>
#include <compare>
#include <optional>

namespace ades::chain {

// An EVM word as an unsigned 256-bit integer. Wei balances, token amounts and fees exceed both qint64 and
// the 2^53 a JSON number keeps exactly, so amounts travel as this type inside and as decimal strings
// outside (STYLE.md §7). Arithmetic is checked: an overflow is a nullopt, never a wrapped value.
class Uint256
{
public:
    Uint256() = default;
    Uint256(quint64 value);

    // 32 big-endian bytes (an ABI word); nullopt for any other length.
    static std::optional<Uint256> fromWord(const QByteArray &word);
    // Decimal digits only ("0", "1000"); nullopt for anything else or a value above 2^256 - 1.
    static std::optional<Uint256> fromDecimal(QStringView digits);
    // "1.5" with 18 decimals -> 1500000000000000000; nullopt for more fractional digits than `decimals`,
    // signs, exponents or a value that does not fit.
    static std::optional<Uint256> fromUnits(QStringView decimal, int decimals);
    // Hex digits without prefix, at most 64 of them.
    static std::optional<Uint256> fromHexDigits(QStringView digits);

    QByteArray toWord() const;
    QString toDecimal() const;
    // The JSON-RPC quantity form: "0x0", "0x1bc16d674ec80000".
    QString toQuantity() const;
    // 1500000000000000000 with 18 decimals -> "1.5"; trailing zeros dropped, no exponent.
    QString toUnits(int decimals) const;
    std::optional<quint64> toUint64() const;
    bool isZero() const;

    static std::optional<Uint256> add(const Uint256 &a, const Uint256 &b);
    static std::optional<Uint256> multiply(const Uint256 &a, const Uint256 &b);
    // a - b, or nullopt when b > a.
    static std::optional<Uint256> subtract(const Uint256 &a, const Uint256 &b);

    friend std::strong_ordering operator<=>(const Uint256 &a, const Uint256 &b);
    friend bool operator==(const Uint256 &a, const Uint256 &b) = default;

private:
    // Divides by `divisor` in place, returns the remainder.
    quint32 divideSmall(quint32 divisor);
    bool multiplySmallAdd(quint32 factor, quint32 addend);

    std::array<quint32, 8> m_limbs {}; // little-endian 32-bit limbs
};

} // namespace ades::chain
