// Fuzz target: the PDF front end of extract.document — poppler's parser, the page and size limits, the
// embedded e-invoice XML reader (pugixml, no DOCTYPE) and the rendering of image-only pages within a small
// pixel budget; then the field rules over the text layer. A crash or a hang is what it looks for.
//
// Seeds (seeds/ExtractPdf/): a one-page PDF with a text layer, an image-only page, and a Factur-X PDF with
// an embedded CII invoice.

#include "ops/extract/FieldExtractor.h"
#include "ops/extract/PdfFrontEnd.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::extract;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    ExtractLimits limits;
    limits.maxPixels = 200'000;
    limits.maxPages = 4;
    limits.maxOcrPages = 1;
    const ades::Result<PdfFrontEnd::Content> content = PdfFrontEnd::read(bytes, limits);
    if (content.ok())
        (void)FieldExtractor::extract(content.value().textLines);
    return 0;
}
