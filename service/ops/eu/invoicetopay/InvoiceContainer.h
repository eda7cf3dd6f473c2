#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>

namespace ades::eu {

// The invoice XML inside what the caller sent: the XML itself, or the one embedded invoice XML of a
// ZUGFeRD/Factur-X/XRechnung PDF (PdfInvoiceExtractor). Everything else is an uncharged 400 naming the
// field it came in (docs/interface.md §2.3: an ordinary or scanned PDF is not supported, and a hybrid PDF
// carries exactly one invoice XML). Pure and synchronous.
struct InvoiceContainer
{
    QString container; // "xml" or "pdf"
    QByteArray xml;
    QString pdfVersion; // PDF only
    QString attachment; // PDF only: the embedded file's name
    QString xmpConformanceLevel; // PDF only; empty when the XMP names none

    // `field` is the argument the bytes came in ("invoice_xml", "document_base64").
    static Result<InvoiceContainer> open(const QByteArray &document, const QString &field);
};

} // namespace ades::eu
