// Fuzz target: the field rules of extract.document over text as a reader gives it — OCR lines of any
// content, a line's confidence and page, and a second reading of the same page whose fields fill or
// replace the first's (FieldExtractor::fillFromOtherReading). The image and PDF targets reach these rules
// only through what Tesseract or poppler make of their input; this one feeds them text directly: amounts,
// dates, currency marks, total words and misreadings in any arrangement. A crash, a hang or a sanitizer
// report is what it looks for.
//
// Input: UTF-8 text, one line per '\n'; a form feed starts the other reading. A line starting with '~' is
// read with low confidence (a logo's), one starting with '^' begins the next page.
//
// Seeds (seeds/ExtractFields/): receipt and invoice readings in the shape of the unit tests' lines.

#include "ops/extract/FieldExtractor.h"

#include <cstdint>

namespace {

ades::extract::TextLines linesOf(QStringView text)
{
    ades::extract::TextLines lines;
    int page = 1;
    for (QStringView line : text.split(u'\n')) {
        double confidence = 0.9;
        if (line.startsWith(u'~')) {
            confidence = 0.3;
            line = line.mid(1);
        } else if (line.startsWith(u'^')) {
            ++page;
            line = line.mid(1);
        }
        lines.append(ades::extract::TextLine { line.toString(), confidence, page });
    }
    return lines;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::extract;
    if (size > 64 * 1024)
        return 0; // a page's reading is a few kilobytes; longer inputs only slow the search
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = text.indexOf(u'\f');
    DocumentFields kept
        = FieldExtractor::extract(linesOf(QStringView(text).left(split < 0 ? text.size() : split)));
    if (split >= 0)
        (void)FieldExtractor::fillFromOtherReading(
            kept, FieldExtractor::extract(linesOf(QStringView(text).mid(split + 1))));
    return 0;
}
