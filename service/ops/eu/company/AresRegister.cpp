#include "AresRegister.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// ARES gives the legal form as a code of the Czech Statistical Office's classification of legal forms
// (ČSÚ, Klasifikace právních forem); the labels of the common ones. Other codes keep a null label.
constexpr std::pair<const char16_t *, const char16_t *> LegalForms[] = {
    { u"101", u"Fyzická osoba podnikající dle živnostenského zákona" },
    { u"111", u"Veřejná obchodní společnost" },
    { u"112", u"Společnost s ručením omezeným" },
    { u"113", u"Společnost komanditní" },
    { u"121", u"Akciová společnost" },
    { u"205", u"Družstvo" },
    { u"706", u"Spolek" },
};

QString legalFormLabel(const QString &code)
{
    for (const auto &[formCode, label] : LegalForms) {
        if (code == QStringView(formCode))
            return QString::fromUtf16(label);
    }
    return {};
}

CompanyRecord subjectRecord(const QJsonObject &subject, const QString &baseUrl)
{
    CompanyRecord r;
    r.number = CompanyRegister::text(subject.value(u"ico"_s));
    r.numberType = u"IČO"_s;
    r.name = CompanyRegister::text(subject.value(u"obchodniJmeno"_s));

    // A date of extinction decides; otherwise the state of the subject in its primary source register
    // (primarniZdroj "vr" -> seznamRegistraci.stavZdrojeVr: AKTIVNI, ZANIKLY, HISTORICKY ...).
    const QJsonObject registrations = subject.value(u"seznamRegistraci"_s).toObject();
    const QString primary = CompanyRegister::text(subject.value(u"primarniZdroj"_s)).toLower();
    const QString primaryKey = primary.isEmpty()
        ? QString()
        : QString(u"stavZdroje"_s + primary.left(1).toUpper() + primary.mid(1));
    const QString primaryState = CompanyRegister::text(registrations.value(primaryKey));
    r.ceasedDate = CompanyRegister::isoDate(CompanyRegister::text(subject.value(u"datumZaniku"_s)));
    if (!r.ceasedDate.isEmpty()) {
        r.status = CompanyRecord::Status::Ceased;
        r.registerStatus = u"datumZaniku: "_s + r.ceasedDate;
    } else if (!primaryState.isEmpty()) {
        if (primaryState == u"AKTIVNI"_s)
            r.status = CompanyRecord::Status::Active;
        else if (primaryState == u"ZANIKLY"_s || primaryState == u"HISTORICKY"_s)
            r.status = CompanyRecord::Status::Ceased;
        r.registerStatus = u"%1: %2"_s.arg(primaryKey, primaryState);
    }

    r.legalFormCode = CompanyRegister::text(subject.value(u"pravniForma"_s));
    r.legalFormLabel = legalFormLabel(r.legalFormCode);

    const QJsonObject seat = subject.value(u"sidlo"_s).toObject();
    if (!seat.isEmpty()) {
        r.hasAddress = true;
        const QString street = CompanyRegister::text(seat.value(u"nazevUlice"_s));
        const QString part = CompanyRegister::text(seat.value(u"nazevCastiObce"_s));
        const QString town = CompanyRegister::text(seat.value(u"nazevObce"_s));
        // Czech house numbers: "cislo domovni/cislo orientacni" ("3294/10").
        QString houseNumber = CompanyRegister::text(seat.value(u"cisloDomovni"_s));
        const QString orientation = CompanyRegister::text(seat.value(u"cisloOrientacni"_s))
            + CompanyRegister::text(seat.value(u"cisloOrientacniPismeno"_s));
        if (!orientation.isEmpty())
            houseNumber = houseNumber.isEmpty() ? orientation : QString(houseNumber + u'/' + orientation);
        const QString place = street.isEmpty() ? part : street;
        if (!place.isEmpty()) {
            r.address.lines.append(houseNumber.isEmpty() ? place : QString(place + u' ' + houseNumber));
            if (!street.isEmpty() && !part.isEmpty() && part != town)
                r.address.lines.append(part);
        } else if (const QString text = CompanyRegister::text(seat.value(u"textovaAdresa"_s));
                   !text.isEmpty()) {
            r.address.lines.append(text); // foreign seats come as one text line
        }
        r.address.postalCode = CompanyRegister::text(seat.value(u"psc"_s));
        r.address.city = town;
        r.address.country = CompanyRegister::text(seat.value(u"kodStatu"_s));
    }
    r.registrationDate = CompanyRegister::isoDate(CompanyRegister::text(subject.value(u"datumVzniku"_s)));
    r.taxId = CompanyRegister::text(subject.value(u"dic"_s));
    r.sourceUrl = baseUrl + u"/ekonomicke-subjekty/"_s + r.number;
    return r;
}

