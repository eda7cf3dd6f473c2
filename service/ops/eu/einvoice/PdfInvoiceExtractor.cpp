// qpdf 11 warns unless told that we use std::shared_ptr only (qpdf/PointerHolder.hh).
#define POINTERHOLDER_TRANSITION 4

#include "PdfInvoiceExtractor.h"

#include "PdfDecodeBudget.h"
#include "PdfStreamFilter.h"

#include <QSet>
#include <QXmlStreamReader>
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEFStreamObjectHelper.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>
#include <qpdf/QPDFLogger.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <set>
#include <stdexcept>
#include <string>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Collects decoded stream bytes and throws as soon as the cap is passed, so that a decompression bomb
// stops while it inflates. qpdf turns the exception into a failed pipeStreamData(); m_exceeded tells why.
class CappedPipeline final : public Pipeline
{
public:
    explicit CappedPipeline(qsizetype cap)
        : Pipeline("ades-capped", nullptr)
        , m_cap(cap)
    { }

    void write(unsigned char const *data, size_t len) override
    {
        if (m_data.size() + qsizetype(len) > m_cap) {
            m_exceeded = true;
            throw std::length_error("embedded file larger than the cap");
        }
        m_data.append(reinterpret_cast<const char *>(data), qsizetype(len));
    }
    void finish() override { }

    QByteArray m_data;
    bool m_exceeded = false;

private:
    qsizetype m_cap;
};

QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}

QString nameValue(QPDFObjectHandle object)
{
    if (!object.isName())
        return {};
    return fromStd(object.getName()).mid(1); // "/Alternative" -> "Alternative"
}

Finding containerFinding(
    const QString &id, Finding::Severity severity, const QString &location, const QString &message)
{
    return Finding { id, severity, QString(), location, message };
}

QString attachmentLocation(const PdfAttachment &a)
{
    return u"/Root/Names/EmbeddedFiles(%1)"_s.arg(a.name);
}

ServiceError unusable(const QString &code, const QString &message)
{
    return ServiceError::badRequest(code, message, u"document"_s);
}

// Wiring checks of PDF/A-3 associated files (ISO 19005-3; Factur-X 1.08 / ZUGFeRD 2.4). Real files get these
// wrong often and the XML is still the invoice, so they are warnings.
void checkWiring(const PdfAttachment &a, const PdfXmp &xmp, QList<Finding> &findings)
{
    const QString where = attachmentLocation(a);
    if (!a.listedInCatalogAf)
        findings.append(containerFinding(u"ADES-PDF-03"_s, Finding::Severity::Warning, where,
            u"The invoice attachment %1 is not listed in the catalog's /AF array (PDF/A-3 associated "
            "files)."_s.arg(a.name)));
    static const QSet<QString> relationships { u"Alternative"_s, u"Data"_s, u"Source"_s };
    if (!relationships.contains(a.afRelationship))
        findings.append(containerFinding(u"ADES-PDF-04"_s, Finding::Severity::Warning, where,
            a.afRelationship.isEmpty()
                ? u"The invoice attachment %1 has no /AFRelationship; Factur-X expects Alternative, or "
                  "Data for MINIMUM and BASIC WL."_s.arg(a.name)
                : u"The invoice attachment %1 has /AFRelationship %2; Factur-X expects Alternative, or "
                  "Data for MINIMUM and BASIC WL."_s.arg(a.name, a.afRelationship)));
    if (!xmp.present || (xmp.documentFileName.isEmpty() && xmp.conformanceLevel.isEmpty()))
        findings.append(containerFinding(u"ADES-PDF-06"_s, Finding::Severity::Warning, u"/Root/Metadata"_s,
            u"The PDF's XMP metadata has no Factur-X/ZUGFeRD extension (fx:DocumentFileName, "
            "fx:ConformanceLevel)."_s));
    else if (xmp.documentFileName != a.name)
        findings.append(containerFinding(u"ADES-PDF-07"_s, Finding::Severity::Warning, u"/Root/Metadata"_s,
            u"The XMP fx:DocumentFileName \"%1\" differs from the embedded invoice %2."_s.arg(
                xmp.documentFileName, a.name)));
    if (xmp.present && xmp.pdfaPart != u"3"_s)
        findings.append(containerFinding(u"ADES-PDF-08"_s, Finding::Severity::Warning, u"/Root/Metadata"_s,
            xmp.pdfaPart.isEmpty()
                ? u"The XMP metadata has no PDF/A identification (pdfaid:part); Factur-X is PDF/A-3."_s
                : u"The XMP metadata declares PDF/A part %1; Factur-X is PDF/A-3."_s.arg(xmp.pdfaPart)));
    if (a.mimeType != u"text/xml"_s && a.mimeType != u"application/xml"_s)
        findings.append(containerFinding(u"ADES-PDF-05"_s, Finding::Severity::Warning, where,
            u"The invoice attachment %1 has MIME subtype \"%2\"; Factur-X expects text/xml."_s.arg(
                a.name, a.mimeType)));
}

