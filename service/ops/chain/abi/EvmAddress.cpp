#include "EvmAddress.h"

#include "crypto/EthSignature.h"
#include "crypto/Hex.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::chain {

Result<EvmAddress> EvmAddress::parse(const QString &text, const QString &field)
{
    const std::optional<QByteArray> bytes
        = text.startsWith(u"0x"_s, Qt::CaseInsensitive) ? decodeHex(text, 20) : std::nullopt;
    if (!bytes)
        return ServiceError::badRequest(u"invalid_address"_s,
            u"'%1' must be an EVM address: 0x followed by 40 hex digits."_s.arg(field), field);
    EvmAddress address = fromBytes(*bytes);
    const QStringView digits = QStringView(text).mid(2);
    const auto hasAny = [digits](char16_t first, char16_t last) {
        return std::any_of(digits.begin(), digits.end(),
            [first, last](QChar c) { return c.unicode() >= first && c.unicode() <= last; });
    };
    if (hasAny(u'a', u'f') && hasAny(u'A', u'F') && QStringView(address.checksummed()).mid(2) != digits)
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
    if (m_checksummed.isEmpty())
        m_checksummed = toChecksumAddress(m_bytes);
    return m_checksummed;
}

QByteArray EvmAddress::word() const
{
    return QByteArray(32 - m_bytes.size(), '\0') + m_bytes;
}

} // namespace ades::chain
