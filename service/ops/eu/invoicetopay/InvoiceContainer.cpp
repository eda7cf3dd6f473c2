#include "InvoiceContainer.h"

#include "ops/eu/einvoice/PdfInvoiceExtractor.h"
#include "ops/eu/einvoice/XmlInput.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

ServiceError about(ServiceError error, const QString &field)
{
    error.setParam(field);
    error.setMessage(field + u": "_s + error.message());
    return error;
}

} // namespace

Result<InvoiceContainer> InvoiceContainer::open(const QByteArray &document, const QString &field)
{
    if (document.trimmed().isEmpty())
        return ServiceError::badRequest(u"empty_document"_s, field + u": the document is empty."_s, field);
    InvoiceContainer out;
    if (PdfInvoiceExtractor::looksLikePdf(document)) {
        if (field == u"invoice_xml"_s)
            return ServiceError::badRequest(u"einvoice_unsupported"_s,
                u"invoice_xml: this is a PDF, not XML; send a ZUGFeRD/Factur-X PDF base64-encoded in "
                "document_base64."_s,
                field);
        Result<PdfExtraction> extracted = PdfInvoiceExtractor::extract(document);
        if (!extracted.ok())
            return about(extracted.error(), field);
        const PdfExtraction &pdf = extracted.value();
        if (pdf.invoiceAttachment < 0) {
            // ADES-PDF-01 (no invoice XML among the attachments) or ADES-PDF-02 (several): either way
            // there is no single invoice to decide on.
            const QString why
                = pdf.findings.isEmpty() ? u"The PDF embeds no invoice XML."_s : pdf.findings.first().message;
            const bool several = !pdf.findings.isEmpty() && pdf.findings.first().id == u"ADES-PDF-02"_s;
            return ServiceError::badRequest(several ? u"pdf_several_invoices"_s : u"pdf_not_einvoice"_s,
                u"%1: %2 A ZUGFeRD/Factur-X PDF with exactly one embedded invoice XML is needed."_s.arg(
                    field, why),
                field);
        }
        out.container = u"pdf"_s;
        out.pdfVersion = pdf.pdfVersion;
        out.attachment = pdf.attachments.at(pdf.invoiceAttachment).name;
        out.xmpConformanceLevel = pdf.xmp.conformanceLevel;
        out.xml = pdf.xml;
    } else if (xml::looksLikeXml(document)) {
        out.container = u"xml"_s;
        out.xml = document;
    } else {
        return ServiceError::badRequest(u"einvoice_unsupported"_s,
            field
                + u": the document is neither XML nor PDF. Send UBL 2.1 or CII D16B XML, or a "
                  "ZUGFeRD/Factur-X PDF."_s,
            field);
    }
    // An encoding ADES does not read is refused: read as UTF-8 it would be another document.
    if (const std::optional<QString> problem = xml::encodingProblem(out.xml))
        return ServiceError::badRequest(u"xml_encoding_unsupported"_s,
            u"%1: the invoice XML cannot be read: %2. Send it as UTF-8."_s.arg(field, *problem), field);
    return out;
}

} // namespace ades::eu
