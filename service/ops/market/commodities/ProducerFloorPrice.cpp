#include "ProducerFloorPrice.h"

#include "CommoditiesSettings.h"
#include "core/Settings.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject ProducerFloorPrice::fromSettings(const Settings &settings, const QDate &today)
{
    const QString producer = settings.get(CommoditiesSettings::producerName()).trimmed();
    const QString currency = settings.get(CommoditiesSettings::producerCurrency()).trimmed();
    const QString price = settings.get(CommoditiesSettings::floorPricePerKg()).trimmed();
    const QString effective = settings.get(CommoditiesSettings::floorPriceEffectiveDate()).trimmed();
    const QString source = settings.get(CommoditiesSettings::floorPriceSource()).trimmed();

    QJsonArray missing;
    for (const auto &[value, setting] : { std::pair { producer, CommoditiesSettings::producerName() },
             std::pair { currency, CommoditiesSettings::producerCurrency() },
             std::pair { price, CommoditiesSettings::floorPricePerKg() },
             std::pair { effective, CommoditiesSettings::floorPriceEffectiveDate() } })
        if (value.isEmpty())
            missing.append(setting.spec.key);
    if (!missing.isEmpty())
        return {
            { u"configured"_s, false },
            { u"missing_settings"_s, missing },
            { u"note"_s,
                u"No producer floor price is configured. ADES bundles no official value; the operator sets "
                "the producer, currency, price per kg and effective date as published by the authority "
                "that fixes it."_s },
        };

    const QDate from = QDate::fromString(effective, Qt::ISODate);
    const bool inForce = from <= today;
    return {
        { u"configured"_s, true },
        { u"producer"_s, producer },
        { u"currency"_s, currency },
        { u"price_per_kg"_s, price },
        { u"unit"_s, u"kg"_s },
        { u"effective_date"_s, effective },
        { u"in_force"_s, inForce },
        { u"age_days"_s, inForce ? QJsonValue(from.daysTo(today)) : QJsonValue() },
        { u"published_at"_s, source.isEmpty() ? QJsonValue() : QJsonValue(source) },
        { u"origin"_s, u"operator setting"_s },
        { u"note"_s,
            u"Configured by the operator of this service, not fetched: check it against the authority "
            "that publishes it. Shown beside the rainfall stress; it does not enter the score."_s },
    };
}

} // namespace ades::market
