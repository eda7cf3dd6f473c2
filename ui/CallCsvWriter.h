#pragma once

#include "store/CallRecord.h"

#include <QList>
#include <QString>

class QIODevice;

namespace ades::ui {

// The live calls page's export: one CSV row (RFC 4180: comma, CRLF, quotes doubled) per call, with a header
// row. Amounts are exact USDC decimals, times ISO 8601 UTC. Cells that a spreadsheet would run as a formula
// (starting with = + - @, tab or CR) are prefixed with an apostrophe (OWASP CSV injection).
class CallCsvWriter
{
public:
    static QStringList header();
    static QString row(const CallRecord &record);
    static QString quoted(const QString &cell);
    // Writes the header and the rows as UTF-8; false when the device refused a write.
    static bool write(QIODevice &device, const QList<CallRecord> &records);
};

} // namespace ades::ui
