#pragma once

#include <QList>
#include <QString>

namespace ades::market {

// One growing belt as the operator configured it: a name and the point whose rainfall stands for it, and
// its weight in the aggregate score.
struct CoffeeBelt
{
    QString name;
    double latitude = 0;
    double longitude = 0;
    double weight = 1;
};

// The setting market/commodities/belts: comma-separated `name:latitude:longitude[:weight]` entries
// ("Sul de Minas:-21.55:-45.43"). Names are unique, 1 to MaxNameLength characters without ':' or ','; the
// coordinates decimal degrees; the weight a number above 0 and at most 100 (1 when left out). At most
// MaxBelts entries: they all go into one Open-Meteo request per source.
namespace CoffeeBelts {

inline constexpr int MaxBelts = 12;
inline constexpr int MaxNameLength = 60;

// The belts, or none and `problem` saying which entry is wrong and why.
QList<CoffeeBelt> parse(const QString &value, QString &problem);

} // namespace CoffeeBelts

} // namespace ades::market
