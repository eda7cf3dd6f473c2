#include "VatRuleTable.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QString Directive = u"Council Directive 2006/112/EC"_s;
const QString Regulation = u"Council Implementing Regulation (EU) No 282/2011"_s;
const QString Windsor = u"Windsor Framework (Protocol on Ireland/Northern Ireland)"_s;

// Invoice mentions (Art. 226(11), (11a), (13); German: §§ 14a UStG wording). The article in brackets is
// the one the row applies, so the reader of the invoice finds the rule.
QString notSubjectEn(const QString &why, const QString &article)
{
    return u"Not subject to EU VAT – %1 (%2 Directive 2006/112/EC)"_s.arg(why, article);
}

QString notSubjectDe(const QString &why, const QString &article)
{
    return u"Nicht steuerbar – %1 (%2 MwStSystRL)"_s.arg(why, article);
}

const QString ServicesOutsideEn = u"place of supply outside the EU"_s;
const QString ServicesOutsideDe = u"Leistungsort außerhalb der EU"_s;
const QString GoodsOutsideEn = u"goods supplied outside the EU"_s;
const QString GoodsOutsideDe = u"Lieferort außerhalb der EU"_s;
const QString ReverseChargeEn
    = u"Reverse charge – VAT to be accounted for by the customer (Art. 196 Directive 2006/112/EC)"_s;
const QString ReverseChargeDe = u"Steuerschuldnerschaft des Leistungsempfängers (Art. 196 MwStSystRL)"_s;
const QString IntraCommunityEn = u"Exempt intra-Community supply (Art. 138 Directive 2006/112/EC)"_s;
const QString IntraCommunityDe = u"Steuerfreie innergemeinschaftliche Lieferung (Art. 138 MwStSystRL)"_s;
const QString ExportEn = u"Exempt export outside the EU (Art. 146 Directive 2006/112/EC)"_s;
const QString ExportDe = u"Steuerfreie Ausfuhrlieferung (Art. 146 MwStSystRL)"_s;
const QString TravelEn = u"Margin scheme – Travel agents (Art. 306–310 Directive 2006/112/EC)"_s;
const QString TravelDe = u"Sonderregelung für Reisebüros (Art. 306–310 MwStSystRL)"_s;
const QString ImportEn = u"Not subject to EU VAT – goods dispatched from outside the EU (Art. 32 Directive "
                         "2006/112/EC); import VAT is due on importation (Art. 30, 70)"_s;
const QString ImportDe = u"Nicht steuerbar – Lieferung aus dem Drittland (Art. 32 MwStSystRL); "
                         "Einfuhrumsatzsteuer bei der Einfuhr (Art. 30, 70)"_s;

bool isGoods(const VatFacts &f)
{
    return f.type == SupplyType::Goods;
}

bool inArea(const VatTerritory &t, VatArea area)
{
    return t.area == area;
}

// The local tax territories outside the EU VAT territory (Art. 6): the supply is made there.
bool localTo(const VatFacts &f, VatArea area)
{
    if (isGoods(f))
        return inArea(f.shipFrom, area) && (!f.transport || inArea(f.customer, area));
    if (f.locationBased())
        return inArea(f.location, area);
    return inArea(f.supplier, area) && inArea(f.customer, area);
}

bool transported(const VatFacts &f)
{
    return isGoods(f) && f.transport;
}

// Goods between Great Britain and Northern Ireland: inside the United Kingdom, not EU trade.
bool ukInternal(const VatFacts &f)
{
    const QString from = f.shipFrom.code;
    const QString to = f.customer.code;
    return transported(f) && ((from == u"GB"_s && to == u"XI"_s) || (from == u"XI"_s && to == u"GB"_s));
}

bool crossBorderEu(const VatFacts &f)
{
    return transported(f) && f.shipFrom.inEuForGoods() && f.customer.inEuForGoods()
        && !f.shipFrom.sameTaxCountry(f.customer);
}

bool customerInEu(const VatFacts &f)
{
    return f.customer.inEuForServices();
}

bool locationInEu(const VatFacts &f)
{
    return f.location.inEuForServices();
}

bool isEventOnSite(const VatFacts &f)
{
    return f.type == SupplyType::EventAdmission && !f.streamed;
}

