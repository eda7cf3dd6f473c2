#pragma once

#include "DocumentFields.h"
#include "ExtractLimits.h"
#include "TextLine.h"
#include "core/Result.h"

#include <QByteArray>
#include <QImage>
#include <optional>

namespace ades::extract {

// What a PDF offers extraction, through poppler-cpp (Debian libpoppler-cpp-dev): the fields of an embedded
// e-invoice XML when there is one, the text layer of every page that has one, and the pages without text
// rendered to grey images for OCR (at most maxOcrPages, at 300 dpi or less so a page stays within
// maxPixels). Encrypted, unreadable or longer than maxPages: 400 naming `file`.
class PdfFrontEnd
{
public:
    struct Content
    {
        std::optional<DocumentFields> embedded;
        QString embeddedName;
        int pageCount = 0;
        TextLines textLines; // from the text layer, page by page
        QList<QImage> imagePages; // pages without text, to be read by OCR
        QList<int> imagePageNumbers; // 1-based
        QList<int> skippedPages; // image-only pages beyond maxOcrPages
    };

    static Result<Content> read(const QByteArray &pdf, const ExtractLimits &limits);
};

} // namespace ades::extract
