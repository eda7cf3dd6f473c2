#pragma once

#include "EinvoiceValidator.h"
#include "core/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace ades::eu {

// One embedded file of a PDF, as its file specification describes it.
struct PdfAttachment
{
    QString name; // key in the catalog's /Names/EmbeddedFiles tree
    QString filename; // /UF or /F of the file specification
    QString mimeType; // /Subtype of the embedded file stream ("text/xml"), without the leading slash
    QString afRelationship; // /AFRelationship ("Alternative", "Data", "Source" ...), empty when absent
    bool listedInCatalogAf = false; // PDF/A-3 associated file: the spec is in the catalog's /AF array
    qint64 size = -1; // decoded bytes; only read for invoice candidates (-1: not read)
};

// The Factur-X / ZUGFeRD extension fields of the PDF's XMP metadata (Factur-X 1.08 / ZUGFeRD 2.4). Real files
// contradict themselves; they are reported, and the XML's BT-24 decides the profile.
struct PdfXmp
{
    bool present = false; // the catalog has a readable /Metadata stream
    QString documentType; // fx:DocumentType ("INVOICE")
    QString documentFileName; // fx:DocumentFileName ("factur-x.xml")
    QString version; // fx:Version
    QString conformanceLevel; // fx:ConformanceLevel ("EN 16931")
    QString pdfaPart; // pdfaid:part ("3")
    QString pdfaConformance; // pdfaid:conformance ("B")
};

// What a hostile PDF may cost. Reading is linear in the input, so the input cap bounds time too; the
// attachment cap stops a decompression bomb while it inflates, not after. Every stream qpdf decodes for the
// document (cross-reference and object streams included) is charged to maxDecodedBytes, and predictor
// parameters are bounded before anything is allocated (PdfStreamFilter, PdfDecodeParameters).
struct PdfLimits
{
    qsizetype maxPdfBytes = 16 * 1024 * 1024;
    qsizetype maxXmlBytes = 8 * 1024 * 1024;
    qsizetype maxXmpBytes = 1024 * 1024;
    qsizetype maxDecodedBytes = 32 * 1024 * 1024; // all filter output of all streams, intermediate stages too
    int maxAttachments = 256;
};

// The container part of a ZUGFeRD / Factur-X / XRechnung hybrid PDF (PDF/A-3 with the invoice XML as an
// associated file, Factur-X 1.08 / ZUGFeRD 2.4).
struct PdfExtraction
{
    QString pdfVersion; // "1.7"
    QList<PdfAttachment> attachments;
    int invoiceAttachment = -1; // index into attachments when exactly one invoice XML was found
    QByteArray xml; // its decoded bytes; empty unless invoiceAttachment >= 0
    PdfXmp xmp;
    // Container findings (ADES-PDF-nn): no invoice attachment or several (fatal), wiring problems
    // (warning). The XML itself is validated by EinvoiceValidator, not here.
    QList<Finding> findings;
};

// Finds the one embedded invoice XML of a PDF with qpdf. Pure and synchronous; no exception leaves it
// (qpdf throws, and everything is caught here). Errors are the uncharged 400s of unusable input: not a
// PDF, unreadable, encrypted, too large, decode parameters or decoded data beyond PdfLimits, or a PDF
// without any embedded file (a plain, scanned or image-only PDF is not an e-invoice and is not supported).
// Installs PdfStreamFilter for the process on first use.
class PdfInvoiceExtractor
{
public:
    static Result<PdfExtraction> extract(const QByteArray &pdf, const PdfLimits &limits = {});

    // "%PDF-" within the first 1024 bytes, as PDF readers accept it.
    static bool looksLikePdf(const QByteArray &bytes);
    // factur-x.xml, xrechnung.xml, zugferd-invoice.xml, ZUGFeRD-invoice.xml (case-insensitive).
    static bool isInvoiceAttachmentName(const QString &name);
    // The Factur-X and PDF/A identification fields of an XMP packet; unknown markup is skipped.
    static PdfXmp readXmp(const QByteArray &xmp);
};

} // namespace ades::eu