bool isEventStreamed(const VatFacts &f)
{
    return f.type == SupplyType::EventAdmission && f.streamed;
}

bool isGeneralB2c(const VatFacts &f)
{
    return !f.b2b && (f.type == SupplyType::Service || f.type == SupplyType::Professional);
}

QList<VatRule> buildTable()
{
    using F = const VatFacts &;
    const unsigned needsVatId = RuleFlag::NeedsValidVatId;
    const unsigned threshold = RuleFlag::ThresholdDecides;
    const unsigned atLocation = RuleFlag::LocationDecides;
    const unsigned option = RuleFlag::MemberStateOption;
    const unsigned consumerEvidence = RuleFlag::CustomerLocationEvidence;
    // Directive (EU) 2022/542: from 2025 virtual attendance is taxed where the consumer is.
    const QDate streamedFrom(2025, 1, 1);
    const QString o = u"VATEX-EU-O"_s;

    return {
        // --- Local taxes outside the EU VAT territory (Art. 6) ---
        { .id = u"IGIC-LOCAL"_s,
            .title = u"Supply made in the Canary Islands: IGIC, outside the EU VAT territory"_s,
            .articles = { u"Art. 6"_s },
            .applies = [](F f) { return localTo(f, VatArea::CanaryIslands); },
            .place = PlaceOf::CanaryIslands,
            .category = VatCategory::L },
        { .id = u"IPSI-LOCAL"_s,
            .title = u"Supply made in Ceuta or Melilla: IPSI, outside the EU VAT territory"_s,
            .articles = { u"Art. 6"_s },
            .applies = [](F f) { return localTo(f, VatArea::CeutaMelilla); },
            .place = PlaceOf::CeutaMelilla,
            .category = VatCategory::M },

        // --- Goods ---
        { .id = u"GOODS-NO-TRANSPORT"_s,
            .title = u"Goods not dispatched or transported: taxed where they are when supplied"_s,
            .articles = { u"Art. 31"_s },
            .applies = [](F f) { return isGoods(f) && !f.transport && f.shipFrom.inEuForGoods(); },
            .place = PlaceOf::ShipFrom,
            .flags = option },
        { .id = u"GOODS-NO-TRANSPORT-OUTSIDE-EU"_s,
            .title = u"Goods not dispatched or transported, located outside the EU"_s,
            .articles = { u"Art. 31"_s },
            .applies = [](F f) { return isGoods(f) && !f.transport; },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(GoodsOutsideEn, u"Art. 31"_s),
            .wordingDe = notSubjectDe(GoodsOutsideDe, u"Art. 31"_s) },
        { .id = u"GOODS-UK-INTERNAL"_s,
            .title
            = u"Goods between Great Britain and Northern Ireland: United Kingdom VAT, neither export nor "
              "intra-Community supply"_s,
            .articles = { u"Windsor Framework Art. 8"_s },
            .applies = [](F f) { return ukInternal(f); },
            .place = PlaceOf::ShipFrom,
            .flags = RuleFlag::UkRates },
        { .id = u"GOODS-DOMESTIC"_s,
            .title
            = u"Goods dispatched within one state (or Northern Ireland): taxed where dispatch begins"_s,
            .articles = { u"Art. 32"_s },
            .applies =
                [](F f) {
                    return transported(f) && f.shipFrom.inEuForGoods()
                        && f.shipFrom.sameTaxCountry(f.customer);
                },
            .place = PlaceOf::ShipFrom,
            .flags = option },
        { .id = u"GOODS-INTRA-EU-B2B"_s,
            .title = u"Intra-Community supply of goods to a business with a VAT ID of another state: exempt; "
                     "the customer taxes the acquisition"_s,
            .articles = { u"Art. 32"_s, u"Art. 138"_s, u"Art. 20"_s, u"Art. 40"_s },
            .applies = [](F f) { return crossBorderEu(f) && f.claimedB2b && f.customerVatValid != false; },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::K,
            .liable = Liable::Customer,
            .vatex = u"VATEX-EU-IC"_s,
            .wordingEn = IntraCommunityEn,
            .wordingDe = IntraCommunityDe,
            .flags = needsVatId },
        { .id = u"GOODS-INTRA-EU-B2B-NO-VAT-ID"_s,
            .title
            = u"Goods to a business in another state without a valid VAT ID: the Art. 138 exemption is "
              "not available; taxed where dispatch begins"_s,
            .articles = { u"Art. 32"_s, u"Art. 138"_s },
            .applies = [](F f) { return crossBorderEu(f) && f.claimedB2b; },
            .place = PlaceOf::ShipFrom },
        { .id = u"GOODS-DISTANCE-SALE-BELOW-THRESHOLD"_s,
            .title = u"Intra-Community distance sale to a consumer, supplier below the EUR 10,000 EU-wide "
                     "threshold: taxed where dispatch begins"_s,
            .articles = { u"Art. 59c"_s, u"Art. 33"_s },
            .applies = [](F f) { return crossBorderEu(f) && f.thresholdApplies() && !f.aboveThreshold; },
            .place = PlaceOf::ShipFrom,
            .flags = threshold },
        { .id = u"GOODS-DISTANCE-SALE"_s,
            .title = u"Intra-Community distance sale to a consumer: taxed where the goods arrive"_s,
            .articles = { u"Art. 33"_s },
            .applies = [](F f) { return crossBorderEu(f); },
            .place = PlaceOf::Customer,
            .flags = threshold },
        { .id = u"GOODS-EXPORT"_s,
            .title = u"Goods dispatched from the EU to a place outside it: exempt export"_s,
            .articles = { u"Art. 32"_s, u"Art. 146"_s },
            .applies
            = [](F f) { return transported(f) && f.shipFrom.inEuForGoods() && !f.customer.inEuForGoods(); },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::G,
            .liable = Liable::None,
            .vatex = u"VATEX-EU-G"_s,
            .wordingEn = ExportEn,
            .wordingDe = ExportDe },
        { .id = u"GOODS-IMPORT-B2B"_s,
            .title = u"Goods dispatched from outside the EU to a business in it: the supply is outside the "
                     "EU; import VAT is due on importation"_s,
            .articles = { u"Art. 32"_s, u"Art. 30"_s, u"Art. 70"_s, u"Art. 201"_s },
            .applies = [](F f) { return transported(f) && f.customer.inEuForGoods() && f.claimedB2b; },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = ImportEn,
            .wordingDe = ImportDe },
        { .id = u"GOODS-IMPORT-B2C"_s,
            .title = u"Goods dispatched from outside the EU to a consumer in it: import VAT on importation, "
                     "or the customer's state's VAT through the import scheme (IOSS)"_s,
            .articles
            = { u"Art. 32"_s, u"Art. 30"_s, u"Art. 70"_s, u"Art. 201"_s, u"Art. 33"_s, u"Art. 369l"_s },
            .applies = [](F f) { return transported(f) && f.customer.inEuForGoods(); },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = ImportEn,
            .wordingDe = ImportDe,
            .flags = RuleFlag::AlwaysReview,
            .reviewCode = u"import_scheme_unknown"_s,
            .review
            = u"Distance sale of imported goods: with the import one-stop shop (IOSS, consignments up to "
              "EUR 150) the supplier charges the customer's state's VAT at the sale instead (Art. 33(c), "
              "369l); without it import VAT is due when the goods enter the EU."_s },
        { .id = u"GOODS-OUTSIDE-EU"_s,
            .title = u"Goods dispatched between places outside the EU"_s,
            .articles = { u"Art. 32"_s },
            .applies = [](F f) { return transported(f); },
            .place = PlaceOf::ShipFrom,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(GoodsOutsideEn, u"Art. 32"_s),
            .wordingDe = notSubjectDe(GoodsOutsideDe, u"Art. 32"_s) },

        // --- Services under the general rule for businesses (Art. 44) ---
        { .id = u"SERVICE-B2B-DOMESTIC"_s,
            .title = u"Service to a business in the supplier's own state: taxed there"_s,
            .articles = { u"Art. 44"_s },
            .applies =
                [](F f) {
                    return f.generalRule() && f.b2b && customerInEu(f)
                        && f.supplier.sameTaxCountry(f.customer);
                },
            .place = PlaceOf::Customer },
        { .id = u"SERVICE-B2B-REVERSE-CHARGE"_s,
            .title = u"Service to a business in another member state: the customer accounts for the VAT "
                     "(reverse charge)"_s,
            .articles = { u"Art. 44"_s, u"Art. 196"_s },
            .applies = [](F f) { return f.generalRule() && f.b2b && customerInEu(f); },
            .place = PlaceOf::Customer,
            .category = VatCategory::AE,
            .liable = Liable::Customer,
            .vatex = u"VATEX-EU-AE"_s,
            .wordingEn = ReverseChargeEn,
            .wordingDe = ReverseChargeDe,
            .flags = needsVatId },
        { .id = u"SERVICE-B2B-OUTSIDE-EU"_s,
            .title = u"Service to a business outside the EU: not subject to EU VAT"_s,
            .articles = { u"Art. 44"_s },
            .applies = [](F f) { return f.generalRule() && f.b2b; },
            .place = PlaceOf::Customer,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 44"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 44"_s),
            .flags = RuleFlag::BusinessStatusEvidence },

        // --- Services to consumers taxed where the consumer is ---
        { .id = u"DIGITAL-B2C-OUTSIDE-EU"_s,
            .title = u"Electronic, telecommunications or broadcasting service to a consumer outside the EU"_s,
            .articles = { u"Art. 58"_s },
            .applies = [](F f) { return f.type == SupplyType::Digital && !f.b2b && !customerInEu(f); },
            .place = PlaceOf::Customer,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 58"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 58"_s),
            .flags = consumerEvidence },
        { .id = u"DIGITAL-B2C-BELOW-THRESHOLD"_s,
            .title = u"Electronic service to a consumer in another state, supplier below the EUR 10,000 "
                     "EU-wide threshold: taxed in the supplier's state"_s,
            .articles = { u"Art. 59c"_s, u"Art. 58"_s },
            .applies =
                [](F f) {
                    return f.type == SupplyType::Digital && !f.b2b && f.thresholdApplies()
                        && !f.aboveThreshold;
                },
            .place = PlaceOf::Supplier,
            .flags = threshold },
        { .id = u"DIGITAL-B2C"_s,
            .title = u"Electronic, telecommunications or broadcasting service to a consumer in the EU: taxed "
                     "where the consumer lives"_s,
            .articles = { u"Art. 58"_s },
            .applies = [](F f) { return f.type == SupplyType::Digital && !f.b2b; },
            .place = PlaceOf::Customer,
            .flags = threshold | consumerEvidence },
        { .id = u"HIRE-LONG-B2C-OUTSIDE-EU"_s,
            .title = u"Long-term hire of a means of transport to a consumer outside the EU"_s,
            .articles = { u"Art. 56(2)"_s },
            .applies = [](F f) { return f.type == SupplyType::LongTermHire && !f.b2b && !customerInEu(f); },
            .place = PlaceOf::Customer,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 56(2)"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 56(2)"_s) },
        { .id = u"HIRE-LONG-B2C"_s,
            .title = u"Long-term hire of a means of transport to a consumer in the EU: taxed where the "
                     "consumer lives"_s,
            .articles = { u"Art. 56(2)"_s },
            .applies = [](F f) { return f.type == SupplyType::LongTermHire && !f.b2b; },
            .place = PlaceOf::Customer,
            .flags = consumerEvidence },
        { .id = u"EVENT-STREAMED-B2C-OUTSIDE-EU"_s,
            .title = u"Streamed (virtual) event to a consumer outside the EU"_s,
            .articles = { u"Art. 54(1)"_s },
            .applies = [](F f) { return isEventStreamed(f) && !f.b2b && !customerInEu(f); },
            .place = PlaceOf::Customer,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 54(1)"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 54(1)"_s),
            .validFrom = streamedFrom },
        { .id = u"EVENT-STREAMED-B2C"_s,
            .title = u"Streamed (virtual) event to a consumer in the EU: taxed where the consumer lives"_s,
            .articles = { u"Art. 54(1)"_s },
            .applies = [](F f) { return isEventStreamed(f) && !f.b2b; },
            .place = PlaceOf::Customer,
            .flags = consumerEvidence,
            .validFrom = streamedFrom },
        { .id = u"PROFESSIONAL-B2C-OUTSIDE-EU"_s,
            .title = u"Art. 59 service (consultancy, legal, advertising, data processing ...) to a consumer "
                     "outside the EU"_s,
            .articles = { u"Art. 59"_s },
            .applies = [](F f) { return f.type == SupplyType::Professional && !f.b2b && !customerInEu(f); },
            .place = PlaceOf::Customer,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 59"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 59"_s) },

        // --- Services to consumers under the general rule (Art. 45) ---
        { .id = u"SERVICE-B2C"_s,
            .title = u"Service to a consumer: taxed where the supplier is established"_s,
            .articles = { u"Art. 45"_s },
            .applies = [](F f) { return isGeneralB2c(f) && f.supplier.inEuForServices(); },
            .place = PlaceOf::Supplier },
        { .id = u"SERVICE-B2C-SUPPLIER-OUTSIDE-EU"_s,
            .title = u"Service to a consumer by a supplier established outside the EU"_s,
            .articles = { u"Art. 45"_s },
            .applies = [](F f) { return isGeneralB2c(f); },
            .place = PlaceOf::Supplier,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 45"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 45"_s) },

        // --- Services taxed where they are physically carried out ---
        { .id = u"PROPERTY"_s,
            .title = u"Service connected with immovable property in the EU: taxed where the property is"_s,
            .articles = { u"Art. 47"_s },
            .applies = [](F f) { return f.type == SupplyType::ImmovableProperty && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation | option },
        { .id = u"PROPERTY-OUTSIDE-EU"_s,
            .title = u"Service connected with immovable property outside the EU"_s,
            .articles = { u"Art. 47"_s },
            .applies = [](F f) { return f.type == SupplyType::ImmovableProperty; },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 47"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 47"_s),
            .flags = atLocation },
        { .id = u"PASSENGER-TRANSPORT"_s,
            .title = u"Passenger transport in the EU: taxed where the transport takes place"_s,
            .articles = { u"Art. 48"_s },
            .applies = [](F f) { return f.type == SupplyType::PassengerTransport && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation | option },
        { .id = u"PASSENGER-TRANSPORT-OUTSIDE-EU"_s,
            .title = u"Passenger transport outside the EU"_s,
            .articles = { u"Art. 48"_s },
            .applies = [](F f) { return f.type == SupplyType::PassengerTransport; },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 48"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 48"_s),
            .flags = atLocation },
        { .id = u"EVENT-ADMISSION-B2B"_s,
            .title
            = u"Admission to an event in the EU, sold to a business: taxed where the event takes place"_s,
            .articles = { u"Art. 53"_s },
            .applies = [](F f) { return isEventOnSite(f) && f.b2b && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation | option },
        { .id = u"EVENT-ADMISSION-B2C"_s,
            .title
            = u"Admission to an event in the EU, sold to a consumer: taxed where the event takes place"_s,
            .articles = { u"Art. 54(1)"_s },
            .applies = [](F f) { return isEventOnSite(f) && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation },
        { .id = u"EVENT-ADMISSION-B2B-OUTSIDE-EU"_s,
            .title = u"Admission to an event outside the EU, sold to a business"_s,
            .articles = { u"Art. 53"_s },
            .applies = [](F f) { return isEventOnSite(f) && f.b2b; },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 53"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 53"_s),
            .flags = atLocation },
        { .id = u"EVENT-ADMISSION-B2C-OUTSIDE-EU"_s,
            .title = u"Admission to an event outside the EU, sold to a consumer"_s,
            .articles = { u"Art. 54(1)"_s },
            .applies = [](F f) { return isEventOnSite(f); },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 54(1)"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 54(1)"_s),
            .flags = atLocation },
        { .id = u"RESTAURANT"_s,
            .title = u"Restaurant or catering service in the EU: taxed where it is carried out"_s,
            .articles = { u"Art. 55"_s },
            .applies = [](F f) { return f.type == SupplyType::Restaurant && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation | option },
        { .id = u"RESTAURANT-OUTSIDE-EU"_s,
            .title = u"Restaurant or catering service outside the EU"_s,
            .articles = { u"Art. 55"_s },
            .applies = [](F f) { return f.type == SupplyType::Restaurant; },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 55"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 55"_s),
            .flags = atLocation },
        { .id = u"HIRE-SHORT"_s,
            .title = u"Short-term hire of a means of transport handed over in the EU: taxed there"_s,
            .articles = { u"Art. 56(1)"_s },
            .applies = [](F f) { return f.type == SupplyType::ShortTermHire && locationInEu(f); },
            .place = PlaceOf::Location,
            .flags = atLocation | option },
        { .id = u"HIRE-SHORT-OUTSIDE-EU"_s,
            .title = u"Short-term hire of a means of transport handed over outside the EU"_s,
            .articles = { u"Art. 56(1)"_s },
            .applies = [](F f) { return f.type == SupplyType::ShortTermHire; },
            .place = PlaceOf::Location,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 56(1)"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 56(1)"_s),
            .flags = atLocation },

        // --- Travel agents ---
        { .id = u"TRAVEL-MARGIN-SCHEME"_s,
            .title
            = u"Travel package of an EU travel agent: margin scheme, taxed where the agent is established"_s,
            .articles = { u"Art. 307"_s, u"Art. 306"_s, u"Art. 308"_s },
            .applies
            = [](F f) { return f.type == SupplyType::TravelPackage && f.supplier.inEuForServices(); },
            .place = PlaceOf::Supplier,
            .category = VatCategory::E,
            .vatex = u"VATEX-EU-D"_s,
            .wordingEn = TravelEn,
            .wordingDe = TravelDe },
        { .id = u"TRAVEL-AGENT-OUTSIDE-EU"_s,
            .title
            = u"Travel package of an agent established outside the EU: the margin scheme does not apply"_s,
            .articles = { u"Art. 307"_s },
            .applies = [](F f) { return f.type == SupplyType::TravelPackage; },
            .place = PlaceOf::Supplier,
            .category = VatCategory::O,
            .liable = Liable::None,
            .vatex = o,
            .wordingEn = notSubjectEn(ServicesOutsideEn, u"Art. 307"_s),
            .wordingDe = notSubjectDe(ServicesOutsideDe, u"Art. 307"_s),
            .flags = RuleFlag::AlwaysReview,
            .reviewCode = u"travel_agent_outside_eu"_s,
            .review
            = u"The margin scheme applies only to travel agents established in the EU (Art. 307): each "
              "service in the package (accommodation Art. 47, passenger transport Art. 48, ...) is "
              "taxed under its own rule."_s },
    };
}

