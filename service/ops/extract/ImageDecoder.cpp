#include "ImageDecoder.h"

#include <QBuffer>
#include <QImageReader>
#include <leptonica/allheaders.h>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

ServiceError unreadable(const QString &message)
{
    return ServiceError::badRequest(u"file_unreadable"_s, message, u"file"_s);
}

ServiceError tooLarge(qint64 width, qint64 height, qint64 maxPixels)
{
    return ServiceError::badRequest(u"image_too_large"_s,
        u"The image is %1 × %2 pixels; at most %3 pixels are read. Send a smaller scan."_s.arg(width)
            .arg(height)
            .arg(maxPixels),
        u"file"_s);
}

bool withinBudget(qint64 width, qint64 height, qint64 maxPixels)
{
    return width > 0 && height > 0 && width <= 100'000 && height <= 100'000 && width * height <= maxPixels;
}

Result<QImage> decodeWithQt(const QByteArray &bytes, const char *format, qint64 maxPixels)
{
    QByteArray data = bytes; // QBuffer needs a non-const array; shares the bytes
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, format);
    reader.setAutoTransform(true); // EXIF orientation of phone photos
    const QSize size = reader.size();
    if (!size.isValid())
        return unreadable(
            u"The %1 image cannot be read: %2."_s.arg(QString::fromLatin1(format), reader.errorString()));
    if (!withinBudget(size.width(), size.height(), maxPixels))
        return tooLarge(size.width(), size.height(), maxPixels);
    // Qt's own allocation limit too (in MiB, 4 bytes a pixel), in case the header lied about the size.
    reader.setAllocationLimit(int(qMax<qint64>(1, maxPixels * 4 / (1024 * 1024) + 1)));
    QImage image;
    if (!reader.read(&image) || image.isNull())
        return unreadable(
            u"The %1 image cannot be decoded: %2."_s.arg(QString::fromLatin1(format), reader.errorString()));
    return image.convertToFormat(QImage::Format_Grayscale8);
}

Result<QImage> decodeWithLeptonica(const QByteArray &bytes, const QString &format, qint64 maxPixels)
{
    const auto *data = reinterpret_cast<const l_uint8 *>(bytes.constData());
    const size_t size = size_t(bytes.size());
    l_int32 fileFormat = 0, width = 0, height = 0, bps = 0, spp = 0, iscmap = 0;
    if (pixReadHeaderMem(data, size, &fileFormat, &width, &height, &bps, &spp, &iscmap) != 0)
        return unreadable(u"The %1 image header cannot be read."_s.arg(format));
    if (!withinBudget(width, height, maxPixels))
        return tooLarge(width, height, maxPixels);
    PIX *pix = pixReadMem(data, size);
    if (!pix)
        return unreadable(u"The %1 image cannot be decoded."_s.arg(format));
    PIX *grey = pixConvertTo8(pix, 0);
    pixDestroy(&pix);
    if (!grey)
        return unreadable(u"The %1 image has a pixel format that cannot be read."_s.arg(format));
    const int w = int(pixGetWidth(grey));
    const int h = int(pixGetHeight(grey));
    if (!withinBudget(w, h, maxPixels)) {
        pixDestroy(&grey);
        return tooLarge(w, h, maxPixels);
    }
    QImage image(w, h, QImage::Format_Grayscale8);
    const l_uint32 *row = pixGetData(grey);
    const int wpl = int(pixGetWpl(grey));
    for (int y = 0; y < h; ++y, row += wpl) {
        uchar *out = image.scanLine(y);
        for (int x = 0; x < w; ++x)
            out[x] = uchar(GET_DATA_BYTE(row, x));
    }
    pixDestroy(&grey);
    return image;
}

} // namespace

DocumentKind sniffDocument(const QByteArray &bytes)
{
    if (bytes.startsWith("\xFF\xD8\xFF"))
        return DocumentKind::Jpeg;
    if (bytes.startsWith("\x89PNG\r\n\x1A\n"))
        return DocumentKind::Png;
    if (bytes.size() >= 12 && bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return DocumentKind::Webp;
    if (bytes.startsWith(QByteArray("II*\0", 4)) || bytes.startsWith(QByteArray("MM\0*", 4)))
        return DocumentKind::Tiff;
    // PDF readers accept the header anywhere in the first 1024 bytes.
    if (bytes.left(1024).contains("%PDF-"))
        return DocumentKind::Pdf;
    return DocumentKind::Unknown;
}

QString kindName(DocumentKind kind)
{
    switch (kind) {
    case DocumentKind::Pdf:
        return u"pdf"_s;
    case DocumentKind::Jpeg:
        return u"jpeg"_s;
    case DocumentKind::Png:
        return u"png"_s;
    case DocumentKind::Webp:
        return u"webp"_s;
    case DocumentKind::Tiff:
        return u"tiff"_s;
    case DocumentKind::Unknown:
        break;
    }
    return u"unknown"_s;
}

Result<QImage> ImageDecoder::decode(const QByteArray &bytes, qint64 maxPixels)
{
    switch (sniffDocument(bytes)) {
    case DocumentKind::Jpeg:
        return decodeWithQt(bytes, "jpeg", maxPixels);
    case DocumentKind::Png:
        return decodeWithQt(bytes, "png", maxPixels);
    case DocumentKind::Webp:
        return decodeWithLeptonica(bytes, u"WebP"_s, maxPixels);
    case DocumentKind::Tiff:
        return decodeWithLeptonica(bytes, u"TIFF"_s, maxPixels);
    case DocumentKind::Pdf:
    case DocumentKind::Unknown:
        break;
    }
    return ServiceError::badRequest(
        u"file_unsupported"_s, u"The file is no JPEG, PNG, WebP or TIFF image."_s, u"file"_s);
}

} // namespace ades::extract
