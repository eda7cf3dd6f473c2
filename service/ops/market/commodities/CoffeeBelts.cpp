#include "CoffeeBelts.h"

#include <QSet>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// A plain decimal ("-21.55"): no exponent, no "nan" or "inf", which toDouble() would take.
bool decimal(const QString &text, double &out)
{
    static const QString allowed = u"0123456789.-+"_s;
    if (text.isEmpty() || text.size() > 24)
        return false;
    for (const QChar c : text)
        if (!allowed.contains(c))
            return false;
    bool ok = false;
    out = text.toDouble(&ok);
    return ok && std::isfinite(out);
}

} // namespace

QList<CoffeeBelt> CoffeeBelts::parse(const QString &value, QString &problem)
{
    problem.clear();
    QList<CoffeeBelt> belts;
    QSet<QString> names;
    const QStringList entries = value.split(u',', Qt::SkipEmptyParts);
    for (const QString &raw : entries) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        const QStringList parts = entry.split(u':');
        CoffeeBelt belt;
        belt.name = parts.value(0).simplified();
        if (parts.size() < 3 || parts.size() > 4) {
            problem = u"'%1' is not name:latitude:longitude[:weight]"_s.arg(entry.left(80));
            return {};
        }
        if (belt.name.isEmpty() || belt.name.size() > MaxNameLength) {
            problem = u"'%1': a belt name has 1 to %2 characters"_s.arg(entry.left(80)).arg(MaxNameLength);
            return {};
        }
        if (!decimal(parts.at(1).trimmed(), belt.latitude) || std::abs(belt.latitude) > 90) {
            problem = u"'%1': the latitude is not decimal degrees from -90 to 90"_s.arg(belt.name);
            return {};
        }
        if (!decimal(parts.at(2).trimmed(), belt.longitude) || std::abs(belt.longitude) > 180) {
            problem = u"'%1': the longitude is not decimal degrees from -180 to 180"_s.arg(belt.name);
            return {};
        }
        if (parts.size() == 4
            && (!decimal(parts.at(3).trimmed(), belt.weight) || belt.weight <= 0 || belt.weight > 100)) {
            problem = u"'%1': the weight is not a number above 0 and at most 100"_s.arg(belt.name);
            return {};
        }
        if (names.contains(belt.name.toCaseFolded())) {
            problem = u"'%1' is named twice"_s.arg(belt.name);
            return {};
        }
        names.insert(belt.name.toCaseFolded());
        belts.append(belt);
        if (belts.size() > MaxBelts) {
            problem = u"more than %1 belts"_s.arg(MaxBelts);
            return {};
        }
    }
    if (belts.isEmpty())
        problem = u"no belt is configured"_s;
    return belts;
}

} // namespace ades::market
