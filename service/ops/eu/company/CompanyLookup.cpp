#include "CompanyLookup.h"

#include "AresRegister.h"
#include "BrregRegister.h"
#include "KrsRegister.h"
#include "PrhRegister.h"
#include "RechercheEntreprisesRegister.h"
#include "RegistrationNumber.h"
#include "RpoRegister.h"
#include "SireneRegister.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QString statusNote(CompanyRecord::Status status)
{
    switch (status) {
    case CompanyRecord::Status::Active:
        return {};
    case CompanyRecord::Status::Ceased:
        return u"; the register records it as ceased: it no longer exists as a legal entity"_s;
    case CompanyRecord::Status::InLiquidation:
    case CompanyRecord::Status::Bankrupt:
    case CompanyRecord::Status::Restructuring:
        return u"; the register records insolvency or winding-up proceedings: review before trading"_s;
    case CompanyRecord::Status::Unknown:
        break;
    }
    return u"; the register's status could not be mapped: read register_status"_s;
}

} // namespace

QList<UpstreamSource> CompanyLookup::sourceDefaults()
{
    return { BrregRegister::sourceDefaults(), AresRegister::sourceDefaults(), PrhRegister::sourceDefaults(),
        RpoRegister::sourceDefaults(), KrsRegister::sourceDefaults(),
        RechercheEntreprisesRegister::sourceDefaults(), SireneRegister::sourceDefaults() };
}

QStringList CompanyLookup::sourceIds()
{
    QStringList ids;
    for (const UpstreamSource &source : sourceDefaults())
        ids << source.id;
    return ids;
}

CompanyLookup::CompanyLookup(const UpstreamClient &upstream, const Clock &clock)
    : m_sirene(std::make_unique<SireneRegister>(upstream))
    , m_clock(clock)
{
    m_registers.push_back(std::make_unique<BrregRegister>(upstream));
    m_registers.push_back(std::make_unique<AresRegister>(upstream));
    m_registers.push_back(std::make_unique<PrhRegister>(upstream));
    m_registers.push_back(std::make_unique<RpoRegister>(upstream));
    m_registers.push_back(std::make_unique<KrsRegister>(upstream));
    m_registers.push_back(std::make_unique<RechercheEntreprisesRegister>(upstream));
}

CompanyLookup::~CompanyLookup() = default;

const CompanyRegister *CompanyLookup::registerFor(const QString &country) const
{
    for (const std::unique_ptr<CompanyRegister> &r : m_registers) {
        if (r->description().country == country)
            return r.get();
    }
    return nullptr;
}

ServiceError CompanyLookup::notCovered(const QString &country) const
{
    QJsonArray covered;
    QStringList names;
    for (const std::unique_ptr<CompanyRegister> &r : m_registers) {
        const CompanyRegister::Description &d = r->description();
        covered.append(QJsonObject { { u"country"_s, d.country }, { u"register"_s, d.code },
            { u"name"_s, d.name }, { u"searches_by_name"_s, d.searchesByName } });
        names << u"%1 (%2)"_s.arg(d.country, r->sourceName());
    }
    return ServiceError::unprocessable(u"register_not_covered"_s,
        u"country: the official company register of %1 is not covered, so no lookup was made; this says "
        u"nothing "
        u"about whether the company exists. Covered: %2. Austria and Germany are not covered. Nothing was "
        u"charged."_s.arg(country, names.join(u", "_s)),
        u"country"_s)
        .setExtra(u"covered"_s, covered);
}

std::optional<ServiceError> CompanyLookup::check(const QJsonObject &arguments) const
{
    const QString country = arguments.value(u"country"_s).toString().trimmed().toUpper();
    const CompanyRegister *primary = registerFor(country);
    if (!primary)
        return notCovered(country);
    const QString number = arguments.value(u"number"_s).toString().trimmed();
    if (!number.isEmpty()) {
        const Result<QString> official = RegistrationNumber::normalize(country, number, u"number"_s);
        return official.ok() ? std::nullopt : std::optional<ServiceError>(official.error());
    }
    if (arguments.value(u"name"_s).toString().simplified().isEmpty()) {
        return ServiceError::unprocessable(u"missing_field"_s,
            u"number: give the registration number (number) or a name to search for (name)."_s, u"number"_s);
    }
    if (!primary->description().searchesByName)
        return primary->nameSearchUnsupported();
    return std::nullopt;
}

