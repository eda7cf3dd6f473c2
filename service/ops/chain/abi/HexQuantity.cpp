#include "HexQuantity.h"

using namespace Qt::StringLiterals;

namespace ades::chain::Hex {

namespace {

int nibble(QChar c)
{
    const char16_t u = c.unicode();
    if (u >= u'0' && u <= u'9')
        return u - u'0';
    if (u >= u'a' && u <= u'f')
        return u - u'a' + 10;
    if (u >= u'A' && u <= u'F')
        return u - u'A' + 10;
    return -1;
}

} // namespace

std::optional<Uint256> quantity(QStringView text, Strictness strictness)
{
    if (!text.startsWith(u"0x"_s))
        return std::nullopt;
    QStringView digits = text.mid(2);
    if (digits.isEmpty())
        return std::nullopt;
    if (strictness == Strictness::Canonical && digits.size() > 1 && digits.startsWith(u'0'))
        return std::nullopt;
    if (strictness == Strictness::Lenient) {
        while (digits.size() > 1 && digits.startsWith(u'0'))
            digits = digits.mid(1);
    }
    return Uint256::fromHexDigits(digits);
}

std::optional<QByteArray> data(QStringView text)
{
    if (!text.startsWith(u"0x"_s) || text.size() % 2 != 0)
        return std::nullopt;
    // One pass, validating while decoding: return data is most of what a node sends.
    QByteArray bytes((text.size() - 2) / 2, Qt::Uninitialized);
    char *out = bytes.data();
    for (qsizetype i = 2; i < text.size(); i += 2) {
        const int high = nibble(text[i]);
        const int low = nibble(text[i + 1]);
        if (high < 0 || low < 0)
            return std::nullopt;
        *out++ = char((high << 4) | low);
    }
    return bytes;
}

QString fromData(const QByteArray &bytes)
{
    return u"0x"_s + QString::fromLatin1(bytes.toHex());
}

} // namespace ades::chain::Hex
