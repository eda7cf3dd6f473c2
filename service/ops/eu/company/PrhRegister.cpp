#include "PrhRegister.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Nearly every YTJ field is a list of versions; the current one has no endDate.
QList<QJsonObject> current(const QJsonValue &versions)
{
    QList<QJsonObject> out;
    for (const QJsonValue &v : versions.toArray()) {
        const QJsonObject version = v.toObject();
        if (!version.isEmpty() && CompanyRegister::text(version.value(u"endDate"_s)).isEmpty())
            out.append(version);
    }
    return out;
}

// descriptions[] language codes are numeric strings: "1" Finnish, "2" Swedish, "3" English (sometimes
// missing). English first, then Finnish, then whatever there is.
QString description(const QJsonObject &entry)
{
    const QJsonArray descriptions = entry.value(u"descriptions"_s).toArray();
    for (const QString &language : { u"3"_s, u"1"_s }) {
        for (const QJsonValue &d : descriptions) {
            if (CompanyRegister::text(d.toObject().value(u"languageCode"_s)) == language)
                return CompanyRegister::text(d.toObject().value(u"description"_s));
        }
    }
    return descriptions.isEmpty()
        ? QString()
        : CompanyRegister::text(descriptions.first().toObject().value(u"description"_s));
}

// Special situations (companySituations[].type): KONK bankruptcy (konkurssi), SELV liquidation
// (selvitystila), SANE / YRSA restructuring (yrityssaneeraus). An unknown one is never read as active.
CompanyRecord::Status situationStatus(const QString &type)
{
    const QString code = type.toUpper();
    if (code.startsWith(u"KONK"_s))
        return CompanyRecord::Status::Bankrupt;
    if (code.startsWith(u"SELV"_s))
        return CompanyRecord::Status::InLiquidation;
    if (code.startsWith(u"SANE"_s) || code.startsWith(u"YRSA"_s))
        return CompanyRecord::Status::Restructuring;
    return CompanyRecord::Status::Unknown;
}

void decideStatus(const QJsonObject &company, CompanyRecord &r)
{
    QStringList own;
    // `status` and `tradeRegisterStatus` are codes, not booleans (Nokia, active: "2" and "1"); they are
    // kept as the register's words but do not decide.
    const QString codes
        = u"status: %1; tradeRegisterStatus: %2"_s.arg(CompanyRegister::text(company.value(u"status"_s)),
            CompanyRegister::text(company.value(u"tradeRegisterStatus"_s)));
    r.ceasedDate = CompanyRegister::isoDate(CompanyRegister::text(company.value(u"endDate"_s)));
    const QList<QJsonObject> situations = current(company.value(u"companySituations"_s));
    QList<QJsonObject> tradeRegister;
    for (const QJsonObject &entry : current(company.value(u"registeredEntries"_s))) {
        if (CompanyRegister::text(entry.value(u"register"_s)) == u"1"_s)
            tradeRegister.append(entry);
    }

    if (!r.ceasedDate.isEmpty()) {
        r.status = CompanyRecord::Status::Ceased;
        own << u"endDate: "_s + r.ceasedDate;
    } else if (!situations.isEmpty()) {
        const QString type = CompanyRegister::text(situations.first().value(u"type"_s));
        r.status = situationStatus(type);
        own << u"companySituations: "_s + type;
    } else if (!tradeRegister.isEmpty()) {
        // Trade register (register "1"): entry type "1" is "Registered"; a current entry of another type says
        // how the company left it ("Ceased", "Lakannut", merged, dissolved).
        const QJsonObject entry = tradeRegister.first();
        const QString type = CompanyRegister::text(entry.value(u"type"_s));
        const QString words = description(entry);
        static const QRegularExpression ended(
            u"ceased|lakann|poistet|purett|sulautu|jakautu|merged|dissolved|removed|deleted"_s,
            QRegularExpression::CaseInsensitiveOption);
        if (type == u"1"_s)
            r.status = CompanyRecord::Status::Active;
        else if (ended.match(words).hasMatch())
            r.status = CompanyRecord::Status::Ceased;
        own << u"trade register: %1 (type %2)"_s.arg(words, type);
    } else if (!current(company.value(u"registeredEntries"_s)).isEmpty()) {
        r.status = CompanyRecord::Status::Active; // registered elsewhere (tax, associations), nothing ended
    }
    own << codes;
    r.registerStatus = own.join(u"; "_s);
}