QHash<QString, VatLegalReference> buildReferences()
{
    const auto d = [](const QString &article, const QString &subject) {
        return VatLegalReference { article, Directive, article, subject };
    };
    const auto r = [](const QString &article, const QString &subject) {
        return VatLegalReference { u"Reg. 282/2011 "_s + article, Regulation, article, subject };
    };
    QHash<QString, VatLegalReference> all;
    for (const VatLegalReference &ref :
        {
            d(u"Art. 6"_s,
                u"Territories outside the EU VAT territory: among them the Canary Islands, Ceuta and Melilla"_s),
            d(u"Art. 7"_s, u"Monaco is treated as part of France"_s),
            d(u"Art. 20"_s, u"Intra-Community acquisition of goods"_s),
            d(u"Art. 30"_s, u"Importation of goods into the EU"_s),
            d(u"Art. 31"_s,
                u"Goods not dispatched or transported: supplied where they are at the time of supply"_s),
            d(u"Art. 32"_s,
                u"Goods dispatched or transported: supplied where dispatch or transport begins"_s),
            d(u"Art. 33"_s,
                u"Distance sales of goods to consumers: supplied where dispatch or transport ends; (c) "
                u"imported "
                "goods declared under the import scheme"_s),
            d(u"Art. 40"_s, u"Intra-Community acquisition: made where dispatch or transport ends"_s),
            d(u"Art. 44"_s, u"Services to a taxable person: supplied where the customer is established"_s),
            d(u"Art. 45"_s,
                u"Services to a non-taxable person: supplied where the supplier is established"_s),
            d(u"Art. 47"_s, u"Services connected with immovable property: supplied where the property is"_s),
            d(u"Art. 48"_s,
                u"Passenger transport: supplied where the transport takes place, in proportion to the "
                u"distances "
                "covered"_s),
            d(u"Art. 53"_s,
                u"Admission to events, for a taxable person: supplied where the event takes place"_s),
            d(u"Art. 54(1)"_s,
                u"Cultural, artistic, sporting, scientific, educational and entertainment activities for a "
                "non-taxable person: where they physically take place; attended virtually: where the "
                "customer "
                "lives (since 1 January 2025)"_s),
            d(u"Art. 55"_s,
                u"Restaurant and catering services: supplied where they are physically carried out"_s),
            d(u"Art. 56(1)"_s,
                u"Short-term hire of a means of transport (30 days, vessels 90): supplied where it is put at "
                "the customer's disposal"_s),
            d(u"Art. 56(2)"_s,
                u"Other hire of a means of transport to a non-taxable person: supplied where the customer "
                "lives"_s),
            d(u"Art. 58"_s,
                u"Telecommunications, broadcasting and electronically supplied services to a non-taxable "
                "person: supplied where the customer lives"_s),
            d(u"Art. 59"_s,
                u"Listed services (rights, advertising, consultancy, legal, accounting, data processing, "
                "financial, staff ...) to a non-taxable person outside the EU: supplied where the customer "
                "lives"_s),
            d(u"Art. 59a"_s,
                u"Use and enjoyment: a member state may move the place of supply to where a service is "
                "used"_s),
            d(u"Art. 59c"_s,
                u"EUR 10,000 EU-wide threshold of a supplier established in one state, for distance sales "
                u"and "
                "electronic services to consumers: below it the supplier's state remains the place of "
                "supply"_s),
            d(u"Art. 70"_s, u"Import VAT becomes chargeable when the goods are imported"_s),
            d(u"Art. 138"_s,
                u"Exemption of goods dispatched to another member state for a taxable person with a VAT ID "
                "of a state other than the one of dispatch, listed in the recapitulative statement"_s),
            d(u"Art. 146"_s, u"Exemption of goods dispatched or transported to a place outside the EU"_s),
            d(u"Art. 193"_s, u"The supplier is liable for the VAT"_s),
            d(u"Art. 194"_s,
                u"A member state may make the customer liable when the supplier is not established there"_s),
            d(u"Art. 196"_s,
                u"Reverse charge: the customer is liable for a service taxed under Art. 44 by a supplier not "
                "established in its state"_s),
            d(u"Art. 200"_s, u"The customer is liable for the VAT on its intra-Community acquisition"_s),
            d(u"Art. 201"_s, u"Import VAT is payable by the person the member state of import designates"_s),
            d(u"Art. 214"_s, u"VAT identification of taxable persons"_s),
            d(u"Art. 226"_s, u"Details an invoice must show"_s),
            d(u"Art. 250"_s, u"The periodic VAT return"_s),
            d(u"Art. 262"_s,
                u"Recapitulative statement (EC Sales List) of intra-Community supplies of goods and of "
                "reverse-charged services"_s),
            d(u"Art. 306"_s, u"Special scheme for travel agents"_s),
            d(u"Art. 307"_s,
                u"Travel agents: one single service, supplied where the agent is established in the EU"_s),
            d(u"Art. 308"_s, u"Travel agents: the taxable amount is the margin"_s),
            d(u"Art. 358a"_s,
                u"Non-Union one-stop shop: services to consumers by suppliers not established in the EU"_s),
            d(u"Art. 369a"_s,
                u"Union one-stop shop: distance sales of goods and services to consumers in member states "
                "where the supplier is not established"_s),
            d(u"Art. 369l"_s,
                u"Import one-stop shop (IOSS): distance sales of imported goods in consignments of up to "
                "EUR 150"_s),
            r(u"Art. 18"_s,
                u"Status of the customer: a VAT ID confirmed valid (VIES), or other proof that it is a "
                u"taxable "
                "person"_s),
            r(u"Art. 24b"_s,
                u"Presumptions and evidence of where a consumer of electronic, telecommunications and "
                "broadcasting services lives"_s),
            r(u"Art. 45a"_s, u"Presumed evidence that goods were transported to another member state"_s),
            VatLegalReference { u"Windsor Framework Art. 8"_s, Windsor, u"Art. 8"_s,
                u"EU VAT rules on goods apply in Northern Ireland (XI) for its trade with the EU; goods "
                u"moved "
                "between Great Britain and Northern Ireland stay within United Kingdom VAT"_s },
        })
        all.insert(ref.key, ref);
    return all;
}

} // namespace

