#pragma once

#include "TextLine.h"

#include <QDate>

namespace ades::extract {

// The document date: every date written in the common forms (25/12/2018, 24-01-18, 2018/02/22,
// 12 MAR 2018, 14/JUN/2017, 25.12.2018, March 5, 2018; English, German and Malay month names), checked
// against the calendar. D/M against M/D: a part over 12 decides; when both fit, day first unless
// the document shows US cues (monthFirst), and the date is marked ambiguous. A date on a line labelled as
// the date (DATE, DATUM, TARIKH, INVOICE DATE) wins over one on a due-date or validity line.
// What OCR misread is repaired only where exactly one reading fits: "14/dun/2017" (one letter from JUN and
// from no other month), "08/09/2817" (no receipt is dated 2817; one common digit confusion, 8 for 0,
// gives the only year up to next year) and "O7-06-16" (a letter O among the digits, which can only be 0).
// A repaired date ranks below any date read as printed. No date after next year is a document's date.
class DateFinder
{
public:
    struct Found
    {
        QDate date;
        QString printed; // as printed, e.g. "25/12/2018"
        int line = -1;
        qsizetype position = 0; // where it starts in its line
        double confidence = 0;
        bool ambiguous = false;
        bool glued = false; // letters run straight into it: a code ("RC11-23-42") or a label OCR joined
        // Read through one OCR confusion that only one date explains (a month name with one wrong letter,
        // a year one confused digit away from a possible one, O for 0); `printed` is then the repaired text.
        bool repaired = false;
    };

    static std::optional<Found> find(const TextLines &lines, bool monthFirst);
    // Every valid date of one line, in order.
    static QList<Found> datesIn(const QString &text, bool monthFirst);
};

} // namespace ades::extract
