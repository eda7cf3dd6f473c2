#include "GzipReader.h"

#include <zlib.h>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

ServiceError gzipError(const QString &why)
{
    return ServiceError::unprocessable(
        u"invalid_gzip"_s, u"The gzip data cannot be read: "_s + why, u"file"_s);
}

} // namespace

bool GzipReader::isGzip(const QByteArray &data)
{
    return data.size() >= 2 && uchar(data[0]) == 0x1f && uchar(data[1]) == 0x8b;
}

Result<QByteArray> GzipReader::decompress(const QByteArray &data, qsizetype maxOutput)
{
    if (!isGzip(data))
        return data;
    // zlib from Debian (zlib1g): gzip framing, CRC-32 and length checks; 16 + MAX_WBITS selects gzip.
    z_stream stream = {};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        return gzipError(u"the decompressor could not start"_s);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());

    QByteArray out;
    constexpr qsizetype Chunk = 256 * 1024;
    int status = Z_OK;
    while (true) {
        const qsizetype used = out.size();
        out.resize(used + Chunk);
        stream.next_out = reinterpret_cast<Bytef *>(out.data() + used);
        stream.avail_out = uInt(Chunk);
        status = inflate(&stream, Z_NO_FLUSH);
        out.resize(used + (Chunk - qsizetype(stream.avail_out)));
        if (out.size() > maxOutput) {
            inflateEnd(&stream);
            return gzipError(u"it expands beyond %1 bytes"_s.arg(maxOutput));
        }
        if (status == Z_STREAM_END) {
            // gzip files may hold several members one after another (as `gzip -dc` reads them).
            if (stream.avail_in == 0)
                break;
            if (stream.avail_in < 2 || stream.next_in[0] != 0x1f || stream.next_in[1] != 0x8b) {
                inflateEnd(&stream);
                return gzipError(u"there are stray bytes after the compressed data"_s);
            }
            inflateReset(&stream);
            continue;
        }
        if (status != Z_OK) {
            const QString why = stream.msg ? QString::fromLatin1(stream.msg) : u"corrupt data"_s;
            inflateEnd(&stream);
            return gzipError(why);
        }
        if (stream.avail_in == 0 && stream.avail_out != 0) {
            inflateEnd(&stream);
            return gzipError(u"it is truncated"_s);
        }
    }
    inflateEnd(&stream);
    return out;
}

} // namespace ades::eu
