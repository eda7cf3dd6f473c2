#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QStringView>

namespace ades::market {

// A date as "2026-11-05", or a block time as "2026-11-05T09:30:00Z", written into the object itself: a
// statement writes a date and a time per transfer, and QDate/QDateTime::toString go through the
// locale-independent formatter one field at a time. A date outside years 1 to 9999, or a time that is not
// UTC (never from the chain reader), is what Qt writes for it.
class IsoText
{
public:
    static IsoText day(const QDate &day);
    static IsoText timeUtc(const QDateTime &time);

    // Valid as long as this object is.
    QStringView view() const { return m_written ? QStringView(m_units, m_written) : QStringView(m_other); }

private:
    char16_t m_units[20];
    qsizetype m_written = 0;
    QString m_other;
};

} // namespace ades::market
