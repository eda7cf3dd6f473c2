#pragma once

#include "ExchangeQuote.h"
#include "TickerReading.h"
#include "core/Result.h"

#include <QJsonArray>
#include <QList>

namespace ades::market {

// The rules a median price is held to (docs/market.md, "price"): settings market/price/*.
struct PriceRules
{
    qint64 maxQuoteAgeSeconds = 60;
    double maxDeviationPercent = 2.0; // from the median of the quotes kept
};

// The median of the exchange quotes that passed the rules, with all of them and why any was left out.
// Single-source prices are refused (SPEC.md §4.1): fewer than two usable quotes is no price. With three
// fresh quotes an outlier is the one further than maxDeviationPercent from the middle one; two quotes that
// disagree by more than that cannot say which is wrong, so they give no price either.
struct MedianPrice
{
    QString symbol;
    double median = 0;
    QString medianText;
    QList<ExchangeQuote> used;
    QJsonArray excluded; // {exchange, pair?, price?, reason}
    double spreadPercent = 0; // (highest - lowest) / median of the quotes used
    bool mixesUsdt = false; // USDT and USD quotes taken at par

    // 422 unknown_symbol when at least two exchanges list no such pair; 503 naming the exchanges that
    // failed otherwise. Nothing is charged either way.
    static Result<MedianPrice> merge(const QString &symbol, const QList<TickerReading> &readings,
        const PriceRules &rules, const QDateTime &now);

    QJsonObject toJson(const QDateTime &now) const;
};

} // namespace ades::market
