#include "DecimalText.h"
#include "TickerSource.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/FetchedBody.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::market {

QString CoinbaseTicker::pair(const QString &symbol)
{
    return symbol + u"-USD"_s;
}

UpstreamRequest CoinbaseTicker::request(const QString &symbol)
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::Coinbase);
    request.path = u"/products/%1/ticker"_s.arg(pair(symbol));
    request.maxResponseBytes = 64 * 1024;
    return request;
}

TickerReading CoinbaseTicker::read(const QString &symbol, const FetchedBody &answer)
{
    const QJsonObject body = QJsonDocument::fromJson(answer.body).object();
    // The exchange says an unknown product with 404 {"message": "NotFound"}.
    if (answer.httpStatus == 404)
        return TickerReading::notListed(u"Coinbase lists no %1 product."_s.arg(pair(symbol)));
    if (answer.httpStatus != 200)
        return TickerReading::unavailable(u"Coinbase answered HTTP %1 %2"_s.arg(answer.httpStatus)
                                              .arg(body.value(u"message"_s).toString().left(200)));
    const QString price = body.value(u"price"_s).toString();
    const auto value = positiveDecimal(price);
    if (!value)
        return TickerReading::unavailable(u"Coinbase sent no usable price for %1."_s.arg(pair(symbol)));
    ExchangeQuote quote;
    quote.exchange = QString::fromUtf16(MarketSource::Coinbase);
    quote.pair = pair(symbol);
    quote.quoteCurrency = u"USD"_s;
    quote.price = price;
    quote.value = *value;
    // The time of the last trade, which can be older than the fetch on a quiet book: the age check uses it.
    const QDateTime traded = QDateTime::fromString(body.value(u"time"_s).toString(), Qt::ISODateWithMs);
    quote.exchangeTimestamp = traded.isValid();
    quote.quotedAt = traded.isValid() ? traded.toUTC() : answer.fetchedAt;
    return TickerReading::of(quote);
}

} // namespace ades::market
