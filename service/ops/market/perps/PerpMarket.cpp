#include "PerpMarket.h"

#include "ops/market/price/DecimalText.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonValue optionalText(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

} // namespace

QJsonObject PerpMarket::toJson() const
{
    return {
        { u"coin"_s, coin },
        { u"mark_price"_s, markPrice },
        { u"oracle_price"_s, oraclePrice },
        { u"mid_price"_s, optionalText(midPrice) },
        { u"premium_percent"_s, decimalText(premiumPercent(), 4) },
        { u"funding_hourly"_s, fundingHourly },
        { u"funding_annualised_percent"_s, decimalText(fundingAnnualPercent(), 4) },
        { u"open_interest_coins"_s, openInterestCoins },
        { u"open_interest_usd"_s, decimalText(openInterestUsd(), 2) },
        { u"volume_24h_usd"_s, decimalText(dayVolumeUsd, 2) },
        { u"change_24h_percent"_s, decimalText(dayChangePercent(), 4) },
        { u"max_leverage"_s, maxLeverage },
        { u"only_isolated"_s, onlyIsolated },
    };
}

} // namespace ades::market
