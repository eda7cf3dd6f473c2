#include "DecisionInputs.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

template <typename T> QJsonValue orNull(const std::optional<T> &value)
{
    return value ? QJsonValue(*value) : QJsonValue();
}

} // namespace

QJsonObject DecisionInputs::toJson() const
{
    return {
        { u"btc_price_usd"_s, orNull(btcPrice) },
        { u"btc_exchange_spread_percent"_s, orNull(btcSpreadPercent) },
        { u"btc_change_24h_percent"_s, orNull(btcChangePercent) },
        { u"eth_change_24h_percent"_s, orNull(ethChangePercent) },
        { u"btc_funding_annualised_percent"_s, orNull(btcFundingAnnualPercent) },
        { u"eth_funding_annualised_percent"_s, orNull(ethFundingAnnualPercent) },
        { u"btc_perp_premium_percent"_s, orNull(btcPremiumPercent) },
        { u"markets_up_24h"_s, orNull(marketsUp) },
        { u"markets_counted"_s, orNull(marketsCounted) },
        { u"missing"_s, QJsonArray::fromStringList(missing) },
    };
}

} // namespace ades::market
