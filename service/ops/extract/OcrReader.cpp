#include "OcrReader.h"

#include <QElapsedTimer>
#include <cmath>
#include <utility>

namespace ades::extract {

Result<OcrReader::Reading> OcrReader::read(
    const QImage &image, const QString &languages, int deadlineMs, const OcrOptions &options)
{
    QElapsedTimer clock;
    clock.start();
    const OcrPreprocessor::Prepared prepared = OcrPreprocessor::prepare(image, options);
    Result<OcrEngine::Page> first = OcrEngine::recognise(prepared.forOcr, languages, deadlineMs, options);
    if (!first.ok())
        return first.error();
    Reading reading;
    reading.page = first.value();
    reading.scale = prepared.scale;
    reading.skewDegrees = prepared.skewDegrees;
    reading.threshold = prepared.threshold;
    reading.textHeight = prepared.textHeight;
    reading.backgroundAtOrBelow = prepared.backgroundAtOrBelow;
    const int left = deadlineMs - int(clock.elapsed());
    if (reading.page.meanConfidence >= options.secondPassBelow || reading.page.timedOut || left <= 0
        || options.secondImage == options.image)
        return reading;
    const QImage other = OcrPreprocessor::imageFor(
        prepared.levelled, options.secondImage, int(std::lround(prepared.textHeight * prepared.scale)));
    Result<OcrEngine::Page> second = OcrEngine::recognise(other, languages, left, options);
    if (!second.ok())
        return second.error();
    reading.secondPass = true;
    if (second.value().meanConfidence > reading.page.meanConfidence)
        reading.other = std::exchange(reading.page, second.value());
    else
        reading.other = second.value();
    return reading;
}

} // namespace ades::extract
