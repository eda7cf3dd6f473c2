#include "MetricsChannel.h"

#include "MetricsSettings.h"
#include "core/ConstantTime.h"
#include "host/ServiceContext.h"
#include "host/ServiceMetrics.h"
#include "http/HttpExchange.h"
#include "http/HttpSettings.h"
#include "store/Store.h"
#include "upstream/UpstreamClient.h"

#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades {

MetricsChannel::MetricsChannel(ServiceContext &context)
    : m_context(context)
    , m_access(context.settings().get(MetricsSettings::Access))
    , m_token(context.settings().get(MetricsSettings::Token).toUtf8())
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
{ }

QStringList MetricsChannel::allowedMethods(const QString &path) const
{
    if (path != QLatin1String(Path) || m_access == u"off"_s)
        return {};
    return { u"GET"_s, u"HEAD"_s };
}

bool MetricsChannel::mayRead(const HttpRequestData &request) const
{
    if (m_access == u"open"_s)
        return true;
    if (!m_token.isEmpty()) {
        const QByteArray authorization = request.header("Authorization");
        if (authorization.startsWith("Bearer ")
            && constantTimeEquals(authorization.mid(7).trimmed(), m_token))
            return true;
    }
    // The client as the per-address limits see it: behind a trusted proxy, the forwarded address, so a
    // public request relayed by a local nginx is not "local".
    return m_clientAddress.of(request).isLoopback();
}

void MetricsChannel::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = u"metrics"_s;
    if (!mayRead(request)) {
        reply.sendError(ServiceError(ServiceError::Kind::Unauthorized, u"metrics_unauthorized"_s,
            u"GET /metrics is for the operator's scraper (metrics/access, metrics/token)."_s));
        return;
    }
    ServiceMetrics::Gauges gauges;
    gauges.poolActive = QThreadPool::globalInstance()->activeThreadCount();
    gauges.poolMax = QThreadPool::globalInstance()->maxThreadCount();
    gauges.databaseBytes = m_context.store().sizeOnDisk();
    gauges.pendingWrites = m_context.store().pendingWrites();
    gauges.upstreams = m_context.upstream().health();
    reply.send(200, m_context.metrics().prometheusText(gauges), "text/plain; version=0.0.4; charset=utf-8",
        { { "Cache-Control", "no-store" } });
}

} // namespace ades
