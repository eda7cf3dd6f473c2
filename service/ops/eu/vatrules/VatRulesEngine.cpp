#include "VatRulesEngine.h"

#include <QJsonObject>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QString VatIdReference = u"Reg. 282/2011 Art. 18"_s;

Result<VatTerritory> territoryOf(const QString &code, const QString &field)
{
    const std::optional<VatTerritory> territory = VatTerritories::find(code);
    if (territory)
        return *territory;
    ServiceError error = ServiceError::unprocessable(u"unknown_country"_s,
        u"%1: '%2' is not a country code (ISO 3166-1 alpha-2, or XI, EL, IC, EA)"_s.arg(field, code), field);
    const QString suggestion = VatTerritories::suggestion(code);
    if (!suggestion.isEmpty())
        error.setExtra(u"did_you_mean"_s, QJsonObject { { field, suggestion } }); // §7: name -> meant
    return error;
}

VatTerritory placeOf(PlaceOf place, const VatFacts &f)
{
    switch (place) {
    case PlaceOf::Supplier:
        return f.supplier;
    case PlaceOf::Customer:
        return f.customer;
    case PlaceOf::ShipFrom:
        return f.shipFrom;
    case PlaceOf::Location:
        return f.location;
    case PlaceOf::CanaryIslands:
        return *VatTerritories::find(u"IC");
    case PlaceOf::CeutaMelilla:
        break;
    }
    return *VatTerritories::find(u"EA");
}

void addReference(VatDecision &d, const QString &key)
{
    if (!d.references.contains(key))
        d.references << key;
}

void addReason(VatDecision &d, const QString &code, const QString &field, const QString &message)
{
    d.reasons << VatIssue { code, field, message };
}

void addAssumption(VatDecision &d, const QString &field, const QString &message)
{
    d.assumptions << VatIssue { QString(), field, message };
}

QString levelsText(const QList<RateHundredths> &levels)
{
    QStringList parts;
    for (const RateHundredths level : levels)
        parts << formatRate(level);
    return parts.join(u", "_s) + u" %"_s;
}

const VatInvoiceRequirement &supplierVatId()
{
    static const VatInvoiceRequirement r { u"The supplier's VAT identification number"_s,
        u"Die Umsatzsteuer-Identifikationsnummer des leistenden Unternehmers"_s, u"Art. 226(3)"_s };
    return r;
}

const VatInvoiceRequirement &customerVatId()
{
    static const VatInvoiceRequirement r { u"The customer's VAT identification number"_s,
        u"Die Umsatzsteuer-Identifikationsnummer des Leistungsempfängers"_s, u"Art. 226(4)"_s };
    return r;
}

