#include "HtsRate.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::us {

HtsRate HtsRate::parse(const QString &general)
{
    // At most four decimals: enough for every ad-valorem rate of the schedule, and the duty arithmetic
    // (DutyComponent) stays in 64-bit integers.
    static const QRegularExpression adValorem(u"^([0-9]{1,3}(?:\\.[0-9]{1,4})?)\\s?%$"_s);
    HtsRate rate;
    rate.text = general.trimmed();
    if (rate.text.isEmpty())
        return rate;
    if (rate.text.compare(u"Free"_s, Qt::CaseInsensitive) == 0) {
        rate.kind = Kind::Free;
        rate.percent = u"0"_s;
        return rate;
    }
    const QRegularExpressionMatch m = adValorem.match(rate.text);
    if (m.hasMatch()) {
        rate.kind = Kind::AdValorem;
        rate.percent = m.captured(1);
        return rate;
    }
    rate.kind = Kind::NotComputed;
    return rate;
}

QString HtsRate::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Free:
        return u"free"_s;
    case Kind::AdValorem:
        return u"ad_valorem"_s;
    case Kind::NotComputed:
        return u"not_computed"_s;
    case Kind::Absent:
        break;
    }
    return u"absent"_s;
}

} // namespace ades::us
