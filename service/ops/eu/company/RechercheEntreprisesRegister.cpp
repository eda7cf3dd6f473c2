#include "RechercheEntreprisesRegister.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// INSEE's legal categories (catégories juridiques, niveau III) of the legal forms most companies have.
constexpr std::pair<const char16_t *, const char16_t *> LegalForms[] = {
    { u"1000", u"Entrepreneur individuel" },
    { u"5498", u"SARL unipersonnelle" },
    { u"5499", u"Société à responsabilité limitée (sans autre indication)" },
    { u"5599", u"SA à conseil d'administration (s.a.i.)" },
    { u"5710", u"SAS, société par actions simplifiée" },
    { u"5720",
        u"Société par actions simplifiée à associé unique ou société par actions simplifiée unipersonnelle" },
    { u"6540", u"Société civile immobilière" },
    { u"9220", u"Association déclarée" },
};

CompanyRecord unitRecord(const QJsonObject &unit, const QString &baseUrl)
{
    CompanyRecord r;
    r.number = CompanyRegister::text(unit.value(u"siren"_s));
    r.numberType = u"SIREN"_s;
    // nom_raison_sociale is the legal name; sole traders have none, and nom_complet then names them.
    r.name = CompanyRegister::text(unit.value(u"nom_raison_sociale"_s));
    if (r.name.isEmpty())
        r.name = CompanyRegister::text(unit.value(u"nom_complet"_s));

    // etat_administratif: "A" active, "C" ceased (cessée).
    const QString state = CompanyRegister::text(unit.value(u"etat_administratif"_s));
    if (state == u"A"_s)
        r.status = CompanyRecord::Status::Active;
    else if (state == u"C"_s)
        r.status = CompanyRecord::Status::Ceased;
    if (!state.isEmpty())
        r.registerStatus = u"etat_administratif: "_s + state;
    r.ceasedDate = CompanyRegister::isoDate(CompanyRegister::text(unit.value(u"date_fermeture"_s)));

    r.legalFormCode = CompanyRegister::text(unit.value(u"nature_juridique"_s));
    r.legalFormLabel = RechercheEntreprisesRegister::legalFormLabel(r.legalFormCode);

    // The head office (siège) holds the registered address, split into its parts.
    const QJsonObject office = unit.value(u"siege"_s).toObject();
    if (!office.isEmpty()) {
        r.hasAddress = true;
        const auto field
            = [&office](const QString &name) { return CompanyRegister::text(office.value(name)); };
        if (!field(u"complement_adresse"_s).isEmpty())
            r.address.lines.append(field(u"complement_adresse"_s));
        QStringList street { field(u"numero_voie"_s) + field(u"indice_repetition"_s), field(u"type_voie"_s),
            field(u"libelle_voie"_s) };
        street.removeAll(QString());
        if (!street.isEmpty())
            r.address.lines.append(street.join(u' '));
        else if (!field(u"adresse"_s).isEmpty())
            r.address.lines.append(field(u"adresse"_s));
        r.address.postalCode = field(u"code_postal"_s);
        r.address.city = field(u"libelle_commune"_s);
        if (r.address.city.isEmpty())
            r.address.city = field(u"libelle_commune_etranger"_s);
        if (field(u"code_pays_etranger"_s).isEmpty())
            r.address.country = u"FR"_s;
    }
    // Registration in the trade and companies register (RCS, now RNE) where there is one; otherwise the
    // unit's creation in SIRENE.
    r.foundedDate = CompanyRegister::isoDate(CompanyRegister::text(unit.value(u"date_creation"_s)));
    r.registrationDate = CompanyRegister::isoDate(
        CompanyRegister::text(unit.value(u"immatriculation"_s).toObject().value(u"date_immatriculation"_s)));
    if (r.registrationDate.isEmpty())
        r.registrationDate = r.foundedDate;
    r.sourceUrl = baseUrl + u"/search?q="_s + r.number;
    return r;
}

} // namespace

UpstreamSource RechercheEntreprisesRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"recherche-entreprises"_s;
    source.name = u"Recherche d'entreprises (French government, SIRENE and RNE)"_s;
    source.baseUrl = QUrl(u"https://recherche-entreprises.api.gouv.fr"_s);
    source.timeoutMs = 10000;
    return source;
}

RechercheEntreprisesRegister::RechercheEntreprisesRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"FR"_s, u"recherche-entreprises"_s,
            u"SIRENE directory (INSEE) and national company register (RNE), France, through the API "
            u"Recherche "
            u"d'entreprises"_s,
            u"Licence Ouverte / Open Licence 2.0 (Etalab); sources: INSEE (SIRENE), INPI (RNE)"_s, true })
{ }

QString RechercheEntreprisesRegister::legalFormLabel(const QString &code)
{
    for (const auto &[formCode, label] : LegalForms) {
        if (code == QStringView(formCode))
            return QString::fromUtf16(label);
    }
    return {};
}

void RechercheEntreprisesRegister::lookup(const QString &number, Callback done) const
{
    UpstreamRequest request;
    request.path = u"/search?q=%1&page=1&per_page=%2"_s.arg(number).arg(MaxPerPage);
    fetch(request, done, [done, base = baseUrl(), number](const UpstreamResponse &response) {
        done(readSearch(response, base, 1, number));
    });
}

void RechercheEntreprisesRegister::search(const QString &name, int limit, Callback done) const
{
    UpstreamRequest request;
    request.path
        = u"/search?q=%1&page=1&per_page=%2"_s.arg(percentEncoded(name)).arg(qBound(1, limit, MaxPerPage));
    fetch(request, done, [done, base = baseUrl(), limit](const UpstreamResponse &response) {
        done(readSearch(response, base, limit, QString()));
    });
}

Result<RegisterAnswer> RechercheEntreprisesRegister::readSearch(
    const UpstreamResponse &response, const QString &baseUrl, int limit, const QString &siren)
{
    const std::optional<QJsonObject> body = jsonObject(response.body);
    if (response.httpStatus == 400) // {"erreur": "..."}
        return refused(sourceDefaults(), siren.isEmpty() ? u"name"_s : u"number"_s,
            body ? text(body->value(u"erreur"_s)) : QString());
    if (response.httpStatus != 200 || !body || !body->value(u"results"_s).isArray())
        return badResponse(sourceDefaults(), response.httpStatus, u"not a search page with results[]"_s);
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    const QJsonArray results = body->value(u"results"_s).toArray();
    for (const QJsonValue &v : results) {
        const QJsonObject unit = v.toObject();
        if (text(unit.value(u"siren"_s)).isEmpty())
            return badResponse(sourceDefaults(), response.httpStatus, u"a result without siren"_s);
        if (!siren.isEmpty() && text(unit.value(u"siren"_s)) != siren)
            continue;
        ++answer.totalMatches;
        if (answer.matches.size() < limit)
            answer.matches.append(unitRecord(unit, baseUrl));
    }
    if (siren.isEmpty())
        answer.totalMatches = qMax<qint64>(body->value(u"total_results"_s).toInteger(), results.size());
    return answer;
}

} // namespace ades::eu