void readAddress(const QJsonObject &company, CompanyRecord &r)
{
    // Type 1 is the street (visiting) address, type 2 the postal address.
    const QList<QJsonObject> addresses = current(company.value(u"addresses"_s));
    QJsonObject chosen;
    for (int type : { 1, 2 }) {
        for (const QJsonObject &a : addresses) {
            if (chosen.isEmpty() && a.value(u"type"_s).toInt() == type)
                chosen = a;
        }
    }
    if (chosen.isEmpty())
        return;
    r.hasAddress = true;
    const auto field = [&chosen](const QString &name) { return CompanyRegister::text(chosen.value(name)); };
    if (!field(u"co"_s).isEmpty())
        r.address.lines.append(u"c/o "_s + field(u"co"_s));
    QStringList street { field(u"street"_s), field(u"buildingNumber"_s) + field(u"entrance"_s),
        field(u"apartmentNumber"_s) + field(u"apartmentIdSuffix"_s) };
    street.removeAll(QString());
    if (!street.isEmpty())
        r.address.lines.append(street.join(u' '));
    if (!field(u"postOfficeBox"_s).isEmpty())
        r.address.lines.append(u"PL "_s + field(u"postOfficeBox"_s)); // postilokero, the Finnish P.O. box
    r.address.postalCode = field(u"postCode"_s);
    // Post office names come in Finnish ("1") and Swedish ("2"); Finnish first.
    const QJsonArray offices = chosen.value(u"postOffices"_s).toArray();
    for (const QJsonValue &office : offices) {
        if (r.address.city.isEmpty()
            && CompanyRegister::text(office.toObject().value(u"languageCode"_s)) == u"1"_s)
            r.address.city = CompanyRegister::text(office.toObject().value(u"city"_s));
    }
    if (r.address.city.isEmpty() && !offices.isEmpty())
        r.address.city = CompanyRegister::text(offices.first().toObject().value(u"city"_s));
    r.address.country = field(u"country"_s);
}

CompanyRecord companyRecord(const QJsonObject &company, const QString &baseUrl)
{
    CompanyRecord r;
    r.number = CompanyRegister::text(company.value(u"businessId"_s).toObject().value(u"value"_s));
    r.numberType = u"Y-tunnus"_s;
    // names[].type: "1" registered name, "2" parallel name, "3" auxiliary name.
    const QList<QJsonObject> names = current(company.value(u"names"_s));
    for (const QJsonObject &n : names) {
        if (r.name.isEmpty() && CompanyRegister::text(n.value(u"type"_s)) == u"1"_s)
            r.name = CompanyRegister::text(n.value(u"name"_s));
    }
    if (r.name.isEmpty() && !names.isEmpty())
        r.name = CompanyRegister::text(names.first().value(u"name"_s));
    decideStatus(company, r);
    const QList<QJsonObject> forms = current(company.value(u"companyForms"_s));
    if (!forms.isEmpty()) {
        r.legalFormCode = CompanyRegister::text(forms.first().value(u"type"_s));
        r.legalFormLabel = description(forms.first());
    }
    readAddress(company, r);
    r.registrationDate
        = CompanyRegister::isoDate(CompanyRegister::text(company.value(u"registrationDate"_s)));
    r.sourceUrl = baseUrl + u"/companies?businessId="_s + r.number;
    return r;
}

} // namespace

UpstreamSource PrhRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"prh"_s;
    source.name = u"PRH / YTJ open data (Finnish Patent and Registration Office)"_s;
    source.baseUrl = QUrl(u"https://avoindata.prh.fi/opendata-ytj-api/v3"_s);
    source.timeoutMs = 10000;
    return source;
}

PrhRegister::PrhRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"FI"_s, u"prh"_s,
            u"Business Information System (YTJ) of the Finnish Patent and Registration Office"_s,
            u"Creative Commons Attribution 4.0 (CC BY 4.0); source: Finnish Patent and Registration Office (PRH)"_s,
            true })
{ }

void PrhRegister::lookup(const QString &number, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/companies?businessId="_s + number;
    fetch(request, done, [done, base = baseUrl()](const UpstreamResponse &response) {
        done(readCompanies(response, base, 1, u"number"_s));
    });
}

void PrhRegister::search(const QString &name, int limit, Callback done) const
{
    // The API pages by 100 and has no page size: the first page, cut to `limit`.
    UpstreamRequest request;
    request.path = u"/companies?name="_s + percentEncoded(name);
    fetch(request, done, [done, base = baseUrl(), limit](const UpstreamResponse &response) {
        done(readCompanies(response, base, limit, u"name"_s));
    });
}

Result<RegisterAnswer> PrhRegister::readCompanies(
    const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &argument)
{
    const std::optional<QJsonObject> body = jsonObject(response.body);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    // Errors: {"errorcode": <int>, "message": "..."}; 1006 is "businessId is not found".
    if (body && body->contains(u"errorcode"_s) && response.httpStatus >= 400) {
        if (body->value(u"errorcode"_s).toInteger() == 1006)
            return answer;
        if (response.httpStatus == 400)
            return refused(sourceDefaults(), argument,
                u"error %1: %2"_s.arg(text(body->value(u"errorcode"_s)), text(body->value(u"message"_s))));
    }
    if (response.httpStatus != 200 || !body)
        return badResponse(sourceDefaults(), response.httpStatus, u"not a companies answer"_s);
    const QJsonValue companies = body->value(u"companies"_s);
    if (!companies.isArray())
        return badResponse(sourceDefaults(), response.httpStatus, u"companies is not a list"_s);
    for (const QJsonValue &company : companies.toArray()) {
        const QJsonObject object = company.toObject();
        if (text(object.value(u"businessId"_s).toObject().value(u"value"_s)).isEmpty())
            return badResponse(sourceDefaults(), response.httpStatus, u"a company without businessId"_s);
        if (answer.matches.size() < limit)
            answer.matches.append(companyRecord(object, baseUrl));
    }
    answer.totalMatches
        = qMax<qint64>(body->value(u"totalResults"_s).toInteger(), companies.toArray().size());
    return answer;
}

} // namespace ades::eu