bool VatFacts::generalRule() const
{
    switch (type) {
    case SupplyType::Service:
    case SupplyType::Professional:
    case SupplyType::Digital:
    case SupplyType::LongTermHire:
        return true;
    case SupplyType::EventAdmission:
        return streamed; // since 2025 Art. 53 covers only physical attendance
    default:
        return false;
    }
}

bool VatFacts::locationBased() const
{
    switch (type) {
    case SupplyType::ImmovableProperty:
    case SupplyType::PassengerTransport:
    case SupplyType::Restaurant:
    case SupplyType::ShortTermHire:
        return true;
    case SupplyType::EventAdmission:
        return !streamed;
    default:
        return false;
    }
}

bool VatFacts::thresholdApplies() const
{
    if (type == SupplyType::Goods)
        return !claimedB2b && transport && supplier.inEuForGoods() && supplier.sameTaxCountry(shipFrom)
            && customer.inEuForGoods() && !shipFrom.sameTaxCountry(customer);
    if (type == SupplyType::Digital)
        return !b2b && supplier.inEuForServices() && customer.inEuForServices()
            && !supplier.sameTaxCountry(customer);
    return false;
}

QString supplyTypeName(SupplyType type)
{
    switch (type) {
    case SupplyType::Service:
        return u"service"_s;
    case SupplyType::Professional:
        return u"professional"_s;
    case SupplyType::Digital:
        return u"digital"_s;
    case SupplyType::Goods:
        return u"goods"_s;
    case SupplyType::ImmovableProperty:
        return u"immovable_property"_s;
    case SupplyType::PassengerTransport:
        return u"passenger_transport"_s;
    case SupplyType::EventAdmission:
        return u"event_admission"_s;
    case SupplyType::Restaurant:
        return u"restaurant"_s;
    case SupplyType::ShortTermHire:
        return u"short_term_hire"_s;
    case SupplyType::LongTermHire:
        return u"long_term_hire"_s;
    case SupplyType::TravelPackage:
        break;
    }
    return u"travel_package"_s;
}

