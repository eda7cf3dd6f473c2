#include "Uint256.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

Uint256::Uint256(quint64 value)
{
    m_limbs[0] = quint32(value);
    m_limbs[1] = quint32(value >> 32);
}

std::optional<Uint256> Uint256::fromWord(const QByteArray &word)
{
    if (word.size() != 32)
        return std::nullopt;
    Uint256 v;
    for (int i = 0; i < 8; ++i) {
        const int at = 28 - 4 * i; // limb i holds bytes [at, at + 4) counted from the big end
        v.m_limbs[size_t(i)] = (quint32(quint8(word[at])) << 24) | (quint32(quint8(word[at + 1])) << 16)
            | (quint32(quint8(word[at + 2])) << 8) | quint32(quint8(word[at + 3]));
    }
    return v;
}

std::optional<Uint256> Uint256::fromDecimal(QStringView digits)
{
    if (digits.isEmpty() || digits.size() > 78)
        return std::nullopt;
    Uint256 v;
    for (QChar c : digits) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
        if (!v.multiplySmallAdd(10, quint32(c.unicode() - u'0')))
            return std::nullopt;
    }
    return v;
}

std::optional<Uint256> Uint256::fromUnits(QStringView decimal, int decimals)
{
    if (decimals < 0 || decimals > 77)
        return std::nullopt;
    const qsizetype dot = decimal.indexOf(u'.');
    QStringView whole = dot < 0 ? decimal : decimal.left(dot);
    QStringView fraction = dot < 0 ? QStringView() : decimal.mid(dot + 1);
    if (dot >= 0 && fraction.isEmpty())
        return std::nullopt; // "1." is a typo, not a number
    if (whole.isEmpty())
        return std::nullopt;
    while (fraction.endsWith(u'0'))
        fraction.chop(1);
    if (fraction.size() > decimals)
        return std::nullopt;
    QString digits = whole.toString() + fraction.toString();
    digits += QString(decimals - fraction.size(), u'0');
    return fromDecimal(digits);
}

std::optional<Uint256> Uint256::fromHexDigits(QStringView digits)
{
    if (digits.isEmpty() || digits.size() > 64)
        return std::nullopt;
    Uint256 v;
    for (QChar c : digits) {
        quint32 nibble = 0;
        if (c >= u'0' && c <= u'9')
            nibble = c.unicode() - u'0';
        else if (c >= u'a' && c <= u'f')
            nibble = c.unicode() - u'a' + 10;
        else if (c >= u'A' && c <= u'F')
            nibble = c.unicode() - u'A' + 10;
        else
            return std::nullopt;
        if (!v.multiplySmallAdd(16, nibble))
            return std::nullopt;
    }
    return v;
}

QByteArray Uint256::toWord() const
{
    QByteArray word(32, '\0');
    for (int i = 0; i < 8; ++i) {
        const int at = 28 - 4 * i;
        const quint32 limb = m_limbs[size_t(i)];
        word[at] = char(limb >> 24);
        word[at + 1] = char(limb >> 16);
        word[at + 2] = char(limb >> 8);
        word[at + 3] = char(limb);
    }
    return word;
}

