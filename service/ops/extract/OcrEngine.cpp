#include "OcrEngine.h"

#include <QThreadPool>
#include <memory>
#include <tesseract/baseapi.h>
#include <tesseract/ocrclass.h>
#include <tesseract/resultiterator.h>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

struct ThreadEngine
{
    std::unique_ptr<tesseract::TessBaseAPI> api;
    QString languages;
};

tesseract::TessBaseAPI *engineFor(const QString &languages)
{
    thread_local ThreadEngine engine;
    if (engine.api && engine.languages == languages)
        return engine.api.get();
    engine.api = std::make_unique<tesseract::TessBaseAPI>();
    // The default data path (Debian: /usr/share/tesseract-ocr/5/tessdata); LSTM engine only.
    if (engine.api->Init(nullptr, languages.toUtf8().constData(), tesseract::OEM_LSTM_ONLY) != 0) {
        engine.api.reset();
        return nullptr;
    }
    engine.languages = languages; // the page segmentation is set per page, from OcrOptions
    return engine.api.get();
}

QString utf8(const char *text)
{
    return text ? QString::fromUtf8(text) : QString();
}

} // namespace

Result<OcrEngine::Page> OcrEngine::recognise(
    const QImage &binary, const QString &languages, int deadlineMs, const OcrOptions &options)
{
    tesseract::TessBaseAPI *api = engineFor(languages);
    if (!api)
        return ServiceError::sourceUnavailable(u"tesseract"_s,
            u"Tesseract cannot load the languages %1 (install tesseract-ocr-* data)."_s.arg(languages));
    api->SetPageSegMode(tesseract::PageSegMode(qBound(3, options.pageSegmentation, 13)));
    api->SetVariable("preserve_interword_spaces", options.preserveInterwordSpaces ? "1" : "0");
    const QImage image = binary.format() == QImage::Format_Grayscale8
        ? binary
        : binary.convertToFormat(QImage::Format_Grayscale8);
    api->SetImage(image.constBits(), image.width(), image.height(), 1, int(image.bytesPerLine()));
    api->SetSourceResolution(300);
    tesseract::ETEXT_DESC monitor;
    monitor.set_deadline_msecs(deadlineMs);
    Page page;
    if (api->Recognize(&monitor) != 0)
        page.timedOut = monitor.deadline_exceeded();
    page.timedOut = page.timedOut || monitor.deadline_exceeded();

    std::unique_ptr<tesseract::ResultIterator> it(api->GetIterator());
    double confidenceSum = 0;
    int words = 0;
    if (it) {
        TextLine line;
        double lineSum = 0;
        int lineWords = 0;
        const auto flush = [&]() {
            if (lineWords > 0) {
                line.confidence = lineSum / lineWords / 100.0;
                page.lines.append(line);
            }
            line = TextLine();
            lineSum = 0;
            lineWords = 0;
        };
        do {
            if (it->Empty(tesseract::RIL_WORD))
                continue;
            if (it->IsAtBeginningOf(tesseract::RIL_TEXTLINE))
                flush();
            std::unique_ptr<char[]> text(it->GetUTF8Text(tesseract::RIL_WORD));
            const QString word = utf8(text.get()).trimmed();
            if (word.isEmpty())
                continue;
            const float confidence = it->Confidence(tesseract::RIL_WORD);
            if (!line.text.isEmpty())
                line.text += u' ';
            line.text += word;
            lineSum += confidence;
            ++lineWords;
            confidenceSum += confidence;
            ++words;
        } while (it->Next(tesseract::RIL_WORD));
        flush();
    }
    page.meanConfidence = words > 0 ? confidenceSum / words / 100.0 : 0.0;
    api->Clear();
    return page;
}

QThreadPool &OcrEngine::pool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool; // lives as long as the process: its threads hold the engines
        p->setExpiryTimeout(-1);
        p->setMaxThreadCount(2);
        return p;
    }();
    return *pool;
}

void OcrEngine::setThreads(int threads)
{
    pool().setMaxThreadCount(qMax(1, threads));
}

} // namespace ades::extract
