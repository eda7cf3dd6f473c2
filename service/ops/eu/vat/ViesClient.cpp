#include "ViesClient.h"

#include "core/Settings.h"
#include "ops/eu/EuSettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

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
    return source;
}

ViesClient::ViesClient(const UpstreamClient &upstream, const Settings &settings)
    : m_upstream(upstream)
    , m_settings(settings)
{ }

QString ViesClient::requesterVatId() const
{
    const Requester r = splitRequester(m_settings.value(EuSettings::RequesterVatId.spec.key));
    return r.prefix.isEmpty() ? QString() : r.prefix + r.number;
}

void ViesClient::check(const QString &viesPrefix, const QString &number, Callback done) const
{
    QJsonObject body {
        { u"countryCode"_s, viesPrefix },
        { u"vatNumber"_s, number },
    };
    const QString configured = m_settings.value(EuSettings::RequesterVatId.spec.key).trimmed();
    if (!configured.isEmpty()) {
        const Requester requester = splitRequester(configured);
        if (requester.prefix.isEmpty() || !requester.prefix.front().isLetter()
            || !requester.prefix.back().isLetter()) {
            // VIES would answer INVALID_REQUESTER_INFO for every call: say so without asking.
            done(errorForCode(u"INVALID_REQUESTER_INFO"_s));
            return;
        }
        // REST names, not the SOAP ones (requesterCountryCode/requesterVatNumber): VIES REST API.
        body.insert(u"requesterMemberStateCode"_s, requester.prefix);
        body.insert(u"requesterNumber"_s, requester.number);
    }

    UpstreamRequest request;
    request.source = sourceId();
    request.path = u"/check-vat-number"_s;
    request.method = QByteArrayLiteral("POST");
    request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    request.headers = {
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") },
        { QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") },
    };
    request.maxResponseBytes = 256 * 1024;
    m_upstream.fetch(request, [done = std::move(done)](Result<UpstreamResponse> response) {
        if (!response.ok()) {
            // Transport failure, timeout, oversized answer: no evidence either way.
            done(unavailable(u"vies_unreachable"_s, response.error().message() + u" Retry later."_s, true));
            return;
        }
        done(parseCheckResponse(response.value()));
    });
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
    answer.requestDate
        = QDateTime::fromString(obj.value(u"requestDate"_s).toString(), Qt::ISODateWithMs).toUTC();
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
