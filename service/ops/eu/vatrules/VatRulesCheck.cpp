#include "VatRulesCheck.h"

#include "core/Clock.h"

#include <QJsonArray>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QJsonValue stringOrNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QJsonValue percent(RateHundredths rate)
{
    return rate / 100.0;
}

QJsonValue percent(const std::optional<RateHundredths> &rate)
{
    return rate ? percent(*rate) : QJsonValue(QJsonValue::Null);
}

QJsonArray percents(const QList<RateHundredths> &rates)
{
    QJsonArray out;
    for (const RateHundredths rate : rates)
        out.append(percent(rate));
    return out;
}

std::optional<bool> optionalBool(const QJsonObject &arguments, const QString &name)
{
    const QJsonValue value = arguments.value(name);
    return value.isBool() ? std::optional<bool>(value.toBool()) : std::nullopt;
}

QJsonObject party(const VatTerritory &t)
{
    return QJsonObject {
        { u"country"_s, t.code },
        { u"vat_prefix"_s, t.vatPrefix },
        { u"tax_country"_s, t.taxCountry },
        { u"area"_s, vatAreaName(t.area) },
    };
}

// The members of a rate result that depend only on the table's period; rateObject() adds the class.
QJsonObject periodObject(const VatCountryRates &table, const VatRatePeriod &period)
{
    return QJsonObject {
        { u"country"_s, table.country },
        { u"name"_s, table.name },
        { u"standard"_s, percent(period.standard) },
        { u"reduced"_s, percents(period.reduced) },
        { u"super_reduced"_s, percent(period.superReduced) },
        { u"parking"_s, percent(period.parking) },
        { u"in_force_since"_s,
            period.from.isValid() ? QJsonValue(period.from.toString(Qt::ISODate))
                                  : QJsonValue(QJsonValue::Null) },
        { u"territory_exceptions"_s, QJsonArray::fromStringList(table.territoryExceptions) },
        { u"scope_changes"_s, stringOrNull(table.scopeChanges) },
        { u"note"_s, stringOrNull(period.note) },
    };
}

QJsonValue rateObject(const VatDecision &d, QJsonObject period)
{
    const QList<RateHundredths> &levels = d.rate->levels;
    period.insert(u"rate_class"_s, rateClassName(d.rateClass));
    period.insert(u"percent"_s, levels.size() == 1 ? percent(levels.first()) : QJsonValue(QJsonValue::Null));
    period.insert(u"levels"_s, percents(levels));
    return period;
}

QJsonArray issues(const QList<VatIssue> &list, bool withCode)
{
    QJsonArray out;
    for (const VatIssue &issue : list) {
        QJsonObject o { { u"field"_s, stringOrNull(issue.field) } };
        if (withCode) {
            o.insert(u"code"_s, issue.code);
            o.insert(u"message"_s, issue.message);
        } else {
            o.insert(u"text"_s, issue.message);
        }
        out.append(o);
    }
    return out;
}

} // namespace

Result<VatRulesQuery> vatRulesQuery(const QJsonObject &arguments, const QDate &today)
{
    VatRulesQuery q;
    q.supplier = arguments.value(u"supplier"_s).toString();
    q.customer = arguments.value(u"customer"_s).toString();
    q.b2b = arguments.value(u"b2b"_s).toBool(true);
    // The input schema already restricts these two to their names; checked so a direct call cannot mislead.
    const std::optional<SupplyType> type
        = supplyTypeFromName(arguments.value(u"type"_s).toString(u"service"_s));
    if (!type)
        return ServiceError::unprocessable(u"invalid_value"_s, u"type: not a supply type"_s, u"type"_s);
    q.type = *type;
    const std::optional<RateClass> rateClass
        = rateClassFromName(arguments.value(u"rate_class"_s).toString(u"standard"_s));
    if (!rateClass)
        return ServiceError::unprocessable(
            u"invalid_value"_s, u"rate_class: not a rate class"_s, u"rate_class"_s);
    q.rateClass = *rateClass;
    q.customerVatValid = optionalBool(arguments, u"customer_vat_valid"_s);
    q.aboveOssThreshold = optionalBool(arguments, u"above_oss_threshold"_s);
    q.transport = optionalBool(arguments, u"transport"_s);
    q.streamed = optionalBool(arguments, u"streamed"_s);
    q.shipFrom = arguments.value(u"ship_from"_s).toString();
    q.location = arguments.value(u"location"_s).toString();
    const QJsonValue date = arguments.value(u"date"_s);
    q.dateGiven = date.isString();
    q.date = q.dateGiven ? QDate::fromString(date.toString(), Qt::ISODate) : today;
    if (!q.date.isValid())
        return ServiceError::unprocessable(u"invalid_value"_s,
            u"date: '%1' is not a calendar date (YYYY-MM-DD)"_s.arg(date.toString()), u"date"_s);
    return q;
}

