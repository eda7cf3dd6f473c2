#include "PriceFeed.h"

#include "PriceSettings.h"
#include "TickerSource.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/fetch/DecodedMemo.h"
#include "ops/market/fetch/SourceCache.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::market {

PriceFeed::PriceFeed(const MarketServices &services)
    : m_services(services)
{ }

void PriceFeed::median(const QString &symbol, std::function<void(Result<MedianPrice>)> done) const
{
    const QList<TickerSource> &sources = TickerSource::all();
    auto readings = std::make_shared<QList<TickerReading>>(sources.size());
    const MarketServices &services = m_services;
    auto group = CallGroup::start(int(sources.size()), [readings, symbol, &services, done]() {
        done(MedianPrice::merge(
            symbol, *readings, PriceSettings::rules(services.settings), services.clock.now()));
    });
    const qint64 freshMs = services.settings.get(PriceSettings::FreshMs);
    for (qsizetype i = 0; i < sources.size(); ++i) {
        const TickerSource &source = sources[i];
        services.cache.get(source.id + u':' + source.pair(symbol), freshMs,
            SourceCache::upstreamFetch(services.upstream, source.request(symbol), services.clock),
            [readings, i, group, &source, symbol, &services](SourceCache::Fetched answer) {
                // Read once per cached answer: every call within the freshness shares it. The key holds the
                // fetch time, since a quote without the exchange's own time is stamped with it.
                static DecodedMemo<TickerReading> memo(64);
                TickerReading reading = answer.ok()
                    ? *memo.get(source.id + u':' + symbol + u':' + answer.value().digest() + u':'
                            + QString::number(answer.value().fetchedAt.toMSecsSinceEpoch()),
                        [&]() { return source.read(symbol, answer.value()); })
                    : TickerReading::unavailable(answer.error().message());
                reading.exchange = source.id;
                if (answer.ok()) {
                    reading.source = answer.value().provenance(services.clock.now());
                    if (reading.quote)
                        reading.quote->source = reading.source;
                }
                (*readings)[i] = std::move(reading);
                group->arrive();
            });
    }
}

} // namespace ades::market
