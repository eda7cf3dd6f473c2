#include "FacturxBasicRules.h"

#include "FacturxChecks.h"

#include <QRegularExpression>
#include <algorithm>
#include <array>
#include <tuple>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

using namespace facturx;

// Which VAT identifiers a VAT category requires (or excludes) wherever it is used, as the profile tests it.
enum class Parties
{
    ReverseCharge, // AE: seller VA/FC or representative VA, anywhere; and buyer VA or legal id, anywhere
    SellerInAgreement, // E, L, M, S, Z: seller VA/FC or representative VA in the header agreement
    SellerAnywhere, // G: seller or representative VA, anywhere
    IntraCommunity, // K: seller or representative VA, and buyer VA, anywhere
    NoneAllowed, // O: no seller or representative VA in the agreement, no buyer VA anywhere
};

enum class Rate
{
    Zero, // = 0
    Positive, // > 0
    NotNegative, // >= 0
    Absent, // no rate at all
};

// One VAT category's rules on a document-level allowance, a document-level charge and a line: the ids of
// the party rule and of the rate rule in each place (empty where the profile has none), and the BR ids.
struct CategoryRules
{
    const char16_t *code;
    Parties parties;
    Rate rate;
    std::array<const char16_t *, 2> allowance;
    std::array<const char16_t *, 2> charge;
    std::array<const char16_t *, 2> line;
    std::array<const char16_t *, 6> br; // allowance parties, rate; charge parties, rate; line parties, rate
};

// clang-format off
const std::array<CategoryRules, 9> Categories = { {
    { u"AE", Parties::ReverseCharge, Rate::Zero,
      { u"FX-SCH-A-000081", u"FX-SCH-A-000082" }, { u"FX-SCH-A-000099", u"FX-SCH-A-000100" },
      { u"FX-SCH-A-000235", u"FX-SCH-A-000236" },
      { u"BR-AE-03", u"BR-AE-06", u"BR-AE-04", u"BR-AE-07", u"BR-AE-02", u"BR-AE-05" } },
    { u"E", Parties::SellerInAgreement, Rate::Zero,
      { u"FX-SCH-A-000083", u"FX-SCH-A-000084" }, { u"FX-SCH-A-000101", u"FX-SCH-A-000102" },
      { u"FX-SCH-A-000237", u"FX-SCH-A-000238" },
      { u"BR-E-03", u"BR-E-06", u"BR-E-04", u"BR-E-07", u"BR-E-02", u"BR-E-05" } },
    { u"G", Parties::SellerAnywhere, Rate::Zero,
      { u"FX-SCH-A-000085", u"FX-SCH-A-000086" }, { u"FX-SCH-A-000103", u"FX-SCH-A-000104" },
      { u"FX-SCH-A-000239", u"FX-SCH-A-000240" },
      { u"BR-G-03", u"BR-G-06", u"BR-G-04", u"BR-G-07", u"BR-G-02", u"BR-G-05" } },
    { u"K", Parties::IntraCommunity, Rate::Zero,
      { u"FX-SCH-A-000087", u"FX-SCH-A-000088" }, { u"FX-SCH-A-000105", u"FX-SCH-A-000106" },
      { u"FX-SCH-A-000241", u"FX-SCH-A-000242" },
      { u"BR-IC-03", u"BR-IC-06", u"BR-IC-04", u"BR-IC-07", u"BR-IC-02", u"BR-IC-05" } },
    { u"L", Parties::SellerInAgreement, Rate::Positive,
      { u"FX-SCH-A-000089", u"FX-SCH-A-000090" }, { u"FX-SCH-A-000107", u"FX-SCH-A-000108" },
      { u"FX-SCH-A-000243", u"FX-SCH-A-000244" },
      { u"BR-AF-03", u"BR-AF-06", u"BR-AF-04", u"BR-AF-07", u"BR-AF-02", u"BR-AF-05" } },
    { u"M", Parties::SellerInAgreement, Rate::NotNegative,
      { u"FX-SCH-A-000091", u"FX-SCH-A-000092" }, { u"FX-SCH-A-000109", u"FX-SCH-A-000110" },
      { u"FX-SCH-A-000245", u"FX-SCH-A-000246" },
      { u"BR-AG-03", u"BR-AG-06", u"BR-AG-04", u"BR-AG-07", u"BR-AG-02", u"BR-AG-05" } },
    { u"O", Parties::NoneAllowed, Rate::Absent,
      { u"FX-SCH-A-000093", u"FX-SCH-A-000094" }, { u"FX-SCH-A-000111", u"FX-SCH-A-000112" },
      { u"FX-SCH-A-000247", u"FX-SCH-A-000248" },
      { u"BR-O-03", u"BR-O-06", u"BR-O-04", u"BR-O-07", u"BR-O-02", u"BR-O-05" } },
    { u"S", Parties::SellerInAgreement, Rate::Positive,
      { u"FX-SCH-A-000095", u"FX-SCH-A-000096" }, { u"FX-SCH-A-000113", u"FX-SCH-A-000114" },
      { u"FX-SCH-A-000249", u"FX-SCH-A-000250" },
      { u"BR-S-03", u"BR-S-06", u"BR-S-04", u"BR-S-07", u"BR-S-02", u"BR-S-05" } },
    { u"Z", Parties::SellerInAgreement, Rate::Zero,
      { u"FX-SCH-A-000097", u"FX-SCH-A-000098" }, { u"FX-SCH-A-000115", u"FX-SCH-A-000116" },
      { u"FX-SCH-A-000251", u"FX-SCH-A-000252" },
      { u"BR-Z-03", u"BR-Z-06", u"BR-Z-04", u"BR-Z-07", u"BR-Z-02", u"BR-Z-05" } },
} };
// clang-format on

std::optional<Decimal> decimalOf(const CiiQuery &q, const std::vector<int> &elements)
{
    if (elements.size() != 1)
        return std::nullopt;
    return Decimal::fromString(q.stringValue(elements.front()));
}

class Checker : public FacturxChecks
{
public:
    // `codes`: the profile's code list file (the BASIC and EN16931 codedb lists differ in number, not in the
    // lists these rules read).
    Checker(const XmlDocument &doc, QList<Finding> &out, QString codes = u"facturx-basic-codes.txt"_s)
        : FacturxChecks(doc, out, std::move(codes))
    { }

    // Every assert BASIC states outside its structure pattern, in the Schematron's order.
    void basicRules()
    {
        emptyElements();
        headerBreakdownTerms();
        categoryBreakdowns();
        invoicingPeriods();
        allowanceChargeTerms();
        productCharacteristics();
        lines();
        payee();
        taxRepresentative();
        sellerIdentifier();
        vatPrefixes();
        chargeIndicators();
        categoryParties();
        totals();
        basicTotals();
        paymentMeans();
        vatBreakdownPresent();
        intraCommunityBreakdowns();
        notSubjectBreakdowns();
        dates();
        documentTerms();
        documentParties();
        documentCategories();
        agreement();
        delivery();
        precedingInvoices();
        deliveryDateInGermany();
    }

    // The rules EXTENDED states as BASIC does (with BR-51/52 of EN16931); EXTENDED's own wording of the
    // rest (tolerant sums, line subtypes) is FacturxExtendedRules.cpp.
    void runExtendedShared()
    {
        m_extended = true;
        basicRules();
        en16931Additions();
    }

    // The BASIC WL profile states the BASIC rules on the document level alike and leaves out every rule on
    // lines, the sums over them, BR-16, the VAT category counts (BR-xx-01), BR-B, CII-DT-097, BR-FX-EN-04 and
    // the empty-element warning; it adds its TaxTotalAmount currency variants.
    void runBasicWl()
    {
        m_withLines = false;
        headerBreakdownTerms();
        categoryBreakdowns();
        invoicingPeriods();
        allowanceChargeTerms();
        payee();
        taxRepresentative();
        sellerIdentifier();
        vatPrefixes();
        chargeIndicators();
        categoryParties();
        totals();
        basicTotals();
        paymentMeans();
        vatBreakdownPresent();
        intraCommunityBreakdowns();
        notSubjectBreakdowns();
        documentTerms();
        documentParties();
        agreement();
        delivery();
        precedingInvoices();
        taxTotalVariants(u"currency"_s, u"currency"_s);
    }