// What Art. 226 (and EN 16931 for the categories it constrains) asks an invoice of each category to show.
QList<VatInvoiceRequirement> requirementsFor(VatCategory category)
{
    switch (category) {
    case VatCategory::S:
        return { supplierVatId(),
            { u"The VAT rate applied and the VAT amount"_s,
                u"Der angewandte Steuersatz und der Steuerbetrag"_s, u"Art. 226(9), (10)"_s } };
    case VatCategory::Z:
        return { supplierVatId(),
            { u"The zero rate (0 %) under the national provision that applies it"_s,
                u"Der Nullsteuersatz (0 %) nach der nationalen Vorschrift, die ihn vorsieht"_s,
                u"Art. 226(9)"_s } };
    case VatCategory::E:
        return { supplierVatId(),
            { u"The mention \"Margin scheme – Travel agents\"; no VAT amount is shown"_s,
                u"Der Hinweis „Sonderregelung für Reisebüros“; kein gesonderter Steuerausweis"_s,
                u"Art. 226(13)"_s } };
    case VatCategory::AE:
        return { supplierVatId(), customerVatId(),
            { u"The mention \"Reverse charge\", without a VAT amount"_s,
                u"Der Hinweis „Steuerschuldnerschaft des Leistungsempfängers“, ohne Steuerbetrag"_s,
                u"Art. 226(11a)"_s } };
    case VatCategory::K:
        return { supplierVatId(), customerVatId(),
            { u"A reference to the exemption: \"Exempt intra-Community supply\""_s,
                u"Ein Hinweis auf die Steuerbefreiung: „Steuerfreie innergemeinschaftliche Lieferung“"_s,
                u"Art. 226(11)"_s },
            { u"The date of delivery (or the invoicing period) and the country the goods are delivered to"_s,
                u"Das Lieferdatum (oder der Abrechnungszeitraum) und das Bestimmungsland der Ware"_s,
                u"EN 16931 BR-IC-11, BR-IC-12"_s } };
    case VatCategory::G:
        return { supplierVatId(),
            { u"A reference to the exemption: \"Exempt export\""_s,
                u"Ein Hinweis auf die Steuerbefreiung: „Steuerfreie Ausfuhrlieferung“"_s,
                u"Art. 226(11)"_s } };
    case VatCategory::O:
        return {
            { u"The reason no EU VAT is charged (exemption reason text, or code VATEX-EU-O), without a VAT "
              "rate"_s,
                u"Der Grund, warum keine EU-Umsatzsteuer berechnet wird (Befreiungstext oder Code "
                u"VATEX-EU-O), "
                "ohne Steuersatz"_s,
                u"EN 16931 BR-O-10"_s },
            { u"No seller or buyer VAT identification number, and no other VAT category on the same invoice"_s,
                u"Keine Umsatzsteuer-Identifikationsnummer von Verkäufer oder Käufer und keine andere "
                "Steuerkategorie auf derselben Rechnung"_s,
                u"EN 16931 BR-O-02 to BR-O-04, BR-O-11 to BR-O-14"_s }
        };
    case VatCategory::L:
        return { { u"An invoice under the Canary Islands' IGIC rules, which are outside the VAT Directive"_s,
            u"Eine Rechnung nach den Regeln der kanarischen IGIC, die außerhalb der MwStSystRL liegen"_s,
            u"Art. 6"_s } };
    case VatCategory::M:
        break;
    }
    return { { u"An invoice under the IPSI rules of Ceuta or Melilla, which are outside the VAT Directive"_s,
        u"Eine Rechnung nach den IPSI-Regeln von Ceuta oder Melilla, die außerhalb der MwStSystRL liegen"_s,
        u"Art. 6"_s } };
}

bool isGoods(const VatDecision &d)
{
    return d.facts.type == SupplyType::Goods;
}

// The customer as the row treats it: goods rows decide on the claim, service rows on the proven status.
bool treatedAsBusiness(const VatDecision &d)
{
    return isGoods(d) ? d.facts.claimedB2b : d.facts.b2b;
}

