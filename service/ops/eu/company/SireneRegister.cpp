#include "SireneRegister.h"

#include "RechercheEntreprisesRegister.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// The period of a legal unit's history in force now has no end date.
QJsonObject currentPeriod(const QJsonObject &unit)
{
    for (const QJsonValue &v : unit.value(u"periodesUniteLegale"_s).toArray()) {
        const QJsonObject period = v.toObject();
        if (!period.isEmpty() && period.value(u"dateFin"_s).isNull())
            return period;
    }
    return {};
}

// 401 and 403 mean the operator's key, not the company: a 503 that retrying does not cure.
std::optional<ServiceError> keyProblem(int httpStatus)
{
    if (httpStatus != 401 && httpStatus != 403)
        return std::nullopt;
    return CompanyRegister::unavailable(SireneRegister::sourceDefaults(), u"source_key_rejected"_s,
        u"refused the configured key (setting upstream/insee-sirene/api_key, HTTP %1); the operator has to "
        u"fix "
        u"it."_s.arg(httpStatus))
        .setRetryable(false);
}

} // namespace

UpstreamSource SireneRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"insee-sirene"_s;
    source.name = u"INSEE Sirene API"_s;
    source.baseUrl = QUrl(u"https://api.insee.fr/api-sirene/3.11"_s);
    source.timeoutMs = 10000;
    return source;
}

QByteArray SireneRegister::keyHeader()
{
    return QByteArrayLiteral("X-INSEE-Api-Key-Integration");
}

SireneRegister::SireneRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"FR"_s, u"sirene"_s, u"SIRENE directory of INSEE, France"_s,
            u"Licence Ouverte / Open Licence 2.0 (Etalab); source: INSEE, Sirene database"_s, false })
{ }

bool SireneRegister::isConfigured() const
{
    return !apiKey().isEmpty();
}

UpstreamRequest SireneRegister::request(const QString &path) const
{
    UpstreamRequest r;
    r.path = path;
    r.headers = { { keyHeader(), apiKey().toUtf8() } };
    return r;
}

void SireneRegister::lookup(const QString &number, Callback done) const
{
    const QString base = baseUrl();
    fetch(request(u"/siren/"_s + number), done, [this, base, number, done](const UpstreamResponse &response) {
        QString nic;
        Result<RegisterAnswer> unit = readUnit(response, base, &nic);
        if (!unit.ok() || unit.value().matches.isEmpty() || nic.isEmpty())
            return done(std::move(unit));
        auto answer = std::make_shared<RegisterAnswer>(unit.value());
        fetch(request(u"/siret/"_s + number + nic), done, [answer, done](const UpstreamResponse &office) {
            const Result<bool> read = readHeadOffice(office, answer->matches.first());
            if (!read.ok())
                return done(read.error());
            answer->snapshots.append(office.snapshot);
            done(*answer);
        });
    });
}

void SireneRegister::search(const QString &, int, Callback done) const
{
    done(ServiceError::internal(u"INSEE Sirene is asked by SIREN only"_s));
}

Result<RegisterAnswer> SireneRegister::readUnit(
    const UpstreamResponse &response, const QString &baseUrl, QString *headOfficeNic)
{
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404) // {"header": {"statut": 404, "message": "Aucun élément trouvé ..."}}
        return answer;
    if (const std::optional<ServiceError> key = keyProblem(response.httpStatus))
        return *key;
    const std::optional<QJsonObject> body = jsonObject(response.body);
    if (response.httpStatus == 400)
        return refused(sourceDefaults(), u"number"_s,
            body ? text(body->value(u"header"_s).toObject().value(u"message"_s)) : QString());
    const QJsonObject unit = body ? body->value(u"uniteLegale"_s).toObject() : QJsonObject();
    const QJsonObject period = currentPeriod(unit);
    if (response.httpStatus != 200 || text(unit.value(u"siren"_s)).isEmpty() || period.isEmpty())
        return badResponse(sourceDefaults(), response.httpStatus,
            u"not a legal unit (uniteLegale) with a siren and a current period"_s);

    CompanyRecord r;
    r.number = text(unit.value(u"siren"_s));
    r.numberType = u"SIREN"_s;
    r.name = text(period.value(u"denominationUniteLegale"_s));
    if (r.name.isEmpty()) // a sole trader: first name and name
        r.name = QString(
            text(unit.value(u"prenomUsuelUniteLegale"_s)) + u' ' + text(period.value(u"nomUniteLegale"_s)))
                     .trimmed();
    const QString state = text(period.value(u"etatAdministratifUniteLegale"_s));
    if (state == u"A"_s) {
        r.status = CompanyRecord::Status::Active;
    } else if (state == u"C"_s) {
        r.status = CompanyRecord::Status::Ceased;
        r.ceasedDate = isoDate(text(period.value(u"dateDebut"_s))); // the period began with the cessation
    }
    if (!state.isEmpty())
        r.registerStatus = u"etatAdministratifUniteLegale: "_s + state;
    r.legalFormCode = text(period.value(u"categorieJuridiqueUniteLegale"_s));
    r.legalFormLabel = RechercheEntreprisesRegister::legalFormLabel(r.legalFormCode);
    r.registrationDate = isoDate(text(unit.value(u"dateCreationUniteLegale"_s)));
    r.sourceUrl = baseUrl + u"/siren/"_s + r.number;
    if (headOfficeNic)
        *headOfficeNic = text(period.value(u"nicSiegeUniteLegale"_s));
    answer.matches.append(r);
    answer.totalMatches = 1;
    return answer;
}

Result<bool> SireneRegister::readHeadOffice(const UpstreamResponse &response, CompanyRecord &record)
{
    if (response.httpStatus == 404)
        return false;
    if (const std::optional<ServiceError> key = keyProblem(response.httpStatus))
        return *key;
    const std::optional<QJsonObject> body = jsonObject(response.body);
    const QJsonObject address = body
        ? body->value(u"etablissement"_s).toObject().value(u"adresseEtablissement"_s).toObject()
        : QJsonObject();
    if (response.httpStatus != 200 || address.isEmpty())
        return badResponse(sourceDefaults(), response.httpStatus, u"not an establishment with an address"_s);
    const auto field
        = [&address](const char16_t *name) { return text(address.value(QString::fromUtf16(name))); };
    record.hasAddress = true;
    if (!field(u"complementAdresseEtablissement").isEmpty())
        record.address.lines.append(field(u"complementAdresseEtablissement"));
    QStringList street { field(u"numeroVoieEtablissement") + field(u"indiceRepetitionEtablissement"),
        field(u"typeVoieEtablissement"), field(u"libelleVoieEtablissement") };
    street.removeAll(QString());
    if (!street.isEmpty())
        record.address.lines.append(street.join(u' '));
    record.address.postalCode = field(u"codePostalEtablissement");
    record.address.city = field(u"libelleCommuneEtablissement");
    if (record.address.city.isEmpty())
        record.address.city = field(u"libelleCommuneEtrangerEtablissement");
    if (field(u"codePaysEtrangerEtablissement").isEmpty())
        record.address.country = u"FR"_s;
    return true;
}

} // namespace ades::eu
