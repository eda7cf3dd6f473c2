#include "HexQuantity.h"

using namespace Qt::StringLiterals;

namespace ades::chain::Hex {

namespace {

bool isHexDigit(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
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
    for (qsizetype i = 2; i < text.size(); ++i) {
        if (!isHexDigit(text[i]))
            return std::nullopt;
    }
    return QByteArray::fromHex(text.mid(2).toLatin1());
}

QString fromData(const QByteArray &bytes)
{
    return u"0x"_s + QString::fromLatin1(bytes.toHex());
}

} // namespace ades::chain::Hex
