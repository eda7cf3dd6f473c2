#include "EvmAddress.h"

#include "crypto/Keccak256.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

Result<EvmAddress> EvmAddress::parse(const QString &text, const QString &field)
{
    const bool shaped = text.size() == 42 && (text.startsWith(u"0x"_s) || text.startsWith(u"0X"_s));
    QString digits = shaped ? text.mid(2) : QString();
    bool hasLower = false;
    bool hasUpper = false;
    for (QChar c : std::as_const(digits)) {
        const bool digit = c >= u'0' && c <= u'9';
        const bool lower = c >= u'a' && c <= u'f';
        const bool upper = c >= u'A' && c <= u'F';
        if (!digit && !lower && !upper)
            digits.clear();
        hasLower = hasLower || lower;
        hasUpper = hasUpper || upper;
        if (digits.isEmpty())
            break;
    }
    if (digits.isEmpty())
        return ServiceError::badRequest(u"invalid_address"_s,
            u"'%1' must be an EVM address: 0x followed by 40 hex digits."_s.arg(field), field);
    EvmAddress address = fromBytes(QByteArray::fromHex(digits.toLatin1()));
    if (hasLower && hasUpper && address.checksummed().mid(2) != digits)
        return ServiceError::badRequest(u"address_checksum"_s,
            u"'%1' is written in mixed case but fails its EIP-55 checksum (expected %2); check the address "
            "or send it in lower case."_s.arg(field, address.checksummed()),
            field);
    return address;
}

std::optional<EvmAddress> EvmAddress::fromWord(const QByteArray &word)
{
    if (word.size() != 32)
        return std::nullopt;
    for (int i = 0; i < 12; ++i) {
        if (word[i] != '\0')
            return std::nullopt;
    }
    return fromBytes(word.mid(12));
}

EvmAddress EvmAddress::fromBytes(const QByteArray &bytes20)
{
    EvmAddress address;
    address.m_bytes = bytes20;
    return address;
}

QString EvmAddress::lower() const
{
    return u"0x"_s + QString::fromLatin1(m_bytes.toHex());
}

QString EvmAddress::checksummed() const
{
    if (!m_checksummed.isEmpty())
        return m_checksummed;
    // EIP-55: hex digit i is upper case when nibble i of keccak256(lower-case hex text) is >= 8.
    const QByteArray hex = m_bytes.toHex();
    const QByteArray hash = keccak256(hex);
    QString out = u"0x"_s;
    for (int i = 0; i < hex.size(); ++i) {
        const quint8 byte = quint8(hash[i / 2]);
        const int nibble = i % 2 == 0 ? byte >> 4 : byte & 0x0f;
        const char c = hex[i];
        out.append(QChar::fromLatin1(nibble >= 8 && c >= 'a' ? char(c - 'a' + 'A') : c));
    }
    m_checksummed = out;
    return out;
}

QByteArray EvmAddress::word() const
{
    return QByteArray(32 - m_bytes.size(), '\0') + m_bytes;
}

} // namespace ades::chain
