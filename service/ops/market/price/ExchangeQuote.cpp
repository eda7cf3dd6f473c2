#include "ExchangeQuote.h"

#include "core/Clock.h"

using namespace Qt::StringLiterals;

namespace ades::market {

QJsonObject ExchangeQuote::toJson(const QDateTime &now) const
{
    return {
        { u"exchange"_s, exchange },
        { u"pair"_s, pair },
        { u"quote_currency"_s, quoteCurrency },
        { u"price"_s, price },
        { u"quoted_at"_s, isoUtc(quotedAt) },
        { u"quoted_at_from"_s, exchangeTimestamp ? u"exchange"_s : u"fetch_time"_s },
        { u"age_seconds"_s, qMax<qint64>(0, quotedAt.secsTo(now)) },
        { u"source"_s, source },
    };
}

} // namespace ades::market
