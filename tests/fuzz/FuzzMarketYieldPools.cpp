// Fuzz target: a DeFiLlama /pools body as YieldPools reads it. Input: the raw body.

#include "ops/market/brief/YieldPools.h"
#include "ops/market/fetch/FetchedBody.h"

#include <cmath>
#include <cstdint>

using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FetchedBody answer;
    answer.body = QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
    answer.httpStatus = 200;
    const auto pools = YieldPools::read(answer);
    if (!pools.ok())
        return 0;
    // Only stablecoin pools with an id, a finite non-negative TVL and a finite APY, largest TVL first.
    double previous = INFINITY;
    for (const YieldPool &p : pools.value()) {
        if (p.pool.isEmpty() || !std::isfinite(p.tvlUsd) || p.tvlUsd < 0 || !std::isfinite(p.apy)
            || p.tvlUsd > previous)
            __builtin_trap();
        previous = p.tvlUsd;
        (void)p.toJson();
    }
    return 0;
}
