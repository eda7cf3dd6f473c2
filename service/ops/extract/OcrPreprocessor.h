#pragma once

#include "OcrOptions.h"

#include <QImage>

namespace ades::extract {

// Turns a grey photo or scan into what Tesseract reads best: text at a workable size (scaled so the median
// height of the ink's connected components, about the capital height on upper-case receipts, comes to
// OcrOptions::targetTextHeight) and level (the skew angle that makes the horizontal projection profile of the
// ink most peaked, searched within ±MaxSkewDegrees, the ink found by Otsu's global threshold; when the darker
// class of the histogram holds no character-sized shapes it is the background around the page, a scanner's
// black frame or the table under a photographed receipt, and is whitened). Tesseract is
// given the levelled grey page, not the binary one: on the SROIE receipts the true total appeared in the OCR
// text of 53 of 70 receipts from grey against 47 from the Otsu-binarised page (dates 53 against 50), because
// Tesseract's LSTM reads grey values and thresholds locally for its layout analysis.
class OcrPreprocessor
{
public:
    struct Prepared
    {
        QImage levelled; // Format_Grayscale8: scaled and deskewed
        QImage binary; // the same page thresholded (0 or 255)
        QImage forOcr; // Format_Grayscale8: what OCR reads (levelled, or OcrOptions::image of it)
        double scale = 1.0;
        int textHeight = 0; // median character height measured before scaling, px; 0 when not found
        double skewDegrees = 0.0;
        int threshold = 128;
        // Grey values at or below this were the background the page lay on, not ink (whitened before
        // OCR); -1 when the darker class of the page's histogram was its ink, as usual.
        int backgroundAtOrBelow = -1;
    };

    static Prepared prepare(const QImage &grey, const OcrOptions &options = {});
    // The same levelled page as another image kind (OcrOptions::Image) for a second reading.
    static QImage imageFor(const QImage &levelled, OcrOptions::Image kind, int textHeight);

    // The median height of the ink's connected components that can be characters (not specks, not rules
    // or logos), in px of `binary`; 0 when there are too few.
    static int textHeight(const QImage &binary);
    static int otsuThreshold(const QImage &grey);
    // The page's tilt in degrees, clockwise positive (image y runs down); turning by minus it levels it.
    static double skewAngle(const QImage &binary);

    static constexpr int MinWidth = 1200;
    static constexpr int MaxWidth = 2600;
    static constexpr double MaxSkewDegrees = 6.0;
    // Bounds of the text-height scaling: never more than 4× up or down, never beyond this many pixels.
    static constexpr double MaxScale = 4.0;
    static constexpr qint64 MaxScaledPixels = 36'000'000;
};

} // namespace ades::extract
