#include "EinvoiceCheck.h"

#include "EinvoiceSummary.h"
#include "EinvoiceValidator.h"
#include "PdfInvoiceExtractor.h"
#include "XmlInput.h"
#include "catalog/ArgumentDecoder.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Smaller documents validate in well under a millisecond: not worth a thread hop.
constexpr qsizetype PoolThresholdBytes = 64 * 1024;

const QString Zugferd1Ns = u"urn:ferd:CrossIndustryDocument:invoice:1p0"_s;

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

QJsonArray findingsJson(const QList<Finding> &findings)
{
    QJsonArray out;
    for (const Finding &f : findings) {
        if (out.size() >= EinvoiceCheck::MaxListedFindings)
            break;
        out.append(QJsonObject {
            { u"id"_s, f.id },
            { u"severity"_s, EinvoiceValidator::severityName(f.severity) },
            { u"bt"_s, orNull(f.bt) },
            { u"location"_s, f.location },
            { u"message"_s, f.message },
            { u"layer"_s,
                !f.layer.isEmpty()                   ? f.layer
                    : f.id.startsWith(u"ADES-PDF"_s) ? u"container"_s
                                                     : u"en16931"_s },
        });
    }
    return out;
}

int countOf(const QList<Finding> &findings, Finding::Severity severity)
{
    int n = 0;
    for (const Finding &f : findings)
        n += f.severity == severity ? 1 : 0;
    return n;
}

QJsonObject pdfJson(const PdfExtraction &pdf)
{
    QJsonArray attachments;
    for (const PdfAttachment &a : pdf.attachments) {
        attachments.append(QJsonObject {
            { u"name"_s, a.name },
            { u"filename"_s, a.filename },
            { u"mime"_s, orNull(a.mimeType) },
            { u"af_relationship"_s, orNull(a.afRelationship) },
            { u"in_catalog_af"_s, a.listedInCatalogAf },
            { u"size"_s, a.size >= 0 ? QJsonValue(a.size) : QJsonValue() },
        });
    }
    const PdfXmp &x = pdf.xmp;
    const QJsonValue xmp = !x.present ? QJsonValue()
                                      : QJsonValue(QJsonObject {
                                          { u"document_type"_s, orNull(x.documentType) },
                                          { u"document_file_name"_s, orNull(x.documentFileName) },
                                          { u"version"_s, orNull(x.version) },
                                          { u"conformance_level"_s, orNull(x.conformanceLevel) },
                                          { u"pdfa_part"_s, orNull(x.pdfaPart) },
                                          { u"pdfa_conformance"_s, orNull(x.pdfaConformance) },
                                      });
    return QJsonObject {
        { u"pdf_version"_s, pdf.pdfVersion },
        { u"xmp"_s, xmp },
        { u"invoice_attachment"_s,
            pdf.invoiceAttachment >= 0 ? QJsonValue(pdf.attachments.at(pdf.invoiceAttachment).name)
                                       : QJsonValue() },
        { u"attachments"_s, attachments },
    };
}

// The base layer and every extension layer that ran or was selected; a selected layer ADES does not
// implement is listed as not checked, never as passed.
QJsonObject ruleSets(const ValidationReport &report, bool haveXml)
{
    QJsonArray checked;
    QJsonArray notChecked;
    if (haveXml && report.en16931Applies)
        checked.append(u"en16931"_s);
    for (const LayerReport &layer : report.layers)
        (layer.checked ? checked : notChecked).append(layer.name);
    return QJsonObject { { u"checked"_s, checked }, { u"not_checked"_s, notChecked } };
}

QJsonArray layersJson(const ValidationReport &report, bool haveXml)
{
    QJsonArray out;
    if (haveXml) {
        out.append(QJsonObject {
            { u"layer"_s, u"en16931"_s },
            { u"artefact"_s, u"CEN EN 16931 validation artefacts 1.3.16"_s },
            { u"checked"_s, true },
            { u"applies"_s, report.en16931Applies },
            { u"valid"_s, countOf(report.findings, Finding::Severity::Fatal) == 0 },
            { u"fatal_count"_s, countOf(report.findings, Finding::Severity::Fatal) },
            { u"warning_count"_s, countOf(report.findings, Finding::Severity::Warning) },
        });
    }
    for (const LayerReport &layer : report.layers) {
        out.append(QJsonObject {
            { u"layer"_s, layer.name },
            { u"artefact"_s, orNull(layer.artefact) },
            { u"checked"_s, layer.checked },
            { u"applies"_s, true },
            { u"valid"_s, layer.checked ? QJsonValue(layer.isValid()) : QJsonValue() },
            { u"fatal_count"_s, countOf(layer.findings, Finding::Severity::Fatal) },
            { u"warning_count"_s, countOf(layer.findings, Finding::Severity::Warning) },
        });
    }
    return out;
}

