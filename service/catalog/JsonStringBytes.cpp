#include "JsonStringBytes.h"

#include <QCborMap>
#include <QCborValue>
#include <algorithm>

namespace ades {

std::optional<QByteArray> JsonStringBytes::of(const QJsonObject &object, const QString &key)
{
    const QCborValue value = QCborMap::fromJsonObject(object).value(key);
    if (!value.isString())
        return std::nullopt;
    QByteArray cbor = value.toCbor();
    // The head (RFC 8949 §3): major type 3 (text string), then the length in the low five bits (below 24)
    // or in the 1, 2, 4 or 8 bytes that follow.
    if (cbor.isEmpty() || (uchar(cbor.at(0)) >> 5) != 3)
        return std::nullopt;
    const int info = uchar(cbor.at(0)) & 0x1f;
    const qsizetype head = info < 24 ? 1
        : info == 24                 ? 2
        : info == 25                 ? 3
        : info == 26                 ? 5
        : info == 27                 ? 9
                                     : -1;
    if (head < 0 || head > cbor.size())
        return std::nullopt;
    quint64 length = info < 24 ? quint64(info) : 0;
    for (qsizetype i = 1; i < head; ++i)
        length = (length << 8) | uchar(cbor.at(i));
    if (length != quint64(cbor.size() - head))
        return std::nullopt;
    cbor.remove(0, head); // in place: the caller may decode in place too
    return cbor;
}

qsizetype JsonStringBytes::codePoints(const QByteArray &utf8)
{
    // Every code point has exactly one byte that is not a continuation byte (10xxxxxx).
    return std::count_if(utf8.cbegin(), utf8.cend(), [](char c) { return (uchar(c) & 0xc0) != 0x80; });
}

} // namespace ades
