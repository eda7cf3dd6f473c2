#include "OcrPreprocessor.h"

#include <QPainter>
#include <QTransform>
#include <array>
#include <cmath>
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

} // namespace

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

OcrPreprocessor::Prepared OcrPreprocessor::prepare(const QImage &input)
{
    Prepared p;
    QImage grey = input.format() == QImage::Format_Grayscale8
        ? input
        : input.convertToFormat(QImage::Format_Grayscale8);
    if (grey.width() < MinWidth || grey.width() > MaxWidth) {
        const int target = grey.width() < MinWidth ? qMin(MinWidth, grey.width() * 3) : MaxWidth;
        p.scale = double(target) / grey.width();
        grey = grey.scaledToWidth(target, Qt::SmoothTransformation);
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
    return p;
}

} // namespace ades::extract
