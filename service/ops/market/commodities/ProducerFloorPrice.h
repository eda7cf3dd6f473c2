#pragma once

#include <QDate>
#include <QJsonObject>

namespace ades {
class Settings;
}

namespace ades::market {

// The floor price of an African producer as the operator configured it (market/commodities/producer_name,
// producer_currency, floor_price_per_kg, floor_price_effective_date, floor_price_source). ADES bundles no
// official value: with any of the first four empty the part says "not configured" and names what is
// missing, never a number of its own. The amount stays the decimal string the operator wrote.
namespace ProducerFloorPrice {

QJsonObject fromSettings(const Settings &settings, const QDate &today);

} // namespace ProducerFloorPrice

} // namespace ades::market
