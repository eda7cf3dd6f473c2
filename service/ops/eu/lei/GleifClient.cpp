#include "GleifClient.h"

#include "LeiCode.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/eu/EuSettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// A search page of 20 full records is about 120 KB; anything near this cap is not a GLEIF answer.
constexpr qint64 MaxResponseBytes = 2 * 1024 * 1024;
// At most this many answers are kept (a record is a few KB): an hour of GLEIF's 60 requests a minute.
constexpr qsizetype MaxCachedAnswers = 3600;

ServiceError unusable(const QString &what)
{
    return ServiceError::sourceUnavailable(GleifClient::sourceId(),
        u"GLEIF sent an unusable answer (%1); the LEI could not be checked."_s.arg(what));
}

// Optional members: a string, or empty for null, absent or another type.
QString text(const QJsonObject &object, const QString &key)
{
    const QJsonValue v = object.value(key);
    return v.isString() ? v.toString() : QString();
}

QStringList names(const QJsonArray &array)
{
    QStringList out;
    for (const QJsonValue &v : array) {
        const QString name = text(v.toObject(), u"name"_s);
        if (!name.isEmpty() && !out.contains(name))
            out.append(name);
    }
    return out;
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

Result<QJsonObject> parseDocument(const UpstreamResponse &response)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(response.body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return unusable(u"HTTP %1, not a JSON object"_s.arg(response.httpStatus));
    return doc.object();
}

// 429 and 5xx: GLEIF is there but cannot answer now; the caller gets "missing", never "not found".
std::optional<ServiceError> statusError(int status)
{
    if (status == 429)
        return ServiceError::sourceUnavailable(GleifClient::sourceId(),
            u"GLEIF is rate-limiting (HTTP 429, about 60 calls a minute); the LEI could not be checked."_s);
    if (status >= 500)
        return ServiceError::sourceUnavailable(
            GleifClient::sourceId(), u"GLEIF answered HTTP %1; the LEI could not be checked."_s.arg(status));
    return std::nullopt;
}

QString publishDate(const QJsonObject &document)
{
    return text(document.value(u"meta"_s).toObject().value(u"goldenCopy"_s).toObject(), u"publishDate"_s);
}

} // namespace

GleifRecord::Standing GleifRecord::standing() const
{
    // An entity that no longer exists, or an LEI that is void, outweighs a registration that looks fine.
    if (entityStatus == u"INACTIVE"_s)
        return Standing::Ended;
    if (registrationStatus == u"RETIRED"_s || registrationStatus == u"ANNULLED"_s
        || registrationStatus == u"MERGED"_s || registrationStatus == u"DUPLICATE"_s)
        return Standing::Ended;
    if (registrationStatus == u"LAPSED"_s)
        return Standing::Lapsed;
    if (registrationStatus.startsWith(u"PENDING_"_s))
        return Standing::Pending;
    if (registrationStatus == u"ISSUED"_s && entityStatus == u"ACTIVE"_s)
        return Standing::Good;
    return Standing::Unknown;
}

QString GleifRecord::standingName(Standing standing)
{
    switch (standing) {
    case Standing::Good:
        return u"good"_s;
    case Standing::Lapsed:
        return u"lapsed"_s;
    case Standing::Pending:
        return u"pending"_s;
    case Standing::Ended:
        return u"ended"_s;
    case Standing::Unknown:
        break;
    }
    return u"unknown"_s;
}

QJsonObject GleifRecord::toJson() const
{
    return QJsonObject {
        { u"lei"_s, lei },
        { u"legal_name"_s, legalName },
        { u"other_names"_s, QJsonArray::fromStringList(otherNames) },
        { u"legal_country"_s, orNull(legalCountry) },
        { u"legal_city"_s, orNull(legalCity) },
        { u"jurisdiction"_s, orNull(jurisdiction) },
        { u"category"_s, orNull(category) },
        { u"legal_form"_s, orNull(legalFormId) },
        { u"registered_at"_s, orNull(registeredAt) },
        { u"registered_as"_s, orNull(registeredAs) },
        { u"entity_status"_s, orNull(entityStatus) },
        { u"registration_status"_s, registrationStatus },
        { u"initial_registration_date"_s, orNull(initialRegistrationDate) },
        { u"last_update_date"_s, orNull(lastUpdateDate) },
        { u"next_renewal_date"_s, orNull(nextRenewalDate) },
        { u"corroboration_level"_s, orNull(corroborationLevel) },
        { u"managing_lou"_s, orNull(managingLou) },
        { u"successor_lei"_s, orNull(successorLei) },
        { u"successor_name"_s, orNull(successorName) },
        { u"standing"_s, standingName(standing()) },
    };
}

