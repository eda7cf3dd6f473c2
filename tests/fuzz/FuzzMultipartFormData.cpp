// Fuzz target: a multipart/form-data upload as the HTTP channels read it (http/MultipartFormData, called by
// CatalogRoutes for document uploads). Input: the Content-Type value, a newline, then the body. Checks,
// besides crashes and hangs: an accepted body has at most maxParts parts, each named, no name twice,
// no directory in a file name, each part's bytes found in the body as sent; a refusal is a 400.

#include "http/MultipartFormData.h"

#include <QSet>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype eol = input.indexOf('\n');
    const QByteArray contentType = eol < 0 ? input : input.left(eol);
    const QByteArray body = eol < 0 ? QByteArray() : input.mid(eol + 1);
    const QByteArray boundary = ades::MultipartFormData::boundary(contentType);
    if (boundary.size() > 70)
        __builtin_trap();
    const ades::MultipartLimits limits { 4, 512 };
    const ades::Result<QList<ades::MultipartPart>> parts
        = ades::MultipartFormData::parse(contentType, body, limits);
    if (!parts.ok()) {
        if (parts.error().httpStatus() != 400)
            __builtin_trap();
        return 0;
    }
    // Accepted: the Content-Type said multipart/form-data with a usable boundary.
    if (!ades::MultipartFormData::isMultipart(contentType) || boundary.isEmpty())
        __builtin_trap();
    if (parts.value().size() > limits.maxParts)
        __builtin_trap();
    QSet<QString> names;
    for (const ades::MultipartPart &part : parts.value()) {
        if (part.name.isEmpty() || names.contains(part.name))
            __builtin_trap();
        names.insert(part.name);
        if (part.filename.contains(QLatin1Char('/')) || part.filename.contains(QLatin1Char('\\')))
            __builtin_trap();
        if (!part.data.isEmpty() && !body.contains(part.data))
            __builtin_trap();
    }
    return 0;
}
