#include "KrsRegister.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

bool present(const QJsonValue &value)
{
    if (value.isObject())
        return !value.toObject().isEmpty();
    if (value.isArray())
        return !value.toArray().isEmpty();
    if (value.isString())
        return !value.toString().trimmed().isEmpty();
    return value.isBool() ? value.toBool() : !value.isNull() && !value.isUndefined();
}

QString extractPath(const QString &number, const QString &registerLetter)
{
    return u"/OdpisAktualny/%1?rejestr=%2&format=json"_s.arg(number, registerLetter);
}

CompanyRecord extractRecord(const QJsonObject &extract, const QString &baseUrl, const QString &registerLetter)
{
    const QJsonObject header = extract.value(u"naglowekA"_s).toObject();
    const QJsonObject data = extract.value(u"dane"_s).toObject();
    const QJsonObject section1 = data.value(u"dzial1"_s).toObject();
    const QJsonObject subject = section1.value(u"danePodmiotu"_s).toObject();

    CompanyRecord r;
    r.number = CompanyRegister::text(header.value(u"numerKRS"_s));
    r.numberType = u"KRS"_s;
    r.name = CompanyRegister::text(subject.value(u"nazwa"_s));
    // KRS gives the legal form as text only ("SPÓŁKA AKCYJNA").
    r.legalFormLabel = CompanyRegister::text(subject.value(u"formaPrawna"_s));
    r.taxId = CompanyRegister::text(subject.value(u"identyfikatory"_s).toObject().value(u"nip"_s));
    r.registrationDate
        = CompanyRegister::isoDate(CompanyRegister::text(header.value(u"dataRejestracjiWKRS"_s)));

    // Section 6 records liquidation, bankruptcy and restructuring; a struck-off entity has a deletion date
    // in the header ("dataWykreslenia...").
    const QJsonObject section6 = data.value(u"dzial6"_s).toObject();
    QString deleted;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key().startsWith(u"dataWykreslenia"_s)
            && !CompanyRegister::isoDate(CompanyRegister::text(it.value())).isEmpty())
            deleted = CompanyRegister::isoDate(CompanyRegister::text(it.value()));
    }
    QStringList own { u"rejestr: "_s + CompanyRegister::text(header.value(u"rejestr"_s)) };
    if (!deleted.isEmpty()) {
        r.status = CompanyRecord::Status::Ceased;
        r.ceasedDate = deleted;
        own << u"wykreślenie: "_s + deleted;
    } else if (present(section6.value(u"postepowanieUpadlosciowe"_s))) {
        r.status = CompanyRecord::Status::Bankrupt;
        own << u"dzial6: postepowanieUpadlosciowe"_s;
    } else if (present(section6.value(u"likwidacja"_s))) {
        r.status = CompanyRecord::Status::InLiquidation;
        own << u"dzial6: likwidacja"_s;
    } else if (present(section6.value(u"postepowanieRestrukturyzacyjne"_s))) {
        r.status = CompanyRecord::Status::Restructuring;
        own << u"dzial6: postepowanieRestrukturyzacyjne"_s;
    } else {
        r.status = CompanyRecord::Status::Active;
        own << u"current extract without liquidation or bankruptcy in dzial6"_s;
    }
    r.registerStatus = own.join(u"; "_s);

    const QJsonObject address = section1.value(u"siedzibaIAdres"_s).toObject().value(u"adres"_s).toObject();
    if (!address.isEmpty()) {
        r.hasAddress = true;
        const auto field
            = [&address](const QString &name) { return CompanyRegister::text(address.value(name)); };
        QString number = field(u"nrDomu"_s);
        if (!field(u"nrLokalu"_s).isEmpty())
            number += u'/' + field(u"nrLokalu"_s);
        const QString street = field(u"ulica"_s).isEmpty() ? field(u"miejscowosc"_s) : field(u"ulica"_s);
        const QString line = QString(street + u' ' + number).trimmed();
        if (!line.isEmpty())
            r.address.lines.append(line);
        r.address.postalCode = field(u"kodPocztowy"_s);
        r.address.city = field(u"miejscowosc"_s);
        if (field(u"kraj"_s).toUpper() == u"POLSKA"_s)
            r.address.country = u"PL"_s;
    }
    r.sourceUrl = baseUrl + extractPath(r.number, registerLetter);
    return r;
}

} // namespace

UpstreamSource KrsRegister::sourceDefaults()
{
    UpstreamSource source;
    source.id = u"krs"_s;
    source.name = u"KRS (Polish Ministry of Justice)"_s;
    source.baseUrl = QUrl(u"https://api-krs.ms.gov.pl/api/krs"_s);
    source.timeoutMs = 15000; // extracts of large companies are tens of KB
    return source;
}

KrsRegister::KrsRegister(const UpstreamClient &upstream)
    : CompanyRegister(upstream, sourceDefaults(),
        { u"PL"_s, u"krs"_s, u"National Court Register (Krajowy Rejestr Sądowy, KRS), Poland"_s,
            u"Public register of the Polish Ministry of Justice; source: KRS (api-krs.ms.gov.pl)"_s, false })
{ }

void KrsRegister::lookup(const QString &number, Callback done) const
{
    lookupIn(number, { u"P"_s, u"S"_s }, {}, std::move(done));
}

void KrsRegister::lookupIn(
    const QString &number, const QStringList &registers, QJsonArray snapshots, Callback done) const
{
    UpstreamRequest request;
    request.path = extractPath(number, registers.first());
    const QString base = baseUrl();
    fetch(request, done, [this, number, registers, snapshots, done, base](const UpstreamResponse &response) {
        Result<RegisterAnswer> answer = readExtract(response, base, registers.first());
        if (!answer.ok())
            return done(std::move(answer));
        QJsonArray all = snapshots;
        all.append(response.snapshot);
        // Not among entrepreneurs (P): ask the register of associations and foundations (S).
        if (answer.value().matches.isEmpty() && registers.size() > 1)
            return lookupIn(number, registers.mid(1), all, done);
        answer.value().snapshots = all;
        done(std::move(answer));
    });
}

void KrsRegister::search(const QString &, int, Callback done) const
{
    done(nameSearchUnsupported());
}

Result<RegisterAnswer> KrsRegister::readExtract(
    const UpstreamResponse &response, const QString &baseUrl, const QString &registerLetter)
{
    RegisterAnswer answer;
    answer.snapshots.append(response.snapshot);
    if (response.httpStatus == 404 || response.httpStatus == 204)
        return answer;
    if (response.httpStatus == 400)
        return refused(sourceDefaults(), u"number"_s, u"HTTP 400"_s);
    const std::optional<QJsonObject> body = jsonObject(response.body);
    const QJsonObject extract = body ? body->value(u"odpis"_s).toObject() : QJsonObject();
    if (response.httpStatus != 200
        || text(extract.value(u"naglowekA"_s).toObject().value(u"numerKRS"_s)).isEmpty())
        return badResponse(sourceDefaults(), response.httpStatus, u"not an extract (odpis) with numerKRS"_s);
    answer.matches.append(extractRecord(extract, baseUrl, registerLetter));
    answer.totalMatches = 1;
    return answer;
}

} // namespace ades::eu
