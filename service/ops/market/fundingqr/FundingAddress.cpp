#include "FundingAddress.h"

#include "crypto/EthSignature.h"
#include "crypto/Hex.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::market {

Result<FundingAddress> FundingAddress::parse(
    const QString &text, const QString &field, const QByteArray &tokenContract)
{
    const std::optional<QByteArray> bytes
        = text.size() == 42 && text.startsWith(u"0x"_s) ? decodeHex(text, 20) : std::nullopt;
    if (!bytes)
        return ServiceError::unprocessable(u"invalid_address"_s,
            u"'%1' must be an EVM address on Base: 0x followed by 40 hex digits."_s.arg(field), field);
    FundingAddress address;
    address.m_bytes = *bytes;
    address.m_checksummed = toChecksumAddress(*bytes);
    const QStringView digits = QStringView(text).mid(2);
    const auto hasAny = [digits](char16_t first, char16_t last) {
        return std::any_of(digits.begin(), digits.end(),
            [first, last](QChar c) { return c.unicode() >= first && c.unicode() <= last; });
    };
    if (hasAny(u'a', u'f') && hasAny(u'A', u'F') && QStringView(address.m_checksummed).mid(2) != digits)
        return ServiceError::unprocessable(u"address_checksum"_s,
            u"'%1' is written in mixed case but fails its EIP-55 checksum; check the address or send it in "
            "lower case."_s.arg(field),
            field);
    if (std::all_of(bytes->begin(), bytes->end(), [](char b) { return b == '\0'; })
        || *bytes == tokenContract)
        return ServiceError::unprocessable(u"unusable_address"_s,
            u"'%1' is the zero address or the token contract itself: what is sent there cannot be spent "
            "again."_s.arg(field),
            field);
    return address;
}

QString FundingAddress::lower() const
{
    return u"0x"_s + QString::fromLatin1(m_bytes.toHex());
}

} // namespace ades::market