void checkFacts(VatDecision &d, const VatRulesQuery &q)
{
    const VatRule &rule = *d.rule;
    const VatFacts &f = d.facts;
    if (q.b2b && q.customerVatValid == false) {
        QString consequence;
        if (rule.id == u"GOODS-INTRA-EU-B2B-NO-VAT-ID"_s)
            consequence = u"the Art. 138 exemption needs it, so the goods are taxed where dispatch begins"_s;
        else if (!isGoods(d))
            consequence = u"the supply is treated as one to a consumer (Reg. 282/2011 Art. 18(2))"_s;
        else
            consequence = u"this supply's treatment does not depend on it"_s;
        addReason(d, u"customer_vat_invalid"_s, u"customer_vat_valid"_s,
            u"b2b=true but customer_vat_valid=false: the customer's status as a taxable person is not "
            u"proven; "
            "%1. Check the VAT ID, or other proof of the customer's status."_s.arg(consequence));
        addReference(d, VatIdReference);
    }
    if (!q.b2b && q.customerVatValid == true)
        addReason(d, u"b2c_with_valid_vat_id"_s, u"b2b"_s,
            u"b2b=false but customer_vat_valid=true: a customer with a valid VAT ID is normally a taxable "
            u"person; "
            "treated as a consumer as stated. Check whether it buys for its business."_s);
    if ((rule.flags & RuleFlag::NeedsValidVatId) && !q.customerVatValid.has_value()) {
        addReason(d, u"customer_vat_unverified"_s, u"customer_vat_valid"_s,
            u"This treatment requires the customer's VAT ID (%1) to be valid in VIES, and customer_vat_valid "
            u"was "
            "not given. Check it (eu.vat.check) and keep the consultation number: if it is not valid the "
            "result "
            "changes."_s.arg(f.customer.vatPrefix));
        addAssumption(d, u"customer_vat_valid"_s, u"taken as valid, pending a VIES check"_s);
        addReference(d, VatIdReference);
    }
    if ((rule.flags & RuleFlag::ThresholdDecides) && f.thresholdApplies()) {
        addReference(d, u"Art. 59c"_s);
        if (!q.aboveOssThreshold.has_value()) {
            addReason(d, u"oss_threshold_unknown"_s, u"above_oss_threshold"_s,
                u"Art. 59c: a supplier established in one member state whose distance sales and electronic "
                "services to consumers in other states stayed within EUR 10,000 in the current and the "
                "previous "
                "calendar year taxes them in its own state. above_oss_threshold was not given: taken as "
                "above, so "
                "%1 taxes; below the threshold %2 would."_s.arg(f.customer.code, f.supplier.code));
            addAssumption(d, u"above_oss_threshold"_s, u"taken as true (above EUR 10,000)"_s);
        }
    }
    if ((rule.flags & RuleFlag::LocationDecides) && q.location.isEmpty()) {
        addReason(d, u"location_unknown"_s, u"location"_s,
            u"The place of supply is where this service is physically carried out, and location was not "
            u"given: "
            "taken as the supplier's country, %1."_s.arg(f.supplier.code));
        addAssumption(d, u"location"_s, u"taken as the supplier's country (%1)"_s.arg(f.supplier.code));
    }
    if ((rule.flags & RuleFlag::MemberStateOption) && treatedAsBusiness(d) && d.placeInEu
        && !f.supplier.sameTaxCountry(d.place)) {
        addReason(d, u"member_state_option"_s, QString(),
            u"The supplier is not established in %1: %1 may make the business customer liable instead "
            u"(domestic "
            "reverse charge, Art. 194). Check %1's rules; the result shows the supplier liable."_s.arg(
                d.place.code));
        addReference(d, u"Art. 194"_s);
    }
    if (rule.flags & RuleFlag::AlwaysReview)
        addReason(d, rule.reviewCode, QString(), rule.review);

    QDate from
        = std::max(vatRuleTableFloor(), rule.validFrom.isValid() ? rule.validFrom : vatRuleTableFloor());
    if (f.type == SupplyType::EventAdmission && f.streamed)
        from = std::max(from, QDate(2025, 1, 1));
    if (d.date < from)
        addReason(d, u"date_before_rules"_s, u"date"_s,
            u"The table encodes the rules in force from %1; a supply on %2 may fall under earlier rules."_s
                .arg(from.toString(Qt::ISODate), d.date.toString(Qt::ISODate)));

    if (isGoods(d) && q.shipFrom.isEmpty())
        addAssumption(
            d, u"ship_from"_s, u"the goods leave from the supplier's country (%1)"_s.arg(f.supplier.code));
    if (isGoods(d) && !q.transport.has_value())
        addAssumption(d, u"transport"_s, u"the goods are dispatched or transported to the customer"_s);
    if (!q.dateGiven)
        addAssumption(d, u"date"_s, u"today, %1 (UTC)"_s.arg(d.date.toString(Qt::ISODate)));
}

QString liabilityBasis(const VatDecision &d)
{
    if (d.rule->flags & RuleFlag::UkRates)
        return QString();
    switch (d.category) {
    case VatCategory::S:
    case VatCategory::Z:
    case VatCategory::E:
        return u"Art. 193"_s;
    case VatCategory::AE:
        return u"Art. 196"_s;
    case VatCategory::K:
        return u"Art. 200"_s;
    default:
        return QString();
    }
}