UpstreamSource GleifClient::sourceDefaults()
{
    UpstreamSource source;
    source.id = sourceId();
    source.name = u"GLEIF LEI API (Global Legal Entity Identifier Foundation)"_s;
    source.baseUrl = QUrl(u"https://api.gleif.org/api/v1"_s);
    source.timeoutMs = 10000;
    return source;
}

QString GleifClient::sourceId()
{
    return u"gleif"_s;
}

GleifClient::GleifClient(const UpstreamClient &upstream, const Settings &settings, const Clock &clock)
    : m_upstream(upstream)
    , m_clock(clock)
    , m_cacheSeconds(qint64(settings.get(EuSettings::GleifCacheMinutes)) * 60)
    , m_cache(std::make_shared<Cache>())
{ }

void GleifClient::lookup(const QString &lei, Callback done) const
{
    // Only a checked LEI ([0-9A-Z]{20}) gets here, so it is safe in a path; encoded anyway.
    fetch(u"/lei-records/"_s + QString::fromLatin1(QUrl::toPercentEncoding(lei)), true, std::move(done));
}

void GleifClient::search(const QString &name, const QString &country, Callback done) const
{
    QString path
        = u"/lei-records?filter%5Bfulltext%5D="_s + QString::fromLatin1(QUrl::toPercentEncoding(name));
    if (!country.isEmpty())
        path += u"&filter%5Bentity.legalAddress.country%5D="_s
            + QString::fromLatin1(QUrl::toPercentEncoding(country));
    path += u"&page%5Bsize%5D=%1"_s.arg(SearchPageSize);
    fetch(path, false, std::move(done));
}

void GleifClient::fetch(const QString &path, bool lookup, Callback done) const
{
    const QDateTime now = m_clock.now();
    if (m_cacheSeconds > 0) {
        QMutexLocker locker(&m_cache->mutex);
        const auto it = m_cache->answers.constFind(path);
        if (it != m_cache->answers.cend() && it->first.secsTo(now) < m_cacheSeconds) {
            GleifAnswer answer = it->second;
            answer.fromCache = true;
            locker.unlock();
            return done(answer);
        }
    }
    UpstreamRequest request;
    request.source = sourceId();
    request.path = path;
    request.headers = { { "Accept", "application/vnd.api+json" } };
    request.maxResponseBytes = MaxResponseBytes;
    const qint64 keepSeconds = m_cacheSeconds;
    const std::shared_ptr<Cache> cache = m_cache;
    m_upstream.fetch(request, [done, lookup, path, now, keepSeconds, cache](Result<UpstreamResponse> r) {
        if (!r.ok())
            return done(r.error());
        Result<GleifAnswer> answer = lookup ? parseLookupResponse(r.value()) : parseSearchResponse(r.value());
        // Kept: answers with records. An unknown LEI may be issued any minute, and errors are no answers.
        if (keepSeconds > 0 && answer.ok() && answer.value().found) {
            QMutexLocker locker(&cache->mutex);
            if (cache->answers.size() >= MaxCachedAnswers) {
                cache->answers.removeIf(
                    [&](const auto &entry) { return entry.value().first.secsTo(now) >= keepSeconds; });
                if (cache->answers.size() >= MaxCachedAnswers)
                    cache->answers.clear();
            }
            cache->answers.insert(path, { now, answer.value() });
        }
        done(std::move(answer));
    });
}

Result<GleifAnswer> GleifClient::parseLookupResponse(const UpstreamResponse &response)
{
    if (const auto error = statusError(response.httpStatus))
        return *error;
    const Result<QJsonObject> document = parseDocument(response);
    if (!document.ok())
        return document.error();
    GleifAnswer answer;
    answer.snapshot = response.snapshot;
    answer.publishDate = publishDate(document.value());
    if (response.httpStatus == 404) {
        // Only GLEIF's own JSON:API "not found" means no such LEI; a 404 page of a misconfigured base URL
        // must not turn into "unknown LEI".
        if (!document.value().value(u"errors"_s).isArray())
            return unusable(u"HTTP 404 without a JSON:API errors array"_s);
        return answer;
    }
    if (response.httpStatus != 200)
        return unusable(u"HTTP %1"_s.arg(response.httpStatus));
    const QJsonValue data = document.value().value(u"data"_s);
    if (!data.isObject())
        return unusable(u"no data object"_s);
    Result<GleifRecord> record = parseRecord(data.toObject());
    if (!record.ok())
        return record.error();
    answer.found = true;
    answer.records.append(record.value());
    return answer;
}

