#include "MedianPrice.h"

#include "DecimalText.h"
#include "core/Clock.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

double medianOf(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

QJsonObject exclusion(const ExchangeQuote &quote, const QString &reason)
{
    return { { u"exchange"_s, quote.exchange }, { u"pair"_s, quote.pair }, { u"price"_s, quote.price },
        { u"reason"_s, reason } };
}

// Places enough to keep every quote's precision in the median of two.
int decimalsOf(const QList<ExchangeQuote> &quotes)
{
    int places = 2;
    for (const ExchangeQuote &q : quotes) {
        const qsizetype point = q.price.indexOf(u'.');
        if (point >= 0)
            places = qMax(places, int(q.price.size() - point - 1) + 1);
    }
    return qMin(places, 12);
}

} // namespace

Result<MedianPrice> MedianPrice::merge(const QString &symbol, const QList<TickerReading> &readings,
    const PriceRules &rules, const QDateTime &now)
{
    MedianPrice price;
    price.symbol = symbol;
    QStringList failed;
    int notListed = 0;
    QList<ExchangeQuote> fresh;
    for (const TickerReading &reading : readings) {
        if (!reading.quote) {
            if (reading.problem == TickerReading::Problem::NotListed)
                ++notListed;
            else
                failed.append(reading.exchange);
            price.excluded.append(
                QJsonObject { { u"exchange"_s, reading.exchange }, { u"reason"_s, reading.reason } });
            continue;
        }
        const qint64 age = reading.quote->quotedAt.secsTo(now);
        if (age > rules.maxQuoteAgeSeconds) {
            price.excluded.append(exclusion(*reading.quote,
                u"quote is %1 s old, older than the %2 s allowed"_s.arg(age).arg(rules.maxQuoteAgeSeconds)));
            continue;
        }
        // A time well ahead of ours is a clock the age rule cannot judge: as untrustworthy as a stale one.
        if (-age > rules.maxQuoteAgeSeconds) {
            price.excluded.append(exclusion(*reading.quote,
                u"quote is stamped %1 s ahead of this server's clock, more than the %2 s allowed"_s.arg(-age)
                    .arg(rules.maxQuoteAgeSeconds)));
            continue;
        }
        fresh.append(*reading.quote);
    }
    if (fresh.size() >= 3) {
        QList<double> values;
        for (const ExchangeQuote &q : fresh)
            values.append(q.value);
        const double middle = medianOf(values);
        for (const ExchangeQuote &q : fresh) {
            const double deviation = std::abs(q.value - middle) / middle * 100;
            if (deviation > rules.maxDeviationPercent)
                price.excluded.append(exclusion(q,
                    u"deviates %1 % from the median quote, more than the %2 % allowed"_s.arg(
                        decimalText(deviation, 3), decimalText(rules.maxDeviationPercent, 3))));
            else
                price.used.append(q);
        }
    } else {
        price.used = fresh;
    }
    if (price.used.size() == 2) {
        const double a = price.used[0].value;
        const double b = price.used[1].value;
        const double gap = std::abs(a - b) / ((a + b) / 2) * 100;
        if (gap > 2 * rules.maxDeviationPercent) {
            for (const ExchangeQuote &q : std::as_const(price.used))
                price.excluded.append(exclusion(q,
                    u"the two remaining quotes differ by %1 %; which one is wrong cannot be told"_s.arg(
                        decimalText(gap, 3))));
            price.used.clear();
        }
    }
    if (price.used.size() < 2) {
        if (notListed >= 2)
            return ServiceError::unprocessable(u"unknown_symbol"_s,
                u"%1 is listed on fewer than two of the exchanges asked (Binance, Coinbase, Kraken); a "
                "single-source price is refused."_s.arg(symbol),
                u"symbol"_s)
                .setExtra(u"excluded"_s, price.excluded);
        return ServiceError::sourceUnavailable(failed.isEmpty() ? u"binance"_s : failed.first(),
            u"Fewer than two exchanges gave a usable %1 price, and single-source prices are refused. Nothing "
            "was charged."_s.arg(symbol))
            .setMissing(failed)
            .setExtra(u"excluded"_s, price.excluded);
    }
    QList<double> values;
    double low = price.used.first().value;
    double high = low;
    for (const ExchangeQuote &q : std::as_const(price.used)) {
        values.append(q.value);
        low = qMin(low, q.value);
        high = qMax(high, q.value);
        price.mixesUsdt = price.mixesUsdt || q.quoteCurrency != u"USD"_s;
    }
    price.median = medianOf(values);
    price.medianText = decimalText(price.median, decimalsOf(price.used));
    price.spreadPercent = (high - low) / price.median * 100;
    return price;
}

QJsonObject MedianPrice::toJson(const QDateTime &now) const
{
    QJsonArray quotes;
    for (const ExchangeQuote &q : used)
        quotes.append(q.toJson(now));
    QDateTime oldest = now;
    for (const ExchangeQuote &q : used)
        oldest = qMin(oldest, q.quotedAt);
    return {
        { u"symbol"_s, symbol },
        { u"median"_s, medianText },
        { u"currency"_s, mixesUsdt ? u"USD (USDT quotes taken at par)"_s : u"USD"_s },
        { u"sources_used"_s, used.size() },
        { u"spread_percent"_s, decimalText(spreadPercent, 4) },
        { u"quotes"_s, quotes },
        { u"excluded"_s, excluded },
        { u"oldest_quote_at"_s, isoUtc(oldest) },
    };
}

} // namespace ades::market
