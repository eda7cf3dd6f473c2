#pragma once

#include "../Decimal.h"
#include "../EinvoiceValidator.h"
#include "../ProfileCodeLists.h"
#include "CiiQuery.h"

#include <QList>
#include <QStringList>
#include <cmath>
#include <optional>
#include <vector>

// What the Factur-X profile rule families share (FacturxMinimumRules.cpp, FacturxBasicRules.cpp): the
// document, where findings go, and the readings of the document several rules make. Internal to layers/.
namespace ades::eu::facturx {

using namespace Qt::StringLiterals;

using Severity = Finding::Severity;
using Name = CiiQuery::Name;

inline const QString SchemeId = u"schemeID"_s;
inline const QString CurrencyId = u"currencyID"_s;
inline const QString Format = u"format"_s;

inline Name ram(QStringView local)
{
    return CiiQuery::ram(local);
}

inline Name rsm(QStringView local)
{
    return CiiQuery::rsm(local);
}

inline Name udt(QStringView local)
{
    return CiiQuery::udt(local);
}

// XPath round() on a double: the nearest integer, halves towards positive infinity.
inline double roundXPath(double value)
{
    return std::floor(value + 0.5);
}

// The profile's r2 on doubles: round(x * 10 * 10) div 100.
inline double round2(double value)
{
    return roundXPath(value * 100) / 100;
}

class FacturxChecks
{
public:
    FacturxChecks(const XmlDocument &doc, QList<Finding> &out, QString codes)
        : m_q(doc)
        , m_out(out)
        , m_root(m_q.invoiceRoot())
        , m_codes(std::move(codes))
    { }

protected:
    const CiiQuery m_q;
    QList<Finding> &m_out;
    const int m_root;
    const QString m_codes; // the profile's code list file (ProfileCodeLists)
    // False for BASIC WL, a profile without invoice lines: its Schematron drops the rules that add up or
    // check lines (BR-CO-10, the BR-xx-08 category sums, BR-O-12, the line allowance, charge and period
    // rules).
    bool m_withLines = true;
    // True for EXTENDED, which states its category sums (BR-FXEXT-xx-08) with a tolerance and leaves out
    // the rules that exclude other categories beside O (BR-O-02…04, -11…14); FacturxExtendedRules.
    bool m_extended = false;

    void fail(const char16_t *id, const char16_t *bt, int context, const QString &message)
    {
        m_out.append(Finding { QString::fromUtf16(id), Severity::Fatal, QString::fromUtf16(bt),
            m_q.doc().path(context), message });
    }

    bool hasVa(const std::vector<int> &ids) const
    {
        for (int id : ids) {
            if (m_q.hasAttributeValue(id, SchemeId, u"VA"))
                return true;
        }
        return false;
    }

    bool childValueIs(int element, Name child, QStringView value) const
    {
        for (int c : m_q.select(element, { child })) {
            if (m_q.stringValue(c) == value)
                return true;
        }
        return false;
    }

    // "path = 0": some selected element's number is zero.
    bool someNumberIs(const std::vector<int> &elements, double value) const
    {
        for (int e : elements) {
            const std::optional<double> n = m_q.number(e);
            if (n && *n == value)
                return true;
        }
        return false;
    }

    // string-length(substring-after(path, '.')) <= 2 on the first selected element.
    bool atMostTwoDecimals(int context, Name child) const
    {
        const std::vector<int> found = m_q.select(context, { child });
        if (found.empty())
            return true;
        const QString value = m_q.stringValue(found.front());
        const qsizetype dot = value.indexOf(u'.');
        return dot < 0 || value.size() - dot - 1 <= 2;
    }

