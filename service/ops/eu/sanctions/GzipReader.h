#pragma once

#include "core/Result.h"

#include <QByteArray>

namespace ades::eu {

// The snapshot exchange format (`*.jsonl.gz`) read through core/Inflate.h (Qt's qUncompress only reads its
// own length-prefixed zlib framing): gzip members with their CRC-32 and length checked, plain data as is.
class GzipReader
{
public:
    static bool isGzip(const QByteArray &data);
    // Plain data (no gzip magic) is returned as is.
    static Result<QByteArray> decompress(const QByteArray &data, qsizetype maxOutput = 512 * 1024 * 1024);
};

} // namespace ades::eu