    // BR-52 and BR-51, which the EN16931 profile adds to BASIC's rules.
    void en16931Additions()
    {
        for (int d : m_q.everywhere(ram(u"AdditionalReferencedDocument"))) {
            if (!m_q.anyNonEmpty(m_q.select(d, { ram(u"IssuerAssignedID") })))
                fail(u"FX-SCH-A-000280", u"BT-122", d,
                    u"BR-52: a supporting document needs its reference (IssuerAssignedID)."_s);
        }
        for (int card : m_q.everywhere(ram(u"ApplicableTradeSettlementFinancialCard"))) {
            const std::vector<int> ids = m_q.select(card, { ram(u"ID") });
            if (!ids.empty() && m_q.stringValue(ids.front()).size() > 10)
                fail(u"FX-SCH-A-000281", u"BT-87", card,
                    u"BR-51: the card number may show at most its first 6 and last 4 digits (10 characters)."_s);
        }
    }

    void run()
    {
        basicRules();
        taxTotalVariants(u"currency"_s, u"currency"_s);
    }

private:
    void chargeIndicators()
    {
        for (int ac : m_q.everywhere(ram(u"SpecifiedTradeAllowanceCharge"))) {
            if (!m_q.exists(ac, { ram(u"ChargeIndicator") }))
                fail(u"FX-SCH-A-000348", u"BG-20", ac,
                    u"CII-SR-463: an allowance or charge must contain its charge indicator."_s);
        }
    }