void addReporting(VatDecision &d, const VatRates &rates)
{
    const VatFacts &f = d.facts;
    const QString place = d.place.code;
    const auto hint = [&d](const QString &code, const QString &text, const QString &reference) {
        d.reporting << VatReportingHint { code, text, reference };
        addReference(d, reference);
    };
    switch (d.category) {
    case VatCategory::AE:
        if (f.supplier.inEuForServices())
            hint(u"ec_sales_list"_s,
                u"List the service in the recapitulative statement (EC Sales List) under the customer's VAT ID."_s,
                u"Art. 262"_s);
        hint(u"customer_self_assessment"_s,
            u"The customer declares the VAT in its VAT return in %1 (and deducts it where entitled)."_s.arg(
                place),
            u"Art. 196"_s);
        return;
    case VatCategory::K:
        hint(u"ec_sales_list"_s,
            u"List the supply in the recapitulative statement (EC Sales List) under the customer's VAT ID: a "
            "condition of the exemption."_s,
            u"Art. 262"_s);
        hint(u"vat_return"_s, u"Declare the exempt supply in the supplier's VAT return in %1."_s.arg(place),
            u"Art. 250"_s);
        hint(u"customer_acquisition"_s,
            u"The customer declares an intra-Community acquisition in %1."_s.arg(f.customer.code),
            u"Art. 200"_s);
        return;
    case VatCategory::G:
        hint(u"vat_return"_s,
            u"Declare the exempt export in the supplier's VAT return in %1 and keep the customs proof of exit."_s
                .arg(place),
            u"Art. 250"_s);
        return;
    case VatCategory::O:
        if (d.rule->id.startsWith(u"GOODS-IMPORT"_s)) {
            const VatCountryRates *table = rates.country(f.customer.taxCountry);
            const VatRatePeriod *period = table ? table->inForce(d.date) : nullptr;
            const QString rate
                = period ? u" (standard rate %1 %)"_s.arg(formatRate(period->standard)) : QString();
            hint(u"import_vat"_s,
                u"Import VAT is due when the goods enter %1, at %1's rate%2, from the person %1 designates – "
                "normally the importer of record (the customer, unless delivered duty paid)."_s.arg(
                    f.customer.code, rate),
                u"Art. 201"_s);
            if (!f.claimedB2b)
                hint(u"ioss"_s,
                    u"Consignments up to EUR 150: the supplier may instead charge %1's VAT at the sale "
                    u"through "
                    "the import one-stop shop (IOSS)."_s.arg(f.customer.code),
                    u"Art. 369l"_s);
        }
        return;
    case VatCategory::L:
    case VatCategory::M:
        return;
    case VatCategory::S:
    case VatCategory::Z:
    case VatCategory::E:
        break;
    }
    if (d.rule->flags & RuleFlag::UkRates) {
        hint(u"uk_vat_return"_s, u"Declare in the supplier's United Kingdom VAT return (HMRC)."_s,
            u"Windsor Framework Art. 8"_s);
    } else if (f.supplier.sameTaxCountry(d.place)) {
        hint(u"vat_return"_s, u"Declare in the supplier's VAT return in %1."_s.arg(place), u"Art. 250"_s);
    } else if (!treatedAsBusiness(d) && d.rule->place == PlaceOf::Customer && isGoods(d)) {
        hint(u"oss_union"_s,
            u"Declare through the Union one-stop shop (OSS) of the supplier's state, or register for VAT in %1."_s
                .arg(place),
            u"Art. 369a"_s);
    } else if (!treatedAsBusiness(d) && !isGoods(d)) {
        if (f.supplier.inEuForServices())
            hint(u"oss_union"_s,
                u"Declare through the Union one-stop shop (OSS) of the supplier's state, or register for VAT "
                u"in "
                "%1."_s.arg(place),
                u"Art. 369a"_s);
        else
            hint(u"oss_non_union"_s,
                u"Declare through the non-Union one-stop shop (OSS) in a member state of the supplier's "
                u"choice, "
                "or register for VAT in %1."_s.arg(place),
                u"Art. 358a"_s);
    } else {
        hint(u"local_registration"_s,
            u"The supplier registers for VAT in %1 and declares the supply there, unless %1 makes the "
            u"customer "
            "liable."_s.arg(place),
            u"Art. 214"_s);
    }
}

