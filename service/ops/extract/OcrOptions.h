#pragma once

#include <QString>

namespace ades::extract {

// The choices of the OCR front end (docs/extract.md, "How documents are read"). The defaults are what the
// service uses; the evaluation tool (tests/bench/BenchExtractFields) compares others on the corpora.
struct OcrOptions
{
    // How the page is scaled before OCR: so the median height of its character shapes is
    // `targetTextHeight` px (Tesseract reads best with capitals around 20–35 px), or the older rule, a width
    // band of 1200–2600 px.
    enum class Scaling
    {
        TextHeight,
        Width
    };
    // What Tesseract is given: the levelled grey page (it thresholds locally itself), Leptonica's Sauvola
    // binarisation, or the grey page with its background normalised (uneven light and fading evened out).
    enum class Image
    {
        Grey,
        Sauvola,
        BackgroundNorm
    };

    Scaling scaling = Scaling::TextHeight;
    int targetTextHeight = 30;
    Image image = Image::Grey;
    // Tesseract's PSM: 3 automatic, 4 one column of lines, 6 one block. 4 reads a line across the page
    // as one line, so a label and its value stay together ("Name: Lieferant GmbH", "TOTAL 9.00"), where
    // automatic segmentation splits label and value columns into blocks read one after the other.
    int pageSegmentation = 4;
    bool preserveInterwordSpaces = false;
    // A second reading of the page as `secondImage` when the first one's mean word confidence is below
    // this; the reading with the higher confidence is kept. On SROIE, Sauvola's page read alone loses
    // (date 0.857 -> 0.671) but as a second reading of the 8 receipts under 0.7 it gains a total.
    double secondPassBelow = 0.7;
    Image secondImage = Image::Sauvola;
    // When the readings give a document no date, no total or only a total in doubt, its OCR pages are read
    // once more with this page segmentation (6: one uniform block of text) and only the missing fields, and
    // a total it reads from a legible line, are taken from that reading (DocumentExtraction). PSM 4's column
    // analysis drops a line now and then, a date printed small beside a number or a line between rules, which
    // a block reading keeps: on SROIE it found the date of 2 of the 6 receipts without one. 0: never.
    int segmentationWhenMissing = 6;

    // A short name of the choices, for caches and logs: "h30-grey-psm3".
    QString key() const;
    // Reads a key back; unknown parts are ignored, parts left out keep the defaults (no second reading).
    static OcrOptions fromKey(const QString &key);
};

} // namespace ades::extract
