#include "Hex.h"

#include <QString>

namespace ades {

std::optional<QByteArray> decodeHex(QStringView text, qsizetype byteCount)
{
    if (text.startsWith(u"0x", Qt::CaseInsensitive))
        text = text.mid(2);
    if (text.size() != 2 * byteCount)
        return std::nullopt;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!((u >= u'0' && u <= u'9') || (u >= u'a' && u <= u'f') || (u >= u'A' && u <= u'F')))
            return std::nullopt;
    }
    return QByteArray::fromHex(text.toLatin1());
}

} // namespace ades