void addEvidence(VatDecision &d)
{
    const VatRule &rule = *d.rule;
    if (rule.flags & RuleFlag::NeedsValidVatId) {
        d.evidence << u"VIES confirmation that the customer's VAT ID is valid, with its consultation number "
                      "(eu.vat.check: GET /v1/vat?value=...)"_s;
        addReference(d, VatIdReference);
    }
    if (d.category == VatCategory::K) {
        d.evidence << u"Proof of the transport to %1: two non-contradictory documents (CMR note, bill of "
                      "lading, carrier's invoice, insurance ...)"_s.arg(d.facts.customer.code);
        addReference(d, u"Reg. 282/2011 Art. 45a"_s);
    }
    if (d.category == VatCategory::G)
        d.evidence << u"Customs proof that the goods left the EU (export declaration with the exit "
                      "confirmation)"_s;
    if (rule.flags & RuleFlag::CustomerLocationEvidence) {
        if (d.facts.type == SupplyType::Digital) {
            d.evidence << u"Two non-contradictory items of evidence of where the consumer lives (billing "
                          "address, IP address, bank or SIM country ...)"_s;
            addReference(d, u"Reg. 282/2011 Art. 24b"_s);
        } else {
            d.evidence << u"Evidence of where the consumer lives (address, billing country)"_s;
        }
    }
    if (rule.flags & RuleFlag::BusinessStatusEvidence) {
        d.evidence
            << u"Proof that the customer is in business (a certificate of its tax authority, or its VAT "
               "or business registration number)"_s;
        addReference(d, VatIdReference);
    }
    if (rule.flags & RuleFlag::LocationDecides)
        d.evidence << u"A record of where the service is carried out (property address, venue, place of "
                      "hand-over, route)"_s;
}

void addNotes(VatDecision &d, const VatRulesQuery &q)
{
    const VatFacts &f = d.facts;
    const VatRule &rule = *d.rule;
    const auto involved = [&](VatArea area) {
        return f.supplier.area == area || f.customer.area == area || d.place.area == area
            || (isGoods(d) && f.shipFrom.area == area) || (f.locationBased() && f.location.area == area);
    };
    const auto involvedCode = [&](const QString &code) {
        return f.supplier.code == code || f.customer.code == code || (isGoods(d) && f.shipFrom.code == code)
            || (f.locationBased() && f.location.code == code);
    };
    if (involvedCode(u"MC"_s)) {
        d.notes << u"Monaco is treated as France (Art. 7): French VAT and FR VAT IDs apply."_s;
        addReference(d, u"Art. 7"_s);
    }
    if (!isGoods(d) && involved(VatArea::NorthernIreland))
        d.notes << u"For services, Northern Ireland (XI) is part of the United Kingdom, a third country; XI "
                   "counts as EU only for goods."_s;
    if ((involved(VatArea::CanaryIslands) || involved(VatArea::CeutaMelilla)) && d.category != VatCategory::L
        && d.category != VatCategory::M) {
        d.notes
            << u"The Canary Islands (IC), Ceuta and Melilla (EA) are outside the EU VAT territory (Art. 6) "
               "and are treated as third territories."_s;
        addReference(d, u"Art. 6"_s);
    }
    if (d.category == VatCategory::L || d.category == VatCategory::M)
        d.notes << u"The local tax (%1) is outside the VAT Directive; its rates are not in the rates table."_s
                       .arg(d.category == VatCategory::L ? u"IGIC"_s : u"IPSI"_s);
    if (d.category == VatCategory::O && !d.placeInEu && !rule.id.startsWith(u"GOODS-IMPORT"_s))
        d.notes << u"No EU VAT: taxes of %1 itself are outside this operation."_s.arg(d.place.code);
    if (rule.flags & RuleFlag::UkRates)
        d.notes
            << u"United Kingdom VAT law applies to goods moved between Great Britain and Northern Ireland; "
               "the rates are the table's United Kingdom (XI) rates."_s;
    if (rule.id == u"SERVICE-B2B-OUTSIDE-EU"_s || rule.id == u"PROFESSIONAL-B2C-OUTSIDE-EU"_s
        || rule.id == u"SERVICE-B2C-SUPPLIER-OUTSIDE-EU"_s) {
        d.notes << u"A member state may still tax a service used and enjoyed on its territory (Art. 59a)."_s;
        addReference(d, u"Art. 59a"_s);
    }
    if (f.type == SupplyType::PassengerTransport)
        d.notes
            << u"Transport across borders is taxed in each country in proportion to the distance covered "
               "there (Art. 48); location describes transport within one country. Several states exempt or "
               "zero-rate international passenger transport."_s;
    if (f.type == SupplyType::Restaurant)
        d.notes
            << u"Restaurant and catering on board a ship, aircraft or train within the EU is taxed where the "
               "transport departs (Art. 57)."_s;
    if (f.type == SupplyType::TravelPackage)
        d.notes << u"Travel services enjoyed entirely outside the EU are exempt (Art. 309, VATEX-EU-309)."_s;
    if (f.type == SupplyType::Professional && f.b2b)
        d.notes << u"To a business, an Art. 59 service follows the general rule (Art. 44)."_s;
    if (!isGoods(d) && (!q.shipFrom.isEmpty() || q.transport.has_value()))
        d.notes << u"ship_from and transport describe goods only: ignored."_s;
    if (!f.locationBased() && !q.location.isEmpty())
        d.notes << u"location applies to services carried out at a place (property, transport, events, "
                   "restaurants, short-term hire): ignored for %1."_s.arg(supplyTypeName(f.type));
    if (f.type != SupplyType::EventAdmission && q.streamed.has_value())
        d.notes << u"streamed applies to event_admission only: ignored."_s;
}

} // namespace

