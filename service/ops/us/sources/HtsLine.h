#pragma once

#include "HtsRate.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::us {

// One row of a USITC HTS REST answer (search or exportList), as much as the dossier reads. Unnumbered
// grouping rows ("superior") have no digits.
struct HtsLine
{
    QString digits; // htsno without dots: "6109100004"; empty on grouping rows
    QString number; // htsno as USITC writes it: "6109.10.00.04"
    int indent = 0;
    QString description;
    QString general; // MFN column-1 rate text
    QString special;
    QString other; // column 2
    QStringList units;
    QStringList footnotes; // footnote texts ("See 9903.88.15.")

    // Chapter 99 references in the footnotes (additional duties or quotas may apply): "9903.88.15".
    QStringList chapter99References() const;
    QJsonObject toJson() const;
};

// The rows of one answer, in USITC's order. Pure.
namespace HtsLines {

// The row whose digits are `digits`, or the first row under it for a 6-digit code; nullptr when none.
const HtsLine *find(const QList<HtsLine> &rows, const QString &digits);
// The row whose rate applies to `line`: itself when it carries a general rate, else the nearest row above it
// with a smaller indent that does (a 10-digit statistical line inherits its 8-digit line's rate). nullptr
// when no row up the tree has one.
const HtsLine *rateLine(const QList<HtsLine> &rows, const HtsLine &line);
// The 8-digit tariff lines under a 6-digit subheading.
QList<const HtsLine *> tariffLinesUnder(const QList<HtsLine> &rows, const QString &sixDigits);

} // namespace HtsLines

} // namespace ades::us
