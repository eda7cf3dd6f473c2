#pragma once

#include <QList>
#include <QString>

namespace ades::extract {

// A money amount as printed on a receipt or invoice line: always with two decimals ("9.00", "1,007.50",
// "1.007,50", "12,50"); the decimal separator is the last '.' or ',' followed by exactly two digits, every
// other separator groups thousands. Integers and times are not amounts.
struct Amount
{
    qint64 cents = 0;
    QString printed; // the digits and separators as printed, without currency sign
    // A currency sign or code printed right before the amount, with the space between them if one was
    // printed ("RM ", "$", "EUR "); empty when none is.
    QString mark;
    qsizetype position = 0; // where it starts in the line
    qsizetype end = 0;
};

QList<Amount> findAmounts(const QString &line);
QString centsText(qint64 cents); // "9.00", "-1.50"

} // namespace ades::extract
