#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ades::extract {

// One extracted field: the normalised value (ISO date, decimal amount, ISO 4217 code), the text it was
// read from as printed, and a confidence 0..1 (the reader's confidence in that text times how well the
// rules agree). Empty value: not found.
struct FieldValue
{
    QString value;
    QString printed;
    double confidence = 0;
};

struct VatRow
{
    QString rate; // percent, "19", "7.7"; empty when not printed
    QString base; // decimal; empty when not printed
    QString amount; // decimal
    double confidence = 0;
};

struct LineItem
{
    QString description;
    QString quantity; // empty when not printed
    QString amount; // line total, decimal
    double confidence = 0;
};

struct DocumentFields
{
    FieldValue vendor;
    FieldValue vendorVatId;
    FieldValue date;
    FieldValue currency;
    FieldValue total;
    // The total was not read from a legible total line (it is the largest amount on the page, or what the
    // payment rows say was paid where the page prints it nowhere), or a line naming the total below the one
    // read has no legible amount, so the one read may be a part of it; and neither cash less change nor the
    // VAT rows confirm it. Another reading of the page is asked (DocumentExtraction).
    bool totalInDoubt = false;
    QList<VatRow> vat;
    QList<LineItem> items;
    QString source; // "ocr", "pdf_text", "embedded_xml"

    // What makes an OCR'd document worth reading once more: no date, no total, or a total in doubt.
    bool dateOrTotalUnsure() const { return date.value.isEmpty() || total.value.isEmpty() || totalInDoubt; }
};

} // namespace ades::extract