Result<GleifAnswer> GleifClient::parseSearchResponse(const UpstreamResponse &response)
{
    if (const auto error = statusError(response.httpStatus))
        return *error;
    if (response.httpStatus != 200)
        return unusable(u"HTTP %1"_s.arg(response.httpStatus));
    const Result<QJsonObject> document = parseDocument(response);
    if (!document.ok())
        return document.error();
    const QJsonValue data = document.value().value(u"data"_s);
    if (!data.isArray())
        return unusable(u"no data array"_s);
    GleifAnswer answer;
    answer.snapshot = response.snapshot;
    answer.publishDate = publishDate(document.value());
    const QJsonArray resources = data.toArray();
    for (const QJsonValue &v : resources) {
        if (!v.isObject())
            return unusable(u"a data item is not an object"_s);
        Result<GleifRecord> record = parseRecord(v.toObject());
        if (!record.ok())
            return record.error();
        answer.records.append(record.value());
    }
    answer.found = !answer.records.isEmpty();
    return answer;
}

Result<GleifRecord> GleifClient::parseRecord(const QJsonObject &resource)
{
    if (resource.value(u"type"_s).toString() != u"lei-records"_s)
        return unusable(u"resource type is not lei-records"_s);
    const QJsonObject attributes = resource.value(u"attributes"_s).toObject();
    const QJsonObject entity = attributes.value(u"entity"_s).toObject();
    const QJsonObject registration = attributes.value(u"registration"_s).toObject();

    GleifRecord r;
    r.lei = text(attributes, u"lei"_s);
    const LeiAnalysis leiCheck = LeiCode::analyse(r.lei);
    if (!leiCheck.valid || leiCheck.normalized != r.lei)
        return unusable(u"attributes.lei is not a valid LEI"_s);
    r.legalName = text(entity.value(u"legalName"_s).toObject(), u"name"_s);
    if (r.legalName.isEmpty())
        return unusable(u"entity.legalName.name missing"_s);
    r.registrationStatus = text(registration, u"status"_s);
    if (r.registrationStatus.isEmpty())
        return unusable(u"registration.status missing"_s);
    // GLEIF sends the entity status as a string; "NULL" (unknown) and null both leave it empty.
    r.entityStatus = text(entity, u"status"_s);
    if (r.entityStatus == u"NULL"_s)
        r.entityStatus.clear();

    r.otherNames = names(entity.value(u"otherNames"_s).toArray());
    for (const QString &name : names(entity.value(u"transliteratedOtherNames"_s).toArray())) {
        if (!r.otherNames.contains(name))
            r.otherNames.append(name);
    }
    const QJsonObject legalAddress = entity.value(u"legalAddress"_s).toObject();
    r.legalCountry = text(legalAddress, u"country"_s).toUpper();
    r.legalCity = text(legalAddress, u"city"_s);
    r.jurisdiction = text(entity, u"jurisdiction"_s);
    r.category = text(entity, u"category"_s);
    r.legalFormId = text(entity.value(u"legalForm"_s).toObject(), u"id"_s);
    r.registeredAt = text(entity.value(u"registeredAt"_s).toObject(), u"id"_s);
    r.registeredAs = text(entity, u"registeredAs"_s);
    const QJsonObject successor = entity.value(u"successorEntity"_s).toObject();
    r.successorLei = text(successor, u"lei"_s);
    r.successorName = text(successor, u"name"_s);
    if (r.successorLei.isEmpty()) {
        const QJsonArray successors = entity.value(u"successorEntities"_s).toArray();
        if (!successors.isEmpty()) {
            r.successorLei = text(successors.first().toObject(), u"lei"_s);
            r.successorName = text(successors.first().toObject(), u"name"_s);
        }
    }
    r.initialRegistrationDate = text(registration, u"initialRegistrationDate"_s);
    r.lastUpdateDate = text(registration, u"lastUpdateDate"_s);
    r.nextRenewalDate = text(registration, u"nextRenewalDate"_s);
    r.corroborationLevel = text(registration, u"corroborationLevel"_s);
    r.managingLou = text(registration, u"managingLou"_s);
    return r;
}

} // namespace ades::eu
