#include "BrregRegister.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QString yesNo(const QJsonValue &value)
{
    return value.isBool() ? (value.toBool() ? u"true"_s : u"false"_s) : u"not given"_s;
}

CompanyRecord unitRecord(const QJsonObject &unit, const QString &baseUrl)
{
    CompanyRecord r;
    r.number = CompanyRegister::text(unit.value(u"organisasjonsnummer"_s));
    r.numberType = u"organisasjonsnummer"_s;
    r.name = CompanyRegister::text(unit.value(u"navn"_s));

    // The register states no status word of its own: its flags and the deletion date are the status.
    const QString deleted = CompanyRegister::isoDate(CompanyRegister::text(unit.value(u"slettedato"_s)));
    const QJsonValue bankrupt = unit.value(u"konkurs"_s);
    const QJsonValue winding = unit.value(u"underAvvikling"_s);
    const QJsonValue forced = unit.value(u"underTvangsavviklingEllerTvangsopplosning"_s);
    if (!deleted.isEmpty()) {
        r.status = CompanyRecord::Status::Ceased;
        r.ceasedDate = deleted;
        r.registerStatus = u"slettedato: "_s + deleted;
    } else {
        if (bankrupt.toBool())
            r.status = CompanyRecord::Status::Bankrupt;
        else if (winding.toBool() || forced.toBool())
            r.status = CompanyRecord::Status::InLiquidation;
        else if (bankrupt.isBool() && winding.isBool() && forced.isBool())
            r.status = CompanyRecord::Status::Active;
        r.registerStatus
            = u"konkurs: %1; underAvvikling: %2; underTvangsavviklingEllerTvangsopplosning: %3"_s.arg(
                yesNo(bankrupt), yesNo(winding), yesNo(forced));
    }

    const QJsonObject form = unit.value(u"organisasjonsform"_s).toObject();
    r.legalFormCode = CompanyRegister::text(form.value(u"kode"_s));
    r.legalFormLabel = CompanyRegister::text(form.value(u"beskrivelse"_s));

    // The registered business address; units without one (deleted, some associations) have a postal one.
    QJsonObject address = unit.value(u"forretningsadresse"_s).toObject();
    if (address.isEmpty())
        address = unit.value(u"postadresse"_s).toObject();
    if (!address.isEmpty()) {
        r.hasAddress = true;
        for (const QJsonValue &line : address.value(u"adresse"_s).toArray()) {
            const QString text = CompanyRegister::text(line); // the array holds nulls and empty strings
            if (!text.isEmpty())
                r.address.lines.append(text);
        }
        r.address.postalCode = CompanyRegister::text(address.value(u"postnummer"_s));
        r.address.city = CompanyRegister::text(address.value(u"poststed"_s));
        r.address.country = CompanyRegister::text(address.value(u"landkode"_s));
    }
    r.registrationDate
        = CompanyRegister::isoDate(CompanyRegister::text(unit.value(u"registreringsdatoEnhetsregisteret"_s)));
    r.foundedDate = CompanyRegister::isoDate(CompanyRegister::text(unit.value(u"stiftelsesdato"_s)));
    // A unit in the VAT register trades under "NO <orgnr> MVA".
    if (unit.value(u"registrertIMvaregisteret"_s).toBool() && !r.number.isEmpty())
        r.taxId = u"NO"_s + r.number + u"MVA"_s;
    r.sourceUrl = baseUrl + u"/enheter/"_s + r.number;
    return r;
}

} // namespace

UpstreamSource BrregRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"brreg"_s;
    source.name = u"Brønnøysund Register Centre (Enhetsregisteret)"_s;
    source.baseUrl = QUrl(u"https://data.brreg.no/enhetsregisteret/api"_s);
    source.timeoutMs = 10000;
    return source;
}

BrregRegister::BrregRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"NO"_s, u"brreg"_s,
            u"Central Coordinating Register for Legal Entities (Enhetsregisteret), Norway"_s,
            u"Norwegian Licence for Open Government Data (NLOD) 2.0; source: Brønnøysund Register Centre"_s,
            true })
{ }

void BrregRegister::lookup(const QString &number, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/enheter/"_s + number;
    fetch(request, done, [done, base = baseUrl(), number](const UpstreamResponse &response) {
        done(readUnit(response, base, number));
    });
}

void BrregRegister::search(const QString &name, int limit, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/enheter?navn=%1&size=%2"_s.arg(percentEncoded(name)).arg(limit);
    fetch(request, done, [done, base = baseUrl(), limit](const UpstreamResponse &response) {
        done(readSearch(response, base, limit));
    });
}

Result<RegisterAnswer> BrregRegister::readUnit(
    const UpstreamResponse &response, const QString &baseUrl, const QString &number)
{
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404)
        return answer; // the register has no such unit
    if (response.httpStatus == 400)
        return refused(sourceDefaults(), u"number"_s, u"HTTP 400"_s);
    const std::optional<QJsonObject> unit = jsonObject(response.body);
    if (response.httpStatus == 410) {
        // Removed from the register: it may still send the unit, or nothing usable.
        CompanyRecord removed = unit && unit->contains(u"organisasjonsnummer"_s) ? unitRecord(*unit, baseUrl)
                                                                                 : CompanyRecord {};
        if (removed.number.isEmpty()) {
            removed.number = number;
            removed.numberType = u"organisasjonsnummer"_s;
            removed.sourceUrl = baseUrl + u"/enheter/"_s + number;
        }
        removed.status = CompanyRecord::Status::Ceased;
        removed.registerStatus = u"HTTP 410: removed from the register"_s;
        if (!removed.ceasedDate.isEmpty())
            removed.registerStatus += u"; slettedato: "_s + removed.ceasedDate;
        answer.matches.append(removed);
        answer.totalMatches = 1;
        return answer;
    }
    if (response.httpStatus != 200)
        return badResponse(sourceDefaults(), response.httpStatus, u"unexpected status"_s);
    if (!unit || text(unit->value(u"organisasjonsnummer"_s)).isEmpty())
        return badResponse(
            sourceDefaults(), response.httpStatus, u"not a unit with an organisasjonsnummer"_s);
    answer.matches.append(unitRecord(*unit, baseUrl));
    answer.totalMatches = 1;
    return answer;
}

Result<RegisterAnswer> BrregRegister::readSearch(
    const UpstreamResponse &response, const QString &baseUrl, int limit)
{
    if (response.httpStatus == 400)
        return refused(sourceDefaults(), u"name"_s, u"HTTP 400"_s);
    const std::optional<QJsonObject> page = jsonObject(response.body);
    if (response.httpStatus != 200 || !page)
        return badResponse(sourceDefaults(), response.httpStatus, u"not a search page"_s);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    // No hits: no `_embedded` at all, only `page`.
    const QJsonValue units = page->value(u"_embedded"_s).toObject().value(u"enheter"_s);
    if (!units.isUndefined() && !units.isArray())
        return badResponse(sourceDefaults(), response.httpStatus, u"_embedded.enheter is not a list"_s);
    for (const QJsonValue &unit : units.toArray()) {
        if (!unit.isObject() || text(unit.toObject().value(u"organisasjonsnummer"_s)).isEmpty())
            return badResponse(sourceDefaults(), response.httpStatus, u"a hit without organisasjonsnummer"_s);
        if (answer.matches.size() < limit)
            answer.matches.append(unitRecord(unit.toObject(), baseUrl));
    }
    const QJsonValue total = page->value(u"page"_s).toObject().value(u"totalElements"_s);
    answer.totalMatches = qMax<qint64>(total.toInteger(), units.toArray().size());
    return answer;
}

} // namespace ades::eu
