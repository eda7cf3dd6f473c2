#pragma once

#include "OcrOptions.h"
#include "TextLine.h"
#include "core/Result.h"

#include <QImage>

class QThreadPool;

namespace ades::extract {

// Tesseract (libtesseract 5, Debian) over a prepared image. One TessBaseAPI per thread, made on the first
// call in that thread and kept for the next (loading the language models costs far more than a small
// receipt). Must never run on the event loop: the OCR pool below is where it runs.
class OcrEngine
{
public:
    struct Page
    {
        TextLines lines;
        double meanConfidence = 0; // 0..1 over all words
        bool timedOut = false;
    };

    // `languages` as Tesseract names them ("eng+deu"); `deadlineMs` bounds the recognition.
    // Page segmentation and variables from `options`.
    static Result<Page> recognise(
        const QImage &binary, const QString &languages, int deadlineMs, const OcrOptions &options = {});

    // The pool OCR runs on: its threads never expire, so their engines are kept.
    static QThreadPool &pool();
    static void setThreads(int threads);
};

} // namespace ades::extract
