#pragma once

#include <QByteArray>

namespace ades::market {

// A minimal PNG writer (ISO/IEC 15948) for 8-bit grayscale images, on zlib, which the build already links:
// the service library stays free of QtGui and of an image library for the one picture it makes.
namespace PngEncoder {

// `pixels` row-major, width * height bytes (0 black .. 255 white). Empty if the sizes disagree.
QByteArray grayscale(int width, int height, const QByteArray &pixels);

} // namespace PngEncoder

} // namespace ades::market
