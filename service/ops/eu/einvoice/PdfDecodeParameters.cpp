#include "PdfDecodeParameters.h"

#include <limits>
#include <qpdf/QPDFObjectHandle.hh>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// PDF 1.7 allows any number of colour components from PDF 1.3 on; DeviceN stops at 32 (Annex C).
constexpr qint64 MaxColors = 32;

bool isPredictor(qint64 value)
{
    return value == 1 || value == 2 || (value >= 10 && value <= 15);
}

bool isBitsPerComponent(qint64 value)
{
    return value == 1 || value == 2 || value == 4 || value == 8 || value == 16;
}

} // namespace

qint64 PdfDecodeParameters::rowBytes() const
{
    return (qint64(columns) * colors * bitsPerComponent + 7) / 8;
}

qint64 PdfDecodeParameters::bytesPerPixel() const
{
    return (qint64(colors) * bitsPerComponent + 7) / 8;
}

std::optional<QString> PdfDecodeParameters::read(
    QPDFObjectHandle decodeParms, bool lzw, PdfDecodeParameters &out)
{
    out = PdfDecodeParameters();
    const QString filter = lzw ? u"/LZWDecode"_s : u"/FlateDecode"_s;
    if (decodeParms.isNull())
        return std::nullopt;
    if (!decodeParms.isDictionary())
        return u"the %1 /DecodeParms is not a dictionary"_s.arg(filter);

    // Each value as an integer, or the reason it is none; absent keys keep their defaults.
    std::optional<QString> problem;
    const auto integer = [&](const char *key, qint64 fallback) -> qint64 {
        QPDFObjectHandle value = decodeParms.getKey(key);
        if (value.isNull())
            return fallback;
        if (!value.isInteger()) {
            if (!problem)
                problem = u"the %1 /DecodeParms has a %2 that is not an integer"_s.arg(
                    filter, QString::fromLatin1(key));
            return fallback;
        }
        return qint64(value.getIntValue());
    };
    const qint64 predictor = integer("/Predictor", 1);
    const qint64 colors = integer("/Colors", 1);
    const qint64 bitsPerComponent = integer("/BitsPerComponent", 8);
    const qint64 columns = integer("/Columns", 1);
    const qint64 earlyChange = lzw ? integer("/EarlyChange", 1) : 1;
    if (problem)
        return problem;

    if (!isPredictor(predictor))
        return u"the %1 /DecodeParms has /Predictor %2; PDF defines 1, 2 and 10 to 15"_s.arg(filter).arg(
            predictor);
    if (earlyChange != 0 && earlyChange != 1)
        return u"the /LZWDecode /DecodeParms has /EarlyChange %1; PDF defines 0 and 1"_s.arg(earlyChange);
    out.predictor = int(predictor);
    out.earlyChange = earlyChange == 1;
    if (predictor == 1)
        return std::nullopt; // /Colors, /BitsPerComponent and /Columns are not used

    if (colors < 1 || colors > MaxColors)
        return u"the %1 /DecodeParms has /Colors %2; at most %3 colour components are decoded"_s.arg(filter)
            .arg(colors)
            .arg(MaxColors);
    if (!isBitsPerComponent(bitsPerComponent))
        return u"the %1 /DecodeParms has /BitsPerComponent %2; PDF defines 1, 2, 4, 8 and 16"_s.arg(filter)
            .arg(bitsPerComponent);
    if (columns < 1)
        return u"the %1 /DecodeParms has /Columns %2; a predictor row holds at least one sample"_s.arg(filter)
            .arg(columns);
    // Up to 2^31 columns the product fits 64 bits exactly; beyond that the row is too long anyway.
    const bool fitsInt = columns <= std::numeric_limits<int>::max();
    const qint64 rowBytes = fitsInt ? (columns * colors * bitsPerComponent + 7) / 8 : MaxRowBytes + 1;
    if (rowBytes > MaxRowBytes)
        return u"the %1 /DecodeParms has /Columns %2, /Colors %3 and /BitsPerComponent %4: predictor rows "
               "of %5 bytes; at most %6 are decoded"_s.arg(filter)
                   .arg(columns)
                   .arg(colors)
                   .arg(bitsPerComponent)
                   .arg(fitsInt ? QString::number(rowBytes) : u"more than %1"_s.arg(MaxRowBytes))
                   .arg(MaxRowBytes);
    out.colors = int(colors);
    out.bitsPerComponent = int(bitsPerComponent);
    out.columns = int(columns);
    return std::nullopt;
}

} // namespace ades::eu
