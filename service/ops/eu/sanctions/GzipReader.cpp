#include "GzipReader.h"

#include "core/Inflate.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

bool GzipReader::isGzip(const QByteArray &data)
{
    return Inflate::isGzip(data);
}

Result<QByteArray> GzipReader::decompress(const QByteArray &data, qsizetype maxOutput)
{
    if (!isGzip(data))
        return data;
    const Inflate::Outcome outcome = Inflate::inflate(data, Inflate::Framing::Gzip, maxOutput);
    if (outcome.bytes)
        return *outcome.bytes;
    return ServiceError::unprocessable(
        u"invalid_gzip"_s, u"The gzip data cannot be read: "_s + outcome.problem, u"file"_s);
}

} // namespace ades::eu
