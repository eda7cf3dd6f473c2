#include "OcrPreprocessor.h"

#include <QPainter>
#include <QTransform>
#include <algorithm>
#include <array>
#include <cmath>
#include <leptonica/allheaders.h>
#include <vector>

namespace ades::extract {

namespace {

QImage binarised(const QImage &grey, int threshold)
{
    QImage out(grey.size(), QImage::Format_Grayscale8);
    for (int y = 0; y < grey.height(); ++y) {
        const uchar *in = grey.constScanLine(y);
        uchar *o = out.scanLine(y);
        for (int x = 0; x < grey.width(); ++x)
            o[x] = in[x] > threshold ? 255 : 0;
    }
    return out;
}

// How peaked the row profile of the ink is when the page is sheared by `tangent`: text lines make tall
// narrow peaks with white gaps between them when level, a flat profile when tilted.
double profileSharpness(const std::vector<QPoint> &ink, int height, int width, double tangent)
{
    const int margin = int(std::ceil(std::abs(tangent) * width)) + 1;
    std::vector<int> rows(size_t(height + 2 * margin), 0);
    for (const QPoint &p : ink) {
        const int y = int(std::lround(p.y() + p.x() * tangent)) + margin;
        if (y >= 0 && y < int(rows.size()))
            ++rows[size_t(y)];
    }
    double sum = 0;
    for (size_t i = 1; i < rows.size(); ++i) {
        const double d = rows[i] - rows[i - 1];
        sum += d * d;
    }
    return sum;
}

// Leptonica's 8 bpp image of a grey QImage and back (Leptonica packs bytes big-endian in 32-bit words,
// hence its accessor macros).
PIX *toPix(const QImage &grey)
{
    PIX *pix = pixCreate(grey.width(), grey.height(), 8);
    if (!pix)
        return nullptr;
    l_uint32 *row = pixGetData(pix);
    const int wpl = int(pixGetWpl(pix));
    for (int y = 0; y < grey.height(); ++y, row += wpl) {
        const uchar *in = grey.constScanLine(y);
        for (int x = 0; x < grey.width(); ++x)
            SET_DATA_BYTE(row, x, in[x]);
    }
    return pix;
}

QImage fromPix(PIX *pix)
{
    if (!pix)
        return {};
    PIX *grey = pixGetDepth(pix) == 8 ? pixClone(pix) : pixConvertTo8(pix, 0);
    if (!grey)
        return {};
    const int w = int(pixGetWidth(grey));
    const int h = int(pixGetHeight(grey));
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

// The page without what lies around it: grey values at or below `background` become paper white.
QImage whitened(QImage grey, int background)
{
    for (int y = 0; y < grey.height(); ++y) {
        uchar *row = grey.scanLine(y);
        for (int x = 0; x < grey.width(); ++x) {
            if (row[x] <= background)
                row[x] = 255;
        }
    }
    return grey;
}

QImage scaledToWidth(const QImage &grey, int width)
{
    return width == grey.width() ? grey : grey.scaledToWidth(width, Qt::SmoothTransformation);
}

} // namespace

int OcrPreprocessor::textHeight(const QImage &binary)
{
    // Ink as Leptonica's 1 bpp foreground, then the bounding boxes of its 8-connected components.
    PIX *ink = pixCreate(binary.width(), binary.height(), 1);
    if (!ink)
        return 0;
    l_uint32 *row = pixGetData(ink);
    const int wpl = int(pixGetWpl(ink));
    for (int y = 0; y < binary.height(); ++y, row += wpl) {
        const uchar *in = binary.constScanLine(y);
        for (int x = 0; x < binary.width(); ++x) {
            if (in[x] < 128)
                SET_DATA_BIT(row, x);
        }
    }
    BOXA *boxes = pixConnCompBB(ink, 8);
    pixDestroy(&ink);
    if (!boxes)
        return 0;
    // Characters: taller than a speck, at most a twentieth of the page (logos, frames and rules are
    // larger), not much wider than tall (touching characters and rules are), not a thin vertical stroke
    // alone (an I or 1 is, but so are table rules: both are left out).
    const int maxHeight = qMax(8, binary.height() / 20);
    std::vector<int> heights;
    const int n = boxaGetCount(boxes);
    for (int i = 0; i < n; ++i) {
        l_int32 x = 0, y = 0, w = 0, h = 0;
        if (boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h) != 0)
            continue;
        if (h < 6 || h > maxHeight || w > 2 * h || w * 4 < h)
            continue;
        heights.push_back(h);
    }
    boxaDestroy(&boxes);
    if (heights.size() < 20)
        return 0;
    std::nth_element(heights.begin(), heights.begin() + long(heights.size() / 2), heights.end());
    return heights[heights.size() / 2];
}

QImage OcrPreprocessor::imageFor(const QImage &levelled, OcrOptions::Image kind, int textHeight)
{
    if (kind == OcrOptions::Image::Grey)
        return levelled;
    PIX *grey = toPix(levelled);
    if (!grey)
        return levelled;
    PIX *out = nullptr;
    if (kind == OcrOptions::Image::Sauvola) {
        // The window spans about two character heights each side: local enough for uneven light, wide
        // enough to hold both ink and paper. Tiles keep Leptonica's accumulators small on large pages.
        const int half = qBound(8, 2 * (textHeight > 0 ? textHeight : 30), 100);
        const int nx = qMax(1, levelled.width() / 1000);
        const int ny = qMax(1, levelled.height() / 1000);
        pixSauvolaBinarizeTiled(grey, half, 0.34f, nx, ny, nullptr, &out);
    } else {
        out = pixBackgroundNormSimple(grey, nullptr, nullptr);
    }
    pixDestroy(&grey);
    QImage image = fromPix(out);
    pixDestroy(&out);
    return image.isNull() ? levelled : image;
}

int OcrPreprocessor::otsuThreshold(const QImage &grey)
{
    std::array<qint64, 256> histogram {};
    for (int y = 0; y < grey.height(); ++y) {
        const uchar *in = grey.constScanLine(y);
        for (int x = 0; x < grey.width(); ++x)
            ++histogram[in[x]];
    }
    const qint64 total = qint64(grey.width()) * grey.height();
    double sumAll = 0;
    for (int i = 0; i < 256; ++i)
        sumAll += double(i) * double(histogram[size_t(i)]);
    double sumBack = 0, best = -1;
    qint64 back = 0;
    int threshold = 128;
    for (int t = 0; t < 256; ++t) {
        back += histogram[size_t(t)];
        if (back == 0)
            continue;
        const qint64 fore = total - back;
        if (fore == 0)
            break;
        sumBack += double(t) * double(histogram[size_t(t)]);
        const double meanBack = sumBack / double(back);
        const double meanFore = (sumAll - sumBack) / double(fore);
        const double between = double(back) * double(fore) * (meanBack - meanFore) * (meanBack - meanFore);
        if (between > best) {
            best = between;
            threshold = t;
        }
    }
    return threshold;
}

double OcrPreprocessor::skewAngle(const QImage &binary)
{
    // A reduced copy is enough to find the angle and keeps the search cheap on large scans.
    const QImage small = binary.width() > 800 ? binary.scaledToWidth(800, Qt::FastTransformation) : binary;
    std::vector<QPoint> ink;
    for (int y = 0; y < small.height(); ++y) {
        const uchar *in = small.constScanLine(y);
        for (int x = 0; x < small.width(); ++x) {
            if (in[x] < 128)
                ink.emplace_back(x, y);
        }
    }
    if (ink.size() < 200)
        return 0.0;
    double bestAngle = 0.0;
    double bestScore = -1;
    // Coarse then fine: 0.5° steps over the range, then 0.1° around the best.
    for (double a = -MaxSkewDegrees; a <= MaxSkewDegrees + 1e-9; a += 0.5) {
        const double s = profileSharpness(ink, small.height(), small.width(), std::tan(a * M_PI / 180.0));
        if (s > bestScore) {
            bestScore = s;
            bestAngle = a;
        }
    }
    const double coarse = bestAngle;
    for (double a = coarse - 0.4; a <= coarse + 0.4 + 1e-9; a += 0.1) {
        const double s = profileSharpness(ink, small.height(), small.width(), std::tan(a * M_PI / 180.0));
        if (s > bestScore) {
            bestScore = s;
            bestAngle = a;
        }
    }
    // Shearing by tan(a) levels lines that descend by tan(-a): the page is tilted by -a.
    return -bestAngle;
}

OcrPreprocessor::Prepared OcrPreprocessor::prepare(const QImage &input, const OcrOptions &options)
{
    Prepared p;
    QImage grey = input.format() == QImage::Format_Grayscale8
        ? input
        : input.convertToFormat(QImage::Format_Grayscale8);
    int width = grey.width();
    if (grey.width() < MinWidth || grey.width() > MaxWidth)
        width = grey.width() < MinWidth ? qMin(MinWidth, grey.width() * 3) : MaxWidth;
    if (options.scaling == OcrOptions::Scaling::TextHeight && !grey.isNull()) {
        // The text is measured on the page as it comes (reduced first when large: heights are scaled back).
        const double reduce = grey.width() > 1600 ? 1600.0 / grey.width() : 1.0;
        const QImage probe = reduce < 1.0 ? grey.scaledToWidth(1600, Qt::SmoothTransformation) : grey;
        const int first = otsuThreshold(probe);
        int measured = textHeight(binarised(probe, first));
        if (measured == 0) {
            // No characters in the darker class: it is what the page lay on when a lighter class of ink
            // remains within the rest (faint thermal print framed by a scanner's black edge). The page is
            // then measured, thresholded and read without it.
            const QImage page = whitened(probe, first);
            measured = textHeight(binarised(page, otsuThreshold(page)));
            if (measured > 0) {
                p.backgroundAtOrBelow = first;
                grey = whitened(grey, first);
            }
        }
        if (measured > 0) {
            p.textHeight = int(std::lround(measured / reduce));
            double scale
                = qBound(1.0 / MaxScale, double(options.targetTextHeight) * reduce / measured, MaxScale);
            const double pixels = double(grey.width()) * grey.height();
            scale = qMin(scale, std::sqrt(double(MaxScaledPixels) / pixels));
            // Within 10 % the page is left as it is: resampling costs sharpness for no gain.
            width = std::abs(scale - 1.0) < 0.1 ? grey.width()
                                                : qMax(1, int(std::lround(grey.width() * scale)));
        }
    }
    if (width != grey.width()) {
        p.scale = double(width) / grey.width();
        grey = scaledToWidth(grey, width);
    }
    p.threshold = otsuThreshold(grey);
    QImage binary = binarised(grey, p.threshold);
    p.skewDegrees = skewAngle(binary);
    if (std::abs(p.skewDegrees) >= 0.2) {
        // The page is turned back by its tilt; corners come out transparent and are painted over white, and
        // the levelled page is thresholded again.
        const QImage turned = grey.convertToFormat(QImage::Format_ARGB32_Premultiplied)
                                  .transformed(QTransform().rotate(-p.skewDegrees), Qt::SmoothTransformation);
        QImage levelled(turned.size(), QImage::Format_Grayscale8);
        levelled.fill(255);
        {
            QPainter painter(&levelled);
            painter.drawImage(0, 0, turned);
        }
        binary = binarised(levelled, p.threshold);
        grey = levelled;
    }
    p.levelled = grey;
    p.binary = binary;
    p.forOcr = imageFor(grey, options.image, int(std::lround(p.textHeight * p.scale)));
    return p;
}

} // namespace ades::extract
