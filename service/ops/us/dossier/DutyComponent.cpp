#include "DutyComponent.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::us::DutyComponent {

std::optional<qint64> cents(qint64 customsValueCents, const QString &percent)
{
    static const QRegularExpression number(u"^([0-9]{1,3})(?:\\.([0-9]{1,4}))?$"_s);
    const QRegularExpressionMatch m = number.match(percent);
    if (!m.hasMatch() || customsValueCents < 0)
        return std::nullopt;
    QString fraction = m.captured(2);
    while (fraction.size() < 4)
        fraction.append(u'0');
    // The rate in ten-thousandths of a percent: 16.5 % -> 165000. Customs values have at most 9 integer
    // digits (schema), so value (< 1e11 cents) times rate (< 1e7) stays below 2^63.
    const qint64 rate = m.captured(1).toLongLong() * 10'000 + fraction.toLongLong();
    const qint64 scaled = customsValueCents * rate; // cents * 1e-6
    return (scaled + 500'000) / 1'000'000;
}

QString usd(qint64 cents)
{
    return u"%1.%2"_s.arg(cents / 100).arg(cents % 100, 2, 10, QChar(u'0'));
}

} // namespace ades::us::DutyComponent
