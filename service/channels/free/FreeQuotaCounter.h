#pragma once

#include "catalog/Operation.h"
#include "core/Result.h"
#include "http/HttpExchange.h"

#include <QString>
#include <optional>

namespace ades {

class ServiceContext;
struct QuotaDecision;

// The daily per-address counters of the free operations (docs/interface.md §5, §8): free calls
// (free/daily_calls) and free input checks (free/daily_input_checks), per UTC day, exact under concurrency
// (Quotas::consumeFreeCall is one conditional statement). The /free/ channel and the free MCP tool of the
// same operation spend the same counter, so switching channels never doubles a quota.
class FreeQuotaCounter
{
public:
    struct Counter
    {
        FreeQuota quota = FreeQuota::DailyCalls;
        QString key; // store key: "free:calls:<address>" or "free:checks:<address>"
        int limit = 0;
    };

    explicit FreeQuotaCounter(ServiceContext &context);

    // `client` is ClientAddress::quotaKey of the caller.
    Counter counterFor(FreeQuota quota, const QString &client) const;
    // Spends one slot; `allowed` false when the day's slots are used up. 503 when the store failed.
    Result<QuotaDecision> take(const Counter &counter) const;
    // The 429 free_quota_exhausted of a spent counter, with its limit, use and reset time.
    ServiceError exhausted(const Counter &counter, const QuotaDecision &decision) const;

    // X-Free-Quota-Limit and, when `used` is known, X-Free-Quota-Remaining.
    static HeaderList headers(int limit, std::optional<qint64> used);
    // The headers of what is left, without spending anything (answers refused before the counter counts).
    HeaderList currentHeaders(const Counter &counter) const;

private:
    ServiceContext &m_context;
    int m_dailyCalls = 5;
    int m_dailyInputChecks = 50;
};

} // namespace ades
