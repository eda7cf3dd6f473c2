#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

class QPDFObjectHandle;

namespace ades::eu {

// The /DecodeParms of one /FlateDecode or /LZWDecode filter (ISO 32000-1 §7.4.4.3, Table 8), read and bounded
// before any decoder exists: a predictor keeps one or two rows in memory, and qpdf 11.3 allocates them from
// /Columns as given, so a 5 KB PDF could ask for a gigabyte (issue 12).
struct PdfDecodeParameters
{
    // A predictor row larger than this is refused. Cross-reference and object streams have rows of a few
    // bytes, images (which ADES never decodes) a few kilobytes.
    static constexpr qint64 MaxRowBytes = 1024 * 1024;

    int predictor = 1; // 1 none, 2 TIFF, 10..15 PNG (the row's tag byte decides the PNG function)
    int colors = 1;
    int bitsPerComponent = 8;
    int columns = 1;
    bool earlyChange = true; // LZW only

    bool usesPredictor() const { return predictor > 1; }
    // Bytes of one row of samples, without the PNG tag byte.
    qint64 rowBytes() const;
    qint64 bytesPerPixel() const;

    // Reads `decodeParms` (null: the defaults) of a /FlateDecode (lzw false) or /LZWDecode filter. Returns
    // the reason when a value is not an integer PDF allows or makes rows beyond MaxRowBytes; the values
    // only matter with a predictor, so their ranges are checked only then, as readers use them.
    static std::optional<QString> read(QPDFObjectHandle decodeParms, bool lzw, PdfDecodeParameters &out);
};

} // namespace ades::eu
