#pragma once

#include "OcrEngine.h"
#include "OcrOptions.h"
#include "OcrPreprocessor.h"

#include <optional>

namespace ades::extract {

// One page image to text lines: the front end (OcrPreprocessor), Tesseract (OcrEngine), and a second
// reading of another image of the same page only when the first one's confidence is low; the reading with
// the higher confidence is kept, the other one is handed on beside it.
class OcrReader
{
public:
    struct Reading
    {
        OcrEngine::Page page;
        double scale = 1.0;
        double skewDegrees = 0.0;
        int threshold = 128;
        int textHeight = 0;
        int backgroundAtOrBelow = -1; // OcrPreprocessor::Prepared
        bool secondPass = false; // a second reading was made
        // The reading not kept when a second one was made: a field the kept page lacks may be in it
        // (DocumentExtraction takes it from there).
        std::optional<OcrEngine::Page> other;
    };

    static Result<Reading> read(
        const QImage &image, const QString &languages, int deadlineMs, const OcrOptions &options = {});
};

} // namespace ades::extract
