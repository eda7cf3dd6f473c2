#include "DocumentExtraction.h"

#include "FieldExtractor.h"
#include "ImageDecoder.h"
#include "OcrReader.h"
#include "PdfFrontEnd.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

QJsonObject fieldJson(const FieldValue &f)
{
    return QJsonObject {
        { u"value"_s, orNull(f.value) },
        { u"printed"_s, orNull(f.printed) },
        { u"confidence"_s, f.value.isEmpty() ? 0.0 : std::round(f.confidence * 1000) / 1000 },
    };
}

QJsonObject fieldsJson(const DocumentFields &f)
{
    QJsonArray vat;
    for (const VatRow &r : f.vat)
        vat.append(QJsonObject { { u"rate"_s, orNull(r.rate) }, { u"base"_s, orNull(r.base) },
            { u"amount"_s, orNull(r.amount) }, { u"confidence"_s, std::round(r.confidence * 1000) / 1000 } });
    QJsonArray items;
    for (const LineItem &i : f.items)
        items.append(QJsonObject { { u"description"_s, i.description }, { u"quantity"_s, orNull(i.quantity) },
            { u"amount"_s, orNull(i.amount) }, { u"confidence"_s, std::round(i.confidence * 1000) / 1000 } });
    return QJsonObject {
        { u"vendor"_s, fieldJson(f.vendor) },
        { u"vendor_vat_id"_s, fieldJson(f.vendorVatId) },
        { u"date"_s, fieldJson(f.date) },
        { u"currency"_s, fieldJson(f.currency) },
        { u"total"_s, fieldJson(f.total) },
        { u"vat_breakdown"_s, vat },
        { u"line_items"_s, items },
    };
}

QString joined(const TextLines &lines)
{
    QStringList out;
    for (const TextLine &l : lines)
        out << l.text;
    return out.join(u'\n');
}

// Adds a page's lines, each stamped with the page's number.
void appendPage(TextLines &to, const TextLines &page, int pageNumber)
{
    for (TextLine line : page) {
        line.page = pageNumber;
        to.append(line);
    }
}

// The lines in page order; within a page as read (a PDF's text-layer lines before its OCR lines).
void sortByPage(TextLines &lines)
{
    std::stable_sort(
        lines.begin(), lines.end(), [](const TextLine &a, const TextLine &b) { return a.page < b.page; });
}

struct OcrRun
{
    TextLines lines;
    // The same pages with the reading not kept where a second one was made (OcrReader): where the kept
    // lines lack a field, it is looked for there. Empty when no page was read twice.
    TextLines otherLines;
    double confidence = 0;
    bool timedOut = false;
    QJsonArray pages;
};

Result<OcrRun> ocrImages(
    const QList<QImage> &images, const QList<int> &pageNumbers, const ExtractLimits &limits)
{
    OcrRun run;
    QElapsedTimer clock;
    clock.start();
    double confidenceSum = 0;
    bool readTwice = false;
    for (int i = 0; i < images.size(); ++i) {
        const int left = limits.timeoutMs - int(clock.elapsed());
        if (left <= 0) {
            run.timedOut = true;
            break;
        }
        Result<OcrReader::Reading> read = OcrReader::read(images.at(i), limits.languages, left);
        if (!read.ok())
            return read.error();
        const OcrReader::Reading &reading = read.value();
        appendPage(run.lines, reading.page.lines, pageNumbers.value(i, 1));
        appendPage(run.otherLines, reading.other ? reading.other->lines : reading.page.lines,
            pageNumbers.value(i, 1));
        readTwice = readTwice || reading.other.has_value();
        confidenceSum += reading.page.meanConfidence;
        run.timedOut = run.timedOut || reading.page.timedOut;
        run.pages.append(QJsonObject {
            { u"page"_s, pageNumbers.value(i, 1) },
            { u"width"_s, images.at(i).width() },
            { u"height"_s, images.at(i).height() },
            { u"text_height"_s, reading.textHeight },
            { u"scale"_s, std::round(reading.scale * 1000) / 1000 },
            { u"skew_degrees"_s, std::round(reading.skewDegrees * 100) / 100 },
            { u"threshold"_s, reading.threshold },
            // The grey values taken for what the page lay on and whitened; null when there was none.
            { u"background_at_or_below"_s,
                reading.backgroundAtOrBelow >= 0 ? QJsonValue(reading.backgroundAtOrBelow) : QJsonValue() },
            { u"second_reading"_s, reading.secondPass },
            { u"mean_confidence"_s, std::round(reading.page.meanConfidence * 1000) / 1000 },
        });
    }
    run.confidence = images.isEmpty() ? 0 : confidenceSum / images.size();
    if (!readTwice)
        run.otherLines.clear();
    return run;
}

