#include "KeyChannel.h"

#include "EmailAddress.h"
#include "GatewayAccount.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "http/HttpSettings.h"
#include "receipts/ReceiptSigner.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QString HealthPath = u"/v1/health"_s;
const QString SignupPath = u"/v1/signup"_s;
const QString UsagePath = u"/v1/usage"_s;
const QByteArray GatewaySecretHeader = "x-gateway-proxy-secret";

// Signups per address and day: keys are free, so the cap only slows down key farming.
constexpr int SignupsPerAddressPerDay = 5;

ServiceError quotaExhausted(const QuotaDecision &decision)
{
    return ServiceError(ServiceError::Kind::PaymentRequired, u"free_tier_exhausted"_s,
        u"The free tier of %1 calls for this API key is used up. Upgrade the key to the full plan, "
        "or pay per call over x402 (no account needed)."_s.arg(decision.limit.value_or(0)))
        .setExtra(u"calls_used"_s, decision.used)
        .setExtra(u"call_limit"_s, decision.limit ? QJsonValue(*decision.limit) : QJsonValue());
}

ServiceError invalidGatewaySecret()
{
    return ServiceError(ServiceError::Kind::Unauthorized, u"invalid_gateway_secret"_s,
        u"The gateway proxy secret is wrong."_s)
        .setParam(QString::fromLatin1(GatewaySecretHeader));
}

// docs/interface.md §4.3: some operations are for one plan only (the batch VAT check: full plan).
ServiceError planRequired(const Operation &operation, const Exposure &exposure, const ApiKeyRecord &key)
{
    return ServiceError(ServiceError::Kind::PaymentRequired, u"plan_required"_s,
        u"%1 %2 (%3) needs an API key on the %4 plan; this key is on the %5 plan. Full-plan keys are issued "
        u"by "
        "the operator; single checks work on every plan."_s.arg(
            exposure.method, exposure.route, operation.title, exposure.requiredPlan, key.plan))
        .setExtra(u"plan"_s, key.plan)
        .setExtra(u"required_plan"_s, exposure.requiredPlan);
}

HeaderList quotaHeaders(const QuotaDecision &decision)
{
    HeaderList headers { { "X-Quota-Used", QByteArray::number(decision.used) } };
    if (decision.limit)
        headers.append({ "X-Quota-Limit", QByteArray::number(*decision.limit) });
    return headers;
}

} // namespace

KeyChannel::KeyChannel(ServiceContext &context)
    : m_context(context)
    , m_routes(context.catalog(), Channel::Key)
    , m_clientAddress(context.settings().get(HttpSettings::TrustedProxies))
    , m_gateway(std::make_shared<GatewayAccount>(context.settings(), context.store()))
{ }

QStringList KeyChannel::allowedMethods(const QString &path) const
{
    if (path == HealthPath || path == UsagePath)
        return { u"GET"_s, u"HEAD"_s };
    if (path == SignupPath)
        return { u"POST"_s };
    return m_routes.allowedMethods(path);
}

QList<DocumentedRoute> KeyChannel::documentedRoutes() const
{
    const auto schema
        = [](const QString &name) { return Catalog::loadSchema(u":/schemas/channels/key/"_s + name); };
    const QString json = u"application/json"_s;
    DocumentedRoute health { u"GET"_s, HealthPath, u"Service health"_s,
        u"Up, version, receipt issuer, number of operations, payment network checks and what each area reports."_s,
        u"key"_s };
    health.responses = { { 200, u"The service is up."_s, json, schema(u"health.out.json"_s) } };

    DocumentedRoute signup { u"POST"_s, SignupPath, u"Create a free-tier API key"_s,
        u"The key is shown once and stored only as a hash. At most %1 signups per address and day."_s.arg(
            SignupsPerAddressPerDay),
        u"key"_s, json, schema(u"signup.in.json"_s) };
    signup.responses = { { 201, u"The new key."_s, json, schema(u"signup.out.json"_s) },
        DocumentedRoute::error(400, u"The body is not a JSON object."_s),
        DocumentedRoute::error(422, u"Unknown field or not an e-mail address."_s),
        DocumentedRoute::error(429, u"Too many signups from this address today (`signup_limit`)."_s) };

    DocumentedRoute usage { u"GET"_s, UsagePath, u"Usage of the API key"_s,
        u"Calls used, the plan's limit and the delivered calls per operation."_s, u"key"_s };
    usage.needsApiKey = true;
    usage.responses = { { 200, u"The key's usage."_s, json, schema(u"usage.out.json"_s) },
        DocumentedRoute::error(401, u"Missing or invalid X-API-Key."_s) };
    return { health, signup, usage };
}

