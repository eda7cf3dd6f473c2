#include "HyperliquidMarkets.h"

#include "ops/market/MarketSources.h"
#include "ops/market/fetch/FetchedBody.h"
#include "ops/market/price/DecimalText.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

ServiceError unusable(const QString &why)
{
    return ServiceError::sourceUnavailable(QString::fromUtf16(MarketSource::Hyperliquid),
        u"Hyperliquid's market list was not usable (%1). Nothing was charged."_s.arg(why));
}

} // namespace

Result<HyperliquidMarkets::Reading> HyperliquidMarkets::read(const FetchedBody &answer)
{
    if (answer.httpStatus != 200)
        return unusable(u"HTTP %1"_s.arg(answer.httpStatus));
    const QJsonArray pair = QJsonDocument::fromJson(answer.body).array();
    if (pair.size() != 2 || !pair[0].isObject() || !pair[1].isArray())
        return unusable(u"not the [meta, contexts] pair"_s);
    const QJsonArray universe = pair[0].toObject().value(u"universe"_s).toArray();
    const QJsonArray contexts = pair[1].toArray();
    // Contexts belong to universe entries by position; lists of different lengths cannot be matched.
    if (universe.isEmpty() || universe.size() != contexts.size())
        return unusable(u"%1 markets but %2 contexts"_s.arg(universe.size()).arg(contexts.size()));
    Reading reading;
    for (qsizetype i = 0; i < universe.size(); ++i) {
        const QJsonObject meta = universe[i].toObject();
        const QJsonObject ctx = contexts[i].toObject();
        if (meta.value(u"isDelisted"_s).toBool()) {
            ++reading.delisted;
            continue;
        }
        PerpMarket m;
        m.coin = meta.value(u"name"_s).toString().left(32);
        m.maxLeverage = meta.value(u"maxLeverage"_s).toInt();
        m.onlyIsolated = meta.value(u"onlyIsolated"_s).toBool();
        m.markPrice = ctx.value(u"markPx"_s).toString();
        m.oraclePrice = ctx.value(u"oraclePx"_s).toString();
        m.midPrice = ctx.value(u"midPx"_s).toString();
        m.previousDayPrice = ctx.value(u"prevDayPx"_s).toString();
        m.fundingHourly = ctx.value(u"funding"_s).toString();
        m.premium = ctx.value(u"premium"_s).toString();
        m.openInterestCoins = ctx.value(u"openInterest"_s).toString();
        m.dayNotionalVolumeUsd = ctx.value(u"dayNtlVlm"_s).toString();
        const auto mark = positiveDecimal(m.markPrice);
        const auto oracle = positiveDecimal(m.oraclePrice);
        const auto funding = signedDecimal(m.fundingHourly);
        const auto interest = signedDecimal(m.openInterestCoins);
        const auto volume = signedDecimal(m.dayNotionalVolumeUsd);
        if (m.coin.isEmpty() || !mark || !oracle || !funding || !interest || !volume || *interest < 0
            || *volume < 0) {
            ++reading.unusable;
            continue;
        }
        m.mark = *mark;
        m.oracle = *oracle;
        m.funding = *funding;
        m.openInterest = *interest;
        m.dayVolumeUsd = *volume;
        m.previousDay = positiveDecimal(m.previousDayPrice).value_or(0);
        reading.markets.append(m);
    }
    return reading;
}

} // namespace ades::market
