#include "PngEncoder.h"

#include <QtEndian>
#include <zlib.h>

namespace ades::market::PngEncoder {

namespace {

QByteArray bigEndian32(quint32 value)
{
    QByteArray out(4, '\0');
    qToBigEndian(value, out.data());
    return out;
}

// length, type, data, CRC-32 over type and data (PNG §5.3).
QByteArray chunk(const char (&type)[5], const QByteArray &data)
{
    const QByteArray typeAndData = QByteArray(type, 4) + data;
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(typeAndData.constData()),
        uInt(typeAndData.size()));
    return bigEndian32(quint32(data.size())) + typeAndData + bigEndian32(quint32(crc));
}

} // namespace

int bilevelRowBytes(int width)
{
    return (width + 7) / 8;
}

QByteArray bilevel(int width, int height, const QByteArray &rows)
{
    const int rowBytes = bilevelRowBytes(width);
    if (width <= 0 || height <= 0 || rows.size() != qsizetype(rowBytes) * height)
        return {};
    // Every scanline starts with its filter type; 0 (None) suits a two-colour image.
    QByteArray raw;
    raw.reserve(qsizetype(rowBytes + 1) * height);
    for (int y = 0; y < height; ++y) {
        raw.append('\0');
        raw.append(rows.constData() + qsizetype(y) * rowBytes, rowBytes);
    }
    uLongf compressedSize = compressBound(uLong(raw.size()));
    QByteArray compressed(qsizetype(compressedSize), '\0');
    if (compress2(reinterpret_cast<Bytef *>(compressed.data()), &compressedSize,
            reinterpret_cast<const Bytef *>(raw.constData()), uLong(raw.size()), Z_BEST_SPEED)
        != Z_OK)
        return {};
    compressed.truncate(qsizetype(compressedSize));

    // IHDR: width, height, bit depth 1, colour type 0 (grayscale), compression 0, filter 0, no interlace.
    const QByteArray header
        = bigEndian32(quint32(width)) + bigEndian32(quint32(height)) + QByteArray("\x01\x00\x00\x00\x00", 5);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) + chunk("IDAT", compressed)
        + chunk("IEND", QByteArray());
}

} // namespace ades::market::PngEncoder