// ARES errors: {"kod", "popis", "subKod"}.
struct AresError
{
    QString code;
    QString subCode;
    QString text;
};

AresError aresError(const std::optional<QJsonObject> &body)
{
    if (!body)
        return {};
    return { CompanyRegister::text(body->value(u"kod"_s)), CompanyRegister::text(body->value(u"subKod"_s)),
        CompanyRegister::text(body->value(u"popis"_s)) };
}

bool isNotFound(const AresError &error)
{
    return error.code == u"NENALEZENO"_s || error.subCode == u"VYSTUP_SUBJEKT_NENALEZEN"_s;
}

ServiceError refusedInput(const AresError &error, const QString &argument)
{
    if (error.subCode == u"VYSTUP_PRILIS_MNOHO_VYSLEDKU"_s)
        return CompanyRegister::refused(AresRegister::sourceDefaults(), argument,
            u"more than 1,000 subjects match; give more of the name (ARES: %1)"_s.arg(error.text));
    return CompanyRegister::refused(AresRegister::sourceDefaults(), argument,
        u"ARES error %1/%2: %3"_s.arg(error.code, error.subCode, error.text));
}

} // namespace

UpstreamSource AresRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"ares"_s;
    source.name = u"ARES (Czech Ministry of Finance)"_s;
    source.baseUrl = QUrl(u"https://ares.gov.cz/ekonomicke-subjekty-v-be/rest"_s);
    source.timeoutMs = 10000;
    return source;
}

AresRegister::AresRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"CZ"_s, u"ares"_s, u"ARES, Administrative Register of Economic Subjects, Czechia"_s,
            u"Public data of the Czech Ministry of Finance (ARES), free to re-use; source: ARES"_s, true })
{ }

void AresRegister::lookup(const QString &number, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/ekonomicke-subjekty/"_s + number;
    fetch(request, done,
        [done, base = baseUrl()](const UpstreamResponse &response) { done(readSubject(response, base)); });
}

void AresRegister::search(const QString &name, int limit, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/ekonomicke-subjekty/vyhledat"_s;
    request.method = QByteArrayLiteral("POST");
    request.body = QJsonDocument(
        QJsonObject { { u"obchodniJmeno"_s, name }, { u"start"_s, 0 }, { u"pocet"_s, limit } })
                       .toJson(QJsonDocument::Compact);
    request.headers = { { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") } };
    fetch(request, done, [done, base = baseUrl(), limit](const UpstreamResponse &response) {
        done(readSearch(response, base, limit));
    });
}

Result<RegisterAnswer> AresRegister::readSubject(const UpstreamResponse &response, const QString &baseUrl)
{
    const std::optional<QJsonObject> body = jsonObject(response.body);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404) {
        // NENALEZENO is "no such subject"; a Spring-style 404 ({"status":404,"error":"Not Found"}) is a wrong
        // path, i.e. a misconfigured base URL, and says nothing about the company.
        if (isNotFound(aresError(body)))
            return answer;
        return badResponse(sourceDefaults(), 404, u"not ARES' 'not found' (check upstream/ares/base_url)"_s);
    }
    if (response.httpStatus == 400)
        return refusedInput(aresError(body), u"number"_s);
    if (response.httpStatus != 200 || !body || text(body->value(u"ico"_s)).isEmpty())
        return badResponse(sourceDefaults(), response.httpStatus, u"not an economic subject with an ico"_s);
    answer.matches.append(subjectRecord(*body, baseUrl));
    answer.totalMatches = 1;
    return answer;
}

Result<RegisterAnswer> AresRegister::readSearch(
    const UpstreamResponse &response, const QString &baseUrl, int limit)
{
    const std::optional<QJsonObject> body = jsonObject(response.body);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404 && isNotFound(aresError(body)))
        return answer;
    if (response.httpStatus == 400)
        return refusedInput(aresError(body), u"name"_s);
    if (response.httpStatus != 200 || !body)
        return badResponse(sourceDefaults(), response.httpStatus, u"not a search result"_s);
    const QJsonValue subjects = body->value(u"ekonomickeSubjekty"_s);
    if (!subjects.isUndefined() && !subjects.isArray())
        return badResponse(sourceDefaults(), response.httpStatus, u"ekonomickeSubjekty is not a list"_s);
    for (const QJsonValue &subject : subjects.toArray()) {
        if (!subject.isObject() || text(subject.toObject().value(u"ico"_s)).isEmpty())
            return badResponse(sourceDefaults(), response.httpStatus, u"a subject without ico"_s);
        if (answer.matches.size() < limit)
            answer.matches.append(subjectRecord(subject.toObject(), baseUrl));
    }
    answer.totalMatches = qMax<qint64>(body->value(u"pocetCelkem"_s).toInteger(), subjects.toArray().size());
    return answer;
}

} // namespace ades::eu
