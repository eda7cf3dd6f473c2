// Fuzz target: a Hyperliquid metaAndAssetCtxs body as HyperliquidMarkets reads it. Input: the raw body.

#include "ops/market/fetch/FetchedBody.h"
#include "ops/market/perps/HyperliquidMarkets.h"

#include <cmath>
#include <cstdint>

using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FetchedBody answer;
    answer.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    answer.httpStatus = 200;
    const auto reading = HyperliquidMarkets::read(answer);
    if (!reading.ok())
        return 0;
    // Every market kept has a name, a positive mark and oracle price and finite derived figures.
    for (const PerpMarket &m : reading.value().markets) {
        if (m.coin.isEmpty() || !(m.mark > 0) || !(m.oracle > 0) || !std::isfinite(m.fundingAnnualPercent())
            || !std::isfinite(m.openInterestUsd()))
            __builtin_trap();
        (void)m.toJson();
    }
    return 0;
}
