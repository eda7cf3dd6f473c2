#pragma once

#include <QImage>

namespace ades::extract {

// Turns a grey photo or scan into what Tesseract reads best: text at a workable size (scaled into a width
// band), black on white (Otsu's global threshold) and level (the skew angle that makes the horizontal
// projection profile of the ink most peaked, searched within ±MaxSkewDegrees).
class OcrPreprocessor
{
public:
    struct Prepared
    {
        QImage image; // Format_Grayscale8, 0 or 255
        QImage grey; // the same page scaled and levelled, before thresholding
        double scale = 1.0;
        double skewDegrees = 0.0;
        int threshold = 128;
    };

    static Prepared prepare(const QImage &grey);

    static int otsuThreshold(const QImage &grey);
    static double skewAngle(const QImage &binary);

    static constexpr int MinWidth = 1200;
    static constexpr int MaxWidth = 2600;
    static constexpr double MaxSkewDegrees = 6.0;
};

} // namespace ades::extract