    void vatBreakdownPresent()
    {
        for (int s : m_q.everywhere(
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement") })) {
            if (!m_q.exists(s, { ram(u"ApplicableTradeTax") }))
                fail(u"FX-SCH-A-000135", u"BG-23", s,
                    u"BR-CO-18: the invoice needs at least one VAT breakdown."_s);
        }
    }

    static const QRegularExpression &date102()
    {
        static const QRegularExpression pattern(
            u"^\\s*(\\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\\s*$"_s);
        return pattern;
    }

    // XPath normalize-space() empties it: only spaces, tabs, carriage returns and line feeds.
    static bool blank(const QString &text)
    {
        return std::all_of(text.cbegin(), text.cend(),
            [](QChar c) { return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n'; });
    }

    // PEPPOL-EN16931-R008 as the profile states it: every element without child elements whose text is
    // blank, a warning each.
    void emptyElements()
    {
        for (int e = 0; e < m_q.doc().elementCount(); ++e) {
            if (m_q.doc().element(e).childCount > 0 || !blank(m_q.stringValue(e)))
                continue;
            m_out.append(Finding { u"FX-SCH-A-000372"_s, Severity::Warning, QString(), m_q.doc().path(e),
                u"PEPPOL-EN16931-R008: the document should not contain empty elements."_s });
        }
    }

    bool isVatType(int tax) const
    {
        for (int t : m_q.select(tax, { ram(u"TypeCode") })) {
            if (m_q.stringValue(t).toUpper().simplified() == u"VAT")
                return true;
        }
        return false;
    }

    void headerBreakdownTerms()
    {
        for (int tax :
            m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            if (!m_q.exists(tax, { ram(u"BasisAmount") }))
                fail(u"FX-SCH-A-000047", u"BT-116", tax,
                    u"BR-45: a VAT breakdown needs its taxable amount."_s);
            if (!m_q.exists(tax, { ram(u"CalculatedAmount") }))
                fail(u"FX-SCH-A-000048", u"BT-117", tax, u"BR-46: a VAT breakdown needs its VAT amount."_s);
            if (!m_q.exists(tax, { ram(u"CategoryCode") }))
                fail(u"FX-SCH-A-000049", u"BT-118", tax,
                    u"BR-47: a VAT breakdown needs its VAT category code."_s);
            if (!m_q.exists(tax, { ram(u"RateApplicablePercent") })
                && !childValueIs(tax, ram(u"CategoryCode"), u"O"))
                fail(u"FX-SCH-A-000050", u"BT-119", tax,
                    u"BR-48: a VAT breakdown needs its VAT rate unless the category is O."_s);
            if (m_q.exists(tax, { ram(u"TaxPointDate") }) && m_q.exists(tax, { ram(u"DueDateTypeCode") }))
                fail(u"FX-SCH-A-000051", u"BT-7", tax,
                    u"BR-CO-03: the VAT point date and the VAT point date code exclude each other."_s);
            if (!m_extended && !categoryTaxRounded(tax))
                fail(u"FX-SCH-A-000052", u"BT-117", tax,
                    u"BR-CO-17: the VAT amount must equal the taxable amount times the rate, rounded to two "
                    u"decimals "
                    "(within one unit)."_s);
            if (!atMostTwoDecimals(tax, ram(u"BasisAmount")))
                fail(u"FX-SCH-A-000053", u"BT-116", tax,
                    u"BR-DEC-19: the VAT category taxable amount has more than two decimals."_s);
            if (!atMostTwoDecimals(tax, ram(u"CalculatedAmount")))
                fail(u"FX-SCH-A-000054", u"BT-117", tax,
                    u"BR-DEC-20: the VAT category tax amount has more than two decimals."_s);
        }
    }

    // The profile's BR-CO-17, in decimals: a rate that rounds to 0 wants a tax that rounds to 0; any other
    // rate a tax within one unit of round(basis × rate / 100, 2); no VAT rate, a tax that rounds to 0.
    bool categoryTaxRounded(int tax) const
    {
        const std::optional<Decimal> calculated
            = decimalOf(m_q, m_q.select(tax, { ram(u"CalculatedAmount") }));
        const std::optional<Decimal> basis = decimalOf(m_q, m_q.select(tax, { ram(u"BasisAmount") }));
        const std::vector<int> rates = m_q.select(tax, { ram(u"RateApplicablePercent") });
        if (!isVatType(tax) || rates.empty())
            return calculated && calculated->roundXPath().isZero();
        const std::optional<Decimal> rate = decimalOf(m_q, rates);
        if (!rate || !calculated)
            return false;
        if (rate->roundXPath().isZero())
            return calculated->roundXPath().isZero();
        if (!basis)
            return false;
        const Decimal expected = (basis->abs() * *rate).roundXPath().dividedByPowerOfTen(2);
        const Decimal one = Decimal::fromInt(1);
        return calculated->abs() - one <= expected && calculated->abs() + one >= expected;
    }

    // Σ lines + Σ charges - Σ allowances of a VAT category (and rate), each sum rounded to cents, in
    // decimals.
    std::optional<Decimal> categorySum(QStringView category, const std::optional<Decimal> &rate) const
    {
        const auto matches = [&](int parent, Name tax) {
            for (int t : m_q.select(parent, { tax })) {
                bool code = false;
                for (int c : m_q.select(t, { ram(u"CategoryCode") }))
                    code = code || m_q.stringValue(c) == category;
                if (!code)
                    continue;
                if (!rate)
                    return true;
                for (int r : m_q.select(t, { ram(u"RateApplicablePercent") })) {
                    const std::optional<Decimal> d = Decimal::fromString(m_q.stringValue(r));
                    if (d && *d == *rate)
                        return true;
                }
            }
            return false;
        };
        Decimal lines;
        for (int settlement : lineSettlements()) {
            if (!matches(settlement, ram(u"ApplicableTradeTax")))
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
            if (!isCharge || !matches(ac, ram(u"CategoryTradeTax")))
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

    // "../BasisAmount - 1 < X and ../BasisAmount + 1 > X" (BR-xx-08 of AE, E, G, Z).
    bool basisWithinOneUnit(int tax, QStringView category) const
    {
        const std::vector<int> basis = m_q.select(tax, { ram(u"BasisAmount") });
        const std::optional<Decimal> expected = categorySum(category, std::nullopt);
        const std::optional<double> declared = basis.size() == 1 ? m_q.number(basis.front()) : std::nullopt;
        if (!expected || !declared)
            return false;
        const double x = expected->toString().toDouble();
        return *declared - 1 < x && *declared + 1 > x;
    }

    void categoryBreakdowns()
    {
        struct Zero
        {
            const char16_t *code;
            const char16_t *sum;
            const char16_t *tax;
            const char16_t *reason;
            bool reasonRequired;
            const char16_t *brSum;
            const char16_t *brTax;
            const char16_t *brReason;
        };
        // Z, AE, E and G: the taxable amount within one unit of the category's sums, tax 0, and an exemption
        // reason forbidden (Z) or required (AE, E, G). Z is looked up under any header settlement, the others
        // under the transaction's.
        const std::array<Zero, 4> zeroCategories = { {
            { u"Z", u"FX-SCH-A-000197", u"FX-SCH-A-000055", u"FX-SCH-A-000056", false, u"BR-Z-08", u"BR-Z-09",
                u"BR-Z-10" },
            { u"AE", u"FX-SCH-A-000227", u"FX-SCH-A-000136", u"FX-SCH-A-000137", true, u"BR-AE-08",
                u"BR-AE-09", u"BR-AE-10" },
            { u"E", u"FX-SCH-A-000228", u"FX-SCH-A-000138", u"FX-SCH-A-000139", true, u"BR-E-08", u"BR-E-09",
                u"BR-E-10" },
            { u"G", u"FX-SCH-A-000229", u"FX-SCH-A-000140", u"FX-SCH-A-000141", true, u"BR-G-08", u"BR-G-09",
                u"BR-G-10" },
        } };
        for (const Zero &z : zeroCategories) {
            const QStringView code(z.code);
            const std::vector<int> taxes = code == u"Z"
                ? m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax") })
                : headerBreakdowns();
            for (int tax : taxes) {
                for (int c : m_q.select(tax, { ram(u"CategoryCode") })) {
                    if (m_q.stringValue(c) != code)
                        continue;
                    if (m_withLines && !m_extended && !basisWithinOneUnit(tax, code))
                        fail(z.sum, u"BT-116", c,
                            u"%1: the taxable amount of VAT category %2 must equal the line net amounts plus "
                            "charges minus allowances of that category (within one unit)."_s.arg(
                                QString::fromUtf16(z.brSum), code.toString()));
                    if (!someNumberIs(m_q.select(tax, { ram(u"CalculatedAmount") }), 0))
                        fail(z.tax, u"BT-117", c,
                            u"%1: the VAT amount of VAT category %2 must be 0."_s.arg(
                                QString::fromUtf16(z.brTax), code.toString()));
                    const bool reason = m_q.exists(tax, { ram(u"ExemptionReason") })
                        || m_q.exists(tax, { ram(u"ExemptionReasonCode") });
                    if (reason != z.reasonRequired)
                        fail(z.reason, u"BT-120", c,
                            (z.reasonRequired
                                    ? u"%1: VAT category %2 needs an exemption reason text or code."_s
                                    : u"%1: VAT category %2 must not have an exemption reason."_s)
                                .arg(QString::fromUtf16(z.brReason), code.toString()));
                }
            }
        }
        for (int tax :
            m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            for (int c : m_q.select(tax, { ram(u"CategoryCode") })) {
                if (m_q.stringValue(c) == u"S")
                    standardRated(tax, c);
            }
        }
        // L and M: the sum rule of the profile reads the rate one level too high and so always holds
        // (FX-SCH-A-000231/232), the tax rule is stated as always true (-000146/148); only the exemption
        // reason is checked.
        for (int tax : headerBreakdowns()) {
            const bool reason = m_q.exists(tax, { ram(u"ExemptionReason") })
                || m_q.exists(tax, { ram(u"ExemptionReasonCode") });
            if (childValueIs(tax, ram(u"CategoryCode"), u"L") && reason)
                fail(u"FX-SCH-A-000147", u"BT-120", tax,
                    u"BR-AF-10: VAT category L (IGIC) must not have an exemption reason."_s);
            if (childValueIs(tax, ram(u"CategoryCode"), u"M") && reason)
                fail(u"FX-SCH-A-000149", u"BT-120", tax,
                    u"BR-AG-10: VAT category M (IPSI) must not have an exemption reason."_s);
        }
    }

    void standardRated(int tax, int code)
    {
        // BR-S-09 as the profile states it: |tax| within one unit of round(|basis| × rate) / 100 (doubles).
        const std::optional<Decimal> calculated
            = decimalOf(m_q, m_q.select(tax, { ram(u"CalculatedAmount") }));
        const std::optional<Decimal> basis = decimalOf(m_q, m_q.select(tax, { ram(u"BasisAmount") }));
        const std::vector<int> rates = m_q.select(tax, { ram(u"RateApplicablePercent") });
        bool taxOk = false;
        if (calculated && basis) {
            const double c = calculated->abs().toString().toDouble();
            for (int r : rates) {
                const std::optional<double> rate = m_q.number(r);
                if (!rate)
                    continue;
                const double expected = roundXPath(basis->abs().toString().toDouble() * *rate) / 100;
                taxOk = taxOk || (c - 1 < expected && c + 1 > expected);
            }
        }
        if (!m_extended && !taxOk)
            fail(u"FX-SCH-A-000057", u"BT-117", code,
                u"BR-S-09: the VAT amount of category S must equal the taxable amount times the rate (within "
                u"one "
                "unit)."_s);
        if (m_q.exists(tax, { ram(u"ExemptionReason") }) || m_q.exists(tax, { ram(u"ExemptionReasonCode") }))
            fail(u"FX-SCH-A-000058", u"BT-120", code,
                u"BR-S-10: VAT category S must not have an exemption reason."_s);
        // BR-S-08: for every rate given, the taxable amount equals the category's sums at that rate exactly.
        bool sumsOk = true;
        for (int r : rates) {
            const std::optional<Decimal> rate = Decimal::fromString(m_q.stringValue(r));
            const std::optional<Decimal> expected = rate ? categorySum(u"S", rate) : std::nullopt;
            bool equal = false;
            if (expected) {
                const double x = expected->toString().toDouble();
                for (int b : m_q.select(tax, { ram(u"BasisAmount") })) {
                    const std::optional<double> n = m_q.number(b);
                    equal = equal || (n && *n == x);
                }
            }
            sumsOk = sumsOk && equal;
        }
        if (m_withLines && !m_extended && !sumsOk)
            fail(u"FX-SCH-A-000198", u"BT-116", code,
                u"BR-S-08: the taxable amount of category S must equal the line net amounts plus charges "
                u"minus "
                "allowances at that rate."_s);
    }

    // BR-29/30 and BR-CO-19/20: dates compared as written (format 102), at least one of them given.
    void period(int p, const char16_t *order, const char16_t *given, bool line)
    {
        const auto dates = [&](QStringView which) {
            QStringList values;
            for (int d : m_q.select(p, { ram(which), udt(u"DateTimeString") })) {
                if (m_q.hasAttributeValue(d, Format, u"102"))
                    values << m_q.stringValue(d);
            }
            return values;
        };
        const bool hasStart = m_q.exists(p, { ram(u"StartDateTime") });
        const bool hasEnd = m_q.exists(p, { ram(u"EndDateTime") });
        bool ordered = !hasStart || !hasEnd;
        for (const QString &end : dates(u"EndDateTime")) {
            for (const QString &start : dates(u"StartDateTime"))
                ordered = ordered || end >= start;
        }
        if (!ordered)
            fail(order, line ? u"BT-135" : u"BT-74", p,
                line ? u"BR-30: the line period must not end before it starts."_s
                     : u"BR-29: the invoicing period must not end before it starts."_s);
        if (!hasStart && !hasEnd)
            fail(given, line ? u"BG-26" : u"BG-14", p,
                line ? u"BR-CO-20: a line period needs a start or an end date."_s
                     : u"BR-CO-19: an invoicing period needs a start or an end date."_s);
    }

    void invoicingPeriods()
    {
        for (int p :
            m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"BillingSpecifiedPeriod") }))
            period(p, u"FX-SCH-A-000059", u"FX-SCH-A-000060", false);
        if (!m_withLines)
            return;
        for (int p : m_q.everywhere({ ram(u"SpecifiedLineTradeSettlement"), ram(u"BillingSpecifiedPeriod") }))
            period(p, u"FX-SCH-A-000212", u"FX-SCH-A-000213", true);
    }

    bool hasVatCategory(int allowanceCharge) const
    {
        for (int tax : m_q.select(allowanceCharge, { ram(u"CategoryTradeTax") })) {
            bool vat = false;
            for (int t : m_q.select(tax, { ram(u"TypeCode") }))
                vat = vat || m_q.stringValue(t).toUpper() == u"VAT";
            if (vat && m_q.exists(tax, { ram(u"CategoryCode") }))
                return true;
        }
        return false;
    }

    // The allowance and charge rules, on each ChargeIndicator whose Indicator reads 'false' or 'true'.
    void allowanceChargeTerms()
    {
        struct Ids
        {
            const char16_t *amount, *category, *reason, *reasonBoth, *amountDecimals, *baseDecimals;
            const char16_t *bt;
        };
        const Ids headerAllowance { u"FX-SCH-A-000061", u"FX-SCH-A-000062", u"FX-SCH-A-000063",
            u"FX-SCH-A-000065", u"FX-SCH-A-000066", u"FX-SCH-A-000067", u"BG-20" };
        const Ids headerCharge { u"FX-SCH-A-000068", u"FX-SCH-A-000069", u"FX-SCH-A-000070",
            u"FX-SCH-A-000072", u"FX-SCH-A-000073", u"FX-SCH-A-000074", u"BG-21" };
        const Ids lineAllowance { u"FX-SCH-A-000215", nullptr, u"FX-SCH-A-000214", u"FX-SCH-A-000217",
            u"FX-SCH-A-000218", u"FX-SCH-A-000219", u"BG-27" };
        const Ids lineCharge { u"FX-SCH-A-000220", nullptr, u"FX-SCH-A-000221", u"FX-SCH-A-000223",
            u"FX-SCH-A-000224", u"FX-SCH-A-000225", u"BG-28" };
        const auto check = [this](Name settlement, QStringView value, const Ids &ids) {
            for (int indicator : m_q.everywhere(
                     { settlement, ram(u"SpecifiedTradeAllowanceCharge"), ram(u"ChargeIndicator") })) {
                if (!childValueIs(indicator, udt(u"Indicator"), value))
                    continue;
                const int ac = m_q.up(indicator, 1);
                if (!m_q.exists(ac, { ram(u"ActualAmount") }))
                    fail(ids.amount, ids.bt, indicator, u"An allowance or charge needs its amount."_s);
                if (ids.category && !hasVatCategory(ac))
                    fail(ids.category, ids.bt, indicator,
                        u"A document-level allowance or charge needs its VAT category code."_s);
                if (!m_q.exists(ac, { ram(u"Reason") }) && !m_q.exists(ac, { ram(u"ReasonCode") })) {
                    fail(ids.reason, ids.bt, indicator,
                        u"An allowance or charge needs a reason or a reason code."_s);
                    fail(ids.reasonBoth, ids.bt, indicator,
                        u"An allowance or charge needs a reason, a reason code or both."_s);
                }
                if (!atMostTwoDecimals(ac, ram(u"ActualAmount")))
                    fail(ids.amountDecimals, ids.bt, indicator,
                        u"The amount of an allowance or charge has more than two decimals."_s);
                if (!atMostTwoDecimals(ac, ram(u"BasisAmount")))
                    fail(ids.baseDecimals, ids.bt, indicator,
                        u"The base amount of an allowance or charge has more than two decimals."_s);
            }
        };
        check(ram(u"ApplicableHeaderTradeSettlement"), u"false", headerAllowance);
        check(ram(u"ApplicableHeaderTradeSettlement"), u"true", headerCharge);
        if (!m_withLines)
            return;
        check(ram(u"SpecifiedLineTradeSettlement"), u"false", lineAllowance);
        check(ram(u"SpecifiedLineTradeSettlement"), u"true", lineCharge);
    }

    void productCharacteristics()
    {
        for (int c : m_q.everywhere(ram(u"ApplicableProductCharacteristic"))) {
            if (!m_q.exists(c, { ram(u"Description") }) || !m_q.exists(c, { ram(u"Value") }))
                fail(
                    u"FX-SCH-A-000199", u"BG-32", c, u"BR-54: an item attribute needs a name and a value."_s);
        }
    }

    bool someNumberAtLeastZero(const std::vector<int> &elements) const
    {
        for (int e : elements) {
            const std::optional<double> n = m_q.number(e);
            if (n && *n >= 0)
                return true;
        }
        return false;
    }

    void lines()
    {
        for (int line : m_q.everywhere(ram(u"IncludedSupplyChainTradeLineItem"))) {
            if (!m_q.anyNonEmpty(
                    m_q.select(line, { ram(u"AssociatedDocumentLineDocument"), ram(u"LineID") })))
                fail(u"FX-SCH-A-000200", u"BT-126", line, u"BR-21: a line needs its identifier."_s);
            const std::vector<int> quantity
                = m_q.select(line, { ram(u"SpecifiedLineTradeDelivery"), ram(u"BilledQuantity") });
            // EXTENDED asks for the quantity, its unit, the net price and the VAT category only on lines
            // of subtype DETAIL (FacturxExtendedRules, FX-SCH-A-000361…364, -000373).
            if (!m_extended && quantity.empty())
                fail(u"FX-SCH-A-000201", u"BT-129", line, u"BR-22: a line needs its invoiced quantity."_s);
            bool unit = false;
            for (int q : quantity)
                unit = unit || m_q.doc().hasAttribute(q, u"unitCode"_s);
            if (!m_extended && !unit)
                fail(u"FX-SCH-A-000202", u"BT-130", line, u"BR-23: a line needs its quantity's unit code."_s);
            if (!m_q.exists(line,
                    { ram(u"SpecifiedLineTradeSettlement"),
                        ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") }))
                fail(u"FX-SCH-A-000203", u"BT-131", line, u"BR-24: a line needs its net amount."_s);
            if (!m_q.anyNonEmpty(m_q.select(line, { ram(u"SpecifiedTradeProduct"), ram(u"Name") })))
                fail(u"FX-SCH-A-000204", u"BT-153", line, u"BR-25: a line needs its item name."_s);
            const std::vector<int> net = m_q.select(line,
                { ram(u"SpecifiedLineTradeAgreement"), ram(u"NetPriceProductTradePrice"),
                    ram(u"ChargeAmount") });
            if (!m_extended && net.empty())
                fail(u"FX-SCH-A-000205", u"BT-146", line, u"BR-26: a line needs its item net price."_s);
            if (!m_extended && !someNumberAtLeastZero(net))
                fail(u"FX-SCH-A-000206", u"BT-146", line,
                    u"BR-27: the item net price must not be negative."_s);
            const std::vector<int> gross = m_q.select(line,
                { ram(u"SpecifiedLineTradeAgreement"), ram(u"GrossPriceProductTradePrice"),
                    ram(u"ChargeAmount") });
            if (!gross.empty() && !someNumberAtLeastZero(gross))
                fail(u"FX-SCH-A-000207", u"BT-148", line,
                    u"BR-28: the item gross price must not be negative."_s);
            const std::vector<int> global
                = m_q.select(line, { ram(u"SpecifiedTradeProduct"), ram(u"GlobalID") });
            bool scheme = global.empty();
            for (int g : global)
                scheme = scheme || !m_q.doc().attribute(g, SchemeId).isEmpty();
            if (!scheme)
                fail(u"FX-SCH-A-000208", u"BT-157", line,
                    u"BR-64: the item standard identifier needs its scheme."_s);
            bool listed = !m_q.exists(
                line, { ram(u"SpecifiedTradeProduct"), ram(u"DesignatedProductClassification") });
            for (int c : m_q.select(line,
                     { ram(u"SpecifiedTradeProduct"), ram(u"DesignatedProductClassification"),
                         ram(u"ClassCode") }))
                listed = listed || !m_q.doc().attribute(c, u"listID"_s).isEmpty();
            if (!listed)
                fail(u"FX-SCH-A-000209", u"BT-158", line,
                    u"BR-65: the item classification identifier needs its scheme."_s);
            bool category = false;
            for (int tax :
                m_q.select(line, { ram(u"SpecifiedLineTradeSettlement"), ram(u"ApplicableTradeTax") })) {
                bool vat = false;
                for (int t : m_q.select(tax, { ram(u"TypeCode") }))
                    vat = vat || m_q.stringValue(t).toUpper() == u"VAT";
                category = category || (vat && m_q.exists(tax, { ram(u"CategoryCode") }));
            }
            if (!m_extended && !category)
                fail(u"FX-SCH-A-000210", u"BT-151", line, u"BR-CO-04: a line needs its VAT category code."_s);
            const std::vector<int> summation = m_q.select(line,
                { ram(u"SpecifiedLineTradeSettlement"),
                    ram(u"SpecifiedTradeSettlementLineMonetarySummation") });
            const bool decimals
                = summation.empty() || atMostTwoDecimals(summation.front(), ram(u"LineTotalAmount"));
            if (!decimals)
                fail(u"FX-SCH-A-000211", u"BT-131", line,
                    u"BR-DEC-23: the line net amount has more than two decimals."_s);
        }
    }

    // The profile's BR-17 holds when the payee has a name and differs from a seller beside it (there is none
    // in a CII document: the payee sits in the settlement, the seller in the agreement).
    void payee()
    {
        for (int payee : m_q.everywhere(ram(u"PayeeTradeParty"))) {
            const auto values = [this](int from, std::initializer_list<Name> path) {
                QStringList v;
                for (int e : m_q.select(from, path))
                    v << m_q.stringValue(e);
                return v;
            };
            const auto overlap = [](const QStringList &a, const QStringList &b) {
                for (const QString &x : a) {
                    if (b.contains(x))
                        return true;
                }
                return false;
            };
            const int parent = m_q.up(payee, 1);
            bool same = false;
            for (int seller : m_q.select(parent, { ram(u"SellerTradeParty") })) {
                same = same || overlap(values(payee, { ram(u"Name") }), values(seller, { ram(u"Name") }))
                    || overlap(values(payee, { ram(u"ID") }), values(seller, { ram(u"ID") }))
                    || overlap(values(payee, { ram(u"SpecifiedLegalOrganization"), ram(u"ID") }),
                        values(seller, { ram(u"SpecifiedLegalOrganization"), ram(u"ID") }));
            }
            if (!m_q.exists(payee, { ram(u"Name") }) || same)
                fail(u"FX-SCH-A-000075", u"BT-59", payee,
                    u"BR-17: a payee other than the seller needs its name."_s);
        }
    }

    void taxRepresentative()
    {
        for (int rep : m_q.everywhere(ram(u"SellerTaxRepresentativeTradeParty"))) {
            if (!m_q.exists(rep, { ram(u"Name") }))
                fail(u"FX-SCH-A-000076", u"BT-62", rep,
                    u"BR-18: the seller tax representative needs its name."_s);
            if (!m_q.exists(rep, { ram(u"PostalTradeAddress") }))
                fail(u"FX-SCH-A-000077", u"BG-12", rep,
                    u"BR-19: the seller tax representative needs its postal address."_s);
            if (!m_q.exists(rep, { ram(u"PostalTradeAddress"), ram(u"CountryID") }))
                fail(u"FX-SCH-A-000078", u"BT-69", rep,
                    u"BR-20: the seller tax representative's address needs its country code."_s);
            bool vat = false;
            for (int id : m_q.select(rep, { ram(u"SpecifiedTaxRegistration"), ram(u"ID") }))
                vat = vat || (m_q.hasAttributeValue(id, SchemeId, u"VA") && !m_q.stringValue(id).isEmpty());
            if (!vat)
                fail(u"FX-SCH-A-000079", u"BT-63", rep,
                    u"BR-56: the seller tax representative needs its VAT identifier."_s);
        }
    }

    bool hasVaOrFc(const std::vector<int> &ids) const
    {
        for (int id : ids) {
            if (m_q.hasAttributeValue(id, SchemeId, u"VA") || m_q.hasAttributeValue(id, SchemeId, u"FC"))
                return true;
        }
        return false;
    }

    bool partiesHold(Parties parties) const
    {
        const auto agreementIds = [this](QStringView party) {
            return m_q.select(m_root,
                { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement"), ram(party),
                    ram(u"SpecifiedTaxRegistration"), ram(u"ID") });
        };
        const auto anywhere = [this](QStringView party) {
            return m_q.everywhere({ ram(party), ram(u"SpecifiedTaxRegistration"), ram(u"ID") });
        };
        switch (parties) {
        case Parties::ReverseCharge:
            return (hasVaOrFc(anywhere(u"SellerTradeParty"))
                       || hasVa(anywhere(u"SellerTaxRepresentativeTradeParty")))
                && (buyerVaAnywhere()
                    || !m_q.everywhere(
                               { ram(u"BuyerTradeParty"), ram(u"SpecifiedLegalOrganization"), ram(u"ID") })
                            .empty());
        case Parties::SellerInAgreement:
            return hasVaOrFc(agreementIds(u"SellerTradeParty"))
                || hasVa(agreementIds(u"SellerTaxRepresentativeTradeParty"));
        case Parties::SellerAnywhere:
            return sellerOrRepresentativeVaAnywhere();
        case Parties::IntraCommunity:
            return sellerOrRepresentativeVaAnywhere() && buyerVaAnywhere();
        case Parties::NoneAllowed:
            return !hasVa(agreementIds(u"SellerTradeParty"))
                && !hasVa(agreementIds(u"SellerTaxRepresentativeTradeParty")) && !buyerVaAnywhere();
        }
        return false;
    }

    bool rateHolds(int tax, Rate rate) const
    {
        const std::vector<int> rates = m_q.select(tax, { ram(u"RateApplicablePercent") });
        for (int r : rates) {
            const std::optional<double> n = m_q.number(r);
            if (!n)
                continue;
            if ((rate == Rate::Zero && *n == 0) || (rate == Rate::Positive && *n > 0)
                || (rate == Rate::NotNegative && *n >= 0))
                return true;
        }
        return rate == Rate::Absent && rates.empty();
    }

    void categoryPlace(
        int tax, const CategoryRules &rules, const std::array<const char16_t *, 2> &ids, int br)
    {
        // EXTENDED has no rule excluding VAT identifiers for category O (BR-O-02…04).
        if (!(m_extended && rules.parties == Parties::NoneAllowed) && !partiesHold(rules.parties))
            fail(ids[0], u"BT-31", tax,
                u"%1: VAT category %2 %3 the seller's, the tax representative's or the buyer's VAT identifier."_s
                    .arg(QString::fromUtf16(rules.br[size_t(br)]), QString::fromUtf16(rules.code),
                        rules.parties == Parties::NoneAllowed ? u"excludes"_s : u"needs"_s));
        if (ids[1] && !rateHolds(tax, rules.rate))
            fail(ids[1], u"BT-152", tax,
                u"%1: the VAT rate does not fit VAT category %2."_s.arg(
                    QString::fromUtf16(rules.br[size_t(br) + 1]), QString::fromUtf16(rules.code)));
    }

    void categoryParties()
    {
        for (int ac : m_q.everywhere(ram(u"SpecifiedTradeAllowanceCharge"))) {
            bool isAllowance = false;
            bool isCharge = false;
            for (int i : m_q.select(ac, { ram(u"ChargeIndicator"), udt(u"Indicator") })) {
                isAllowance = isAllowance || m_q.stringValue(i) == u"false";
                isCharge = isCharge || m_q.stringValue(i) == u"true";
            }
            for (int tax : m_q.select(ac, { ram(u"CategoryTradeTax") })) {
                for (const CategoryRules &rules : Categories) {
                    if (!childValueIs(tax, ram(u"CategoryCode"), rules.code))
                        continue;
                    if (isAllowance)
                        categoryPlace(tax, rules, rules.allowance, 0);
                    if (isCharge)
                        categoryPlace(tax, rules, rules.charge, 2);
                }
            }
        }
        if (!m_withLines)
            return;
        for (int tax :
            m_q.everywhere({ rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem"),
                ram(u"SpecifiedLineTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            for (const CategoryRules &rules : Categories) {
                if (childValueIs(tax, ram(u"CategoryCode"), rules.code))
                    categoryPlace(tax, rules, rules.line, 4);
            }
        }
    }

    std::optional<Decimal> decimalChild(int parent, QStringView name) const
    {
        const std::vector<int> found = m_q.select(parent, { ram(name) });
        if (found.empty())
            return std::nullopt;
        return Decimal::fromString(m_q.stringValue(found.front()));
    }

    double sumOf(const std::vector<int> &elements, bool *ok) const
    {
        double sum = 0;
        for (int e : elements) {
            const std::optional<double> n = m_q.number(e);
            if (!n)
                *ok = false;
            else
                sum += *n;
        }
        return sum;
    }

    // The document totals the BASIC profile adds to MINIMUM's (BR-12, BR-CO-10…16, BR-DEC-09…17, BR-53).
    void basicTotals()
    {
        const QStringList invoiceCodes = invoiceCurrencies();
        QStringList taxCodes;
        for (int c : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"TaxCurrencyCode") }))
            taxCodes << m_q.stringValue(c);
        for (int sum : m_q.everywhere(ram(u"SpecifiedTradeSettlementHeaderMonetarySummation"))) {
            const std::optional<Decimal> lineTotal = decimalChild(sum, u"LineTotalAmount");
            // BR-CO-10: the line amounts are summed as doubles, then rounded to cents as a decimal.
            bool ok = true;
            const double lineSum = sumOf(
                m_q.select(m_q.up(sum, 2),
                    { ram(u"IncludedSupplyChainTradeLineItem"), ram(u"SpecifiedLineTradeSettlement"),
                        ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") }),
                &ok);
            const std::optional<Decimal> rounded
                = ok ? Decimal::fromString(QString::number(lineSum, 'f', 12)) : std::nullopt;
            if (m_withLines && !m_extended && (!lineTotal || !rounded || *lineTotal != rounded->round2()))
                fail(u"FX-SCH-A-000226", u"BT-106", sum,
                    u"BR-CO-10: the sum of line net amounts must equal the line net amounts added up."_s);
            if (!m_q.exists(sum, { ram(u"LineTotalAmount") }))
                fail(u"FX-SCH-A-000117", u"BT-106", sum, u"BR-12: the sum of line net amounts is missing."_s);
            // EXTENDED states BR-CO-11…13 with a tolerance (FacturxExtendedRules).
            if (!m_extended) {
                allowanceChargeTotals(sum);
                taxBasisTotal(sum);
            }
            grandTotal(sum);
            dueAmount(sum);
            const std::array<std::pair<const char16_t *, const char16_t *>, 5> decimals = { {
                { u"LineTotalAmount", u"FX-SCH-A-000123" },
                { u"AllowanceTotalAmount", u"FX-SCH-A-000124" },
                { u"ChargeTotalAmount", u"FX-SCH-A-000125" },
                { u"TotalPrepaidAmount", u"FX-SCH-A-000127" },
                { u"RoundingAmount", u"FX-SCH-A-000128" },
            } };
            for (const auto &[name, id] : decimals) {
                if (!atMostTwoDecimals(sum, ram(name)))
                    fail(id, u"BG-22", sum,
                        u"BR-DEC: the %1 has more than two decimals."_s.arg(QString::fromUtf16(name)));
            }
            // BR-DEC-15: a VAT total in the VAT accounting currency with at most two decimals (doubles).
            const std::vector<int> totals = m_q.select(sum, { ram(u"TaxTotalAmount") });
            bool accounting = totals.empty() || taxCodes.isEmpty();
            for (int total : totals) {
                const std::optional<double> v = m_q.number(total);
                accounting = accounting
                    || (taxCodes.contains(m_q.doc().attribute(total, CurrencyId))
                        && m_q.doc().hasAttribute(total, CurrencyId) && v && *v == round2(*v));
            }
            if (!accounting)
                fail(u"FX-SCH-A-000126", u"BT-111", sum,
                    u"BR-DEC-15: the VAT total in the accounting currency has more than two decimals."_s);
            // BR-53: with a VAT accounting currency, a VAT total in it, and the currency not the invoice's.
            if (!taxCodes.isEmpty()) {
                bool present = false;
                for (int total : totals)
                    present = present
                        || (m_q.doc().hasAttribute(total, CurrencyId)
                            && taxCodes.contains(m_q.doc().attribute(total, CurrencyId)));
                bool same = false;
                for (const QString &c : taxCodes)
                    same = same || invoiceCodes.contains(c);
                if (!present || same)
                    fail(u"FX-SCH-A-000129", u"BT-111", sum,
                        u"BR-53: with a VAT accounting currency the VAT total in that currency must be given "
                        u"(and the "
                        "currency must differ from the invoice currency)."_s);
            }
            // BR-CO-14 on the VAT total in the invoice currency: the breakdowns' VAT amounts added up
            // (doubles).
            for (int total : totals) {
                if (!m_q.doc().hasAttribute(total, CurrencyId)
                    || !invoiceCodes.contains(m_q.doc().attribute(total, CurrencyId)))
                    continue;
                bool sumOk = true;
                const double taxes = sumOf(
                    m_q.select(m_root,
                        { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                            ram(u"ApplicableTradeTax"), ram(u"CalculatedAmount") }),
                    &sumOk);
                const std::optional<double> v = m_q.number(total);
                if (!sumOk || !v || *v != round2(taxes))
                    fail(u"FX-SCH-A-000130", u"BT-110", total,
                        u"BR-CO-14: the invoice total VAT amount must equal the VAT breakdown amounts added up."_s);
            }
        }
    }

    void allowanceChargeTotals(int sum)
    {
        std::vector<int> allowances;
        std::vector<int> charges;
        for (int ac : headerAllowanceCharges()) {
            bool allowance = false;
            bool charge = false;
            for (int i : m_q.select(ac, { ram(u"ChargeIndicator"), udt(u"Indicator") })) {
                allowance = allowance || m_q.stringValue(i) == u"false";
                charge = charge || m_q.stringValue(i) == u"true";
            }
            if (allowance)
                allowances.push_back(ac);
            if (charge)
                charges.push_back(ac);
        }
        bool ok = true;
        std::vector<int> amounts;
        for (int a : allowances) {
            for (int x : m_q.select(a, { ram(u"ActualAmount") }))
                amounts.push_back(x);
        }
        const double allowanceSum = round2(sumOf(amounts, &ok));
        const std::vector<int> allowanceTotal = m_q.select(sum, { ram(u"AllowanceTotalAmount") });
        bool allowanceOk = allowances.empty() && allowanceTotal.empty();
        for (int t : allowanceTotal) {
            const std::optional<double> v = m_q.number(t);
            allowanceOk = allowanceOk || (ok && v && *v == allowanceSum);
        }
        if (!allowanceOk)
            fail(u"FX-SCH-A-000118", u"BT-107", sum,
                u"BR-CO-11: the sum of allowances must equal the document-level allowances added up."_s);
        ok = true;
        amounts.clear();
        for (int c : charges) {
            for (int x : m_q.select(c, { ram(u"ActualAmount") }))
                amounts.push_back(x);
        }
        const double chargeSum = round2(sumOf(amounts, &ok));
        const double logistics
            = round2(sumOf(m_q.select(m_root,
                               { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                                   ram(u"SpecifiedLogisticsServiceCharge"), ram(u"AppliedAmount") }),
                &ok));
        const std::vector<int> chargeTotal = m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                ram(u"SpecifiedTradeSettlementHeaderMonetarySummation"), ram(u"ChargeTotalAmount") });
        bool chargeOk = charges.empty() && m_q.select(sum, { ram(u"ChargeTotalAmount") }).empty();
        if (!chargeOk && chargeTotal.size() == 1 && ok) {
            const std::optional<double> v = m_q.number(chargeTotal.front());
            chargeOk = v && round2(*v) == round2(chargeSum + logistics);
        }
        if (!chargeOk)
            fail(u"FX-SCH-A-000119", u"BT-108", sum,
                u"BR-CO-12: the sum of charges must equal the document-level charges added up."_s);
    }

    void taxBasisTotal(int sum)
    {
        const std::optional<Decimal> basis = decimalChild(sum, u"TaxBasisTotalAmount");
        const std::optional<Decimal> lines = decimalChild(sum, u"LineTotalAmount");
        const std::optional<Decimal> allowances = decimalChild(sum, u"AllowanceTotalAmount");
        const std::optional<Decimal> charges = decimalChild(sum, u"ChargeTotalAmount");
        const bool hasAllowances = m_q.exists(sum, { ram(u"AllowanceTotalAmount") });
        const bool hasCharges = m_q.exists(sum, { ram(u"ChargeTotalAmount") });
        bool ok = false;
        if (basis && lines) {
            if (allowances && charges)
                ok = ok || *basis == (*lines - *allowances + *charges).round2();
            if (allowances && !hasCharges)
                ok = ok || *basis == (*lines - *allowances).round2();
            if (charges && !hasAllowances)
                ok = ok || *basis == (*lines + *charges).round2();
            if (!hasAllowances && !hasCharges)
                ok = ok || *basis == lines->round2();
        }
        if (!ok)
            fail(u"FX-SCH-A-000120", u"BT-109", sum,
                u"BR-CO-13: the total without VAT must equal the line net amounts minus allowances plus charges."_s);
    }

    // The profile's BR-CO-15 reads the invoice currency below the totals element, where there is none, and
    // so holds for every document (FX-SCH-A-000121 never fires): nothing to check.
    void grandTotal(int) { }

    void dueAmount(int sum)
    {
        const std::optional<Decimal> due = decimalChild(sum, u"DuePayableAmount");
        const std::optional<Decimal> grand = decimalChild(sum, u"GrandTotalAmount");
        const std::optional<Decimal> paid = decimalChild(sum, u"TotalPrepaidAmount");
        const std::optional<Decimal> rounding = decimalChild(sum, u"RoundingAmount");
        // not(xs:decimal(x)): x absent or zero.
        const bool noPaid = !paid || paid->isZero();
        const bool noRounding = !rounding || rounding->isZero();
        bool ok = false;
        if (due && grand) {
            if (paid && rounding)
                ok = ok || *due == *grand - *paid + *rounding;
            if (rounding && noPaid)
                ok = ok || *due == *grand + *rounding;
            if (paid && noRounding)
                ok = ok || *due == *grand - *paid;
            if (noPaid && noRounding)
                ok = ok || *due == *grand;
        }
        if (!ok)
            fail(u"FX-SCH-A-000122", u"BT-115", sum,
                u"BR-CO-16: the amount due must equal the total with VAT minus the paid amount plus the "
                u"rounding "
                "amount."_s);
    }

    void paymentMeans()
    {
        for (int means : m_q.everywhere(ram(u"SpecifiedTradeSettlementPaymentMeans"))) {
            if (!m_q.exists(means, { ram(u"TypeCode") }))
                fail(u"FX-SCH-A-000131", u"BT-81", means,
                    u"BR-49: a payment instruction needs its means code."_s);
            bool transfer = false;
            bool trimmedTransfer = false;
            for (int t : m_q.select(means, { ram(u"TypeCode") })) {
                const QString v = m_q.stringValue(t);
                transfer = transfer || v == u"30" || v == u"58";
                trimmedTransfer = trimmedTransfer || v.simplified() == u"30" || v.simplified() == u"58";
            }
            if (transfer) {
                for (int account : m_q.select(means, { ram(u"PayeePartyCreditorFinancialAccount") })) {
                    if (m_q.exists(account, { ram(u"IBANID") })
                        || m_q.exists(account, { ram(u"ProprietaryID") }))
                        continue;
                    fail(u"FX-SCH-A-000133", u"BT-84", account,
                        u"BR-50: a credit transfer needs the payment account identifier."_s);
                    fail(u"FX-SCH-A-000134", u"BT-84", account,
                        u"BR-61: a credit transfer needs the payment account identifier."_s);
                }
            }
            if (trimmedTransfer) {
                const bool iban
                    = m_q.exists(means, { ram(u"PayeePartyCreditorFinancialAccount"), ram(u"IBANID") });
                const bool proprietary = m_q.exists(
                    means, { ram(u"PayeePartyCreditorFinancialAccount"), ram(u"ProprietaryID") });
                if (iban == proprietary)
                    fail(u"FX-SCH-A-000132", u"BT-84", means,
                        u"BR-CO-27: a credit transfer names either an IBAN or a proprietary account identifier."_s);
            }
        }
    }

    void dates()
    {
        for (int d : m_q.everywhere(udt(u"DateTimeString"))) {
            if (m_q.hasAttributeValue(d, Format, u"102") && !date102().match(m_q.stringValue(d)).hasMatch())
                fail(u"FX-SCH-A-000353", u"BT-2", d,
                    u"CII-DT-097: a date with format 102 must read YYYYMMDD."_s);
        }
    }

    int count(std::initializer_list<Name> path, QStringView category) const
    {
        int n = 0;
        for (int e : m_q.everywhere(path)) {
            if (childValueIs(e, ram(u"CategoryCode"), category))
                ++n;
        }
        return n;
    }

    // BR-CO-25, BR-10, BR-11, BR-62, BR-63: the document-level rules on the buyer and the payment terms.
    void documentParties()
    {
        if (m_root < 0)
            return;
        const std::vector<int> due = m_q.everywhere(ram(u"DuePayableAmount"));
        const std::optional<double> dueValue = due.empty() ? std::nullopt : m_q.number(due.front());
        if (dueValue && *dueValue > 0
            && m_q.everywhere({ ram(u"SpecifiedTradePaymentTerms"), ram(u"DueDateDateTime") }).empty()
            && m_q.everywhere({ ram(u"SpecifiedTradePaymentTerms"), ram(u"Description") }).empty())
            fail(u"FX-SCH-A-000155", u"BT-9", m_root,
                u"BR-CO-25: a positive amount due needs a payment due date or payment terms."_s);
        if (m_q.everywhere({ ram(u"BuyerTradeParty"), ram(u"PostalTradeAddress") }).empty())
            fail(u"FX-SCH-A-000156", u"BG-8", m_root, u"BR-10: the buyer postal address is missing."_s);
        if (!m_q.anyNonEmpty(
                m_q.everywhere({ ram(u"BuyerTradeParty"), ram(u"PostalTradeAddress"), ram(u"CountryID") })))
            fail(u"FX-SCH-A-000157", u"BT-55", m_root, u"BR-11: the buyer country code is missing."_s);
        electronicAddress(u"SellerTradeParty", u"FX-SCH-A-000158", u"BT-34", u"BR-62");
        electronicAddress(u"BuyerTradeParty", u"FX-SCH-A-000159", u"BT-49", u"BR-63");
    }

    // BR-16 and the VAT category counts (BR-xx-01, BR-B-01/02).
    void documentCategories()
    {
        if (m_root < 0)
            return;
        if (m_q.everywhere(ram(u"IncludedSupplyChainTradeLineItem")).empty())
            fail(u"FX-SCH-A-000253", u"BG-25", m_root, u"BR-16: an invoice needs at least one line."_s);
        const auto header = [this](QStringView c) {
            return count({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax") }, c);
        };
        const auto line = [this](QStringView c) {
            return count({ ram(u"SpecifiedLineTradeSettlement"), ram(u"ApplicableTradeTax") }, c);
        };
        const auto document = [this](QStringView c) { return count({ ram(u"CategoryTradeTax") }, c); };
        // "At least one": S, L (IGIC), M (IPSI).
        const std::array<std::tuple<const char16_t *, const char16_t *, const char16_t *>, 3> atLeastOne = { {
            { u"S", u"FX-SCH-A-000254", u"BR-S-01" },
            { u"L", u"FX-SCH-A-000261", u"BR-AF-01" },
            { u"M", u"FX-SCH-A-000262", u"BR-AG-01" },
        } };
        for (const auto &[code, id, br] : atLeastOne) {
            const int h = header(code);
            const bool ok = (line(code) + h >= 2 || line(code) == 0)
                && (document(code) + h >= 2 || document(code) == 0);
            if (!ok)
                fail(id, u"BT-118", m_root,
                    u"%1: VAT category %2 used on a line, allowance or charge needs a VAT breakdown of that "
                    "category."_s.arg(QString::fromUtf16(br), QString::fromUtf16(code)));
        }
        // "Exactly one": Z, E, AE, K, G.
        const std::array<std::tuple<const char16_t *, const char16_t *, const char16_t *>, 5> exactlyOne = { {
            { u"Z", u"FX-SCH-A-000255", u"BR-Z-01" },
            { u"E", u"FX-SCH-A-000256", u"BR-E-01" },
            { u"AE", u"FX-SCH-A-000257", u"BR-AE-01" },
            { u"K", u"FX-SCH-A-000258", u"BR-IC-01" },
            { u"G", u"FX-SCH-A-000259", u"BR-G-01" },
        } };
        for (const auto &[code, id, br] : exactlyOne) {
            const int h = header(code);
            const bool ok = (h == 0 && line(code) == 0 && document(code) == 0)
                || (h == 1 && (line(code) > 0 || document(code) > 0));
            if (!ok)
                fail(id, u"BT-118", m_root,
                    u"%1: VAT category %2 used on a line, allowance or charge needs exactly one VAT "
                    u"breakdown of "
                    "that category."_s.arg(QString::fromUtf16(br), QString::fromUtf16(code)));
        }
        const int o = header(u"O");
        if (!(o == 0 || (o == 1 && (line(u"O") > 0 || document(u"O") > 0))))
            fail(u"FX-SCH-A-000260", u"BT-118", m_root,
                u"BR-O-01: VAT category O needs exactly one VAT breakdown of that category and a line, "
                u"allowance "
                "or charge of it."_s);
        // Split payment (B): Italian invoices only, never beside S.
        bool split = false;
        bool standard = false;
        for (int c : m_q.everywhere(ram(u"CategoryCode"))) {
            split = split || m_q.stringValue(c) == u"B";
            standard = standard || m_q.stringValue(c) == u"S";
        }
        bool foreign = false;
        for (int c : m_q.everywhere(ram(u"CountryID")))
            foreign = foreign || m_q.stringValue(c) != u"IT";
        if (split && foreign)
            fail(u"FX-SCH-A-000263", u"BT-151", m_root,
                u"BR-B-01: split payment (B) is for domestic Italian invoices."_s);
        if (split && standard)
            fail(u"FX-SCH-A-000264", u"BT-151", m_root,
                u"BR-B-02: split payment (B) and standard rate (S) must not be used together."_s);
    }

    void electronicAddress(QStringView party, const char16_t *id, const char16_t *bt, const char16_t *br)
    {
        const std::vector<int> parties = m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement"), ram(party) });
        bool communication = false;
        QString scheme;
        for (int p : parties) {
            const std::vector<int> uris = m_q.select(p, { ram(u"URIUniversalCommunication") });
            communication = communication || !uris.empty();
            if (!uris.empty() && scheme.isEmpty()) {
                for (int u : m_q.select(uris.front(), { ram(u"URIID") })) {
                    scheme = m_q.doc().attribute(u, SchemeId).simplified();
                    break;
                }
            }
        }
        if (communication && scheme.isEmpty())
            fail(id, bt, m_root,
                u"%1: the electronic address needs its scheme identifier."_s.arg(QString::fromUtf16(br)));
    }

    void agreement()
    {
        for (int a : m_q.select(
                 m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement") })) {
            if (m_q.exists(a, { ram(u"SellerTradeParty"), ram(u"DefinedTradeContact"), ram(u"PersonName") })
                && m_q.exists(
                    a, { ram(u"SellerTradeParty"), ram(u"DefinedTradeContact"), ram(u"DepartmentName") }))
                fail(u"FX-SCH-A-000350", u"BT-41", a,
                    u"CII-SR-465: the seller contact is named by a person or a department, not both."_s);
            if (m_q.exists(a, { ram(u"BuyerTradeParty"), ram(u"DefinedTradeContact"), ram(u"PersonName") })
                && m_q.exists(
                    a, { ram(u"BuyerTradeParty"), ram(u"DefinedTradeContact"), ram(u"DepartmentName") }))
                fail(u"FX-SCH-A-000351", u"BT-56", a,
                    u"CII-SR-466: the buyer contact is named by a person or a department, not both."_s);
            oneSellerAndBuyer(a);
        }
    }

    void delivery()
    {
        for (int d : m_q.select(
                 m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeDelivery") })) {
            if (m_q.exists(d, { ram(u"ShipToTradeParty"), ram(u"PostalTradeAddress") })
                && !m_q.anyNonEmpty(m_q.select(
                    d, { ram(u"ShipToTradeParty"), ram(u"PostalTradeAddress"), ram(u"CountryID") })))
                fail(u"FX-SCH-A-000170", u"BT-80", d,
                    u"BR-57: a deliver-to address needs its country code."_s);
        }
    }

    void precedingInvoices()
    {
        for (int r : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"InvoiceReferencedDocument") })) {
            const std::vector<int> ids = m_q.select(r, { ram(u"IssuerAssignedID") });
            if (!m_q.anyNonEmpty(ids))
                fail(u"FX-SCH-A-000182", u"BT-25", r,
                    u"BR-55: a preceding invoice reference needs the invoice number."_s);
            if (ids.size() != 1)
                fail(u"FX-SCH-A-000029", u"BT-25", r,
                    u"A preceding invoice reference must carry exactly one IssuerAssignedID."_s);
        }
    }

    bool countryIsDe(int transaction, std::initializer_list<Name> party) const
    {
        for (int p : m_q.select(transaction, party)) {
            for (int c : m_q.select(p, { ram(u"PostalTradeAddress"), ram(u"CountryID") })) {
                if (m_q.stringValue(c).simplified().toUpper() == u"DE")
                    return true;
            }
        }
        return false;
    }

    // BR-FX-EN-04: a German domestic invoice other than a down payment (386) names when it was delivered.
    void deliveryDateInGermany()
    {
        bool notDownPayment = false;
        for (int t : m_q.select(m_root, { rsm(u"ExchangedDocument"), ram(u"TypeCode") }))
            notDownPayment = notDownPayment || m_q.stringValue(t) != u"386";
        if (!notDownPayment)
            return;
        for (int tx : m_q.select(m_root, { rsm(u"SupplyChainTradeTransaction") })) {
            const bool seller
                = countryIsDe(tx, { ram(u"ApplicableHeaderTradeAgreement"), ram(u"SellerTradeParty") });
            const bool buyer
                = countryIsDe(tx, { ram(u"ApplicableHeaderTradeAgreement"), ram(u"BuyerTradeParty") });
            const bool invoicer
                = countryIsDe(tx, { ram(u"ApplicableHeaderTradeSettlement"), ram(u"InvoicerTradeParty") });
            const bool invoicee
                = countryIsDe(tx, { ram(u"ApplicableHeaderTradeSettlement"), ram(u"InvoiceeTradeParty") });
            if (!((seller || invoicer) && (buyer || invoicee)))
                continue;
            const bool delivered = m_q.exists(tx,
                { ram(u"ApplicableHeaderTradeDelivery"), ram(u"ActualDeliverySupplyChainEvent"),
                    ram(u"OccurrenceDateTime") });
            bool everyLinePeriod = true;
            for (int line : m_q.select(tx, { ram(u"IncludedSupplyChainTradeLineItem") }))
                everyLinePeriod = everyLinePeriod
                    && m_q.exists(
                        line, { ram(u"SpecifiedLineTradeSettlement"), ram(u"BillingSpecifiedPeriod") });
            const bool when = delivered
                || m_q.exists(tx, { ram(u"ApplicableHeaderTradeSettlement"), ram(u"BillingSpecifiedPeriod") })
                || everyLinePeriod;
            bool deliveryText = false;
            for (int d : m_q.select(tx, { ram(u"ApplicableHeaderTradeDelivery") }))
                deliveryText = deliveryText || !m_q.stringValue(d).simplified().isEmpty();
            if (!when || !(delivered || deliveryText))
                fail(u"FX-SCH-A-000354", u"BT-72", tx,
                    u"BR-FX-EN-04: an invoice other than a down payment must give the delivery date, an "
                    u"invoicing "
                    "period or a period on every line, and at least the country of delivery."_s);
        }
    }
};

} // namespace

void FacturxBasicRules::check(const XmlDocument &doc, QList<Finding> &out)
{
    Checker(doc, out, u"facturx-basic-codes.txt"_s).run();
}

void FacturxBasicWlRules::check(const XmlDocument &doc, QList<Finding> &out)
{
    Checker(doc, out, u"facturx-basicwl-codes.txt"_s).runBasicWl();
}

void FacturxBasicRules::checkExtendedShared(const XmlDocument &doc, QList<Finding> &out)
{
    Checker(doc, out, u"facturx-extended-codes.txt"_s).runExtendedShared();
}

void FacturxEn16931Rules::check(const XmlDocument &doc, QList<Finding> &out)
{
    Checker checker(doc, out, u"facturx-en16931-codes.txt"_s);
    checker.run();
    checker.en16931Additions();
}

} // namespace ades::eu
