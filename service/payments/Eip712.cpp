#include "Eip712.h"

#include "crypto/Hex.h"
#include "crypto/Keccak256.h"

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

QByteArray typeHash(const char *typeString)
{
    return keccak256(QByteArray(typeString));
}

QStringView withoutPrefix(const QString &hex)
{
    return hex.startsWith(u"0x"_s) || hex.startsWith(u"0X"_s) ? QStringView(hex).mid(2) : QStringView();
}

} // namespace

std::optional<QByteArray> Eip712::encodeUint256(const QString &decimal)
{
    if (decimal.isEmpty() || decimal.size() > 78)
        return std::nullopt;
    // Big-endian base-256 accumulator: word = word * 10 + digit, with overflow past 256 bits refused.
    QByteArray word(32, '\0');
    for (const QChar c : decimal) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
        int carry = c.unicode() - u'0';
        for (int i = 31; i >= 0; --i) {
            const int v = static_cast<quint8>(word[i]) * 10 + carry;
            word[i] = char(v & 0xff);
            carry = v >> 8;
        }
        if (carry != 0)
            return std::nullopt;
    }
    return word;
}

std::optional<QByteArray> Eip712::encodeAddress(const QString &address)
{
    const QStringView hex = withoutPrefix(address);
    if (hex.size() != 40)
        return std::nullopt;
    const std::optional<QByteArray> bytes = decodeHex(hex, 20);
    if (!bytes)
        return std::nullopt;
    return QByteArray(12, '\0') + *bytes;
}

std::optional<QByteArray> Eip712::encodeBytes32(const QString &hex)
{
    const QStringView digits = withoutPrefix(hex);
    if (digits.size() != 64)
        return std::nullopt;
    return decodeHex(digits, 32);
}

std::optional<QByteArray> Eip712::domainSeparator(
    const QString &name, const QString &version, const QString &chainId, const QString &verifyingContract)
{
    static const QByteArray DomainType
        = typeHash("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    const auto chain = encodeUint256(chainId);
    const auto contract = encodeAddress(verifyingContract);
    if (!chain || !contract)
        return std::nullopt;
    return keccak256(
        DomainType + keccak256(name.toUtf8()) + keccak256(version.toUtf8()) + *chain + *contract);
}

std::optional<QByteArray> Eip712::transferWithAuthorizationHash(const Eip3009Authorization &a)
{
    static const QByteArray TransferType
        = typeHash("TransferWithAuthorization(address from,address to,uint256 "
                   "value,uint256 validAfter,uint256 validBefore,bytes32 nonce)");
    const auto from = encodeAddress(a.from);
    const auto to = encodeAddress(a.to);
    const auto value = encodeUint256(a.value);
    const auto validAfter = encodeUint256(a.validAfter);
    const auto validBefore = encodeUint256(a.validBefore);
    const auto nonce = encodeBytes32(a.nonce);
    if (!from || !to || !value || !validAfter || !validBefore || !nonce)
        return std::nullopt;
    return keccak256(TransferType + *from + *to + *value + *validAfter + *validBefore + *nonce);
}

QByteArray Eip712::digest(const QByteArray &domainSeparator, const QByteArray &structHash)
{
    return keccak256(QByteArrayLiteral("\x19\x01") + domainSeparator + structHash);
}

} // namespace ades::x402