void KeyChannel::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = channelName(Channel::Key);
    if (request.path == HealthPath)
        return health(reply);
    if (request.path == SignupPath)
        return signup(request, reply);
    if (request.path == UsagePath)
        return usage(request, reply);
    if (auto match = m_routes.find(QString::fromLatin1(request.method), request.path))
        return call(*match, request, reply);
    reply.sendError(ServiceError(ServiceError::Kind::NotFound, u"not_found"_s, u"No such path."_s));
}

void KeyChannel::health(HttpReply &reply) const
{
    reply.sendJson(200,
        QJsonObject {
            { u"ok"_s, true },
            { u"status"_s, u"ok"_s },
            { u"service"_s, m_context.signer().issuer().service },
            { u"version"_s, QCoreApplication::applicationVersion() },
            { u"time"_s, isoUtc(m_context.clock().now()) },
            { u"issuer"_s, m_context.issuerAddress() },
            { u"operations"_s, qint64(m_context.catalog().operations().size()) },
            { u"details"_s, m_context.healthDetails() },
        });
}

void KeyChannel::signup(const HttpRequestData &request, HttpReply &reply) const
{
    const QJsonDocument doc = QJsonDocument::fromJson(request.body);
    if (!doc.isObject())
        return reply.sendError(ServiceError::badRequest(
            u"invalid_json"_s, u"The body must be a JSON object {\"email\": ...}."_s, u"body"_s));
    const QJsonObject body = doc.object();
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (it.key() != u"email"_s)
            return reply.sendError(ServiceError::unprocessable(
                u"unknown_field"_s, u"%1: is not a known field (known: email)"_s.arg(it.key()), it.key()));
    }
    const QJsonValue emailValue = body.value(u"email"_s);
    if (!emailValue.isString())
        return reply.sendError(ServiceError::unprocessable(
            u"invalid_email"_s, u"email: must be an e-mail address (a string)"_s, u"email"_s));
    // Surrounding blanks are a copy-and-paste accident; anything else is the address as given.
    const QString email = emailValue.toString().trimmed();
    if (const std::optional<QString> problem = EmailAddress::problem(email))
        return reply.sendError(ServiceError::unprocessable(u"invalid_email"_s,
            u"email: must be an e-mail address; the value %1"_s.arg(*problem), u"email"_s));

    const Result<QuotaDecision> allowance = m_context.store().quotas().consumeFreeCall(
        u"signup:"_s + ClientAddress::quotaKey(m_clientAddress.of(request)), SignupsPerAddressPerDay,
        m_context.clock().now());
    if (!allowance.ok())
        return reply.sendError(allowance.error());
    if (!allowance.value().allowed)
        return reply.sendError(ServiceError(ServiceError::Kind::TooManyRequests, u"signup_limit"_s,
                                   u"Too many signups from this address today."_s)
                                   .setRetryable(true),
            { { "Retry-After", QByteArray::number(Quotas::secondsUntilReset(m_context.clock().now())) } });

    // The address is the key's label too, as it always was, and its contact e-mail.
    const Result<NewApiKey> key = m_context.store().keys().create(email, u"free"_s, 100, email);
    if (!key.ok())
        return reply.sendError(key.error());
    reply.notes().principal = key.value().prefix;
    reply.sendJson(201,
        QJsonObject {
            { u"api_key"_s, key.value().key },
            { u"key_prefix"_s, key.value().prefix },
            { u"plan"_s, u"free"_s },
            { u"call_limit"_s, 100 },
            { u"header"_s, u"X-API-Key"_s },
            { u"note"_s, u"The key is shown once and stored only as a hash. Keep it secret."_s },
        },
        { { "Cache-Control", "no-store" } });
}