const QList<VatInvoiceRequirement> &vatInvoiceRequirements(VatCategory category)
{
    static const QList<QList<VatInvoiceRequirement>> all = [] {
        QList<QList<VatInvoiceRequirement>> lists;
        for (int c = 0; c <= int(VatCategory::M); ++c)
            lists << requirementsFor(VatCategory(c));
        return lists;
    }();
    return all.at(int(category));
}

QString rateClassName(RateClass rateClass)
{
    switch (rateClass) {
    case RateClass::Standard:
        return u"standard"_s;
    case RateClass::Reduced:
        return u"reduced"_s;
    case RateClass::SuperReduced:
        return u"super_reduced"_s;
    case RateClass::Parking:
        return u"parking"_s;
    case RateClass::Zero:
        break;
    }
    return u"zero"_s;
}

std::optional<RateClass> rateClassFromName(QStringView name)
{
    for (const RateClass c : { RateClass::Standard, RateClass::Reduced, RateClass::SuperReduced,
             RateClass::Parking, RateClass::Zero }) {
        if (rateClassName(c) == name)
            return c;
    }
    return std::nullopt;
}

QString formatRate(RateHundredths rate)
{
    QString text = QString::number(rate / 100);
    const int cents = rate % 100;
    if (cents != 0) {
        text += QLatin1Char('.');
        text
            += cents % 10 == 0 ? QString::number(cents / 10) : QString::number(cents).rightJustified(2, u'0');
    }
    return text;
}

VatRulesEngine::VatRulesEngine(std::shared_ptr<const VatRates> rates, std::shared_ptr<const VatexCodes> vatex)
    : m_rates(std::move(rates))
    , m_vatex(std::move(vatex))
{ }

Result<VatDecision> VatRulesEngine::decide(const VatRulesQuery &q) const
{
    VatDecision d;
    VatFacts &f = d.facts;
    const Result<VatTerritory> supplier = territoryOf(q.supplier, u"supplier"_s);
    if (!supplier.ok())
        return supplier.error();
    const Result<VatTerritory> customer = territoryOf(q.customer, u"customer"_s);
    if (!customer.ok())
        return customer.error();
    f.supplier = supplier.value();
    f.customer = customer.value();
    f.shipFrom = f.supplier;
    f.location = f.supplier;
    if (!q.shipFrom.isEmpty()) {
        Result<VatTerritory> territory = territoryOf(q.shipFrom, u"ship_from"_s);
        if (!territory.ok())
            return territory.error();
        f.shipFrom = territory.value();
    }
    if (!q.location.isEmpty()) {
        Result<VatTerritory> territory = territoryOf(q.location, u"location"_s);
        if (!territory.ok())
            return territory.error();
        f.location = territory.value();
    }
    if (!q.date.isValid())
        return ServiceError::unprocessable(u"invalid_value"_s, u"date: not a calendar date"_s, u"date"_s);

    f.type = q.type;
    f.claimedB2b = q.b2b;
    f.customerVatValid = q.customerVatValid;
    // Reg. 282/2011 Art. 18(2): without a valid VAT ID the customer's business status is not proven.
    f.b2b = q.b2b && q.customerVatValid != false;
    f.transport = q.transport.value_or(true);
    f.streamed = q.streamed.value_or(false);
    f.aboveThreshold = q.aboveOssThreshold.value_or(true);

    d.rule = matchVatRule(f);
    if (!d.rule) // the table is total (unit.TestVatRules); kept so a gap is an error, never a guess
        return ServiceError::internal(u"no VAT rule matches the request"_s);
    d.place = placeOf(d.rule->place, f);
    d.placeInEu = f.type == SupplyType::Goods ? d.place.inEuForGoods() : d.place.inEuForServices();
    d.category = d.rule->category;
    d.rateClass = q.rateClass;
    d.date = q.date;
    for (const QString &article : d.rule->articles)
        addReference(d, article);

    checkFacts(d, q);
    applyRate(d, q);
    d.liabilityBasis = liabilityBasis(d);
    if (!d.liabilityBasis.isEmpty())
        addReference(d, d.liabilityBasis);
    d.invoiceRequirements = vatInvoiceRequirements(d.category);
    if (d.category != VatCategory::O && d.category != VatCategory::L && d.category != VatCategory::M)
        addReference(d, u"Art. 226"_s);
    addReporting(d, *m_rates);
    addEvidence(d);
    addNotes(d, q);
    return d;
}

