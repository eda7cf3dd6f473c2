#include "PdfFrontEnd.h"

#include "EmbeddedInvoice.h"

#include <cmath>
#include <memory>
#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-embedded-file.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

constexpr double OcrDpi = 300.0;
// A page with less text than this is a scan (a page number or a stamp is no text layer).
constexpr int MinTextCharacters = 20;

void quiet(const std::string &, void *) { }

ServiceError refused(const QString &code, const QString &message)
{
    return ServiceError::badRequest(code, message, u"file"_s);
}

QString toQString(const poppler::ustring &s)
{
    const poppler::byte_array utf8 = s.to_utf8();
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

QImage toGrey(const poppler::image &image)
{
    if (!image.is_valid() || image.format() != poppler::image::format_gray8)
        return {};
    QImage out(image.width(), image.height(), QImage::Format_Grayscale8);
    for (int y = 0; y < image.height(); ++y)
        std::memcpy(out.scanLine(y), image.const_data() + qsizetype(y) * image.bytes_per_row(),
            size_t(image.width()));
    return out;
}

} // namespace

Result<PdfFrontEnd::Content> PdfFrontEnd::read(const QByteArray &pdf, const ExtractLimits &limits)
{
    poppler::set_debug_error_function(&quiet, nullptr);
    // poppler reads from the bytes without copying them; `pdf` outlives the document.
    std::unique_ptr<poppler::document> document(
        poppler::document::load_from_raw_data(pdf.constData(), int(pdf.size())));
    if (!document)
        return refused(u"file_unreadable"_s, u"The PDF cannot be read (damaged or not a PDF)."_s);
    if (document->is_locked() || document->is_encrypted())
        return refused(u"pdf_encrypted"_s, u"The PDF is encrypted; send it without a password."_s);
    Content content;
    content.pageCount = document->pages();
    if (content.pageCount <= 0)
        return refused(u"file_unreadable"_s, u"The PDF has no pages."_s);
    if (content.pageCount > limits.maxPages)
        return refused(u"too_many_pages"_s,
            u"The PDF has %1 pages; at most %2 are read."_s.arg(content.pageCount).arg(limits.maxPages));

    if (document->has_embedded_files()) {
        for (poppler::embedded_file *file : document->embedded_files()) {
            if (!file || !file->is_valid())
                continue;
            const QString name = QString::fromStdString(file->name());
            // The declared size first, so a large attachment is never decoded.
            if (!name.endsWith(u".xml"_s, Qt::CaseInsensitive) || file->size() > EmbeddedInvoice::MaxBytes)
                continue;
            const poppler::byte_array data = file->data();
            if (qsizetype(data.size()) > EmbeddedInvoice::MaxBytes)
                continue;
            if (auto fields = EmbeddedInvoice::read(QByteArray(data.data(), qsizetype(data.size())))) {
                content.embedded = fields;
                content.embeddedName = name;
                break;
            }
        }
    }

    poppler::page_renderer renderer;
    renderer.set_image_format(poppler::image::format_gray8);
    renderer.set_render_hints(
        poppler::page_renderer::antialiasing | poppler::page_renderer::text_antialiasing);
    for (int i = 0; i < content.pageCount; ++i) {
        std::unique_ptr<poppler::page> page(document->create_page(i));
        if (!page)
            continue;
        const QString text = toQString(page->text(poppler::rectf(), poppler::page::physical_layout));
        if (text.simplified().size() >= MinTextCharacters) {
            for (const QString &line : text.split(u'\n')) {
                if (!line.trimmed().isEmpty())
                    content.textLines.append(TextLine { line.simplified(), 1.0, i + 1 });
            }
            continue;
        }
        if (content.imagePages.size() >= limits.maxOcrPages) {
            content.skippedPages.append(i + 1);
            continue;
        }
        const poppler::rectf box = page->page_rect();
        const double points = qMax(1.0, box.width()) * qMax(1.0, box.height());
        // 300 dpi, or less for a page so large it would exceed the pixel budget.
        const double dpi = qMin(OcrDpi, std::sqrt(double(limits.maxPixels) / points) * 72.0);
        if (dpi < 50) {
            content.skippedPages.append(i + 1);
            continue;
        }
        const QImage image = toGrey(renderer.render_page(page.get(), dpi, dpi));
        if (image.isNull())
            continue;
        content.imagePages.append(image);
        content.imagePageNumbers.append(i + 1);
    }
    return content;
}

} // namespace ades::extract
