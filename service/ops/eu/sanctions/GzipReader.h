#pragma once

#include "core/Result.h"

#include <QByteArray>

namespace ades::eu {

// Decompresses gzip (RFC 1952) and raw DEFLATE (RFC 1951) in memory. Qt's qUncompress only reads its own
// length-prefixed zlib framing, and ades_service links no zlib, so the snapshot exchange format
// (`*.jsonl.gz`) is inflated here. Checks the CRC-32 and length in the gzip trailer.
class GzipReader
{
public:
    static bool isGzip(const QByteArray &data);
    // Plain data (no gzip magic) is returned as is.
    static Result<QByteArray> decompress(const QByteArray &data, qsizetype maxOutput = 512 * 1024 * 1024);
};

} // namespace ades::eu
