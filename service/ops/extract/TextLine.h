#pragma once

#include <QList>
#include <QString>

namespace ades::extract {

// One line of a document's text, top to bottom, with how sure the reader is of it: the mean of Tesseract's
// word confidences (0..1) for OCR, 1 for a PDF text layer. The field rules read nothing else, so a receipt
// photo and a PDF are handled by the same rules.
struct TextLine
{
    QString text;
    double confidence = 1.0;
    int page = 0;
};

using TextLines = QList<TextLine>;

} // namespace ades::extract
