#include "Clock.h"

using namespace Qt::StringLiterals;

namespace ades {

QString isoUtc(const QDateTime &at)
{
    // Written digit by digit: QDateTime::toString() goes through the calendar and a format parser and was
    // 3.5 % of a /v1/iban request (two timestamps per receipt, one per call log row).
    const QDateTime utc = at.toUTC();
    const QDate date = utc.date();
    const QTime time = utc.time();
    const int year = date.year();
    if (!date.isValid() || !time.isValid() || year < 0 || year > 9999)
        return utc.toString(u"yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"_s);
    char text[24];
    const auto put = [&text](int at, int value, int digits) {
        for (int i = digits - 1; i >= 0; --i, value /= 10)
            text[at + i] = char('0' + value % 10);
    };
    put(0, year, 4);
    text[4] = '-';
    put(5, date.month(), 2);
    text[7] = '-';
    put(8, date.day(), 2);
    text[10] = 'T';
    put(11, time.hour(), 2);
    text[13] = ':';
    put(14, time.minute(), 2);
    text[16] = ':';
    put(17, time.second(), 2);
    text[19] = '.';
    put(20, time.msec(), 3);
    text[23] = 'Z';
    return QString::fromLatin1(text, 24);
}

} // namespace ades