const QList<SupplyType> &allSupplyTypes()
{
    static const QList<SupplyType> types { SupplyType::Service, SupplyType::Professional, SupplyType::Digital,
        SupplyType::Goods, SupplyType::ImmovableProperty, SupplyType::PassengerTransport,
        SupplyType::EventAdmission, SupplyType::Restaurant, SupplyType::ShortTermHire,
        SupplyType::LongTermHire, SupplyType::TravelPackage };
    return types;
}

std::optional<SupplyType> supplyTypeFromName(QStringView name)
{
    for (const SupplyType type : allSupplyTypes()) {
        if (supplyTypeName(type) == name)
            return type;
    }
    return std::nullopt;
}

QString vatCategoryCode(VatCategory category)
{
    switch (category) {
    case VatCategory::S:
        return u"S"_s;
    case VatCategory::Z:
        return u"Z"_s;
    case VatCategory::E:
        return u"E"_s;
    case VatCategory::AE:
        return u"AE"_s;
    case VatCategory::K:
        return u"K"_s;
    case VatCategory::G:
        return u"G"_s;
    case VatCategory::O:
        return u"O"_s;
    case VatCategory::L:
        return u"L"_s;
    case VatCategory::M:
        break;
    }
    return u"M"_s;
}

QString liableName(Liable liable)
{
    switch (liable) {
    case Liable::Supplier:
        return u"supplier"_s;
    case Liable::Customer:
        return u"customer"_s;
    case Liable::None:
        break;
    }
    return u"none"_s;
}

const QList<VatRule> &vatRuleTable()
{
    static const QList<VatRule> table = buildTable();
    return table;
}

const VatRule *matchVatRule(const VatFacts &facts)
{
    for (const VatRule &rule : vatRuleTable()) {
        if (rule.applies(facts))
            return &rule;
    }
    return nullptr;
}

const VatRule *vatRule(QStringView id)
{
    for (const VatRule &rule : vatRuleTable()) {
        if (rule.id == id)
            return &rule;
    }
    return nullptr;
}

QDate vatRuleTableFloor()
{
    return QDate(2021, 7, 1);
}

namespace {

const QHash<QString, VatLegalReference> &references()
{
    static const QHash<QString, VatLegalReference> all = buildReferences();
    return all;
}

} // namespace

const VatLegalReference *vatLegalReference(QStringView key)
{
    const auto it = references().constFind(key.toString());
    return it == references().constEnd() ? nullptr : &*it;
}

QStringList vatLegalReferenceKeys()
{
    return references().keys();
}

} // namespace ades::eu
