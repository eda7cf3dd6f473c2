#include "CoinFigures.h"

#include "ops/market/perps/PerpMarket.h"
#include "ops/market/price/DecimalText.h"
#include "ops/market/price/MedianPrice.h"

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject CoinFigures::of(const MedianPrice &price, const PerpMarket *perp)
{
    QJsonObject figures { { u"price"_s, price.medianText }, { u"price_sources"_s, price.used.size() } };
    if (perp) {
        figures.insert(u"funding_hourly"_s, perp->fundingHourly);
        figures.insert(u"funding_annualised_percent"_s, decimalText(perp->fundingAnnualPercent(), 4));
        figures.insert(u"open_interest_usd"_s, decimalText(perp->openInterestUsd(), 2));
        figures.insert(u"premium_percent"_s, decimalText(perp->premiumPercent(), 4));
        figures.insert(u"volume_24h_usd"_s, decimalText(perp->dayVolumeUsd, 2));
    }
    return figures;
}

} // namespace ades::market
