#include "BodyInflater.h"

#include <zlib.h>

using namespace Qt::StringLiterals;

namespace ades::web {

BodyInflater::Outcome BodyInflater::decode(
    const QByteArray &body, const QByteArray &encoding, qint64 maxBytes)
{
    const QByteArray coding = encoding.trimmed().toLower();
    if (coding.isEmpty() || coding == "identity") {
        if (body.size() > maxBytes)
            return { std::nullopt, u"the body exceeds the cap"_s, true };
        return { body, {}, false };
    }
    if (coding == "gzip" || coding == "x-gzip")
        return inflate(body, 16 + MAX_WBITS, maxBytes);
    if (coding == "deflate") {
        // RFC 9110 "deflate" is zlib-wrapped; some servers send raw deflate, which the zlib header check
        // tells apart.
        Outcome wrapped = inflate(body, MAX_WBITS, maxBytes);
        if (wrapped.bytes || wrapped.tooLarge)
            return wrapped;
        return inflate(body, -MAX_WBITS, maxBytes);
    }
    return { std::nullopt,
        u"the content coding \"%1\" is not supported (gzip, deflate)"_s.arg(
            QString::fromLatin1(coding.left(40))),
        false };
}

BodyInflater::Outcome BodyInflater::inflate(const QByteArray &body, int windowBits, qint64 maxBytes)
{
    z_stream stream {};
    if (inflateInit2(&stream, windowBits) != Z_OK)
        return { std::nullopt, u"the decompressor could not start"_s, false };
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(body.constData()));
    stream.avail_in = uInt(body.size());
    QByteArray out;
    char chunk[16 * 1024];
    int rc = Z_OK;
    while (rc == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        rc = ::inflate(&stream, Z_NO_FLUSH);
        if (rc != Z_OK && rc != Z_STREAM_END)
            break;
        const qsizetype produced = qsizetype(sizeof chunk - stream.avail_out);
        if (out.size() + produced > maxBytes) {
            inflateEnd(&stream);
            return { std::nullopt, u"the decompressed body exceeds the cap of %1 bytes"_s.arg(maxBytes),
                true };
        }
        out.append(chunk, produced);
        if (rc == Z_OK && produced == 0 && stream.avail_in == 0) {
            rc = Z_BUF_ERROR; // input ended before the stream did
            break;
        }
    }
    inflateEnd(&stream);
    if (rc != Z_STREAM_END)
        return { std::nullopt, u"the compressed body is damaged or incomplete"_s, false };
    return { out, {}, false };
}

} // namespace ades::web
