#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QImage>

namespace ades::extract {

// What an upload is, from its first bytes (the filename and content type are not trusted).
enum class DocumentKind
{
    Unknown,
    Pdf,
    Jpeg,
    Png,
    Webp,
    Tiff,
};

DocumentKind sniffDocument(const QByteArray &bytes);
QString kindName(DocumentKind kind); // "jpeg", "pdf" ...

// Decodes a photo or scan into an 8-bit grey image, within a pixel budget checked from the header before a
// pixel is decoded (decompression bombs). JPEG and PNG through Qt's QImageReader; TIFF and WebP, for which
// Debian's Qt 6.4 has no plugin without qt6-image-formats-plugins, through Leptonica (already there for
// Tesseract, built with libtiff and libwebp). Multi-page TIFF: the first page.
class ImageDecoder
{
public:
    static Result<QImage> decode(const QByteArray &bytes, qint64 maxPixels);
};

} // namespace ades::extract
