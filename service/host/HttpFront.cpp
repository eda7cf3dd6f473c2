#include "HttpFront.h"

#include "catalog/ArgumentDecoder.h"
#include "catalog/Catalog.h"
#include "channels/discovery/DiscoveryChannel.h"
#include "channels/free/FreeChannel.h"
#include "channels/key/KeyChannel.h"
#include "channels/mcp/McpEndpoint.h"
#include "channels/mcp/McpSettings.h"
#include "channels/metrics/MetricsChannel.h"
#include "channels/x402/X402Channel.h"
#include "core/Clock.h"
#include "host/AccessLog.h"
#include "host/CallCapture.h"
#include "host/RecentCallBodies.h"
#include "host/ServiceContext.h"
#include "host/ServiceMetrics.h"
#include "http/GuardedTcpServer.h"
#include "http/HttpExchange.h"
#include "http/HttpSettings.h"
#include "http/RequestId.h"
#include "store/CallLog.h"
#include "store/ProbeCounters.h"
#include "store/Store.h"

#include <QElapsedTimer>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QTimer>
#include <utility>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// The exact paths whose requests carry documents: every HTTP route of an operation with a binary argument,
// and the MCP endpoint when such an operation is a tool there (its document rides base64 in the JSON-RPC
// body).
QByteArrayList uploadPathsOf(const Catalog &catalog, const QString &mcpPath)
{
    QByteArrayList paths;
    const auto add = [&paths](const QString &path) {
        if (!paths.contains(path.toUtf8()))
            paths.append(path.toUtf8());
    };
    for (const Operation *operation : catalog.operations()) {
        const QStringList arguments = operation->inputSchema.value(u"properties"_s).toObject().keys();
        const bool takesDocument = std::any_of(arguments.cbegin(), arguments.cend(),
            [operation](const QString &argument) { return ArgumentDecoder::isBinary(*operation, argument); });
        if (!takesDocument)
            continue;
        for (const Exposure &exposure : std::as_const(operation->exposures)) {
            if (exposure.channel == Channel::Mcp)
                add(mcpPath);
            else if (exposure.channel != Channel::Cli && !exposure.route.contains(u'{'))
                add(exposure.route);
        }
    }
    return paths;
}

// A request that named no caller and delivered nothing (health checks, discovery documents, 404s, refused
// unauthenticated calls): one daily counter per kind instead of a call_log row each (ProbeCounters.h). An MCP
// message is never one: the endpoint does not name its tools in the record, and a paid tool call must keep
// its row like a paid x402 call.
bool isProbe(const CallRecord &record)
{
    if (record.channel == channelName(Channel::Mcp) && record.method == u"POST"_s)
        return false;
    return record.principal.isEmpty() && record.priceUnits == 0
        && (record.operationId.isEmpty() || record.status >= 400);
}

GuardLimits limitsFrom(const Settings &settings, const Catalog &catalog)
{
    GuardLimits limits = HttpSettings::limits(settings);
    limits.uploadPaths = uploadPathsOf(catalog, settings.get(mcp::McpSettings::Path));
    return limits;
}

} // namespace

HttpFront::HttpFront(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
    , m_accessLog(context.settings().get(HttpSettings::AccessLog))
{
    m_channels.push_back(std::make_unique<KeyChannel>(context));
    m_channels.push_back(std::make_unique<X402Channel>(context));
    m_channels.push_back(std::make_unique<FreeChannel>(context));
    m_channels.push_back(std::make_unique<McpEndpoint>(context));
    // The discovery documents list every channel's fixed paths as the channel itself describes them.
    QList<DocumentedRoute> documented;
    for (const auto &channel : m_channels)
        documented += channel->documentedRoutes();
    m_channels.push_back(std::make_unique<DiscoveryChannel>(context, documented));
    m_channels.push_back(std::make_unique<MetricsChannel>(context));
    m_reportTimer = new QTimer(this);
    m_reportTimer->setSingleShot(true);
    m_reportTimer->setInterval(50);
    connect(m_reportTimer, &QTimer::timeout, this, [this]() {
        Q_EMIT callsCompleted(m_finished);
        m_finished.clear();
    });
}

HttpFront::~HttpFront() = default;

GuardedTcpServer *HttpFront::createServer(int ioThreads, std::shared_ptr<ConnectionBudget> budget)
{
    // Created here, on the I/O thread, so that the server, its sockets and every handler live there.
    m_server = std::make_unique<QHttpServer>();
    m_server->setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        dispatch(request, std::move(responder));
    });
    GuardLimits limits = limitsFrom(m_context.settings(), m_context.catalog());
    limits.maxConnections = qMax(1, (limits.maxConnections + ioThreads - 1) / qMax(1, ioThreads));
    m_guard = new GuardedTcpServer(limits, std::move(budget), m_server.get());
    m_guard->setBodyGate([this](const HttpRequestData &head) { return answerBeforeBody(head); });
    m_server->bind(m_guard);
    return m_guard;
}