// "EN 16931" and "EN16931", "BASIC WL" and "BASIC-WL"; ZUGFeRD 1.0/2.0 called EN 16931 "COMFORT".
QString normalisedLevel(const QString &level)
{
    QString n = level.toUpper();
    n.remove(u' ').remove(u'-').remove(u'_');
    return n == u"COMFORT"_s ? u"EN16931"_s : n;
}

ServiceError notAnInvoice(const QString &message)
{
    return ServiceError::badRequest(u"einvoice_unsupported"_s, message, u"document"_s);
}

} // namespace

Result<QJsonObject> EinvoiceCheck::check(
    const QByteArray &document, const QString &filename, const std::optional<QStringList> &layers)
{
    if (document.isEmpty())
        return ServiceError::badRequest(u"empty_document"_s, u"The document is empty."_s, u"document"_s);

    QList<Finding> containerFindings;
    QJsonObject pdf;
    QString xmpLevel;
    QByteArray xml;
    bool haveXml = true;
    const bool isPdf = PdfInvoiceExtractor::looksLikePdf(document);
    if (isPdf) {
        Result<PdfExtraction> extracted = PdfInvoiceExtractor::extract(document);
        if (!extracted.ok())
            return extracted.error();
        pdf = pdfJson(extracted.value());
        containerFindings = extracted.value().findings;
        xmpLevel = extracted.value().xmp.conformanceLevel;
        haveXml = extracted.value().invoiceAttachment >= 0;
        xml = std::move(extracted.value().xml);
    } else if (xml::looksLikeXml(document)) {
        xml = document;
    } else {
        return notAnInvoice(u"The document is neither XML nor PDF. Send a UBL 2.1 or CII D16B invoice, or "
                            "a ZUGFeRD/Factur-X/XRechnung PDF."_s);
    }

    ValidationReport report;
    if (haveXml) {
        // An encoding ADES does not read is refused before validation: read as UTF-8 it would be another
        // document, and a finding would make it look checked.
        if (const std::optional<QString> problem = xml::encodingProblem(xml))
            return ServiceError::badRequest(u"xml_encoding_unsupported"_s,
                u"The invoice XML cannot be read: %1. Send it as UTF-8."_s.arg(*problem), u"document"_s);
        report = EinvoiceValidator::validate(xml, ValidationOptions { {}, isPdf, layers });
        if (report.syntax == u"OTHER"_s) {
            const QString reason = report.findings.isEmpty() ? QString() : report.findings.first().message;
            if (reason.contains(Zugferd1Ns))
                return notAnInvoice(u"ZUGFeRD 1.0 (CrossIndustryDocument) predates EN 16931 and is not "
                                    "supported; send ZUGFeRD 2.x / Factur-X."_s);
            return notAnInvoice(u"The XML is not an e-invoice: %1."_s.arg(reason));
        }
    } else {
        report.syntax = u"NONE"_s; // a PDF without exactly one invoice XML (ADES-PDF-01/02)
    }

    const QString &profile = report.profile;
    const bool cenApplies = report.en16931Applies;
    // Reference §7: the XMP level and BT-24 disagree in real files; BT-24 decides, the mismatch is reported.
    if (!xmpLevel.isEmpty() && !profile.isEmpty() && normalisedLevel(xmpLevel) != normalisedLevel(profile))
        containerFindings.append(
            Finding { u"ADES-PDF-09"_s, Finding::Severity::Warning, QString(), u"/Root/Metadata"_s,
                u"The XMP fx:ConformanceLevel \"%1\" disagrees with the profile %2 of BT-24; BT-24 is used."_s
                    .arg(xmpLevel, profile) });
    QList<Finding> findings = containerFindings;
    QList<Finding> notApplicable;
    if (cenApplies)
        findings += report.findings;
    else
        notApplicable = report.findings;
    for (const LayerReport &layer : report.layers)
        findings += layer.findings;

    QJsonObject result {
        { u"valid"_s, countOf(findings, Finding::Severity::Fatal) == 0 },
        { u"syntax"_s, report.syntax },
        { u"document_type"_s, orNull(report.documentType) },
        { u"container"_s, isPdf ? u"pdf"_s : u"xml"_s },
        { u"filename"_s, filename },
        { u"document_sha256"_s,
            QString::fromLatin1(QCryptographicHash::hash(document, QCryptographicHash::Sha256).toHex()) },
        { u"specification_id"_s, orNull(report.specificationId) },
        { u"profile"_s, orNull(profile) },
        { u"en16931_applies"_s, cenApplies },
        { u"rule_sets"_s, ruleSets(report, haveXml) },
        { u"layers"_s, layersJson(report, haveXml) },
        { u"fatal_count"_s, countOf(findings, Finding::Severity::Fatal) },
        { u"warning_count"_s, countOf(findings, Finding::Severity::Warning) },
        { u"findings"_s, findingsJson(findings) },
        { u"findings_truncated"_s, findings.size() > MaxListedFindings },
        { u"validator"_s, u"ADES native EN 16931 (rules of the CEN validation artefacts 1.3.16)"_s },
    };
    QStringList notes;
    if (!cenApplies) {
        result.insert(u"not_applicable_findings"_s, findingsJson(notApplicable));
        notes
            << u"Factur-X %1 is not an EN 16931 core invoice: the CEN rules do not apply and their findings "
               "are listed under not_applicable_findings for information only."_s.arg(profile);
    }
    // A selected rule set ADES cannot check must never read as passed: `valid` covers the checked ones only.
    QStringList unchecked;
    for (const LayerReport &layer : report.layers) {
        if (!layer.checked)
            unchecked << layer.name;
    }
    if (!unchecked.isEmpty()) {
        notes << u"BT-24 selects %1, which ADES does not check: valid covers only rule_sets.checked, and the "
                 "document is not confirmed against %1."_s.arg(unchecked.join(u", "_s));
    }
    if (!notes.isEmpty())
        result.insert(u"note"_s, notes.join(u' '));
    if (report.model) {
        const InvoiceModel &m = *report.model;
        result.insert(u"invoice_number"_s, orNull(m.invoiceNumber.value));
        result.insert(u"issue_date"_s, orNull(m.issueDate.value));
        result.insert(u"totals"_s, EinvoiceSummary::totals(m, report.findings));
        result.insert(u"vat_breakdown"_s, EinvoiceSummary::vatBreakdown(m, report.findings));
    }
    if (isPdf)
        result.insert(u"pdf"_s, pdf);
    return result;
}

