#pragma once

#include "core/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades::market {

struct FetchedBody;

// One stablecoin pool of DeFiLlama's yields list (../shared/reference/upstreams.md, "DeFiLlama"): APYs are
// percentages; many fields may be null and stay null.
struct YieldPool
{
    QString pool; // UUID
    QString chain;
    QString project;
    QString symbol;
    double tvlUsd = 0;
    double apy = 0;
    QJsonObject fields; // the rest, as sent (apy_base, apy_reward, apy_mean_30d, il_risk, exposure ...)
    bool outlier = false;

    QJsonObject toJson() const;
};

// Reads DeFiLlama's /pools answer and keeps the stablecoin pools with a TVL and an APY, largest TVL first.
// A body without {"status": "success", "data": [...]} is the source's failure.
namespace YieldPools {
Result<QList<YieldPool>> read(const FetchedBody &answer);
}

} // namespace ades::market
