#include "FreeChannel.h"

#include "FreeSettings.h"
#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "http/HttpSettings.h"
#include "store/Quotas.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades {

namespace {

HeaderList quotaHeaders(qint64 limit, std::optional<qint64> used)
{
    HeaderList headers { { "X-Free-Quota-Limit", QByteArray::number(limit) } };
    if (used)
        headers.append({ "X-Free-Quota-Remaining", QByteArray::number(qMax<qint64>(0, limit - *used)) });
    return headers;
}

QString quotaName(FreeQuota quota)
{
    return quota == FreeQuota::InputChecks ? u"daily_input_checks"_s : u"daily_calls"_s;
}

} // namespace

FreeChannel::FreeChannel(ServiceContext &context)
    : FreeChannel(context, context.catalog())
{ }

FreeChannel::FreeChannel(ServiceContext &context, const Catalog &catalog)
    : m_context(context)
    , m_routes(catalog, Channel::Free)
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
    , m_dailyCalls(context.settings().get(FreeSettings::DailyCalls))
    , m_dailyInputChecks(context.settings().get(FreeSettings::DailyInputChecks))
{ }

QStringList FreeChannel::allowedMethods(const QString &path) const
{
    return m_routes.allowedMethods(path);
}

void FreeChannel::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = channelName(Channel::Free);
    if (auto match = m_routes.find(QString::fromLatin1(request.method), request.path))
        return call(*match, request, reply);
    reply.sendError(ServiceError(ServiceError::Kind::NotFound, u"not_found"_s, u"No such path."_s));
}

FreeChannel::Counter FreeChannel::counterFor(const Exposure &exposure, const HttpRequestData &request) const
{
    // Distinct key prefixes: the two quotas (and the key channel's "signup:" counter) never share a row.
    const QString address = ClientAddress::quotaKey(m_clientAddress.of(request));
    if (exposure.freeQuota == FreeQuota::InputChecks)
        return { u"free:checks:"_s + address, m_dailyInputChecks };
    return { u"free:calls:"_s + address, m_dailyCalls };
}

HeaderList FreeChannel::currentHeaders(const Counter &counter) const
{
    const Result<qint64> remaining
        = m_context.store().quotas().remainingFreeCalls(counter.key, counter.limit, m_context.clock().now());
    return quotaHeaders(
        counter.limit, remaining.ok() ? std::optional(counter.limit - remaining.value()) : std::nullopt);
}

void FreeChannel::sendExhausted(
    HttpReply &reply, const Exposure &exposure, const QuotaDecision &decision) const
{
    const qint64 limit = decision.limit.value_or(0);
    const QDateTime now = m_context.clock().now();
    const QDateTime resetsAt = Quotas::nextUtcMidnight(now);
    const qint64 retryAfter = Quotas::secondsUntilReset(now);
    const QString what
        = exposure.freeQuota == FreeQuota::InputChecks ? u"free input checks"_s : u"free calls"_s;
    HeaderList headers = quotaHeaders(limit, decision.used);
    headers.append({ "Retry-After", QByteArray::number(retryAfter) });
    reply.sendError(ServiceError(ServiceError::Kind::TooManyRequests, u"free_quota_exhausted"_s,
                        u"The %1 %2 a day for this address are used up; the quota resets at 00:00 UTC. "
                        "Paid calls over x402 or an API key have no daily limit."_s.arg(limit)
                            .arg(what))
                        .setRetryable(true)
                        .setExtra(u"quota"_s, quotaName(exposure.freeQuota))
                        .setExtra(u"limit"_s, limit)
                        .setExtra(u"used"_s, decision.used)
                        .setExtra(u"resets_at"_s, isoUtc(resetsAt)),
        headers);
}

void FreeChannel::call(
    const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const
{
    const Operation &operation = *match.binding.operation;
    const Exposure &exposure = *match.binding.exposure;
    reply.notes().operationId = operation.id;
    // No principal in the call log: the address is kept only in the day's counter row.
    const Counter counter = counterFor(exposure, request);

    // Unusable input is refused before the counter is touched, so a 400 or 422 costs the caller nothing.
    const Result<QJsonObject> args = CatalogRoutes::decodeArguments(match, request);
    if (!args.ok())
        return reply.sendError(args.error(), currentHeaders(counter));
    const Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, args.value());
    if (!prepared.ok())
        return reply.sendError(prepared.error(), currentHeaders(counter));

    // Every accepted request spends a slot, taken atomically before the handler runs: concurrent requests
    // of one address can never run more than `limit` handlers a day (checking first and counting after
    // delivery, as the key channel does, lets every request already in flight pass the check). A call that
    // fails afterwards (503: a source was down; a handler's own 400) keeps its slot. The store has no
    // give-back, and the quota exists to bound the work one address can cause each day, which a failed
    // upstream call has already caused; nothing is charged either way.
    const Result<QuotaDecision> taken
        = m_context.store().quotas().consumeFreeCall(counter.key, counter.limit, m_context.clock().now());
    if (!taken.ok())
        return reply.sendError(taken.error(), quotaHeaders(counter.limit, std::nullopt));
    if (!taken.value().allowed)
        return sendExhausted(reply, exposure, taken.value());

    const HeaderList headers = quotaHeaders(counter.limit, taken.value().used);
    const CallContext callContext { Channel::Free, request.requestId };
    ServiceContext &context = m_context;
    const Operation *op = &operation;
    // Invoker::prepare() above already did what Invoker::invoke() does before the handler.
    operation.handler(prepared.value(), callContext, [reply, headers, op, &context](Outcome outcome) mutable {
        if (!outcome.ok())
            return reply.sendError(outcome.error(), headers);
        reply.send(200, Delivery::signAndRecord(context, *op, outcome.value(), Channel::Free).canonicalBody,
            "application/json", headers);
    });
}

} // namespace ades
