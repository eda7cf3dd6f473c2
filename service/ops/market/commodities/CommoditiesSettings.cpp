#include "CommoditiesSettings.h"

#include "CoffeeBelts.h"
#include "RainfallNormals.h"

#include <QDate>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

const QString Prefix = u"market/commodities/"_s;

// The points of ../shared/reference/upstreams.md ("Open-Meteo"): town centres standing for each belt.
const QString DefaultBelts = u"Sul de Minas (Varginha):-21.55:-45.43,"
                             "Cerrado Mineiro (Patrocínio):-18.94:-46.99,"
                             "Mogiana (Franca):-20.54:-47.40,"
                             "Espírito Santo arabica (Venda Nova do Imigrante):-20.34:-41.13,"
                             "Espírito Santo conilon (Colatina/Linhares):-19.54:-40.63"_s;

// An operator default, not a published normal: one rounded seasonal profile for all belts (January first;
// wet October to March, dry May to September, about 1,450 mm a year). docs/market-commodities.md says how
// to replace it with the station normals an operator trusts.
const QString DefaultNormals = u"*:260/190/170/70/50/20/15/20/60/120/200/270"_s;

QString beltsProblem(const QString &value)
{
    QString problem;
    (void)CoffeeBelts::parse(value, problem);
    return problem;
}

QString normalsProblem(const QString &value)
{
    QString problem;
    (void)RainfallNormals::parse(value, problem);
    return problem;
}

QString thresholdsProblem(const QString &value)
{
    double floor = 0;
    double ceiling = 0;
    return CommoditiesSettings::parseThresholds(value, floor, ceiling)
        ? QString()
        : u"must be floor:ceiling, whole percentages with 0 <= floor < ceiling <= 100 (\"20:80\")"_s;
}

QString currencyProblem(const QString &value)
{
    static const QRegularExpression code(u"^[A-Z]{3}$"_s);
    return code.match(value).hasMatch() ? QString() : u"must be an ISO 4217 code (\"UGX\")"_s;
}

// A money amount travels as a decimal string, never a double (STYLE.md §7).
QString priceProblem(const QString &value)
{
    static const QRegularExpression amount(u"^[0-9]{1,12}(\\.[0-9]{1,6})?$"_s);
    return amount.match(value).hasMatch() ? QString()
                                          : u"must be a plain decimal amount (\"7800\", \"2.45\")"_s;
}

QString dateProblem(const QString &value)
{
    return value.size() == 10 && QDate::fromString(value, Qt::ISODate).isValid()
        ? QString()
        : u"must be a date YYYY-MM-DD"_s;
}

QString shortTextProblem(const QString &value)
{
    return value.size() <= 200 ? QString() : u"must be at most 200 characters"_s;
}

} // namespace

bool CommoditiesSettings::parseThresholds(const QString &value, double &floor, double &ceiling)
{
    static const QRegularExpression form(u"^\\s*([0-9]{1,3})\\s*:\\s*([0-9]{1,3})\\s*$"_s);
    const QRegularExpressionMatch match = form.match(value);
    if (!match.hasMatch())
        return false;
    const int low = match.captured(1).toInt();
    const int high = match.captured(2).toInt();
    if (low >= high || high > 100)
        return false;
    floor = low / 100.0;
    ceiling = high / 100.0;
    return true;
}

TextSetting CommoditiesSettings::belts()
{
    return listSetting(Prefix + u"belts"_s, DefaultBelts,
        u"coffee belts scored, as name:latitude:longitude[:weight] (weight 1 when left out); at most 12, one "
        "Open-Meteo request per source for all of them"_s,
        &beltsProblem);
}

TextSetting CommoditiesSettings::normals()
{
    return listSetting(Prefix + u"normals"_s, DefaultNormals,
        u"rainfall normal per belt as belt:mm_per_30_days or belt:jan/feb/.../dec in mm; the belt * applies "
        u"to "
        "every belt without its own entry (the default is an operator default profile, not a published "
        "normal)"_s,
        &normalsProblem);
}