// qpdf writes warnings about objects without an owning document (damaged file specifications) to its
// process-wide default logger, i.e. stderr: hostile input must not reach our logs that way. Done once,
// thread-safely, before the first document.
void silenceQpdfDefaultLogger()
{
    static const bool silenced = [] {
        const std::shared_ptr<QPDFLogger> logger = QPDFLogger::defaultLogger();
        logger->setWarn(logger->discard());
        logger->setInfo(logger->discard());
        logger->setError(logger->discard()); // QPDFObjectHandle::warnIfPossible writes here
        return true;
    }();
    Q_UNUSED(silenced);
}

// Pipes one stream's decoded data into `sink`. Only filters that cannot be lossy or huge are applied: an
// invoice or XMP packet is never an image, so /DCTDecode (qpdf_dl_all) is left undecoded, which fails.
bool decodeStream(QPDFObjectHandle stream, Pipeline &sink, PdfDecodeBudget &budget, const QString &what)
{
    budget.setStream(what);
    bool attempted = false;
    bool ok = false;
    try {
        ok = stream.pipeStreamData(&sink, &attempted, 0, qpdf_dl_specialized, true, false);
    } catch (const std::length_error &) {
        ok = false;
    }
    budget.setStream(u"a cross-reference or object stream"_s);
    return ok && attempted;
}

