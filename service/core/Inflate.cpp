#include "Inflate.h"

#include <zlib.h>

using namespace Qt::StringLiterals;

namespace ades::Inflate {

namespace {

int windowBitsOf(Framing framing)
{
    switch (framing) {
    case Framing::Gzip:
        return 16 + MAX_WBITS;
    case Framing::Zlib:
        return MAX_WBITS;
    case Framing::RawDeflate:
        return -MAX_WBITS;
    }
    return MAX_WBITS;
}

Outcome failed(z_stream &stream, const QString &problem, bool tooLarge = false)
{
    inflateEnd(&stream);
    return { std::nullopt, problem, tooLarge };
}

} // namespace

bool isGzip(const QByteArray &data)
{
    return data.size() >= 2 && uchar(data[0]) == 0x1f && uchar(data[1]) == 0x8b;
}

Outcome inflate(const QByteArray &data, Framing framing, qint64 maxBytes)
{
    z_stream stream {};
    if (inflateInit2(&stream, windowBitsOf(framing)) != Z_OK)
        return { std::nullopt, u"the decompressor could not start"_s, false };
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());

    QByteArray out;
    char chunk[64 * 1024];
    while (true) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        const int status = ::inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) {
            if (status == Z_BUF_ERROR)
                return failed(stream, u"it is truncated"_s);
            return failed(stream, stream.msg ? QString::fromLatin1(stream.msg) : u"it is damaged"_s);
        }
        const qsizetype produced = qsizetype(sizeof chunk - stream.avail_out);
        if (out.size() + produced > maxBytes)
            return failed(stream, u"it expands beyond %1 bytes"_s.arg(maxBytes), true);
        out.append(chunk, produced);
        if (status == Z_STREAM_END) {
            if (stream.avail_in == 0)
                break;
            // Another gzip member may follow; anything else is stray.
            if (framing != Framing::Gzip || stream.avail_in < 2 || stream.next_in[0] != 0x1f
                || stream.next_in[1] != 0x8b)
                return failed(stream, u"there are stray bytes after the compressed data"_s);
            inflateReset(&stream);
            continue;
        }
        if (produced == 0 && stream.avail_in == 0)
            return failed(stream, u"it is truncated"_s); // input ended before the stream did
    }
    inflateEnd(&stream);
    return { out, {}, false };
}

} // namespace ades::Inflate
