// Fuzz target: an exchange ticker body as the Binance, Coinbase and Kraken readers take it, with the statuses
// each treats differently, and the median merge over whatever they read. Input: the raw body.

#include "ops/market/fetch/FetchedBody.h"
#include "ops/market/price/MedianPrice.h"
#include "ops/market/price/TickerSource.h"

#include <cstdint>

using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FetchedBody answer;
    answer.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    answer.fetchedAt = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    for (int status : { 200, 400, 404, 429, 451, 500 }) {
        answer.httpStatus = status;
        QList<TickerReading> readings;
        for (const TickerSource &source : TickerSource::all()) {
            TickerReading reading = source.read(QStringLiteral("BTC"), answer);
            reading.exchange = source.id;
            // A quote is a positive finite price, only from a 200 answer, and always with a pair.
            if (reading.quote
                && (status != 200 || !(reading.quote->value > 0) || reading.quote->pair.isEmpty()
                    || reading.problem != TickerReading::Problem::None))
                __builtin_trap();
            if (!reading.quote
                && (reading.problem == TickerReading::Problem::None || reading.reason.isEmpty()))
                __builtin_trap();
            readings.append(reading);
        }
        const auto median
            = MedianPrice::merge(QStringLiteral("BTC"), readings, PriceRules {}, answer.fetchedAt);
        if (median.ok() && (median.value().used.size() < 2 || median.value().medianText.isEmpty()))
            __builtin_trap();
    }
    return 0;
}
