#include "DecimalText.h"
#include "TickerSource.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/FetchedBody.h"

#include <QJsonDocument>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::market {

QString BinanceTicker::pair(const QString &symbol)
{
    // Binance's deep books are against tether; the quote says USDT, never USD.
    return symbol + u"USDT"_s;
}

UpstreamRequest BinanceTicker::request(const QString &symbol)
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::Binance);
    request.path = u"/ticker/price?symbol="_s + pair(symbol);
    request.maxResponseBytes = 64 * 1024;
    return request;
}

TickerReading BinanceTicker::read(const QString &symbol, const FetchedBody &answer)
{
    const QJsonObject body = QJsonDocument::fromJson(answer.body).object();
    const int code = body.value(u"code"_s).toInt();
    const QString message = body.value(u"msg"_s).toString().left(200);
    // Documented error forms: -1121 "Invalid symbol" (400) is the business answer; 429 and 418 are the
    // request-weight budget and the ban after it, 451 the restricted-location refusal.
    if (code == -1121)
        return TickerReading::notListed(u"Binance lists no %1 pair."_s.arg(pair(symbol)));
    if (answer.httpStatus == 429 || answer.httpStatus == 418)
        return TickerReading::unavailable(
            u"Binance rate limit (HTTP %1): %2"_s.arg(answer.httpStatus).arg(message));
    if (answer.httpStatus == 451)
        return TickerReading::unavailable(
            u"Binance refuses requests from this server's location (HTTP 451)."_s);
    if (answer.httpStatus != 200)
        return TickerReading::unavailable(
            u"Binance answered HTTP %1 %2"_s.arg(answer.httpStatus).arg(message));
    const QString price = body.value(u"price"_s).toString();
    const auto value = positiveDecimal(price);
    if (!value || body.value(u"symbol"_s).toString() != pair(symbol))
        return TickerReading::unavailable(u"Binance sent no usable price for %1."_s.arg(pair(symbol)));
    ExchangeQuote quote;
    quote.exchange = QString::fromUtf16(MarketSource::Binance);
    quote.pair = pair(symbol);
    quote.quoteCurrency = u"USDT"_s;
    quote.price = price;
    quote.value = *value;
    quote.quotedAt = answer.fetchedAt;
    return TickerReading::of(quote);
}

} // namespace ades::market