void VatRulesEngine::applyRate(VatDecision &d, const VatRulesQuery &q) const
{
    const bool charged = d.category == VatCategory::S || d.category == VatCategory::E;
    if (!charged) {
        if (q.rateClass != RateClass::Standard)
            d.notes << u"rate_class does not apply: no VAT rate is charged on this invoice."_s;
        if (d.category == VatCategory::AE || d.category == VatCategory::K || d.category == VatCategory::G)
            d.invoiceRate = 0; // EN 16931: these categories carry the rate 0
        return;
    }
    const QString iso = (d.rule->flags & RuleFlag::UkRates) ? u"XI"_s : d.place.taxCountry;
    const VatCountryRates *table = m_rates->country(iso);
    const VatRatePeriod *period = table ? table->inForce(d.date) : nullptr;
    if (!period) {
        addReason(d, u"rate_unavailable"_s, QString(),
            u"The rates table has no rate of %1 for %2."_s.arg(iso, d.date.toString(Qt::ISODate)));
        return;
    }
    VatAppliedRate applied { table, period, {} };
    switch (q.rateClass) {
    case RateClass::Standard:
        applied.levels = { period->standard };
        break;
    case RateClass::Reduced:
        applied.levels = period->reduced;
        break;
    case RateClass::SuperReduced:
        if (period->superReduced)
            applied.levels = { *period->superReduced };
        break;
    case RateClass::Parking:
        if (period->parking)
            applied.levels = { *period->parking };
        break;
    case RateClass::Zero:
        applied.levels = { 0 };
        break;
    }
    d.rate = applied; // its period's note travels with it (rate.note)
    if (d.date > m_rates->asOf())
        d.notes << u"The rates table is as of %1; a change after that date is not known to it."_s.arg(
            m_rates->asOf().toString(Qt::ISODate));

    if (d.category == VatCategory::E) {
        d.invoiceRate = 0; // the margin is taxed at the rate below, but no VAT is shown (Art. 226(13))
        return;
    }
    const QString className = rateClassName(q.rateClass).replace(u'_', u'-');
    if (q.rateClass == RateClass::Zero) {
        d.category = VatCategory::Z;
        d.invoiceRate = 0;
        addReason(d, u"zero_rate_unverified"_s, u"rate_class"_s,
            u"The rates table lists no zero rates: use category Z only where %1's law zero-rates these goods "
            "or services."_s.arg(iso));
    } else if (applied.levels.size() == 1) {
        d.invoiceRate = applied.levels.first();
    } else if (applied.levels.isEmpty()) {
        addReason(d, u"rate_class_unavailable"_s, u"rate_class"_s,
            u"%1 has no %2 rate on %3."_s.arg(iso, className, d.date.toString(Qt::ISODate)));
    } else {
        addReason(d, u"rate_level_ambiguous"_s, u"rate_class"_s,
            u"%1 has several %2 rates (%3): the goods or services decide which applies."_s.arg(
                iso, className, levelsText(applied.levels)));
    }
}

} // namespace ades::eu