QString Uint256::toDecimal() const
{
    if (isZero())
        return u"0"_s;
    Uint256 rest = *this;
    QString reversed;
    while (!rest.isZero()) {
        // Nine digits per division keeps this at most nine rounds for 78 digits.
        quint32 chunk = rest.divideSmall(1'000'000'000);
        for (int i = 0; i < 9 && (chunk != 0 || !rest.isZero()); ++i) {
            reversed.append(QChar(u'0' + chunk % 10));
            chunk /= 10;
        }
    }
    std::reverse(reversed.begin(), reversed.end());
    return reversed;
}

QString Uint256::toQuantity() const
{
    const QByteArray hex = toWord().toHex();
    qsizetype first = 0;
    while (first < hex.size() - 1 && hex[first] == '0')
        ++first;
    return u"0x"_s + QString::fromLatin1(hex.mid(first));
}

QString Uint256::toUnits(int decimals) const
{
    QString digits = toDecimal();
    if (decimals <= 0)
        return digits;
    if (digits.size() <= decimals)
        digits = QString(decimals - digits.size() + 1, u'0') + digits;
    QString whole = digits.left(digits.size() - decimals);
    QString fraction = digits.right(decimals);
    while (fraction.endsWith(u'0'))
        fraction.chop(1);
    return fraction.isEmpty() ? whole : whole + u'.' + fraction;
}

std::optional<quint64> Uint256::toUint64() const
{
    for (size_t i = 2; i < 8; ++i) {
        if (m_limbs[i] != 0)
            return std::nullopt;
    }
    return (quint64(m_limbs[1]) << 32) | m_limbs[0];
}

bool Uint256::isZero() const
{
    for (quint32 limb : m_limbs) {
        if (limb != 0)
            return false;
    }
    return true;
}

std::optional<Uint256> Uint256::add(const Uint256 &a, const Uint256 &b)
{
    Uint256 sum;
    quint64 carry = 0;
    for (size_t i = 0; i < 8; ++i) {
        const quint64 s = quint64(a.m_limbs[i]) + b.m_limbs[i] + carry;
        sum.m_limbs[i] = quint32(s);
        carry = s >> 32;
    }
    if (carry != 0)
        return std::nullopt;
    return sum;
}

std::optional<Uint256> Uint256::subtract(const Uint256 &a, const Uint256 &b)
{
    if (a < b)
        return std::nullopt;
    Uint256 diff;
    qint64 borrow = 0;
    for (size_t i = 0; i < 8; ++i) {
        qint64 d = qint64(a.m_limbs[i]) - qint64(b.m_limbs[i]) - borrow;
        borrow = d < 0 ? 1 : 0;
        if (d < 0)
            d += qint64(1) << 32;
        diff.m_limbs[i] = quint32(d);
    }
    return diff;
}

std::optional<Uint256> Uint256::multiply(const Uint256 &a, const Uint256 &b)
{
    std::array<quint64, 16> wide {};
    for (size_t i = 0; i < 8; ++i) {
        quint64 carry = 0;
        for (size_t j = 0; j < 8; ++j) {
            const quint64 cur = wide[i + j] + quint64(a.m_limbs[i]) * b.m_limbs[j] + carry;
            wide[i + j] = cur & 0xffffffffu;
            carry = cur >> 32;
        }
        wide[i + 8] += carry;
    }
    Uint256 product;
    for (size_t i = 0; i < 16; ++i) {
        if (i >= 8 && wide[i] != 0)
            return std::nullopt;
        if (i < 8)
            product.m_limbs[i] = quint32(wide[i]);
    }
    return product;
}

std::strong_ordering operator<=>(const Uint256 &a, const Uint256 &b)
{
    for (int i = 7; i >= 0; --i) {
        if (a.m_limbs[size_t(i)] != b.m_limbs[size_t(i)])
            return a.m_limbs[size_t(i)] <=> b.m_limbs[size_t(i)];
    }
    return std::strong_ordering::equal;
}

quint32 Uint256::divideSmall(quint32 divisor)
{
    quint64 remainder = 0;
    for (int i = 7; i >= 0; --i) {
        const quint64 cur = (remainder << 32) | m_limbs[size_t(i)];
        m_limbs[size_t(i)] = quint32(cur / divisor);
        remainder = cur % divisor;
    }
    return quint32(remainder);
}

bool Uint256::multiplySmallAdd(quint32 factor, quint32 addend)
{
    quint64 carry = addend;
    for (quint32 &limb : m_limbs) {
        const quint64 cur = quint64(limb) * factor + carry;
        limb = quint32(cur);
        carry = cur >> 32;
    }
    return carry == 0;
}

} // namespace ades::chain