void CompanyLookup::run(const QJsonObject &arguments, const Completion &done) const
{
    // The channels ran check() before any payment; a direct caller gets the same refusals.
    if (std::optional<ServiceError> refused = check(arguments))
        return done(*refused);
    const QString country = arguments.value(u"country"_s).toString().trimmed().toUpper();
    const CompanyRegister *primary = registerFor(country);
    const QString number = arguments.value(u"number"_s).toString().trimmed();
    const QString name = arguments.value(u"name"_s).toString().simplified();
    const int limit = arguments.value(u"limit"_s).toInt(10);

    if (!number.isEmpty()) {
        const Result<QString> official = RegistrationNumber::normalize(country, number, u"number"_s);
        // France: INSEE's own API when the operator has a key for it, else the keyless government API.
        const CompanyRegister *source
            = country == u"FR"_s && m_sirene->isConfigured() ? m_sirene.get() : primary;
        source->lookup(official.value(),
            [this, source, query = official.value(), nameIgnored = !name.isEmpty(), done](
                Result<RegisterAnswer> answer) {
                if (!answer.ok())
                    return done(
                        answer.error()); // 503 naming the source, or the register's refusal: uncharged
                done(result(*source, u"number"_s, query, nameIgnored, answer.value()));
            });
        return;
    }
    primary->search(name, limit, [this, primary, name, done](Result<RegisterAnswer> answer) {
        if (!answer.ok())
            return done(answer.error());
        done(result(*primary, u"name"_s, name, false, answer.value()));
    });
}

OperationResult CompanyLookup::result(const CompanyRegister &source, const QString &lookup,
    const QString &query, bool nameIgnored, const RegisterAnswer &answer) const
{
    const CompanyRegister::Description &d = source.description();
    QJsonArray matches;
    for (const CompanyRecord &record : answer.matches)
        matches.append(record.toJson());
    const bool found = !answer.matches.isEmpty();
    // The time the register answered: the last call's fetch time.
    QString retrievedAt = answer.snapshots.isEmpty()
        ? QString()
        : answer.snapshots.last().toObject().value(u"fetched_at"_s).toString();
    if (retrievedAt.isEmpty())
        retrievedAt = isoUtc(m_clock.now());

    QString hint;
    if (lookup == u"number"_s) {
        const QString numberType = RegistrationNumber::numberType(d.country);
        if (found) {
            const CompanyRecord &first = answer.matches.first();
            hint = u"found: %1 (%2) in the %3"_s.arg(first.name.isEmpty() ? first.number : first.name,
                       CompanyRecord::statusName(first.status), d.name)
                + statusNote(first.status);
        } else {
            hint
                = u"not found: the %1 has no entity with %2 %3. The number passed its format and check-digit "
                  u"test, so it is unassigned, deleted without trace, or belongs to another register"_s.arg(
                      d.name, numberType, query);
        }
        if (nameIgnored)
            hint += u"; name was not used: the number decides the lookup"_s;
    } else if (found) {
        hint = u"%1 of %2 entities whose name matches '%3' in the %4"_s.arg(matches.size())
                   .arg(answer.totalMatches)
                   .arg(query, d.name);
        if (answer.totalMatches > matches.size())
            hint += u"; give more of the name or raise limit (at most 25) to see others"_s;
    } else {
        hint = u"no entity in the %1 matches the name '%2'"_s.arg(d.name, query);
    }

    const QJsonObject data {
        { u"country"_s, d.country },
        { u"register"_s, d.code },
        { u"register_name"_s, d.name },
        { u"source"_s, source.sourceId() },
        { u"source_name"_s, source.sourceName() },
        { u"lookup"_s, lookup },
        { u"query"_s, query },
        { u"found"_s, found },
        { u"match_count"_s, matches.size() },
        { u"total_matches"_s, qMax<qint64>(answer.totalMatches, matches.size()) },
        { u"matches"_s, matches },
        { u"retrieved_at"_s, retrievedAt },
        { u"source_snapshots"_s, answer.snapshots },
        { u"source_terms"_s, d.terms },
        { u"hint"_s, hint },
    };
    const QString subject
        = lookup == u"number"_s ? u"%1 %2"_s.arg(d.country, query) : u"%1 name '%2'"_s.arg(d.country, query);
    return { data, subject };
}

ades::Handler makeCompanyLookupHandler(std::shared_ptr<const CompanyLookup> lookup)
{
    return [lookup](const QJsonObject &arguments, const CallContext &, Completion done) {
        lookup->run(arguments, done);
    };
}

std::function<std::optional<ServiceError>(const QJsonObject &)> makeCompanyLookupCheck(
    std::shared_ptr<const CompanyLookup> lookup)
{
    return [lookup](const QJsonObject &arguments) { return lookup->check(arguments); };
}

} // namespace ades::eu
