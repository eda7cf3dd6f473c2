#include "FreeQuotaCounter.h"

#include "FreeSettings.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "store/Quotas.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QString quotaName(FreeQuota quota)
{
    return quota == FreeQuota::InputChecks ? u"daily_input_checks"_s : u"daily_calls"_s;
}

} // namespace

FreeQuotaCounter::FreeQuotaCounter(ServiceContext &context)
    : m_context(context)
    , m_dailyCalls(context.settings().get(FreeSettings::DailyCalls))
    , m_dailyInputChecks(context.settings().get(FreeSettings::DailyInputChecks))
{ }

FreeQuotaCounter::Counter FreeQuotaCounter::counterFor(FreeQuota quota, const QString &client) const
{
    // Distinct key prefixes: the two quotas (and the key channel's "signup:" counter) never share a row.
    if (quota == FreeQuota::InputChecks)
        return { quota, u"free:checks:"_s + client, m_dailyInputChecks };
    return { quota, u"free:calls:"_s + client, m_dailyCalls };
}

Result<QuotaDecision> FreeQuotaCounter::take(const Counter &counter) const
{
    return m_context.store().quotas().consumeFreeCall(counter.key, counter.limit, m_context.clock().now());
}

ServiceError FreeQuotaCounter::exhausted(const Counter &counter, const QuotaDecision &decision) const
{
    const qint64 limit = decision.limit.value_or(counter.limit);
    const QDateTime resetsAt = Quotas::nextUtcMidnight(m_context.clock().now());
    const QString what = counter.quota == FreeQuota::InputChecks ? u"free input checks"_s : u"free calls"_s;
    return ServiceError(ServiceError::Kind::TooManyRequests, u"free_quota_exhausted"_s,
        u"The %1 %2 a day for this address are used up; the quota resets at 00:00 UTC. "
        "Paid calls over x402 or an API key have no daily limit."_s.arg(limit)
            .arg(what))
        .setRetryable(true)
        .setExtra(u"quota"_s, quotaName(counter.quota))
        .setExtra(u"limit"_s, limit)
        .setExtra(u"used"_s, decision.used)
        .setExtra(u"resets_at"_s, isoUtc(resetsAt));
}

HeaderList FreeQuotaCounter::headers(int limit, std::optional<qint64> used)
{
    HeaderList out { { "X-Free-Quota-Limit", QByteArray::number(limit) } };
    if (used)
        out.append({ "X-Free-Quota-Remaining", QByteArray::number(qMax<qint64>(0, limit - *used)) });
    return out;
}

HeaderList FreeQuotaCounter::currentHeaders(const Counter &counter) const
{
    const Result<qint64> remaining
        = m_context.store().quotas().remainingFreeCalls(counter.key, counter.limit, m_context.clock().now());
    return headers(
        counter.limit, remaining.ok() ? std::optional(counter.limit - remaining.value()) : std::nullopt);
}

} // namespace ades