Result<PdfExtraction> extractUnchecked(
    const QByteArray &bytes, const PdfLimits &limits, PdfDecodeBudget &budget)
{
    silenceQpdfDefaultLogger();
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("document.pdf", bytes.constData(), size_t(bytes.size()));
    if (pdf.isEncrypted())
        return unusable(u"pdf_encrypted"_s,
            u"The PDF is encrypted. Send the unencrypted ZUGFeRD/Factur-X PDF or its invoice XML."_s);

    PdfExtraction out;
    out.pdfVersion = fromStd(pdf.getPDFVersion());

    std::set<QPDFObjGen> inCatalogAf;
    QPDFObjectHandle af = pdf.getRoot().getKey("/AF");
    if (af.isArray()) {
        const int n = qMin(af.getArrayNItems(), limits.maxAttachments);
        for (int i = 0; i < n; ++i)
            inCatalogAf.insert(af.getArrayItem(i).getObjGen());
    }

    QPDFEmbeddedFileDocumentHelper embedded(pdf);
    const auto files = embedded.getEmbeddedFiles();
    if (files.empty())
        return unusable(u"pdf_not_einvoice"_s,
            u"The PDF has no embedded files, so it is not a ZUGFeRD/Factur-X/XRechnung e-invoice. Plain, "
            "scanned or image-only PDFs are not supported: send the invoice XML or a hybrid PDF/A-3."_s);
    if (qsizetype(files.size()) > limits.maxAttachments)
        return unusable(u"pdf_too_many_attachments"_s,
            u"The PDF has %1 embedded files; at most %2 are read."_s.arg(files.size())
                .arg(limits.maxAttachments));

    QList<int> candidates;
    QList<QPDFObjectHandle> candidateStreams;
    for (const auto &[key, spec] : files) {
        PdfAttachment a;
        a.name = fromStd(key);
        a.filename = fromStd(spec->getFilename());
        QPDFObjectHandle specObject = spec->getObjectHandle();
        a.afRelationship = nameValue(specObject.getKey("/AFRelationship"));
        a.listedInCatalogAf = inCatalogAf.count(specObject.getObjGen()) > 0;
        QPDFObjectHandle stream = spec->getEmbeddedFileStream();
        if (stream.isStream()) {
            QPDFEFStreamObjectHelper ef(stream);
            a.mimeType = fromStd(ef.getSubtype());
        }
        // The name-tree key and the file name usually agree; either one names the invoice.
        if (stream.isStream()
            && (PdfInvoiceExtractor::isInvoiceAttachmentName(a.name)
                || PdfInvoiceExtractor::isInvoiceAttachmentName(a.filename))) {
            candidates.append(int(out.attachments.size()));
            candidateStreams.append(stream);
        }
        out.attachments.append(a);
    }

    if (candidates.isEmpty()) {
        QStringList names;
        for (const PdfAttachment &a : std::as_const(out.attachments))
            names.append(a.name);
        out.findings.append(
            containerFinding(u"ADES-PDF-01"_s, Finding::Severity::Fatal, u"/Root/Names/EmbeddedFiles"_s,
                u"The PDF embeds %1 but no invoice XML (factur-x.xml, xrechnung.xml, zugferd-invoice.xml or "
                "ZUGFeRD-invoice.xml)."_s.arg(names.join(u", "_s))));
        return out;
    }
    if (candidates.size() > 1) {
        QStringList names;
        for (int i : std::as_const(candidates))
            names.append(out.attachments.at(i).name);
        out.findings.append(containerFinding(u"ADES-PDF-02"_s, Finding::Severity::Fatal,
            u"/Root/Names/EmbeddedFiles"_s,
            u"The PDF embeds %1 invoice XML files (%2); a hybrid invoice carries exactly one, so none was "
            "validated."_s.arg(candidates.size())
                .arg(names.join(u", "_s))));
        return out;
    }

    // XMP metadata: read before the invoice so that a damaged packet is only a missing one.
    QPDFObjectHandle metadata = pdf.getRoot().getKey("/Metadata");
    if (metadata.isStream()) {
        CappedPipeline xmpSink(limits.maxXmpBytes);
        if (decodeStream(metadata, xmpSink, budget, u"the XMP metadata"_s) && !xmpSink.m_exceeded)
            out.xmp = PdfInvoiceExtractor::readXmp(xmpSink.m_data);
    }

    PdfAttachment &invoice = out.attachments[candidates.first()];
    CappedPipeline sink(limits.maxXmlBytes);
    const bool ok = decodeStream(
        candidateStreams.first(), sink, budget, u"the embedded invoice %1"_s.arg(invoice.name));
    if (budget.refused() || budget.exceeded())
        return out; // extract() reports why
    if (sink.m_exceeded)
        return unusable(u"pdf_attachment_too_large"_s,
            u"The embedded invoice %1 is larger than %2 bytes once decoded."_s.arg(invoice.name)
                .arg(limits.maxXmlBytes));
    if (!ok)
        return unusable(u"pdf_unreadable"_s,
            u"The embedded invoice %1 cannot be decoded (damaged or unsupported stream filter)."_s.arg(
                invoice.name));
    invoice.size = sink.m_data.size();
    out.invoiceAttachment = candidates.first();
    out.xml = std::move(sink.m_data);
    checkWiring(invoice, out.xmp, out.findings);
    return out;
}

Result<PdfExtraction> extractGuarded(const QByteArray &pdf, const PdfLimits &limits, PdfDecodeBudget &budget)
{
    // qpdf reports damage, passwords and limits by throwing; nothing may leave this function.
    try {
        return extractUnchecked(pdf, limits, budget);
    } catch (const QPDFExc &e) {
        if (e.getErrorCode() == qpdf_e_password)
            return unusable(u"pdf_encrypted"_s,
                u"The PDF is encrypted with a password. Send the unencrypted ZUGFeRD/Factur-X PDF or its "
                "invoice XML."_s);
        return unusable(u"pdf_unreadable"_s,
            u"The PDF cannot be read: %1."_s.arg(QString::fromStdString(e.getMessageDetail())));
    } catch (const std::exception &e) {
        return unusable(
            u"pdf_unreadable"_s, u"The PDF cannot be read: %1."_s.arg(QString::fromUtf8(e.what())));
    } catch (...) {
        return unusable(u"pdf_unreadable"_s, u"The PDF cannot be read."_s);
    }
}

} // namespace

