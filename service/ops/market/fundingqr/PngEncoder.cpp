#include "PngEncoder.h"

#include <QtEndian>
#include <cstring>
#include <zlib.h>

namespace ades::market::PngEncoder {

namespace {

// Filter types of PNG §9.2: None copies the row, Up subtracts the row above (a repeated row becomes zeros).
constexpr char FilterNone = 0;
constexpr char FilterUp = 2;

// zlib's fastest level with a smaller hash table than its default (memLevel 4 of 1-9: a QR code's 26 KB of
// rows never fill more). The window stays 32 KB: a smaller one made zlib slide and rehash it more often.
constexpr int MemLevel = 4;

// One deflate state per thread, reset for each image: setting up and freeing zlib's state (about 150 KB,
// which the allocator handed back to the system after every image and faulted in again) cost more than
// compressing a QR code's rows (BenchMarketFundingQr).
class Deflater
{
public:
    Deflater()
        : m_ready(deflateInit2(&m_stream, Z_BEST_SPEED, Z_DEFLATED, MAX_WBITS, MemLevel, Z_DEFAULT_STRATEGY)
            == Z_OK)
    { }
    ~Deflater()
    {
        if (m_ready)
            deflateEnd(&m_stream);
    }
    Q_DISABLE_COPY_MOVE(Deflater)

    // The zlib stream of `raw`; empty on failure.
    QByteArray compress(const QByteArray &raw)
    {
        if (!m_ready || deflateReset(&m_stream) != Z_OK)
            return {};
        QByteArray out(qsizetype(deflateBound(&m_stream, uLong(raw.size()))), Qt::Uninitialized);
        m_stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(raw.constData()));
        m_stream.avail_in = uInt(raw.size());
        m_stream.next_out = reinterpret_cast<Bytef *>(out.data());
        m_stream.avail_out = uInt(out.size());
        const int status = deflate(&m_stream, Z_FINISH);
        out.truncate(qsizetype(m_stream.total_out));
        return status == Z_STREAM_END ? out : QByteArray();
    }

private:
    z_stream m_stream {};
    bool m_ready = false;
};

void appendBigEndian32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

// length, type, data, CRC-32 over type and data (PNG §5.3), written in place.
void appendChunk(QByteArray &out, const char (&type)[5], const char *data, qsizetype size)
{
    appendBigEndian32(out, quint32(size));
    const qsizetype typeAt = out.size();
    out.append(type, 4);
    out.append(data, size);
    const uLong crc = crc32(
        crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(out.constData() + typeAt), uInt(size + 4));
    appendBigEndian32(out, quint32(crc));
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
    // Every scanline starts with its filter type: None for a row unlike the one above, Up for a repeat. A
    // QR code's pixel rows repeat once per pixel of a module, so most rows become zeros and cost the
    // compressor almost nothing.
    QByteArray raw(qsizetype(rowBytes + 1) * height, Qt::Uninitialized);
    char *scanline = raw.data();
    const char *row = rows.constData();
    for (int y = 0; y < height; ++y, row += rowBytes, scanline += rowBytes + 1) {
        const bool repeat = y > 0 && std::memcmp(row, row - rowBytes, size_t(rowBytes)) == 0;
        scanline[0] = repeat ? FilterUp : FilterNone;
        if (repeat)
            std::memset(scanline + 1, 0, size_t(rowBytes));
        else
            std::memcpy(scanline + 1, row, size_t(rowBytes));
    }
    thread_local Deflater deflater;
    const QByteArray compressed = deflater.compress(raw);
    if (compressed.isEmpty())
        return {};

    QByteArray png;
    png.reserve(8 + 25 + compressed.size() + 12 + 12);
    png.append("\x89PNG\r\n\x1a\n", 8);
    // IHDR: width, height, bit depth 1, colour type 0 (grayscale), compression 0, filter 0, no interlace.
    char header[13];
    qToBigEndian(quint32(width), header);
    qToBigEndian(quint32(height), header + 4);
    std::memcpy(header + 8, "\x01\x00\x00\x00\x00", 5);
    appendChunk(png, "IHDR", header, sizeof header);
    appendChunk(png, "IDAT", compressed.constData(), compressed.size());
    appendChunk(png, "IEND", nullptr, 0);
    return png;
}

} // namespace ades::market::PngEncoder
