#include "ViesClient.h"

#include "ViesArchive.h"
#include "ViesSoap.h"
#include "core/Settings.h"
#include "core/ThreadContext.h"
#include "ops/eu/EuSettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr QStringView NotDisclosed = u"---";

// "---" is VIES' placeholder for data the member state does not disclose (DE and ES never do).
QString disclosed(const QJsonValue &value)
{
    const QString text = value.toString().trimmed();
    if (text.isEmpty() || text == NotDisclosed)
        return {};
    return text;
}

struct FaultClass
{
    const char16_t *code;
    const char16_t *meaning;
    bool retryable;
};

// The fault codes of the VIES REST API. Outages and rate limits are worth a retry; blocks and a rejected
// requester are not, and are the operator's problem, never the caller's.
constexpr FaultClass Faults[] = {
    { u"SERVICE_UNAVAILABLE", u"the central VIES service is unavailable", true },
    { u"MS_UNAVAILABLE", u"the member state's VAT database does not answer (often scheduled maintenance)",
        true },
    { u"TIMEOUT", u"the member state's VAT database answered too late", true },
    { u"SERVER_BUSY", u"VIES is busy", true },
    { u"GLOBAL_MAX_CONCURRENT_REQ", u"VIES is limiting the number of concurrent requests", true },
    { u"GLOBAL_MAX_CONCURRENT_REQ_TIME", u"VIES is limiting the number of requests per time window", true },
    { u"MS_MAX_CONCURRENT_REQ", u"VIES is limiting concurrent requests to this member state", true },
    { u"MS_MAX_CONCURRENT_REQ_TIME", u"VIES is limiting requests to this member state per time window",
        true },
    { u"IP_BLOCKED", u"VIES blocks requests from this service's address; the operator has to resolve this",
        false },
    { u"VAT_BLOCKED",
        u"VIES does not allow this VAT number to be checked; this says nothing about its registration",
        false },
    { u"INVALID_REQUESTER_INFO",
        u"VIES rejected the operator's requester VAT ID (setting vies/requester_vat_id); the operator has to "
        u"fix it",
        false },
};

ServiceError unavailable(const QString &code, const QString &message, bool retryable)
{
    return ServiceError(ServiceError::Kind::Unavailable, code, message)
        .setRetryable(retryable)
        .setMissing({ ViesClient::sourceId() });
}

struct Requester
{
    QString prefix;
    QString number;
};

Requester splitRequester(const QString &configured)
{
    QString compact = configured.toUpper();
    compact.remove(QRegularExpression(u"[\\s\\-./]"_s));
    if (compact.size() < 3)
        return {};
    QString prefix = compact.left(2);
    if (prefix == u"GR"_s)
        prefix = u"EL"_s; // VIES knows Greece only as EL
    return { prefix, compact.mid(2) };
}

// The SOAP service's address when its own setting is not given: the official one while REST is the
// official API, otherwise beside the relocated REST API (".../rest-api" -> ".../services/checkVatService").
// An operator who moved VIES behind a relay, or a test double, is never bypassed by a fallback to the
// Commission's servers.
QUrl soapBesideRest(const UpstreamClient &upstream, const Settings &settings)
{
    const QString soapKey = u"upstream/"_s + ViesSoap::sourceId() + u"/base_url"_s;
    if (!settings.value(soapKey).trimmed().isEmpty())
        return {};
    const UpstreamSource *rest = upstream.source(ViesClient::sourceId());
    if (!rest || rest->baseUrl == ViesClient::sourceDefaults().baseUrl || !rest->baseUrl.isValid()
        || rest->baseUrl.isEmpty())
        return {};
    QUrl url = rest->baseUrl;
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    path.truncate(qMax<qsizetype>(0, path.lastIndexOf(u'/')));
    url.setPath(path + u"/services/checkVatService"_s);
    url.setQuery(QString());
    return url;
}