bool PdfInvoiceExtractor::looksLikePdf(const QByteArray &bytes)
{
    return bytes.left(1024).contains("%PDF-");
}

bool PdfInvoiceExtractor::isInvoiceAttachmentName(const QString &name)
{
    // zugferd-invoice.xml (ZUGFeRD 2.0) and ZUGFeRD-invoice.xml (1.0) differ only in case.
    const QString lower = name.toLower();
    return lower == u"factur-x.xml"_s || lower == u"xrechnung.xml"_s || lower == u"zugferd-invoice.xml"_s;
}

PdfXmp PdfInvoiceExtractor::readXmp(const QByteArray &xmp)
{
    // Factur-X 1.0x / ZUGFeRD 2.1+, ZUGFeRD 2.0 and ZUGFeRD 1.0 extension schemas.
    static const QSet<QString> facturXNs { u"urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"_s,
        u"urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#"_s,
        u"urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#"_s };
    static const QString PdfaIdNs = u"http://www.aiim.org/pdfa/ns/id/"_s;
    PdfXmp out;
    out.present = true;
    auto take = [&out](QStringView ns, QStringView name, const QString &value) {
        const QString v = value.trimmed();
        if (ns == PdfaIdNs) {
            if (name == u"part")
                out.pdfaPart = v;
            else if (name == u"conformance")
                out.pdfaConformance = v;
        } else if (facturXNs.contains(ns.toString())) {
            if (name == u"DocumentType")
                out.documentType = v;
            else if (name == u"DocumentFileName")
                out.documentFileName = v;
            else if (name == u"Version")
                out.version = v;
            else if (name == u"ConformanceLevel")
                out.conformanceLevel = v;
        }
    };
    // XMP has no DTD; QXmlStreamReader never fetches external entities, and a DTD is simply not read.
    QXmlStreamReader reader(xmp);
    while (!reader.atEnd() && !reader.hasError()) {
        const QXmlStreamReader::TokenType token = reader.readNext();
        if (token == QXmlStreamReader::DTD)
            break; // XMP never has one; a DTD could only be an entity-expansion attack
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QXmlStreamAttributes attributes = reader.attributes();
        for (const QXmlStreamAttribute &attribute : attributes)
            take(attribute.namespaceUri(), attribute.name(), attribute.value().toString());
        const QString ns = reader.namespaceUri().toString();
        if (ns == PdfaIdNs || facturXNs.contains(ns)) {
            const QString name = reader.name().toString();
            take(ns, name, reader.readElementText(QXmlStreamReader::SkipChildElements));
        }
    }
    return out;
}

Result<PdfExtraction> PdfInvoiceExtractor::extract(const QByteArray &pdf, const PdfLimits &limits)
{
    if (pdf.size() > limits.maxPdfBytes)
        return unusable(u"pdf_too_large"_s,
            u"The PDF has %1 bytes; at most %2 are accepted."_s.arg(pdf.size()).arg(limits.maxPdfBytes));
    if (!looksLikePdf(pdf))
        return unusable(u"pdf_unreadable"_s, u"The document has no %PDF- header."_s);
    // Every stream qpdf decodes for this document, while it parses too, goes through ADES's bounded filters
    // and is charged to this budget; what they refuse decides over whatever qpdf made of the rest.
    PdfStreamFilter::install();
    PdfDecodeBudget budget(limits.maxDecodedBytes);
    Result<PdfExtraction> result = extractGuarded(pdf, limits, budget);
    if (budget.refused())
        return unusable(u"pdf_decode_parameters"_s,
            u"The PDF was not decoded, as it asks for more than ADES decodes: %1."_s.arg(budget.refusal()));
    if (budget.exceeded())
        return unusable(u"pdf_decode_limit"_s,
            u"Decoding the PDF (at %1) needs more than %2 bytes of decoded stream data; it was stopped there."_s
                .arg(budget.exceededStream())
                .arg(budget.maxDecodedBytes()));
    return result;
}

} // namespace ades::eu