HeaderList KeyChannel::keyChallenge()
{
    return { { "WWW-Authenticate", "ApiKey header=\"X-API-Key\"" } };
}

Result<ApiKeyRecord> KeyChannel::findKey(const HttpRequestData &request) const
{
    const QString key = QString::fromUtf8(request.header("X-API-Key")).trimmed();
    if (key.isEmpty())
        return ServiceError(ServiceError::Kind::Unauthorized, u"missing_api_key"_s,
            u"Send your API key in the X-API-Key header (POST /v1/signup gives one)."_s)
            .setParam(u"X-API-Key"_s);
    const Result<std::optional<ApiKeyRecord>> found = m_context.store().keys().lookupActive(key);
    if (!found.ok())
        return found.error(); // 503: the store could not say, which is no reason to call the key invalid
    const std::optional<ApiKeyRecord> &record = found.value();
    if (!record)
        return ServiceError(
            ServiceError::Kind::Unauthorized, u"invalid_api_key"_s, u"The API key is unknown or revoked."_s)
            .setParam(u"X-API-Key"_s);
    return *record;
}

std::optional<ApiKeyRecord> KeyChannel::authenticate(const HttpRequestData &request, HttpReply &reply) const
{
    Result<ApiKeyRecord> record = findKey(request);
    if (!record.ok()) {
        reply.sendError(record.error(), keyChallenge());
        return std::nullopt;
    }
    reply.notes().principal = record.value().prefix;
    return record.value();
}

bool KeyChannel::isGatewayCall(const CatalogRoutes::Match &match, const HttpRequestData &request) const
{
    // docs/interface.md §4.3, §5: without a key, the listed operations serve the gateway that presents the
    // secret. An API key always wins; with no secret configured the header means nothing (401 missing key).
    return match.binding.exposure->acceptsGatewaySecret && m_gateway->isConfigured()
        && request.header("X-API-Key").trimmed().isEmpty() && !request.header(GatewaySecretHeader).isEmpty();
}

std::optional<HttpAnswer> KeyChannel::answerBeforeBody(const HttpRequestData &head) const
{
    const auto match = m_routes.find(QString::fromLatin1(head.method), head.path);
    if (!match)
        return std::nullopt;
    // The same checks, in the same order and with the same answers, as call() and callForGateway() make
    // before they read the arguments.
    if (isGatewayCall(*match, head)) {
        if (!m_gateway->accepts(head.header(GatewaySecretHeader)))
            return HttpAnswer::error(invalidGatewaySecret());
        return std::nullopt;
    }
    const Result<ApiKeyRecord> key = findKey(head);
    if (!key.ok())
        return HttpAnswer::error(key.error(), keyChallenge());
    const ApiKeyRecord &record = key.value();
    if (record.callLimit && record.callsUsed >= *record.callLimit)
        return HttpAnswer::error(quotaExhausted(QuotaDecision { false, record.callsUsed, record.callLimit }));
    return std::nullopt;
}

void KeyChannel::usage(const HttpRequestData &request, HttpReply &reply) const
{
    const std::optional<ApiKeyRecord> key = authenticate(request, reply);
    if (!key)
        return;
    const QuotaUsage usage = m_context.store().quotas().usage(key->id);
    QJsonObject byOperation;
    for (auto it = usage.callsByOperation.cbegin(); it != usage.callsByOperation.cend(); ++it)
        byOperation.insert(it.key(), it.value());
    const QJsonValue limit = usage.limit ? QJsonValue(*usage.limit) : QJsonValue();
    const QJsonValue remaining
        = usage.limit ? QJsonValue(qMax<qint64>(0, *usage.limit - usage.used)) : QJsonValue();
    reply.sendJson(200,
        QJsonObject {
            { u"key_prefix"_s, key->prefix },
            { u"plan"_s, key->plan },
            { u"calls_used"_s, usage.used },
            { u"call_limit"_s, limit },
            { u"calls_remaining"_s, remaining },
            { u"by_operation"_s, byOperation },
        });
}

