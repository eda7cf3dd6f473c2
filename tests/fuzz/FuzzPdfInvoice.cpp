// Fuzz target: a document as the e-invoice operation reads a PDF (PdfInvoiceExtractor: qpdf behind ADES's
// bounded stream filters and decode budget). Input: the raw file bytes. The limits are a quarter of the
// service's, so that each run stays fast; a hang or an allocation beyond them is what this target looks for.
//
// Seeds (seeds/PdfInvoice/, each under 1 KB, written with tests/support/HandMadePdf): a minimal hybrid PDF
// with a plain and a deflated factur-x.xml, the issue-12 predictor bomb (/Columns 536870911) in the invoice
// stream and in a cross-reference stream, and a cross-reference stream with a legitimate PNG predictor.

#include "ops/eu/einvoice/PdfInvoiceExtractor.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray pdf(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::eu::PdfLimits limits;
    limits.maxPdfBytes = 4 * 1024 * 1024;
    limits.maxXmlBytes = 2 * 1024 * 1024;
    limits.maxXmpBytes = 256 * 1024;
    limits.maxDecodedBytes = 8 * 1024 * 1024;
    const ades::Result<ades::eu::PdfExtraction> result = ades::eu::PdfInvoiceExtractor::extract(pdf, limits);
    if (result.ok() && result.value().invoiceAttachment >= 0
        && result.value().xml.size() > limits.maxXmlBytes)
        __builtin_trap(); // the cap was passed
    return 0;
}
