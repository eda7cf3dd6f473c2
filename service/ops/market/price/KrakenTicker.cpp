#include "DecimalText.h"
#include "TickerSource.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/FetchedBody.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::market {

QString KrakenTicker::pair(const QString &symbol)
{
    // Kraken keeps its ISO-4217-style codes for two old assets: XBT for bitcoin, XDG for dogecoin.
    QString base = symbol;
    if (base == u"BTC"_s)
        base = u"XBT"_s;
    else if (base == u"DOGE"_s)
        base = u"XDG"_s;
    return base + u"USD"_s;
}

UpstreamRequest KrakenTicker::request(const QString &symbol)
{
    UpstreamRequest request;
    request.source = QString::fromUtf16(MarketSource::Kraken);
    request.path = u"/Ticker?pair="_s + pair(symbol);
    request.maxResponseBytes = 64 * 1024;
    return request;
}

TickerReading KrakenTicker::read(const QString &symbol, const FetchedBody &answer)
{
    if (answer.httpStatus != 200)
        return TickerReading::unavailable(u"Kraken answered HTTP %1."_s.arg(answer.httpStatus));
    const QJsonObject body = QJsonDocument::fromJson(answer.body).object();
    // Kraken reports errors with HTTP 200 in "error": "EQuery:Unknown asset pair" is the business answer,
    // anything else ("EGeneral:Too many requests", "EService:Unavailable") a failure.
    const QJsonArray errors = body.value(u"error"_s).toArray();
    if (!errors.isEmpty()) {
        const QString first = errors.first().toString().left(200);
        if (first.startsWith(u"EQuery:Unknown asset pair"_s))
            return TickerReading::notListed(u"Kraken lists no %1 pair."_s.arg(pair(symbol)));
        return TickerReading::unavailable(u"Kraken: %1"_s.arg(first));
    }
    // The result is keyed by Kraken's canonical pair name ("XXBTZUSD"), not the one asked for; one pair
    // was asked, so exactly one key is expected.
    const QJsonObject result = body.value(u"result"_s).toObject();
    if (result.size() != 1)
        return TickerReading::unavailable(u"Kraken sent no usable ticker for %1."_s.arg(pair(symbol)));
    const QString canonical = result.constBegin().key();
    const QString price = result.constBegin().value().toObject().value(u"c"_s).toArray().at(0).toString();
    const auto value = positiveDecimal(price);
    if (!value)
        return TickerReading::unavailable(u"Kraken sent no usable last trade for %1."_s.arg(canonical));
    ExchangeQuote quote;
    quote.exchange = QString::fromUtf16(MarketSource::Kraken);
    quote.pair = canonical;
    quote.quoteCurrency = u"USD"_s;
    quote.price = price;
    quote.value = *value;
    quote.quotedAt = answer.fetchedAt;
    return TickerReading::of(quote);
}

} // namespace ades::market