QString vatRulesSubject(const VatDecision &d)
{
    const bool business = d.facts.type == SupplyType::Goods ? d.facts.claimedB2b : d.facts.b2b;
    return u"%1->%2 %3 %4 %5"_s.arg(d.facts.supplier.code, d.facts.customer.code,
        supplyTypeName(d.facts.type), business ? u"b2b"_s : u"b2c"_s, d.date.toString(Qt::ISODate));
}

VatRulesJson::VatRulesJson(const VatRulesEngine &engine)
    : m_engine(engine)
{
    for (const VatRule &rule : vatRuleTable()) {
        m_rules.insert(rule.id,
            QJsonObject { { u"id"_s, rule.id }, { u"title"_s, rule.title },
                { u"articles"_s, QJsonArray::fromStringList(rule.articles) } });
        m_exemptions.insert(rule.id,
            rule.vatex.isEmpty() ? QJsonValue(QJsonValue::Null)
                                 : QJsonObject {
                                     { u"code"_s, rule.vatex },
                                     { u"code_text"_s, engine.vatex().codeText(rule.vatex) },
                                     { u"text_en"_s, rule.wordingEn },
                                     { u"text_de"_s, rule.wordingDe },
                                 });
        m_wordings.insert(rule.id,
            rule.wordingEn.isEmpty()
                ? QJsonValue(QJsonValue::Null)
                : QJsonObject { { u"en"_s, rule.wordingEn }, { u"de"_s, rule.wordingDe } });
    }
    for (const QString &code : VatTerritories::allCodes())
        m_parties.insert(code, party(*VatTerritories::find(code)));
    for (const VatCountryRates &table : engine.rates().countries()) {
        for (const VatRatePeriod &period : table.periods)
            m_periods.insert(&period, periodObject(table, period));
    }
    // Every reference a decision can cite, so that no result builds one afresh.
    for (const QString &key : vatLegalReferenceKeys()) {
        const VatLegalReference *ref = vatLegalReference(key);
        m_references.insert(key,
            QJsonObject {
                { u"act"_s, ref->act }, { u"article"_s, ref->article }, { u"subject"_s, ref->subject } });
    }
    for (int c = 0; c <= int(VatCategory::M); ++c) {
        const QString code = vatCategoryCode(VatCategory(c));
        m_categories.insert(
            code, QJsonObject { { u"code"_s, code }, { u"name"_s, engine.vatex().categoryName(code) } });
        QJsonArray requirements;
        for (const VatInvoiceRequirement &r : vatInvoiceRequirements(VatCategory(c)))
            requirements.append(
                QJsonObject { { u"en"_s, r.en }, { u"de"_s, r.de }, { u"reference"_s, r.reference } });
        m_requirements << requirements;
    }
}

QJsonObject VatRulesJson::partyObject(const VatTerritory &t) const
{
    const auto cached = m_parties.constFind(t.code);
    return cached != m_parties.constEnd() ? *cached : party(t);
}

