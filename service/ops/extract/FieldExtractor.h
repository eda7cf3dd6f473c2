#pragma once

#include "DocumentFields.h"
#include "TextLine.h"

namespace ades::extract {

// The fields of a receipt or invoice from its text lines, by rules that follow how such documents are
// laid out (docs/extract.md, "How fields are found"): the vendor at the top with a company form, the
// total as the largest amount on a total line near the bottom and checked against subtotal + VAT and
// against cash − change, VAT rows as lines with a rate and amounts that agree with it, line items as the
// described amounts above the total. No rule names a shop or a document.
class FieldExtractor
{
public:
    static DocumentFields extract(const TextLines &lines);
    // Each of vendor, VAT ID, date, currency and total that `fields` lacks, taken from `other` (the fields
    // of another reading of the same pages, OcrReader), and a total in doubt replaced by one `other` read
    // from a legible total line; the names of the fields taken, in that order.
    static QStringList fillFromOtherReading(DocumentFields &fields, const DocumentFields &other);

    // The parts, for tests.
    static FieldValue vendor(const TextLines &lines);
    static FieldValue vatId(const TextLines &lines);
    static FieldValue currency(const TextLines &lines);
    // The total, the line it was read from (-1: none) and whether it is in doubt (DocumentFields).
    struct Total
    {
        FieldValue field;
        int line = -1;
        bool inDoubt = false;
    };
    // `currency` (value: ISO 4217, empty when unknown) decides whether a rounding line is cash rounding; its
    // printed mark is put back where OCR misread it before the total.
    static Total total(const TextLines &lines, const QList<VatRow> &vat, const FieldValue &currency = {});
    static QList<VatRow> vatRows(const TextLines &lines);
    static QList<LineItem> lineItems(const TextLines &lines, int totalLine);
    // US cues (a US ZIP after a state code, "USA", USD) that make 03/04/2019 read as March 4.
    static bool monthFirst(const TextLines &lines, const QString &currency);
};

} // namespace ades::extract
