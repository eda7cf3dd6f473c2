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

QByteArray grayscale(int width, int height, const QByteArray &pixels)
{
    if (width <= 0 || height <= 0 || pixels.size() != qsizetype(width) * height)
        return {};
    // Every scanline starts with its filter type; 0 (None) suits two-colour images well enough.
    QByteArray raw;
    raw.reserve(qsizetype(width + 1) * height);
    for (int y = 0; y < height; ++y) {
        raw.append('\0');
        raw.append(pixels.constData() + qsizetype(y) * width, width);
    }
    uLongf compressedSize = compressBound(uLong(raw.size()));
    QByteArray compressed(qsizetype(compressedSize), '\0');
    if (compress2(reinterpret_cast<Bytef *>(compressed.data()), &compressedSize,
            reinterpret_cast<const Bytef *>(raw.constData()), uLong(raw.size()), Z_BEST_COMPRESSION)
        != Z_OK)
        return {};
    compressed.truncate(qsizetype(compressedSize));

    // IHDR: width, height, bit depth 8, colour type 0 (grayscale), compression 0, filter 0, no interlace.
    const QByteArray header
        = bigEndian32(quint32(width)) + bigEndian32(quint32(height)) + QByteArray("\x08\x00\x00\x00\x00", 5);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) + chunk("IDAT", compressed)
        + chunk("IEND", QByteArray());
}

} // namespace ades::market::PngEncoder
