#pragma once

#include <QByteArray>

namespace ades::market {

// A minimal PNG writer (ISO/IEC 15948) for black-and-white images (grayscale, bit depth 1), on zlib, which
// the build already links: the service library stays free of QtGui and of an image library for the one
// picture it makes. One bit a pixel keeps a QR code's PNG small and quick to compress (an 8-bit one of the
// same code took 14 ms at zlib's best level, this one well under a millisecond: BenchMarketFundingQr).
namespace PngEncoder {

// Bytes per row of a `width`-pixel bilevel image: one bit a pixel, rows padded to whole bytes.
int bilevelRowBytes(int width);
// `rows`: height rows of bilevelRowBytes(width) bytes each, the leftmost pixel in the most significant bit,
// 1 white and 0 black. Empty if the sizes disagree.
QByteArray bilevel(int width, int height, const QByteArray &rows);

} // namespace PngEncoder

} // namespace ades::market