// Each field `fields` lacks, and a total in doubt, from another reading of the OCR pages read together with
// the PDF's text layer, when there is one, as the kept lines were (FieldExtractor::fillFromOtherReading). The
// names of the fields taken.
QStringList fillFromReading(DocumentFields &fields, const TextLines &textLayer, const TextLines &ocrLines)
{
    if (ocrLines.isEmpty())
        return {}; // no other reading: nothing the kept lines did not already give
    TextLines lines = textLayer + ocrLines;
    sortByPage(lines);
    return FieldExtractor::fillFromOtherReading(fields, FieldExtractor::extract(lines));
}

// Where the readings give no date, no total or only a total in doubt (DocumentFields::totalInDoubt), the
// OCR'd pages are read once more as one block of text (OcrOptions::segmentationWhenMissing) and the fields
// still missing are taken from that reading, as is a total it reads from a legible total line. Each page
// is prepared again rather than kept from the first pass: the source pages are held already, and keeping
// their prepared copies too would double the memory a five-page scan may take, for a step few documents
// need.
QStringList readAgainAsOneBlock(DocumentFields &fields, const TextLines &textLayer,
    const QList<QImage> &images, const QList<int> &pageNumbers, const ExtractLimits &limits, int leftMs)
{
    OcrOptions block;
    block.pageSegmentation = block.segmentationWhenMissing;
    block.secondPassBelow = 0;
    if (images.isEmpty() || block.pageSegmentation <= 0 || !fields.dateOrTotalUnsure())
        return {};
    QElapsedTimer clock;
    clock.start();
    TextLines lines;
    for (int i = 0; i < images.size(); ++i) {
        const int left = leftMs - int(clock.elapsed());
        if (left <= 0)
            break;
        const Result<OcrReader::Reading> read = OcrReader::read(images.at(i), limits.languages, left, block);
        if (!read.ok())
            break; // what the other readings gave stands
        appendPage(lines, read.value().page.lines, pageNumbers.value(i, 1));
    }
    return fillFromReading(fields, textLayer, lines);
}

} // namespace