Handler makeEinvoiceValidateHandler()
{
    return [](const QJsonObject &args, const CallContext &, Completion done) {
        const std::optional<QByteArray> decoded = ArgumentDecoder::decodeBinary(args, u"document"_s);
        if (!decoded)
            return done(ServiceError::badRequest(u"invalid_base64"_s,
                u"The document is not valid base64 (standard alphabet, with padding)."_s, u"document"_s));
        const QByteArray bytes = *decoded;
        const QString filename = args.value(u"filename"_s).toString();
        auto finish = [done](Result<QJsonObject> checked) {
            if (!checked.ok())
                return done(checked.error());
            const QJsonObject &r = checked.value();
            // The receipt attests this document: its invoice number, else its hash.
            const QString number = r.value(u"invoice_number"_s).toString();
            done(OperationResult { r,
                number.isEmpty() ? u"sha256:"_s + r.value(u"document_sha256"_s).toString()
                                 : u"invoice "_s + number });
        };
        if (bytes.size() < PoolThresholdBytes)
            return finish(EinvoiceCheck::check(bytes, filename));
        // CPU work leaves the server thread; the guard lives in the calling thread, so the queued
        // completion runs there.
        auto *guard = new QObject;
        QThreadPool::globalInstance()->start([guard, bytes, filename, finish]() {
            Result<QJsonObject> checked = EinvoiceCheck::check(bytes, filename);
            QMetaObject::invokeMethod(
                guard,
                [guard, finish, checked]() {
                    guard->deleteLater();
                    finish(checked);
                },
                Qt::QueuedConnection);
        });
    };
}

} // namespace ades::eu
