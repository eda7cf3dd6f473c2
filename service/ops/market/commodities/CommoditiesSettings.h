#pragma once

#include "core/SettingSpec.h"

namespace ades::market {

// The operator settings of market.commodities (docs/market-commodities.md, "Settings"). Belt points,
// normals and thresholds are operator defaults, not published figures: an operator replaces them with the
// normals of the stations they trust. The producer's floor price has no default at all: no official value
// is bundled, so until it is configured the result says so.
namespace CommoditiesSettings {

TextSetting belts();
TextSetting normals();
// "floor:ceiling" deficit percentages of the score's linear ramp ("20:80").
TextSetting deficitThresholds();
IntSetting minNormalMm();
IntSetting maxMissingPercent();
IntSetting archiveDays();
IntSetting archiveLagDays();
IntSetting forecastDays();
IntSetting forecastFreshSeconds();
IntSetting archiveFreshSeconds();

TextSetting producerName();
TextSetting producerCurrency();
TextSetting floorPricePerKg();
TextSetting floorPriceEffectiveDate();
TextSetting floorPriceSource();

// "20:80" -> {0.20, 0.80}; false when the text is not two whole percentages with floor < ceiling.
bool parseThresholds(const QString &value, double &floor, double &ceiling);

SettingSpecs all();

} // namespace CommoditiesSettings

} // namespace ades::market
