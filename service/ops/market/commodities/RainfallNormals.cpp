#include "RainfallNormals.h"

#include <QJsonArray>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

constexpr double MaxTotalMm = 5000;

std::optional<double> total(const QString &text)
{
    static const QString allowed = u"0123456789."_s;
    const QString t = text.trimmed();
    if (t.isEmpty() || t.size() > 12)
        return std::nullopt;
    for (const QChar c : t)
        if (!allowed.contains(c))
            return std::nullopt;
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0 || v > MaxTotalMm)
        return std::nullopt;
    return v;
}

} // namespace

double RainfallNormal::forDay(const QDate &date) const
{
    if (form == Form::Per30Days)
        return per30DaysMm / 30.0;
    return monthlyMm.at(std::size_t(date.month() - 1)) / double(date.daysInMonth());
}

QJsonObject RainfallNormal::toJson() const
{
    if (form == Form::Per30Days)
        return { { u"form"_s, u"mm_per_30_days"_s }, { u"mm_per_30_days"_s, per30DaysMm } };
    QJsonArray months;
    for (double mm : monthlyMm)
        months.append(mm);
    return { { u"form"_s, u"monthly_mm"_s }, { u"monthly_mm"_s, months } };
}

std::optional<RainfallNormals> RainfallNormals::parse(const QString &value, QString &problem)
{
    problem.clear();
    RainfallNormals normals;
    for (const QString &raw : value.split(u',', Qt::SkipEmptyParts)) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        const qsizetype colon = entry.lastIndexOf(u':');
        const QString belt = entry.left(colon).simplified();
        const QString spec = entry.mid(colon + 1).trimmed();
        if (colon < 0 || belt.isEmpty()) {
            problem = u"'%1' is not belt:normal"_s.arg(entry.left(80));
            return std::nullopt;
        }
        RainfallNormal normal;
        normal.entry = spec;
        const QStringList months = spec.split(u'/');
        if (months.size() == 1) {
            const std::optional<double> mm = total(spec);
            if (!mm) {
                problem = u"'%1': the normal is not mm per 30 days from 0 to %2"_s.arg(belt).arg(MaxTotalMm);
                return std::nullopt;
            }
            normal.form = RainfallNormal::Form::Per30Days;
            normal.per30DaysMm = *mm;
        } else if (months.size() == 12) {
            for (int m = 0; m < 12; ++m) {
                const std::optional<double> mm = total(months.at(m));
                if (!mm) {
                    problem = u"'%1': month %2 is not mm from 0 to %3"_s.arg(belt).arg(m + 1).arg(MaxTotalMm);
                    return std::nullopt;
                }
                normal.monthlyMm.at(std::size_t(m)) = *mm;
            }
        } else {
            problem
                = u"'%1': give one number (mm per 30 days) or twelve monthly totals separated by '/'"_s.arg(
                    belt);
            return std::nullopt;
        }
        normal.json = normal.toJson();
        if (belt == u"*"_s) {
            if (normals.m_default) {
                problem = u"'*' is given twice"_s;
                return std::nullopt;
            }
            normals.m_default = normal;
            continue;
        }
        const QString key = belt.toCaseFolded();
        if (normals.m_byBelt.contains(key)) {
            problem = u"'%1' is given twice"_s.arg(belt);
            return std::nullopt;
        }
        normals.m_byBelt.insert(key, normal);
    }
    return normals;
}

const RainfallNormal *RainfallNormals::forBelt(const QString &belt, bool *ownEntry) const
{
    const auto it = m_byBelt.constFind(belt.simplified().toCaseFolded());
    if (ownEntry)
        *ownEntry = it != m_byBelt.cend();
    if (it != m_byBelt.cend())
        return &it.value();
    return m_default ? &*m_default : nullptr;
}

} // namespace ades::market