QJsonObject VatRulesJson::result(const VatDecision &d) const
{
    const VatRule &rule = *d.rule;
    const bool business = d.facts.type == SupplyType::Goods ? d.facts.claimedB2b : d.facts.b2b;

    QJsonValue rate = QJsonValue::Null;
    if (d.rate) {
        const auto period = m_periods.constFind(d.rate->period);
        rate = rateObject(
            d, period != m_periods.constEnd() ? *period : periodObject(*d.rate->table, *d.rate->period));
    }
    QJsonArray references;
    for (const QString &key : d.references) {
        const auto cached = m_references.constFind(key);
        if (cached != m_references.constEnd())
            references.append(*cached);
    }
    QJsonArray reporting;
    for (const VatReportingHint &h : d.reporting) {
        const VatLegalReference *ref = vatLegalReference(h.reference);
        reporting.append(QJsonObject { { u"code"_s, h.code }, { u"text"_s, h.text },
            { u"reference"_s, ref ? QJsonValue(ref->article) : QJsonValue(QJsonValue::Null) } });
    }

    return QJsonObject {
        { u"supplier"_s, partyObject(d.facts.supplier) },
        { u"customer"_s, partyObject(d.facts.customer) },
        { u"b2b"_s, d.facts.claimedB2b },
        { u"treated_as"_s, business ? u"b2b"_s : u"b2c"_s },
        { u"type"_s, supplyTypeName(d.facts.type) },
        { u"date"_s, d.date.toString(Qt::ISODate) },
        { u"rule"_s, m_rules.value(rule.id) },
        { u"place_of_supply"_s,
            QJsonObject {
                { u"country"_s, d.place.code },
                { u"tax_country"_s, d.place.taxCountry },
                { u"vat_prefix"_s, d.place.vatPrefix },
                { u"name"_s, stringOrNull(d.place.name) },
                { u"in_eu_vat_area"_s, d.placeInEu },
                { u"rule"_s, rule.id },
                { u"article"_s, rule.articles.value(0) },
            } },
        { u"liable"_s, liableName(rule.liable) },
        { u"reverse_charge"_s, d.category == VatCategory::AE },
        { u"liability_basis"_s,
            d.liabilityBasis.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(d.liabilityBasis) },
        { u"category"_s, m_categories.value(vatCategoryCode(d.category)) },
        { u"exemption"_s, m_exemptions.value(rule.id) },
        { u"invoice_rate_percent"_s, percent(d.invoiceRate) },
        { u"rate"_s, rate },
        { u"rates_as_of"_s, m_engine.rates().asOf().toString(Qt::ISODate) },
        { u"rates_source"_s, m_engine.rates().source() },
        { u"invoice_wording"_s, m_wordings.value(rule.id) },
        { u"invoice_requirements"_s, m_requirements.value(int(d.category)) },
        { u"legal_references"_s, references },
        { u"reporting"_s, reporting },
        { u"evidence"_s, QJsonArray::fromStringList(d.evidence) },
        { u"verdict"_s, d.needsReview() ? u"review"_s : u"determined"_s },
        { u"needs_verification"_s, d.needsReview() },
        { u"reasons"_s, issues(d.reasons, true) },
        { u"assumptions"_s, issues(d.assumptions, false) },
        { u"notes"_s, QJsonArray::fromStringList(d.notes) },
        { u"disclaimer"_s,
            u"Decision aid from Council Directive 2006/112/EC as in force since 1 July 2021 and a dated "
            u"rates "
            "table; national options and product rates are flagged, not decided. Not tax advice."_s },
    };
}

QJsonObject vatRulesResult(const VatDecision &d, const VatRulesEngine &engine)
{
    return VatRulesJson(engine).result(d);
}

namespace {

// One engine for the handler and the input check: the bundled tables load once, at registration.
std::shared_ptr<const VatRulesEngine> bundledEngine()
{
    static const auto engine = std::make_shared<const VatRulesEngine>();
    return engine;
}

} // namespace

std::function<std::optional<ServiceError>(const QJsonObject &)> makeVatRulesCheck(const Clock &clock)
{
    auto engine = bundledEngine();
    return [engine, &clock](const QJsonObject &arguments) -> std::optional<ServiceError> {
        const Result<VatRulesQuery> query = vatRulesQuery(arguments, clock.now().toUTC().date());
        if (!query.ok())
            return query.error();
        // The decision itself is the check (a few microseconds): it refuses exactly what the handler would.
        const Result<VatDecision> decision = engine->decide(query.value());
        if (!decision.ok())
            return decision.error();
        return std::nullopt;
    };
}

Handler makeVatRulesHandler(const Clock &clock)
{
    // Built at registration, so the bundled tables load at start-up; immutable, shared by every call.
    auto engine = bundledEngine();
    auto json = std::make_shared<const VatRulesJson>(*engine);
    return [engine, json, &clock](const QJsonObject &arguments, const CallContext &, Completion done) {
        const Result<VatRulesQuery> query = vatRulesQuery(arguments, clock.now().toUTC().date());
        if (!query.ok())
            return done(query.error());
        const Result<VatDecision> decision = engine->decide(query.value());
        if (!decision.ok())
            return done(decision.error());
        done(
            OperationResult { vatRulesResult(decision.value(), *engine), vatRulesSubject(decision.value()) });
    };
}

} // namespace ades::eu
