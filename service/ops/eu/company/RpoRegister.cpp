#include "RpoRegister.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// RPO keeps history: every list holds versions with validFrom/validTo; the current one has no validTo.
QJsonObject currentVersion(const QJsonValue &versions)
{
    for (const QJsonValue &v : versions.toArray()) {
        const QJsonObject version = v.toObject();
        if (!version.isEmpty() && CompanyRegister::text(version.value(u"validTo"_s)).isEmpty())
            return version;
    }
    return {};
}

QString currentIdentifier(const QJsonObject &entity)
{
    return CompanyRegister::text(currentVersion(entity.value(u"identifiers"_s)).value(u"value"_s));
}

bool carriesIdentifier(const QJsonObject &entity, const QString &identifier)
{
    for (const QJsonValue &v : entity.value(u"identifiers"_s).toArray()) {
        if (CompanyRegister::text(v.toObject().value(u"value"_s)).rightJustified(8, u'0') == identifier)
            return true;
    }
    return false;
}

CompanyRecord entityRecord(const QJsonObject &entity, const QString &baseUrl)
{
    CompanyRecord r;
    r.number = currentIdentifier(entity);
    r.numberType = u"IČO"_s;
    r.name = CompanyRegister::text(currentVersion(entity.value(u"fullNames"_s)).value(u"value"_s));
    // RPO states no status word: a termination date ends the entity.
    r.ceasedDate = CompanyRegister::isoDate(CompanyRegister::text(entity.value(u"termination"_s)));
    if (!r.ceasedDate.isEmpty()) {
        r.status = CompanyRecord::Status::Ceased;
        r.registerStatus = u"termination: "_s + r.ceasedDate;
    } else {
        r.status = CompanyRecord::Status::Active;
        r.registerStatus = u"no termination date"_s;
    }
    const QJsonObject form = currentVersion(entity.value(u"legalForms"_s)).value(u"value"_s).toObject();
    r.legalFormCode = CompanyRegister::text(form.value(u"code"_s));
    r.legalFormLabel = CompanyRegister::text(form.value(u"value"_s));

    const QJsonObject address = currentVersion(entity.value(u"addresses"_s));
    if (!address.isEmpty()) {
        r.hasAddress = true;
        // Slovak numbering: "súpisné číslo/orientačné číslo" (regNumber/buildingNumber); 0 means none.
        QString number = CompanyRegister::text(address.value(u"buildingNumber"_s));
        const QString registered = CompanyRegister::text(address.value(u"regNumber"_s));
        if (!registered.isEmpty() && registered != u"0"_s)
            number = number.isEmpty() ? registered : QString(registered + u'/' + number);
        QString street = CompanyRegister::text(address.value(u"street"_s));
        if (street.isEmpty())
            street = CompanyRegister::text(address.value(u"municipality"_s).toObject().value(u"value"_s));
        const QString line = number.isEmpty() ? street : QString(street + u' ' + number);
        if (!line.trimmed().isEmpty())
            r.address.lines.append(line.trimmed());
        r.address.postalCode = CompanyRegister::text(address.value(u"postalCodes"_s).toArray().at(0));
        r.address.city = CompanyRegister::text(address.value(u"municipality"_s).toObject().value(u"value"_s));
        // Countries come as numeric ISO 3166 codes of the statistical code list CL000086; 703 is Slovakia.
        if (CompanyRegister::text(address.value(u"country"_s).toObject().value(u"code"_s)) == u"703"_s)
            r.address.country = u"SK"_s;
    }
    r.registrationDate = CompanyRegister::isoDate(CompanyRegister::text(entity.value(u"establishment"_s)));
    r.sourceUrl = baseUrl + u"/entity/"_s + CompanyRegister::text(entity.value(u"id"_s));
    return r;
}

} // namespace

UpstreamSource RpoRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"rpo"_s;
    source.name = u"RPO (Statistical Office of the Slovak Republic)"_s;
    source.baseUrl = QUrl(u"https://api.statistics.sk/rpo/v1"_s);
    source.timeoutMs = 10000;
    return source;
}

RpoRegister::RpoRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"SK"_s, u"rpo"_s,
            u"Register of Legal Persons, Entrepreneurs and Public Authorities (RPO), Slovakia"_s,
            u"Creative Commons Attribution 4.0 (CC BY 4.0); source: Statistical Office of the Slovak Republic (RPO)"_s,
            true })
{ }

QString RpoRegister::entityId(const CompanyRecord &record)
{
    const qsizetype at = record.sourceUrl.lastIndexOf(u"/entity/"_s);
    return at < 0 ? QString() : record.sourceUrl.mid(at + 8);
}

void RpoRegister::lookup(const QString &number, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/search?identifier="_s + number;
    const QString base = baseUrl();
    fetch(request, done, [this, done, base, number](const UpstreamResponse &response) {
        Result<RegisterAnswer> found = readSearch(response, base, 10, number);
        if (!found.ok() || found.value().matches.isEmpty()
            || entityId(found.value().matches.first()).isEmpty())
            return done(std::move(found));
        // The details hold the legal form. If they are gone meanwhile, the search record stands.
        auto answer = std::make_shared<RegisterAnswer>(found.value());
        UpstreamRequest details;
        details.path = u"/entity/"_s + entityId(answer->matches.first());
        fetch(details, done, [done, base, answer](const UpstreamResponse &detailResponse) {
            const Result<RegisterAnswer> entity = readEntity(detailResponse, base);
            if (!entity.ok())
                return done(entity.error());
            answer->snapshots.append(detailResponse.snapshot);
            if (!entity.value().matches.isEmpty())
                answer->matches.first() = entity.value().matches.first();
            done(*answer);
        });
    });
}

void RpoRegister::search(const QString &name, int limit, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/search?fullName="_s + percentEncoded(name);
    fetch(request, done, [done, base = baseUrl(), limit](const UpstreamResponse &response) {
        done(readSearch(response, base, limit, QString()));
    });
}

Result<RegisterAnswer> RpoRegister::readSearch(
    const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &identifier)
{
    const std::optional<QJsonObject> body = jsonObject(response.body);
    if (response.httpStatus == 400)
        return refused(sourceDefaults(), identifier.isEmpty() ? u"name"_s : u"number"_s, u"HTTP 400"_s);
    if (response.httpStatus != 200 || !body || !body->value(u"results"_s).isArray())
        return badResponse(sourceDefaults(), response.httpStatus, u"not a search result with results[]"_s);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    for (const QJsonValue &v : body->value(u"results"_s).toArray()) {
        const QJsonObject entity = v.toObject();
        if (entity.isEmpty() || text(entity.value(u"id"_s)).isEmpty())
            return badResponse(sourceDefaults(), response.httpStatus, u"a result without id"_s);
        if (!identifier.isEmpty() && !carriesIdentifier(entity, identifier))
            continue;
        ++answer.totalMatches;
        if (answer.matches.size() < limit)
            answer.matches.append(entityRecord(entity, baseUrl));
    }
    return answer;
}

Result<RegisterAnswer> RpoRegister::readEntity(const UpstreamResponse &response, const QString &baseUrl)
{
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404)
        return answer;
    const std::optional<QJsonObject> body = jsonObject(response.body);
    if (response.httpStatus != 200 || !body || text(body->value(u"id"_s)).isEmpty())
        return badResponse(sourceDefaults(), response.httpStatus, u"not an entity with an id"_s);
    answer.matches.append(entityRecord(*body, baseUrl));
    answer.totalMatches = 1;
    return answer;
}

} // namespace ades::eu
