#pragma once

#include "CoffeeBelts.h"
#include "OpenMeteoDaily.h"
#include "RainfallNormals.h"
#include "RainfallRequests.h"
#include "StressRule.h"
#include "catalog/Operation.h"

#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace ades::market {

// What one Open-Meteo source gave this call: its days per belt (in the belts' order) and its evidence, or
// the error that named it unavailable.
struct RainfallAnswer
{
    QString source;
    std::optional<ServiceError> error;
    QList<DailySeries> series;
    QJsonObject provenance; // FetchedBody::provenance; empty when nothing was fetched
};

struct CoffeeStressInputs
{
    QList<CoffeeBelt> belts;
    RainfallNormals normals;
    StressRule rule;
    RainfallRequests requests;
    RainfallAnswer forecast;
    RainfallAnswer archive;
    QJsonObject floorPrice; // ProducerFloorPrice::fromSettings
    QDateTime now;
};

// The result of market.commodities from both sources' answers (docs/market-commodities.md, "Result").
// Both sources failed: an uncharged 503 naming both. One failed: a partial result scored from the other
// source's days alone, with `partial` true and the failed source named in `failed_sources` and in every
// belt's `basis`. Pure and deterministic: the same inputs give the same result.
namespace CoffeeStressResult {

inline constexpr char Contract[] = "market-commodities-stress/1";
inline constexpr char16_t Subject[] = u"coffee:brazil"; // what a receipt attests

Outcome compose(const CoffeeStressInputs &inputs);

// A complete result composed earlier from the same answers, with this call's evidence (the answered
// sources' provenance, top level and per belt) and time. Only for results that are not partial.
QJsonObject withEvidence(QJsonObject data, const QJsonArray &sources, const QDateTime &now);

} // namespace CoffeeStressResult

} // namespace ades::market