// One check through its attempts, shared by the callbacks of its requests: they may run after the
// ViesClient that started it is gone, so it holds what they need.
struct CheckRun
{
    const UpstreamClient *upstream = nullptr;
    ViesServices services;
    QString prefix;
    QString number;
    QString requesterVatId; // compact, or empty
    QByteArray restBody;
    QByteArray soapBody;
    QUrl soapUrl; // empty: the vies-soap source as configured
    ViesCheckOptions options;
    int retryBaseMs = 250;
    ViesClient::Callback done;
    int attempt = 0;
    ViesGate::Slot slot; // held while a request of this check is out
};

void startAttempt(const std::shared_ptr<CheckRun> &run);

void finishAttempt(const std::shared_ptr<CheckRun> &run, Result<ViesAnswer> result)
{
    run->slot.reset();
    if (result.ok()) {
        if (run->services.archive)
            run->services.archive->record(run->prefix, run->number, result.value(), run->requesterVatId);
        return run->done(std::move(result));
    }
    if (run->options.retry && run->attempt < ViesClient::MaxRetries
        && ViesClient::isWorthRetrying(result.error())) {
        // Exponential back-off with jitter, so that the items VIES turned away do not return together.
        const qint64 ceiling = qMin<qint64>(qint64(run->retryBaseMs) << qMin(run->attempt, 6), 8000);
        const qint64 delay = ceiling / 2 + QRandomGenerator::global()->bounded(ceiling / 2 + 1);
        const qint64 left = run->options.deadline.remainingTime();
        if (left < 0 || delay < left) {
            ++run->attempt;
            QTimer::singleShot(int(delay), threadContext(), [run]() { startAttempt(run); });
            return;
        }
    }
    run->done(std::move(result));
}

void askSoap(const std::shared_ptr<CheckRun> &run, const ServiceError &restError)
{
    UpstreamRequest request;
    request.source = ViesSoap::sourceId();
    request.url = run->soapUrl;
    request.method = QByteArrayLiteral("POST");
    request.body = run->soapBody;
    request.headers = {
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/xml; charset=UTF-8") },
        { QByteArrayLiteral("SOAPAction"), QByteArrayLiteral("\"\"") },
    };
    request.maxResponseBytes = 256 * 1024;
    run->upstream->fetch(request, [run, restError](Result<UpstreamResponse> response) {
        Result<ViesAnswer> answer = response.ok()
            ? ViesSoap::parseResponse(response.value())
            : Result<ViesAnswer>(ServiceError(
                ServiceError::Kind::Unavailable, u"vies_unreachable"_s, response.error().message()));
        if (answer.ok() || !ViesClient::isServiceFailure(answer.error()))
            return finishAttempt(run, std::move(answer)); // an answer, or VIES' own fault about the check
        // Both interfaces failed as services: the REST error stands, naming the SOAP failure too.
        ServiceError combined(restError.kind(), restError.code(),
            restError.message() + u" The VIES SOAP service failed too: %1"_s.arg(answer.error().message()));
        combined.setRetryable(restError.isRetryable()).setMissing(restError.missing());
        finishAttempt(run, combined);
    });
}

void runAttempt(const std::shared_ptr<CheckRun> &run, ViesGate::Slot slot)
{
    run->slot = std::move(slot);
    if (run->options.deadline.hasExpired()) {
        run->slot.reset();
        return run->done(unavailable(
            u"vies_deadline"_s, u"EU VIES could not be asked within the time allowed. Retry later."_s, true));
    }
    UpstreamRequest request;
    request.source = ViesClient::sourceId();
    request.path = u"/check-vat-number"_s;
    request.method = QByteArrayLiteral("POST");
    request.body = run->restBody;
    request.headers = {
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") },
        { QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") },
    };
    request.maxResponseBytes = 256 * 1024;
    run->upstream->fetch(request, [run](Result<UpstreamResponse> response) {
        // Transport failure, timeout, oversized answer: no evidence either way.
        Result<ViesAnswer> answer = response.ok() ? ViesClient::parseCheckResponse(response.value())
                                                  : Result<ViesAnswer>(unavailable(u"vies_unreachable"_s,
                                                      response.error().message() + u" Retry later."_s, true));
        if (!answer.ok() && ViesClient::isServiceFailure(answer.error()))
            return askSoap(run, answer.error());
        finishAttempt(run, std::move(answer));
    });
}

void startAttempt(const std::shared_ptr<CheckRun> &run)
{
    if (!run->services.gate)
        return runAttempt(run, {});
    run->services.gate->acquire(
        run->prefix, run->options.priority, [run](ViesGate::Slot slot) { runAttempt(run, std::move(slot)); });
}

} // namespace