std::optional<HttpAnswer> HttpFront::answerBeforeBody(const HttpRequestData &head) const
{
    QStringList allowed;
    for (const auto &channel : m_channels) {
        const QStringList methods = channel->allowedMethods(head.path);
        if (methods.contains(QString::fromLatin1(head.method)))
            return channel->answerBeforeBody(head);
        allowed += methods;
    }
    // A method the path does not take would be refused after the body anyway: refuse it before.
    if (!allowed.isEmpty()) {
        allowed.removeDuplicates();
        return HttpAnswer::error(ServiceError(ServiceError::Kind::MethodNotAllowed, u"method_not_allowed"_s,
                                     u"%1 is not allowed here; use %2."_s.arg(
                                         QString::fromLatin1(head.method), allowed.join(u", "_s))),
            { { "Allow", allowed.join(u", "_s).toLatin1() } });
    }
    return std::nullopt;
}

void HttpFront::dispatch(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    HttpRequestData data = HttpRequestData::copyOf(request);
    // nginx's $request_id when a trusted proxy passes one, so its log and ours name the call alike.
    if (m_clientAddress.isTrustedProxy(ClientAddress::normalized(data.remoteAddress)))
        data.requestId = RequestId::fromProxy(data.header("X-Request-Id"));
    if (data.requestId.isEmpty())
        data.requestId = RequestId::next();

    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    const QString method = QString::fromLatin1(data.method);
    const QString path = data.path;
    const QString requestId = data.requestId;
    const QDateTime at = data.receivedAt;
    const QString client = m_accessLog ? m_clientAddress.of(data).toString() : QString();
    m_context.metrics().requestStarted();
    // The probe counters' route: the path once a channel serves it (a fixed path when no operation is
    // named), "*" for what this front answers itself (OPTIONS, 404, 405): never a path a client made up.
    auto route = std::make_shared<QString>(u"*"_s);
    // What the call log's detail keeps of the request (CallCapture); the body's bytes are shared, not copied.
    auto kept = std::make_shared<HttpRequestData>();
    kept->query = data.query;
    kept->headers = data.headers;
    kept->body = data.body;
    HttpReply reply(std::move(responder), data.isHead(),
        [this, timer, method, path, requestId, at, route, client, kept](int status, const CallNotes &notes) {
            CallRecord record;
            record.at = at;
            record.channel = notes.channel;
            record.method = method;
            record.target = path;
            record.operationId = notes.operationId;
            record.status = status;
            record.priceUnits = status == 200 ? notes.priceUnits : 0;
            record.latencyMs = timer->elapsed();
            record.principal = notes.principal;
            record.requestId = requestId;
            if (record.priceUnits > 0) {
                record.network = notes.network;
                record.transaction = notes.transaction;
            }
            // A metrics label must stay few-valued: the operation, or the fixed path a channel answered
            // successfully (a path with an argument in it, such as /x402/iban/..., names its operation),
            // else "*".
            const QString label = !record.operationId.isEmpty() ? record.operationId
                : status < 400                                  ? *route
                                                                : u"*"_s;
            m_context.metrics().requestFinished(record, label);
            if (m_accessLog)
                AccessLog::write(record, client);
            if (isProbe(record)) {
                m_context.store().probes().count({ at.toUTC().date().toString(Qt::ISODate), record.channel,
                    method, record.operationId.isEmpty() ? *route : u"*"_s, record.operationId, status });
            } else {
                // Masked and bounded before it is queued for the store; the console's live list gets the
                // summary only and reads the detail back by id.
                CallRecord detailed = record;
                const bool withBodies = m_context.keepsCallBodies();
                CallCapture::fill(detailed, *kept, notes, withBodies);
                // The query and bodies stay in memory (RecentCallBodies): the call log never holds them.
                RecentCallBodies::Bodies bodies { std::exchange(detailed.query, {}),
                    std::exchange(detailed.requestBody, {}), std::exchange(detailed.responseBody, {}) };
                record.id = m_context.store().calls().logCall(detailed);
                if (withBodies)
                    m_context.recentBodies().keep(record.id, std::move(bodies));
            }
            m_finished.append(record);
            if (!m_reportTimer->isActive())
                m_reportTimer->start();
        });
    reply.setRequestId(requestId);

    if (data.method == "OPTIONS") {
        return reply.send(204, QByteArray(), QByteArray(),
            { { "Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS" },
                { "Access-Control-Allow-Headers",
                    "Content-Type, Accept, Authorization, X-API-Key, PAYMENT-SIGNATURE, "
                    "MCP-Protocol-Version, "
                    "Mcp-Method, Mcp-Name, Mcp-Session-Id" },
                { "Access-Control-Max-Age", "600" } });
    }

    QStringList allowed;
    for (const auto &channel : m_channels) {
        const QStringList methods = channel->allowedMethods(data.path);
        if (methods.isEmpty())
            continue;
        if (methods.contains(method)) {
            *route = data.path;
            return channel->handle(data, reply);
        }
        allowed += methods;
    }
    if (!allowed.isEmpty()) {
        allowed.removeDuplicates();
        return reply.sendError(ServiceError(ServiceError::Kind::MethodNotAllowed, u"method_not_allowed"_s,
                                   u"%1 is not allowed here; use %2."_s.arg(method, allowed.join(u", "_s))),
            { { "Allow", allowed.join(u", "_s).toLatin1() } });
    }
    reply.sendError(ServiceError(ServiceError::Kind::NotFound, u"not_found"_s,
        u"No such path: %1. See /openapi.json."_s.arg(data.path)));
}

} // namespace ades

#include "moc_HttpFront.cpp"
