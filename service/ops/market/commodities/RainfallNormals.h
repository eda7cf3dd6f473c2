#pragma once

#include <QDate>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <array>
#include <optional>

namespace ades::market {

// The rainfall a belt expects, as the operator configured it: either twelve monthly totals in mm (January
// first) or one total in mm per 30 days for the whole year.
struct RainfallNormal
{
    enum class Form
    {
        Monthly,
        Per30Days,
    };
    Form form = Form::Monthly;
    std::array<double, 12> monthlyMm {};
    double per30DaysMm = 0;
    QString entry; // the configured text, disclosed in the result
    QJsonObject json; // toJson(), made once when the setting is read

    // The rain expected on one day: the month's total spread evenly over its days, or a 30th of the
    // 30-day total.
    double forDay(const QDate &date) const;
    QJsonObject toJson() const;
};

// The setting market/commodities/normals: comma-separated `belt:normal` entries where the normal is one
// number (mm per 30 days) or twelve '/'-separated monthly totals in mm; the belt `*` is the normal of every
// belt without its own entry. Totals are plain decimals from 0 to 5000 mm.
class RainfallNormals
{
public:
    static std::optional<RainfallNormals> parse(const QString &value, QString &problem);

    // The belt's own normal, else the `*` one; nullptr when neither is configured. `ownEntry` says which.
    const RainfallNormal *forBelt(const QString &belt, bool *ownEntry = nullptr) const;

private:
    QHash<QString, RainfallNormal> m_byBelt; // case-folded belt name -> normal
    std::optional<RainfallNormal> m_default;
};

} // namespace ades::market
