#pragma once

#include "VatTerritory.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <optional>

namespace ades::eu {

// What is supplied; each kind the Directive gives its own place-of-supply rule (docs/vat-rules.md, "Types").
enum class SupplyType
{
    Service, // any service without a special rule: Art. 44 (B2B), Art. 45 (B2C)
    Professional, // a service listed in Art. 59 (consultancy, legal, accounting, advertising, data ...)
    Digital, // telecommunications, broadcasting, electronically supplied services: Art. 58
    Goods, // Art. 31–33, 138, 146
    ImmovableProperty, // Art. 47
    PassengerTransport, // Art. 48
    EventAdmission, // Art. 53 (B2B), Art. 54(1) (B2C); streamed attendance since 2025: Art. 44 / 54(1)
    Restaurant, // restaurant and catering: Art. 55
    ShortTermHire, // means of transport up to 30 days (vessels 90): Art. 56(1)
    LongTermHire, // means of transport, longer: Art. 44 (B2B), Art. 56(2) (B2C)
    TravelPackage, // travel agent's package in its own name: margin scheme, Art. 306–310
};

QString supplyTypeName(SupplyType type);
std::optional<SupplyType> supplyTypeFromName(QStringView name);
const QList<SupplyType> &allSupplyTypes();

// EN 16931 VAT category code (BT-151; UNCL5305 subset).
enum class VatCategory
{
    S,
    Z,
    E,
    AE,
    K,
    G,
    O,
    L,
    M,
};

QString vatCategoryCode(VatCategory category);

// Who owes the VAT on the supply.
enum class Liable
{
    Supplier,
    Customer, // reverse charge (Art. 196) or the customer's own intra-Community acquisition (Art. 200)
    None, // no EU VAT on this supply (exempt with nothing to self-assess, or outside the scope)
};

QString liableName(Liable liable);

// Whose country is the place of supply under a row.
enum class PlaceOf
{
    Supplier,
    Customer,
    ShipFrom, // where the goods are when dispatch or transport begins, or where they are handed over
    Location, // where the service is physically carried out (property, venue, restaurant, vehicle, route)
    CanaryIslands,
    CeutaMelilla,
};

// The facts one row is decided on, derived from the request by VatRulesEngine.
struct VatFacts
{
    SupplyType type = SupplyType::Service;
    bool b2b = true; // as treated: claimed, and not contradicted by customer_vat_valid=false
    bool claimedB2b = true; // as the caller said
    std::optional<bool> customerVatValid;
    bool transport = true; // goods: dispatched or transported (as given, or the default)
    bool streamed = false; // event admission attended virtually
    bool aboveThreshold = true; // above_oss_threshold as given, or true when not given (stated)
    VatTerritory supplier;
    VatTerritory customer;
    VatTerritory shipFrom; // goods; the supplier's territory unless given
    VatTerritory location; // location-bound services; the supplier's territory unless given

    // Services whose B2B place is the general rule of Art. 44.
    bool generalRule() const;
    // Services whose place is where they are physically carried out (Art. 47, 48, 53, 54(1), 55, 56(1)).
    bool locationBased() const;
    // Art. 59c can keep the place in the supplier's state: a B2C distance sale dispatched from the state the
    // supplier is established in, or an electronic service by an EU supplier, to a consumer in another state.
    bool thresholdApplies() const;
};

namespace RuleFlag {
enum : unsigned
{
    NeedsValidVatId
    = 1u << 0, // rests on the customer's VIES-valid VAT ID (Art. 138(1)(b); Reg. 282/2011 Art. 18)
    ThresholdDecides = 1u << 1, // Art. 59c: above or below the EUR 10,000 threshold
    LocationDecides = 1u << 2, // the place is `location`
    MemberStateOption = 1u << 3, // B2B by a supplier not established there: Art. 194 may reverse-charge it
    AlwaysReview = 1u << 4, // the table alone cannot settle it: see reviewCode/review
    UkRates = 1u << 5, // Great Britain <-> Northern Ireland goods: United Kingdom VAT (the table's XI rates)
    CustomerLocationEvidence = 1u << 6, // B2C taxed where the consumer lives: two items of evidence
    BusinessStatusEvidence = 1u << 7, // B2B outside the EU: proof the customer is in business
};
}

// One row of the decision table: when it applies (a predicate over the facts), the place of supply, the
// EN 16931 category, who is liable, the VATEX code and the invoice wording, and the legal references.
// docs/vat-rules.md lists every row.
struct VatRule
{
    QString id; // stable: "SERVICE-B2B-REVERSE-CHARGE"
    QString title; // English, one line
    // Legal reference keys this row applies (vatLegalReference()); the first is the one that fixes the place
    // of supply ("Art. 44", then "Art. 196" for the liability).
    QStringList articles;
    bool (*applies)(const VatFacts &) = nullptr;
    PlaceOf place = PlaceOf::Supplier;
    VatCategory category = VatCategory::S;
    Liable liable = Liable::Supplier;
    QString vatex; // BT-121, empty when the category takes none
    QString wordingEn; // the invoice mention (BT-120 for exempt categories); empty when none is required
    QString wordingDe;
    unsigned flags = 0;
    QDate validFrom; // first day the rule applies as encoded; invalid: the table's floor
    QString reviewCode; // AlwaysReview
    QString review;
};

// The rows in the order they are tried; the first that applies decides. Total: every combination of facts
// matches one row (tests/unit/TestVatRules checks it over all types and territory kinds).
const QList<VatRule> &vatRuleTable();
const VatRule *matchVatRule(const VatFacts &facts);
const VatRule *vatRule(QStringView id);

// The first day of the law the table encodes: the e-commerce package (OSS, the EUR 10,000 threshold,
// 1 July 2021), after the United Kingdom left the EU VAT area (1 January 2021).
QDate vatRuleTableFloor();

struct VatLegalReference
{
    QString key; // "Art. 44", "Reg. 282/2011 Art. 18"
    QString act; // "Council Directive 2006/112/EC"
    QString article; // "Art. 44"
    QString subject; // what it says, in our words
};

// The reference of a key, or nullptr.
const VatLegalReference *vatLegalReference(QStringView key);
// Every key vatLegalReference() knows.
QStringList vatLegalReferenceKeys();

} // namespace ades::eu