    // The document's seller/tax representative/buyer VAT identifiers, found the two ways the rules look.
    bool sellerOrRepresentativeVaAnywhere() const
    {
        return hasVa(
                   m_q.everywhere({ ram(u"SellerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }))
            || hasVa(m_q.everywhere(
                { ram(u"SellerTaxRepresentativeTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }));
    }
    bool buyerVaAnywhere() const
    {
        return hasVa(
            m_q.everywhere({ ram(u"BuyerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }));
    }
    bool sellerOrRepresentativeVaInAgreement() const
    {
        const std::vector<int> agreement = m_q.select(
            m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement") });
        for (int a : agreement) {
            if (hasVa(
                    m_q.select(a, { ram(u"SellerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }))
                || hasVa(m_q.select(a,
                    { ram(u"SellerTaxRepresentativeTradeParty"), ram(u"SpecifiedTaxRegistration"),
                        ram(u"ID") })))
                return true;
        }
        return false;
    }

    QStringList invoiceCurrencies() const
    {
        QStringList codes;
        for (int c : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"InvoiceCurrencyCode") }))
            codes << m_q.stringValue(c);
        return codes;
    }

    // The profile's BR-DEC-13: holds when there is no VAT total, or one VAT total either is in another
    // currency (or has none) or, in the invoice currency, equals itself rounded to cents (in doubles).
    bool vatTotalRounded(int sum) const
    {
        const std::vector<int> totals = m_q.select(sum, { ram(u"TaxTotalAmount") });
        if (totals.empty())
            return true;
        const QStringList currencies = invoiceCurrencies();
        for (int total : totals) {
            const bool inInvoiceCurrency = m_q.doc().hasAttribute(total, CurrencyId)
                && currencies.contains(m_q.doc().attribute(total, CurrencyId));
            if (!inInvoiceCurrency)
                return true;
            const std::optional<double> value = m_q.number(total);
            if (value && *value == round2(*value))
                return true;
        }
        return false;
    }

    // true/false of an xs:boolean cast; empty for any other text.
    std::optional<bool> indicator(int allowanceCharge) const
    {
        const std::vector<int> found
            = m_q.select(allowanceCharge, { ram(u"ChargeIndicator"), udt(u"Indicator") });
        if (found.size() != 1)
            return std::nullopt;
        const QString value = m_q.stringValue(found.front()).trimmed();
        if (value == u"true" || value == u"1")
            return true;
        if (value == u"false" || value == u"0")
            return false;
        return std::nullopt;
    }

    std::vector<int> headerAllowanceCharges() const
    {
        return m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                ram(u"SpecifiedTradeAllowanceCharge") });
    }

    std::vector<int> lineSettlements() const
    {
        return m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem"),
                ram(u"SpecifiedLineTradeSettlement") });
    }

    // Σ lines + Σ charges - Σ allowances of one VAT category, each sum rounded to cents, in doubles (the
    // profile's BR-IC-08 sums the amounts as they are written, without xs:decimal). Empty when an amount is
    // not a number.
    std::optional<double> categoryBasisDouble(QStringView category) const
    {
        double lines = 0;
        for (int settlement : lineSettlements()) {
            bool inCategory = false;
            for (int code : m_q.select(settlement, { ram(u"ApplicableTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!inCategory)
                continue;
            for (int amount : m_q.select(settlement,
                     { ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                if (!n)
                    return std::nullopt;
                lines += *n;
            }
        }
        double charges = 0;
        double allowances = 0;
        for (int ac : headerAllowanceCharges()) {
            const std::optional<bool> isCharge = indicator(ac);
            bool inCategory = false;
            for (int code : m_q.select(ac, { ram(u"CategoryTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!isCharge || !inCategory)
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                if (!n)
                    return std::nullopt;
                (*isCharge ? charges : allowances) += *n;
            }
        }
        return round2(lines) + round2(charges) - round2(allowances);
    }

    // The same sum in exact decimals (the profile's BR-O-08 converts every amount with xs:decimal).
    std::optional<Decimal> categoryBasisDecimal(QStringView category) const
    {
        Decimal lines;
        for (int settlement : lineSettlements()) {
            bool inCategory = false;
            for (int code : m_q.select(settlement, { ram(u"ApplicableTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!inCategory)
                continue;
            for (int amount : m_q.select(settlement,
                     { ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                const std::optional<Decimal> d = Decimal::fromString(m_q.stringValue(amount));
                if (!d)
                    return std::nullopt;
                lines += *d;
            }
        }
        Decimal charges;
        Decimal allowances;
        for (int ac : headerAllowanceCharges()) {
            const std::optional<bool> isCharge = indicator(ac);
            bool inCategory = false;
            for (int code : m_q.select(ac, { ram(u"CategoryTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!isCharge || !inCategory)
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<Decimal> d = Decimal::fromString(m_q.stringValue(amount));
                if (!d)
                    return std::nullopt;
                (*isCharge ? charges : allowances) += *d;
            }
        }
        return lines.round2() + charges.round2() - allowances.round2();
    }

    std::vector<int> headerBreakdowns() const
    {
        return m_q.everywhere({ rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
            ram(u"ApplicableTradeTax") });
    }

    bool anyWithOtherCategory(Name element) const
    {
        for (int e : m_q.everywhere(element)) {
            for (int code : m_q.select(e, { ram(u"CategoryCode") })) {
                if (m_q.stringValue(code) != u"O")
                    return true;
            }
        }
        return false;
    }

    // Rules every profile states the same way, under the same ids.
    void sellerIdentifier()
    {
        for (int seller : m_q.everywhere(ram(u"SellerTradeParty"))) {
            if (m_q.exists(seller, { ram(u"ID") }) || m_q.exists(seller, { ram(u"GlobalID") })
                || m_q.exists(seller, { ram(u"SpecifiedLegalOrganization"), ram(u"ID") })
                || hasVa(m_q.select(seller, { ram(u"SpecifiedTaxRegistration"), ram(u"ID") })))
                continue;
            fail(u"FX-SCH-A-000001", u"BT-29", seller,
                u"BR-CO-26: the seller needs an identifier (BT-29), a legal registration identifier (BT-30) "
                u"or a "
                "VAT identifier (BT-31)."_s);
        }
    }

    void vatPrefixes()
    {
        const QSet<QString> *prefixes = ProfileCodeLists::find(m_codes, u"vat-prefix"_s);
        for (int id : m_q.everywhere({ ram(u"SpecifiedTaxRegistration"), ram(u"ID") })) {
            if (!m_q.hasAttributeValue(id, SchemeId, u"VA"))
                continue;
            const QString prefix = m_q.stringValue(id).left(2);
            if (prefix.size() == 2 && prefixes && prefixes->contains(prefix))
                continue;
            fail(u"FX-SCH-A-000002", u"BT-31", id,
                u"BR-CO-09: a VAT identifier must start with an ISO 3166-1 alpha-2 country prefix (EL for "
                "Greece)."_s);
        }
    }

    void documentTerms()
    {
        if (m_root < 0)
            return;
        const auto value
            = [this](std::initializer_list<Name> path) { return m_q.anyNonEmpty(m_q.select(m_root, path)); };
        if (!value({ rsm(u"ExchangedDocumentContext"), ram(u"GuidelineSpecifiedDocumentContextParameter"),
                ram(u"ID") }))
            fail(u"FX-SCH-A-000010", u"BT-24", m_root,
                u"BR-01: the specification identifier (BT-24) is missing."_s);
        if (!value({ rsm(u"ExchangedDocument"), ram(u"ID") }))
            fail(u"FX-SCH-A-000011", u"BT-1", m_root, u"BR-02: the invoice number (BT-1) is missing."_s);
        std::vector<int> dates;
        for (int d : m_q.select(
                 m_root, { rsm(u"ExchangedDocument"), ram(u"IssueDateTime"), udt(u"DateTimeString") })) {
            if (m_q.hasAttributeValue(d, Format, u"102"))
                dates.push_back(d);
        }
        if (!m_q.anyNonEmpty(dates))
            fail(u"FX-SCH-A-000012", u"BT-2", m_root,
                u"BR-03: the invoice issue date (BT-2, format 102) is missing."_s);
        if (!value({ rsm(u"ExchangedDocument"), ram(u"TypeCode") }))
            fail(u"FX-SCH-A-000013", u"BT-3", m_root, u"BR-04: the invoice type code (BT-3) is missing."_s);
        if (!value({ rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                ram(u"InvoiceCurrencyCode") }))
            fail(u"FX-SCH-A-000014", u"BT-5", m_root,
                u"BR-05: the invoice currency code (BT-5) is missing."_s);
        if (!value({ rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement"),
                ram(u"SellerTradeParty"), ram(u"Name") }))
            fail(u"FX-SCH-A-000015", u"BT-27", m_root, u"BR-06: the seller name (BT-27) is missing."_s);
        if (!value({ rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement"),
                ram(u"BuyerTradeParty"), ram(u"Name") }))
            fail(u"FX-SCH-A-000016", u"BT-44", m_root, u"BR-07: the buyer name (BT-44) is missing."_s);
        if (m_q.everywhere({ ram(u"SellerTradeParty"), ram(u"PostalTradeAddress") }).empty())
            fail(u"FX-SCH-A-000017", u"BG-5", m_root,
                u"BR-08: the seller postal address (BG-5) is missing."_s);
        if (!m_q.anyNonEmpty(
                m_q.everywhere({ ram(u"SellerTradeParty"), ram(u"PostalTradeAddress"), ram(u"CountryID") })))
            fail(u"FX-SCH-A-000018", u"BT-40", m_root,
                u"BR-09: the seller country code (BT-40) is missing."_s);
    }

    // The header trade agreement `agreement` names exactly one seller and one buyer: a structure rule that
    // both the MINIMUM and the BASIC rule sets (FacturxMinimumRules, FacturxBasicRules) check.
    void oneSellerAndBuyer(int agreement)
    {
        if (m_q.select(agreement, { ram(u"SellerTradeParty") }).size() != 1)
            fail(u"FX-SCH-A-000027", u"BG-4", agreement,
                u"The seller (SellerTradeParty) must occur exactly once."_s);
        if (m_q.select(agreement, { ram(u"BuyerTradeParty") }).size() != 1)
            fail(u"FX-SCH-A-000028", u"BG-7", agreement,
                u"The buyer (BuyerTradeParty) must occur exactly once."_s);
    }

    void totals()
    {
        for (int sum : m_q.everywhere(ram(u"SpecifiedTradeSettlementHeaderMonetarySummation"))) {
            if (!m_q.exists(sum, { ram(u"TaxBasisTotalAmount") }))
                fail(u"FX-SCH-A-000003", u"BT-109", sum,
                    u"BR-13: the invoice total amount without VAT (TaxBasisTotalAmount) is missing."_s);
            if (!m_q.exists(sum, { ram(u"GrandTotalAmount") }))
                fail(u"FX-SCH-A-000004", u"BT-112", sum,
                    u"BR-14: the invoice total amount with VAT (GrandTotalAmount) is missing."_s);
            if (!m_q.exists(sum, { ram(u"DuePayableAmount") }))
                fail(u"FX-SCH-A-000005", u"BT-115", sum,
                    u"BR-15: the amount due for payment (DuePayableAmount) is missing."_s);
            if (!atMostTwoDecimals(sum, ram(u"TaxBasisTotalAmount")))
                fail(u"FX-SCH-A-000006", u"BT-109", sum,
                    u"BR-DEC-12: the invoice total amount without VAT has more than two decimals."_s);
            if (!vatTotalRounded(sum))
                fail(u"FX-SCH-A-000007", u"BT-110", sum,
                    u"BR-DEC-13: the invoice total VAT amount in the invoice currency has more than two "
                    "decimals."_s);
            if (!atMostTwoDecimals(sum, ram(u"GrandTotalAmount")))
                fail(u"FX-SCH-A-000008", u"BT-112", sum,
                    u"BR-DEC-14: the invoice total amount with VAT has more than two decimals."_s);
            if (!atMostTwoDecimals(sum, ram(u"DuePayableAmount")))
                fail(u"FX-SCH-A-000009", u"BT-115", sum,
                    u"BR-DEC-18: the amount due for payment has more than two decimals."_s);
        }
    }

    void intraCommunityBreakdowns()
    {
        for (int tax : headerBreakdowns()) {
            for (int code : m_q.select(tax, { ram(u"CategoryCode") })) {
                if (m_q.stringValue(code) == u"K")
                    intraCommunityBreakdown(tax, code);
            }
        }
    }

    bool intraCommunityBasisMatches(int tax) const
    {
        const std::vector<int> basis = m_q.select(tax, { ram(u"BasisAmount") });
        const std::optional<double> expected = categoryBasisDouble(u"K");
        const std::optional<double> declared = basis.size() == 1 ? m_q.number(basis.front()) : std::nullopt;
        return expected && declared && *declared - 1 < *expected && *declared + 1 > *expected;
    }

    void intraCommunityBreakdown(int tax, int code)
    {
        if (m_withLines && !m_extended && !intraCommunityBasisMatches(tax))
            fail(u"FX-SCH-A-000230", u"BT-116", code,
                u"BR-IC-08: the taxable amount of VAT category K must equal the line net amounts plus "
                u"charges "
                "minus allowances of that category (within one unit)."_s);
        if (!someNumberIs(m_q.select(tax, { ram(u"CalculatedAmount") }), 0))
            fail(u"FX-SCH-A-000142", u"BT-117", code,
                u"BR-IC-09: the VAT amount of VAT category K (intra-community supply) must be 0."_s);
        if (!m_q.exists(tax, { ram(u"ExemptionReason") })
            && !m_q.exists(tax, { ram(u"ExemptionReasonCode") }))
            fail(u"FX-SCH-A-000143", u"BT-120", code,
                u"BR-IC-10: VAT category K (intra-community supply) needs an exemption reason text or code."_s);
        const int settlement = m_q.up(code, 2);
        if (!m_q.exists(m_root,
                { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeDelivery"),
                    ram(u"ActualDeliverySupplyChainEvent"), ram(u"OccurrenceDateTime"),
                    udt(u"DateTimeString") })
            && !m_q.exists(settlement, { ram(u"BillingSpecifiedPeriod"), ram(u"StartDateTime") })
            && !m_q.exists(settlement, { ram(u"BillingSpecifiedPeriod"), ram(u"EndDateTime") }))
            fail(u"FX-SCH-A-000144", u"BT-72", code,
                u"BR-IC-11: with VAT category K (intra-community supply) the actual delivery date or the "
                "invoicing period must be given."_s);
        if (!m_q.exists(m_root,
                { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeDelivery"),
                    ram(u"ShipToTradeParty"), ram(u"PostalTradeAddress"), ram(u"CountryID") }))
            fail(u"FX-SCH-A-000145", u"BT-80", code,
                u"BR-IC-12: with VAT category K (intra-community supply) the deliver-to country code must be "
                "given."_s);
    }

    void notSubjectBreakdowns()
    {
        for (int tax : headerBreakdowns()) {
            if (!childValueIs(tax, ram(u"CategoryCode"), u"O"))
                continue;
            const std::optional<Decimal> expected = categoryBasisDecimal(u"O");
            bool basisMatches = false;
            if (expected) {
                const double target = expected->toString().toDouble();
                for (int basis : m_q.select(tax, { ram(u"BasisAmount") })) {
                    const std::optional<double> n = m_q.number(basis);
                    basisMatches = basisMatches || (n && *n == target);
                }
            }
            if (m_withLines && !m_extended && !basisMatches)
                fail(u"FX-SCH-A-000233", u"BT-116", tax,
                    u"BR-O-08: the taxable amount of VAT category O must equal the line net amounts plus "
                    u"charges "
                    "minus allowances of that category."_s);
            if (!someNumberIs(m_q.select(tax, { ram(u"CalculatedAmount") }), 0))
                fail(u"FX-SCH-A-000150", u"BT-117", tax,
                    u"BR-O-09: the VAT amount of VAT category O (not subject to VAT) must be 0."_s);
            if (!m_q.exists(tax, { ram(u"ExemptionReason") })
                && !m_q.exists(tax, { ram(u"ExemptionReasonCode") }))
                fail(u"FX-SCH-A-000151", u"BT-120", tax,
                    u"BR-O-10: VAT category O (not subject to VAT) needs an exemption reason text or code."_s);
            if (m_extended)
                continue;
            if (anyWithOtherCategory(ram(u"ApplicableTradeTax"))) {
                fail(u"FX-SCH-A-000152", u"BG-23", tax,
                    u"BR-O-11: with VAT category O (not subject to VAT) no other VAT category may be used."_s);
                if (m_withLines)
                    fail(u"FX-SCH-A-000234", u"BT-151", tax,
                        u"BR-O-12: with VAT category O (not subject to VAT) every line must be of category O."_s);
            }
            if (anyWithOtherCategory(ram(u"CategoryTradeTax"))) {
                fail(u"FX-SCH-A-000153", u"BT-95", tax,
                    u"BR-O-13: with VAT category O (not subject to VAT) every allowance must be of category O."_s);
                fail(u"FX-SCH-A-000154", u"BT-102", tax,
                    u"BR-O-14: with VAT category O (not subject to VAT) every charge must be of category O."_s);
            }
        }
    }

    // The VAT totals told apart by currency (invoice currency, VAT accounting currency, neither): a part of
    // the profiles' structure rules the table format cannot express, as it compares with other elements. A
    // total in the invoice currency is checked against the list invoiceList of the profile's code lists,
    // one in the VAT accounting currency (only) against taxList.
    void taxTotalVariants(const QString &invoiceList, const QString &taxList)
    {
        const TotalsWording header { u"BT-110", u"FX-SCH-A-000042", u"BT-110", u"FX-SCH-A-000192", u"BT-111",
            u"VAT total"_s };
        const QSet<QString> *invoiceCurrencies = ProfileCodeLists::find(m_codes, invoiceList);
        const QSet<QString> *taxCurrencies = ProfileCodeLists::find(m_codes, taxList);
        for (int sum : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"SpecifiedTradeSettlementHeaderMonetarySummation") })) {
            const DocumentCurrencies currencies = documentCurrencies(m_q.up(sum, 1));
            totalsByCurrency(sum, currencies, invoiceCurrencies, taxCurrencies, header);
        }
    }

    // How a family of totals by currency is reported: the BT of a total, and the id and BT of the rule that
    // allows at most one in the invoice and in the VAT accounting currency.
    struct TotalsWording
    {
        const char16_t *bt;
        const char16_t *onceInInvoiceId;
        const char16_t *onceInInvoiceBt;
        const char16_t *onceInTaxId;
        const char16_t *onceInTaxBt;
        QString what; // "VAT total", "line VAT total"
    };

    struct DocumentCurrencies
    {
        QStringList invoice; // BT-5
        QStringList tax; // BT-6
    };

    // The invoice and VAT accounting currency codes under one header trade settlement (-1: none).
    DocumentCurrencies documentCurrencies(int settlement) const
    {
        DocumentCurrencies out;
        for (int c : m_q.select(settlement, { ram(u"InvoiceCurrencyCode") }))
            out.invoice << m_q.stringValue(c);
        for (int c : m_q.select(settlement, { ram(u"TaxCurrencyCode") }))
            out.tax << m_q.stringValue(c);
        return out;
    }

    // The TaxTotalAmount children of `sum` by currencyID: each in the invoice or the VAT accounting currency,
    // that currency in the profile's list, and at most one in each of the two.
    void totalsByCurrency(int sum, const DocumentCurrencies &currencies, const QSet<QString> *invoiceListed,
        const QSet<QString> *taxListed, const TotalsWording &wording)
    {
        int inInvoiceCurrency = 0;
        int inTaxCurrency = 0;
        for (int total : m_q.select(sum, { ram(u"TaxTotalAmount") })) {
            const bool hasCurrency = m_q.doc().hasAttribute(total, CurrencyId);
            const QString currency = m_q.doc().attribute(total, CurrencyId);
            const bool invoice = hasCurrency && currencies.invoice.contains(currency);
            const bool tax = hasCurrency && currencies.tax.contains(currency);
            inInvoiceCurrency += invoice ? 1 : 0;
            inTaxCurrency += tax ? 1 : 0;
            const QSet<QString> *listed = invoice ? invoiceListed : taxListed;
            if (!invoice && !tax)
                fail(u"ADES-FX-01", wording.bt, total,
                    u"The profile uses a %1 (TaxTotalAmount) only in the invoice currency or the VAT "
                    u"accounting "
                    "currency."_s.arg(wording.what));
            else if (!currency.isEmpty() && listed && !listed->contains(currency))
                fail(u"FX-SCH-A-000045", wording.bt, total,
                    u"The currency of the %1 is not an ISO 4217 code the profile lists."_s.arg(wording.what));
        }
        if (inInvoiceCurrency > 1)
            fail(wording.onceInInvoiceId, wording.onceInInvoiceBt, sum,
                u"The %1 in the invoice currency may occur at most once."_s.arg(wording.what));
        if (inTaxCurrency > 1)
            fail(wording.onceInTaxId, wording.onceInTaxBt, sum,
                u"The %1 in the VAT accounting currency may occur at most once."_s.arg(wording.what));
    }
};

} // namespace ades::eu::facturx