Result<QJsonObject> DocumentExtraction::run(
    const QByteArray &bytes, const QString &filename, const ExtractLimits &limits)
{
    if (bytes.isEmpty())
        return ServiceError::badRequest(u"empty_file"_s, u"The file is empty."_s, u"file"_s);
    if (bytes.size() > limits.maxBytes)
        return ServiceError::badRequest(u"file_too_large"_s,
            u"The file has %1 bytes; at most %2 are read."_s.arg(bytes.size()).arg(limits.maxBytes),
            u"file"_s);
    const DocumentKind kind = sniffDocument(bytes);
    if (kind == DocumentKind::Unknown)
        return ServiceError::badRequest(
            u"file_unsupported"_s, u"The file is no JPEG, PNG, WebP or TIFF image and no PDF."_s, u"file"_s);

    QElapsedTimer clock;
    clock.start();
    DocumentFields fields;
    TextLines lines;
    QStringList notes;
    QJsonObject reading;
    QStringList fromOtherReading;
    QStringList fromBlockReading;
    if (kind == DocumentKind::Pdf) {
        Result<PdfFrontEnd::Content> pdf = PdfFrontEnd::read(bytes, limits);
        if (!pdf.ok())
            return pdf.error();
        const PdfFrontEnd::Content &content = pdf.value();
        lines = content.textLines;
        Result<OcrRun> ocr = ocrImages(content.imagePages, content.imagePageNumbers, limits);
        if (!ocr.ok())
            return ocr.error();
        lines += ocr.value().lines;
        sortByPage(lines);
        QJsonArray skipped;
        for (int p : content.skippedPages)
            skipped.append(p);
        reading = QJsonObject { { u"pages"_s, content.pageCount },
            { u"text_layer_lines"_s, content.textLines.size() }, { u"ocr_pages"_s, ocr.value().pages },
            { u"skipped_pages"_s, skipped }, { u"ocr_timed_out"_s, ocr.value().timedOut },
            { u"embedded_xml"_s, orNull(content.embeddedName) } };
        if (!content.skippedPages.isEmpty())
            notes << u"Image-only pages beyond the OCR page limit were not read."_s;
        if (ocr.value().timedOut)
            notes << u"OCR reached the time limit; later text may be missing."_s;
        if (content.embedded) {
            fields = *content.embedded;
            notes << u"The fields are read from the embedded e-invoice XML %1, not from the page text."_s.arg(
                content.embeddedName);
        } else {
            fields = FieldExtractor::extract(lines);
            fields.source = ocr.value().pages.isEmpty() ? u"pdf_text"_s : u"pdf_text_and_ocr"_s;
            fromOtherReading = fillFromReading(fields, content.textLines, ocr.value().otherLines);
            fromBlockReading = readAgainAsOneBlock(fields, content.textLines, content.imagePages,
                content.imagePageNumbers, limits, limits.timeoutMs - int(clock.elapsed()));
        }
    } else {
        Result<QImage> image = ImageDecoder::decode(bytes, limits.maxPixels);
        if (!image.ok())
            return image.error();
        Result<OcrRun> ocr = ocrImages({ image.value() }, { 1 }, limits);
        if (!ocr.ok())
            return ocr.error();
        lines = ocr.value().lines;
        fields = FieldExtractor::extract(lines);
        fields.source = u"ocr"_s;
        reading = QJsonObject { { u"pages"_s, 1 }, { u"ocr_pages"_s, ocr.value().pages },
            { u"ocr_timed_out"_s, ocr.value().timedOut } };
        fromOtherReading = fillFromReading(fields, {}, ocr.value().otherLines);
        fromBlockReading = readAgainAsOneBlock(
            fields, {}, { image.value() }, { 1 }, limits, limits.timeoutMs - int(clock.elapsed()));
        if (ocr.value().timedOut)
            notes << u"OCR reached the time limit; later text may be missing."_s;
    }

    QJsonObject result = fieldsJson(fields);
    result.insert(u"filename"_s, filename);
    result.insert(u"format"_s, kindName(kind));
    result.insert(u"source"_s, fields.source);
    result.insert(u"document_sha256"_s,
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
    result.insert(u"text"_s, joined(lines));
    if (!fromOtherReading.isEmpty()) {
        reading.insert(u"fields_from_second_reading"_s, QJsonArray::fromStringList(fromOtherReading));
        notes
            << u"Taken from the page's second reading, which the kept one lacks or reads only in doubt: %1."_s
                   .arg(fromOtherReading.join(u", "_s));
    }
    if (!fromBlockReading.isEmpty()) {
        reading.insert(u"fields_from_block_reading"_s, QJsonArray::fromStringList(fromBlockReading));
        notes << u"Taken from a further reading of the page as one block of text, which the other readings "
                 "lack or read only in doubt: %1."_s.arg(fromBlockReading.join(u", "_s));
    }
    reading.insert(u"elapsed_ms"_s, qint64(clock.elapsed()));
    reading.insert(u"languages"_s, limits.languages);
    result.insert(u"reading"_s, reading);
    if (!notes.isEmpty())
        result.insert(u"note"_s, notes.join(u' '));
    return result;
}

} // namespace ades::extract