QString ViesClient::sourceId()
{
    return u"vies"_s;
}

UpstreamSource ViesClient::sourceDefaults()
{
    UpstreamSource source;
    source.id = sourceId();
    source.name = u"EU VIES (European Commission)"_s;
    source.baseUrl = QUrl(u"https://ec.europa.eu/taxation_customs/vies/rest-api"_s);
    source.timeoutMs = 10000;
    // The service's own gate (vies/max_concurrent, up to 100) bounds VIES traffic, not the HTTP client.
    source.maxConnections = 100;
    return source;
}

ViesClient::ViesClient(const UpstreamClient &upstream, const Settings &settings, ViesServices services)
    : m_upstream(upstream)
    , m_settings(settings)
    , m_services(services)
{ }

QString ViesClient::requesterVatId() const
{
    const Requester r = splitRequester(m_settings.value(EuSettings::RequesterVatId.spec.key));
    return r.prefix.isEmpty() ? QString() : r.prefix + r.number;
}

void ViesClient::check(const QString &viesPrefix, const QString &number, Callback done) const
{
    check(viesPrefix, number, ViesCheckOptions(), std::move(done));
}

void ViesClient::check(
    const QString &viesPrefix, const QString &number, const ViesCheckOptions &options, Callback done) const
{
    auto run = std::make_shared<CheckRun>();
    QJsonObject body {
        { u"countryCode"_s, viesPrefix },
        { u"vatNumber"_s, number },
    };
    Requester requester;
    const QString configured = m_settings.value(EuSettings::RequesterVatId.spec.key).trimmed();
    if (!configured.isEmpty()) {
        requester = splitRequester(configured);
        if (requester.prefix.isEmpty() || !requester.prefix.front().isLetter()
            || !requester.prefix.back().isLetter()) {
            // VIES would answer INVALID_REQUESTER_INFO for every call: say so without asking.
            done(errorForCode(u"INVALID_REQUESTER_INFO"_s));
            return;
        }
        // REST names, not the SOAP ones (requesterCountryCode/requesterVatNumber): VIES REST API.
        body.insert(u"requesterMemberStateCode"_s, requester.prefix);
        body.insert(u"requesterNumber"_s, requester.number);
        run->requesterVatId = requester.prefix + requester.number;
    }
    run->upstream = &m_upstream;
    run->services = m_services;
    run->prefix = viesPrefix;
    run->number = number;
    run->restBody = QJsonDocument(body).toJson(QJsonDocument::Compact);
    run->soapBody = ViesSoap::request(viesPrefix, number, requester.prefix, requester.number);
    run->soapUrl = soapBesideRest(m_upstream, m_settings);
    run->options = options;
    run->retryBaseMs = m_settings.get(EuSettings::ViesRetryBaseMs);
    run->done = std::move(done);
    startAttempt(run);
}

bool ViesClient::isServiceFailure(const ServiceError &error)
{
    const QString code = error.code();
    return code == u"vies_unreachable"_s || code == u"vies_bad_response"_s
        || code == u"vies_service_unavailable"_s;
}

