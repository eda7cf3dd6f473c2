#include "FreeChannel.h"

#include "FreeQuotaCounter.h"
#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "http/HttpSettings.h"
#include "store/Quotas.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades {

FreeChannel::FreeChannel(ServiceContext &context)
    : FreeChannel(context, context.catalog())
{ }

FreeChannel::FreeChannel(ServiceContext &context, const Catalog &catalog)
    : m_context(context)
    , m_routes(catalog, Channel::Free)
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
    , m_quotas(context)
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

void FreeChannel::call(
    const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const
{
    const Operation &operation = *match.binding.operation;
    const Exposure &exposure = *match.binding.exposure;
    reply.notes().operationId = operation.id;
    // No principal in the call log: the address is kept only in the day's counter row.
    const FreeQuotaCounter::Counter counter
        = m_quotas.counterFor(exposure.freeQuota, ClientAddress::quotaKey(m_clientAddress.of(request)));

    // Unusable input is refused before the counter is touched, so a 400 or 422 costs the caller nothing.
    const Result<QJsonObject> args = CatalogRoutes::decodeArguments(match, request);
    if (!args.ok())
        return reply.sendError(args.error(), m_quotas.currentHeaders(counter));
    const Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, args.value());
    if (!prepared.ok())
        return reply.sendError(prepared.error(), m_quotas.currentHeaders(counter));

    // Every accepted request spends a slot, taken atomically before the handler runs: concurrent requests
    // of one address can never run more than `limit` handlers a day (checking first and counting after
    // delivery, as the key channel does, lets every request already in flight pass the check). A call that
    // fails afterwards (503: a source was down; a handler's own 400) keeps its slot. The store has no
    // give-back, and the quota exists to bound the work one address can cause each day, which a failed
    // upstream call has already caused; nothing is charged either way.
    const Result<QuotaDecision> taken = m_quotas.take(counter);
    if (!taken.ok())
        return reply.sendError(taken.error(), FreeQuotaCounter::headers(counter.limit, std::nullopt));
    const HeaderList headers = FreeQuotaCounter::headers(counter.limit, taken.value().used);
    if (!taken.value().allowed) {
        HeaderList spent = headers;
        spent.append(
            { "Retry-After", QByteArray::number(Quotas::secondsUntilReset(m_context.clock().now())) });
        return reply.sendError(m_quotas.exhausted(counter, taken.value()), spent);
    }

    const CallContext callContext { Channel::Free, request.requestId };
    ServiceContext &context = m_context;
    const Operation *op = &operation;
    // Invoker::prepare() above already did what Invoker::invoke() does before the handler.
    operation.handler(prepared.value(), callContext, [reply, headers, op, &context](Outcome outcome) mutable {
        if (!outcome.ok())
            return reply.sendError(outcome.error(), headers);
        reply.send(200,
            Delivery::signAndRecord(context, *op, outcome.value(), Channel::Free).body.canonical(),
            "application/json", headers);
    });
}

} // namespace ades