void KeyChannel::call(
    const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const
{
    const Operation &operation = *match.binding.operation;
    reply.notes().operationId = operation.id;
    if (isGatewayCall(match, request))
        return callForGateway(match, request, reply);
    const std::optional<ApiKeyRecord> key = authenticate(request, reply);
    if (!key)
        return;
    if (const Exposure &exposure = *match.binding.exposure;
        !exposure.requiredPlan.isEmpty() && key->plan != exposure.requiredPlan)
        return reply.sendError(planRequired(operation, exposure, *key));
    // Refuse up front when the quota is spent; the call is counted only after delivery.
    if (key->callLimit && key->callsUsed >= *key->callLimit)
        return reply.sendError(quotaExhausted(QuotaDecision { false, key->callsUsed, key->callLimit }));

    Result<QJsonObject> args = CatalogRoutes::decodeArguments(match, request);
    if (!args.ok())
        return reply.sendError(args.error());

    const CallContext callContext { Channel::Key, request.requestId };
    const ApiKeyRecord record = *key;
    ServiceContext &context = m_context;
    const Operation *op = &operation;
    Invoker::invoke(operation, *match.binding.exposure, std::move(args.value()), callContext,
        [reply, record, op, &context](Outcome outcome) mutable {
            if (!outcome.ok())
                return reply.sendError(outcome.error());
            std::optional<QuotaDecision> decision;
            std::optional<ReceiptSigner::Signed> body;
            {
                // The call's count and its receipt reach the delivery journal in one write(2), before the
                // response leaves.
                const WriteBehindQueue::OneJournalWrite journal = context.store().oneJournalWrite();
                // A batch counts the calls its result says (OperationResult::calls), all or none.
                const Result<QuotaDecision> counted = context.store().quotas().consumeCalls(
                    record, op->id, outcome.value().calls, context.clock().now());
                if (!counted.ok())
                    return reply.sendError(counted.error());
                if (!counted.value().allowed)
                    return reply.sendError(quotaExhausted(counted.value()));
                decision = counted.value();
                body = Delivery::signAndRecord(context, *op, outcome.value(), Channel::Key);
            }
            reply.send(200, body->body.canonical(), "application/json", quotaHeaders(*decision));
        });
}

void KeyChannel::callForGateway(
    const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const
{
    const Operation &operation = *match.binding.operation;
    if (!m_gateway->accepts(request.header(GatewaySecretHeader)))
        return reply.sendError(invalidGatewaySecret());
    reply.notes().principal = m_gateway->principal();
    // Resolved before the handler runs, so a revoked gateway gets its 401 without any work done.
    const Result<QString> account = m_gateway->accountId();
    if (!account.ok())
        return reply.sendError(account.error());

    Result<QJsonObject> args = CatalogRoutes::decodeArguments(match, request);
    if (!args.ok())
        return reply.sendError(args.error());

    const CallContext callContext { Channel::Key, request.requestId };
    std::shared_ptr<GatewayAccount> gateway = m_gateway;
    ServiceContext &context = m_context;
    const Operation *op = &operation;
    Invoker::invoke(operation, *match.binding.exposure, std::move(args.value()), callContext,
        [reply, gateway, op, &context](Outcome outcome) mutable {
            if (!outcome.ok())
                return reply.sendError(outcome.error());
            // Unlimited, so never refused; counted like a key's call, only once a result is delivered.
            const Result<QuotaDecision> counted = gateway->countCall(op->id, context.clock().now());
            if (!counted.ok())
                return reply.sendError(counted.error());
            reply.send(200,
                Delivery::signAndRecord(context, *op, outcome.value(), Channel::Key).body.canonical(),
                "application/json");
        });
}

} // namespace ades