bool ViesClient::isWorthRetrying(const ServiceError &error)
{
    // MS_UNAVAILABLE is left out: member states' maintenance windows last hours, not seconds.
    static const QStringList codes { u"vies_unreachable"_s, u"vies_bad_response"_s,
        u"vies_service_unavailable"_s, u"vies_timeout"_s, u"vies_server_busy"_s,
        u"vies_global_max_concurrent_req"_s, u"vies_global_max_concurrent_req_time"_s,
        u"vies_ms_max_concurrent_req"_s, u"vies_ms_max_concurrent_req_time"_s };
    return codes.contains(error.code());
}

ServiceError ViesClient::errorForCode(const QString &code)
{
    if (code == u"INVALID_INPUT"_s) {
        return ServiceError::unprocessable(u"vies_invalid_input"_s,
            u"EU VIES rejected vat_id as invalid input (VIES error INVALID_INPUT): "
            u"the country is not a VIES member state or the number is not 2 to "
            u"12 characters of 0-9, A-Z, '+', '*' or '.'."_s,
            u"vat_id"_s);
    }
    const QString errorCode = u"vies_"_s + code.toLower();
    for (const FaultClass &fault : Faults) {
        if (code == QStringView(fault.code)) {
            const QString message = u"EU VIES could not check the VAT ID: %1 (VIES error %2)."_s.arg(
                QString::fromUtf16(fault.meaning), code);
            return unavailable(
                errorCode, fault.retryable ? message + u" Retry later."_s : message, fault.retryable);
        }
    }
    // An unknown code is treated as an outage: no answer, but nothing says it will last.
    return unavailable(code.isEmpty() ? u"vies_error"_s : errorCode,
        u"EU VIES could not check the VAT ID (VIES error %1). Retry later."_s.arg(
            code.isEmpty() ? u"without a code"_s : code),
        true);
}

Result<ViesAnswer> ViesClient::parseCheckResponse(const UpstreamResponse &response)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(response.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        return unavailable(u"vies_bad_response"_s,
            u"EU VIES sent an answer that is not a JSON object (HTTP %1). Retry later."_s.arg(
                response.httpStatus),
            true);
    }
    const QJsonObject obj = doc.object();
    if (obj.contains(u"errorWrappers"_s)) {
        const QJsonArray wrappers = obj.value(u"errorWrappers"_s).toArray();
        const QJsonObject first = wrappers.isEmpty() ? QJsonObject() : wrappers.at(0).toObject();
        return errorForCode(first.value(u"error"_s).toString().trimmed().toUpper());
    }
    if (!obj.value(u"valid"_s).isBool()) {
        return unavailable(u"vies_bad_response"_s,
            u"EU VIES sent an answer without a 'valid' member (HTTP %1). Retry later."_s.arg(
                response.httpStatus),
            true);
    }

    ViesAnswer answer;
    answer.countryCode = obj.value(u"countryCode"_s).toString();
    answer.vatNumber = obj.value(u"vatNumber"_s).toString();
    answer.valid = obj.value(u"valid"_s).toBool();
    answer.name = disclosed(obj.value(u"name"_s));
    answer.address = disclosed(obj.value(u"address"_s));
    answer.requestDateText = obj.value(u"requestDate"_s).toString();
    answer.requestDate = QDateTime::fromString(answer.requestDateText, Qt::ISODateWithMs).toUTC();
    const QString identifier = obj.value(u"requestIdentifier"_s).toString().trimmed();
    if (!identifier.isEmpty())
        answer.requestIdentifier = identifier;
    static const std::pair<const char16_t *, const char16_t *> matchFields[] = {
        { u"traderNameMatch", u"name" },
        { u"traderStreetMatch", u"street" },
        { u"traderPostalCodeMatch", u"postal_code" },
        { u"traderCityMatch", u"city" },
        { u"traderCompanyTypeMatch", u"company_type" },
    };
    for (const auto &[wire, ours] : matchFields) {
        const QString value = obj.value(QString::fromUtf16(wire)).toString();
        if (!value.isEmpty())
            answer.traderMatches.insert(QString::fromUtf16(ours), value);
    }
    answer.httpStatus = response.httpStatus;
    answer.snapshot = response.snapshot;
    return answer;
}

} // namespace ades::eu