TextSetting CommoditiesSettings::deficitThresholds()
{
    return textSetting(Prefix + u"deficit_thresholds_percent"_s, u"20:80"_s,
        u"rain deficit (percent of normal) at which a belt's score starts above 0 and reaches 100"_s,
        &thresholdsProblem);
}

IntSetting CommoditiesSettings::minNormalMm()
{
    return intSetting(Prefix + u"min_normal_mm"_s, 30, 0, 1000,
        u"a belt whose window expects less rain than this (mm) is not scored: dry season"_s);
}

IntSetting CommoditiesSettings::maxMissingPercent()
{
    return intSetting(Prefix + u"max_missing_percent"_s, 25, 0, 100,
        u"a belt with more days without a value than this percentage of its window is not scored"_s);
}

IntSetting CommoditiesSettings::archiveDays()
{
    return intSetting(Prefix + u"archive_days"_s, 30, 7, 92,
        u"days of ERA5 archive rainfall in the window (recent rain)"_s);
}

IntSetting CommoditiesSettings::archiveLagDays()
{
    return intSetting(Prefix + u"archive_lag_days"_s, 5, 0, 30,
        u"how many days the ERA5 archive trails today; the archive window ends that many days ago and the "
        "forecast's past days cover the gap"_s);
}

IntSetting CommoditiesSettings::forecastDays()
{
    return intSetting(Prefix + u"forecast_days"_s, 16, 1, 16, u"days of forecast rainfall in the window"_s);
}

IntSetting CommoditiesSettings::forecastFreshSeconds()
{
    return intSetting(Prefix + u"forecast_fresh_seconds"_s, 3600, 60, 86400,
        u"how long an Open-Meteo forecast answer is reused (the models update every few hours)"_s);
}

IntSetting CommoditiesSettings::archiveFreshSeconds()
{
    return intSetting(Prefix + u"archive_fresh_seconds"_s, 21600, 60, 172800,
        u"how long an Open-Meteo archive answer is reused (ERA5 adds one day a day)"_s);
}

TextSetting CommoditiesSettings::producerName()
{
    return textSetting(Prefix + u"producer_name"_s, QString(),
        u"the African producer whose floor price is shown, e.g. the national coffee authority that sets it; "
        "empty: the floor price part says it is not configured"_s,
        &shortTextProblem);
}

TextSetting CommoditiesSettings::producerCurrency()
{
    return textSetting(Prefix + u"producer_currency"_s, QString(), u"ISO 4217 currency of the floor price"_s,
        &currencyProblem);
}

TextSetting CommoditiesSettings::floorPricePerKg()
{
    return textSetting(Prefix + u"floor_price_per_kg"_s, QString(),
        u"the producer's floor price per kg as a decimal amount in producer_currency"_s, &priceProblem);
}

TextSetting CommoditiesSettings::floorPriceEffectiveDate()
{
    return textSetting(Prefix + u"floor_price_effective_date"_s, QString(),
        u"the date from which the floor price applies (YYYY-MM-DD)"_s, &dateProblem);
}

TextSetting CommoditiesSettings::floorPriceSource()
{
    return textSetting(Prefix + u"floor_price_source"_s, QString(),
        u"where the floor price was published (a URL or a reference), shown with it"_s, &shortTextProblem);
}

SettingSpecs CommoditiesSettings::all()
{
    return {
        belts().spec,
        normals().spec,
        deficitThresholds().spec,
        minNormalMm().spec,
        maxMissingPercent().spec,
        archiveDays().spec,
        archiveLagDays().spec,
        forecastDays().spec,
        forecastFreshSeconds().spec,
        archiveFreshSeconds().spec,
        producerName().spec,
        producerCurrency().spec,
        floorPricePerKg().spec,
        floorPriceEffectiveDate().spec,
        floorPriceSource().spec,
    };
}

} // namespace ades::market
