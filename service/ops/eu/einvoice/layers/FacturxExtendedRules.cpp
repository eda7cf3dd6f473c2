#include "FacturxExtendedRules.h"

#include "FacturxBasicRules.h"
#include "FacturxChecks.h"

#include <QRegularExpression>
#include <array>
#include <cmath>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

using namespace facturx;

// XPath normalize-space(): only space, tab, carriage return and line feed count as blanks.
QString normalizeSpace(const QString &text)
{
    QString result;
    result.reserve(text.size());
    bool pendingBlank = false;
    for (const QChar c : text) {
        if (c == u' ' || c == u'\t' || c == u'\r' || c == u'\n') {
            pendingBlank = !result.isEmpty();
            continue;
        }
        if (pendingBlank)
            result += u' ';
        pendingBlank = false;
        result += c;
    }
    return result;
}

// The profile's "round(x * 100) div 100" (or "* 10 * 10") on a double, as XPath evaluates it.
double roundedCents(double value, bool twoSteps)
{
    return roundXPath(twoSteps ? value * 10 * 10 : value * 100) / 100;
}

// A double that xs:decimal() turns into a short decimal: at most 20 binary, so 20 decimal, fraction digits.
bool isShortDecimal(double value)
{
    const double scaled = std::ldexp(value, 20);
    return std::isfinite(value) && std::fabs(value) < 1e6 && scaled == std::floor(scaled);
}

long double toLongDouble(const Decimal &value)
{
    return std::strtold(value.toString().toLatin1().constData(), nullptr);
}

// |exact + Σ binary| <= tolerance, where the binary terms are doubles that the profile converts with
// xs:decimal(). Saxon keeps every binary digit in that conversion (0.1 becomes
// 0.1000000000000000055511151231257827…), so a sum of cents computed in doubles can miss a bound by that
// much: exact decimals where the doubles are short decimals, else long doubles, whose error is far below
// the distance of such a double from the nearest cent.
bool withinTolerance(const Decimal &exact, std::initializer_list<double> binary, const Decimal &tolerance)
{
    bool allShort = true;
    for (double term : binary) {
        if (!std::isfinite(term))
            return false; // xs:decimal(NaN) stops the artefact: never a pass
        allShort = allShort && isShortDecimal(term);
    }
    if (allShort) {
        Decimal sum = exact;
        for (double term : binary) {
            const std::optional<Decimal> d = Decimal::fromString(QString::number(term, 'f', 20));
            if (!d)
                return false;
            sum += *d;
        }
        return sum.abs() <= tolerance;
    }
    long double sum = toLongDouble(exact);
    for (double term : binary)
        sum += static_cast<long double>(term);
    return std::fabs(sum) <= toLongDouble(tolerance);
}

Decimal cents(int count)
{
    return Decimal::fromInt(count).dividedByPowerOfTen(2);
}

class Checker : public FacturxChecks
{
public:
    Checker(const XmlDocument &doc, QList<Finding> &out)
        : FacturxChecks(doc, out, u"facturx-extended-codes.txt"_s)
    {
        m_extended = true;
    }

    void run()
    {
        if (m_root < 0)
            return;
        categorySums();
        standardRatedSums();
        standardRatedTax();
        for (int sum : m_q.everywhere(ram(u"SpecifiedTradeSettlementHeaderMonetarySummation")))
            documentTotals(sum);
        lineSubtypes();
        notesWithSubject();
        otherPartiesVat();
        characteristicCodes();
        dates205();
        taxTotalVariants(u"currency"_s, u"currency"_s);
        lineTaxTotalVariants();
    }

private:
    // A category (and, for S, a rate) that a line, an allowance or charge or a logistics charge is of.
    struct Category
    {
        QStringView code;
        std::optional<Decimal> rate;
    };

    static std::optional<Decimal> decimalOf(const CiiQuery &q, int element)
    {
        return Decimal::fromString(q.stringValue(element));
    }

    // xs:decimal(path): empty for no node, a non-number or several nodes (an XPath error).
    std::optional<Decimal> single(int from, std::initializer_list<Name> path) const
    {
        const std::vector<int> found = m_q.select(from, path);
        if (found.size() != 1)
            return std::nullopt;
        return decimalOf(m_q, found.front());
    }

    // "tax/CategoryCode = code and tax/xs:decimal(RateApplicablePercent) = rate" over the taxes `taxes`
    // (general comparisons: any tax may give the code, any the rate).
    bool ofCategory(const std::vector<int> &taxes, const Category &category) const
    {
        bool code = false;
        bool rate = !category.rate;
        for (int tax : taxes) {
            code = code || childValueIs(tax, ram(u"CategoryCode"), category.code);
            if (category.rate) {
                for (int r : m_q.select(tax, { ram(u"RateApplicablePercent") })) {
                    const std::optional<Decimal> d = decimalOf(m_q, r);
                    rate = rate || (d && *d == *category.rate);
                }
            }
        }
        return code && rate;
    }

    // A line of subtype DETAIL, or without a subtype (BT-X-8).
    bool isDetail(int line) const
    {
        const std::vector<int> codes
            = m_q.select(line, { ram(u"AssociatedDocumentLineDocument"), ram(u"LineStatusReasonCode") });
        return codes.empty() || hasDetail(codes);
    }

    bool hasDetail(const std::vector<int> &codes) const
    {
        for (int c : codes) {
            if (m_q.stringValue(c) == u"DETAIL")
                return true;
        }
        return false;
    }

    std::vector<int> documentLines() const
    {
        return m_q.select(
            m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem") });
    }

    std::vector<int> headerSettlementChildren(QStringView name) const
    {
        return m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"), ram(name) });
    }

    // "ChargeIndicator/Indicator = 'true'" compared as a string (the counts), as opposed to indicator()'s
    // xs:boolean reading (the sums).
    bool indicatorIs(int allowanceCharge, QStringView value) const
    {
        for (int i : m_q.select(allowanceCharge, { ram(u"ChargeIndicator"), udt(u"Indicator") })) {
            if (m_q.stringValue(i) == value)
                return true;
        }
        return false;
    }

    int countAllowanceCharges(int settlement, QStringView value) const
    {
        int n = 0;
        for (int ac : m_q.select(settlement, { ram(u"SpecifiedTradeAllowanceCharge") }))
            n += indicatorIs(ac, value) ? 1 : 0;
        return n;
    }

    // BR-FXEXT-xx-08: the taxable amount of a category within one cent per amount summed of the DETAIL
    // lines' net amounts plus charges and logistics charges minus allowances of that category, each sum
    // rounded to cents (all in xs:decimal). Empty when an amount is not a decimal (an XPath error).
    std::optional<bool> categorySumHolds(const std::optional<Decimal> &basis, const Category &category) const
    {
        if (!basis)
            return false;
        Decimal lines;
        int lineCount = 0;
        for (int line : documentLines()) {
            if (!isDetail(line))
                continue;
            bool counted = false;
            for (int settlement : m_q.select(line, { ram(u"SpecifiedLineTradeSettlement") })) {
                if (!ofCategory(m_q.select(settlement, { ram(u"ApplicableTradeTax") }), category))
                    continue;
                counted = true;
                for (int amount :
                    m_q.select(settlement,
                        { ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                    const std::optional<Decimal> d = decimalOf(m_q, amount);
                    if (!d)
                        return std::nullopt;
                    lines += *d;
                }
            }
            lineCount += counted ? 1 : 0;
        }
        Decimal charges;
        Decimal allowances;
        int allowanceChargeCount = 0;
        for (int ac : headerSettlementChildren(u"SpecifiedTradeAllowanceCharge")) {
            if (!ofCategory(m_q.select(ac, { ram(u"CategoryTradeTax") }), category))
                continue;
            ++allowanceChargeCount;
            const std::optional<bool> isCharge = indicator(ac);
            if (!isCharge)
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<Decimal> d = decimalOf(m_q, amount);
                if (!d)
                    return std::nullopt;
                (*isCharge ? charges : allowances) += *d;
            }
        }
        Decimal logistics;
        int logisticsCount = 0;
        for (int charge : headerSettlementChildren(u"SpecifiedLogisticsServiceCharge")) {
            if (!ofCategory(m_q.select(charge, { ram(u"AppliedTradeTax") }), category))
                continue;
            ++logisticsCount;
            for (int amount : m_q.select(charge, { ram(u"AppliedAmount") })) {
                const std::optional<Decimal> d = decimalOf(m_q, amount);
                if (!d)
                    return std::nullopt;
                logistics += *d;
            }
        }
        const Decimal expected = lines.round2() + charges.round2() + logistics.round2() - allowances.round2();
        return (*basis - expected).abs() <= cents(lineCount + allowanceChargeCount + logisticsCount);
    }

    void categorySums()
    {
        struct Sum
        {
            const char16_t *code;
            const char16_t *id;
            const char16_t *br;
        };
        // Z is looked up under any header settlement, AE, E, G and K under the transaction's, each at its
        // CategoryCode.
        const std::array<Sum, 5> atCode = { {
            { u"Z", u"FX-SCH-A-000355", u"BR-FXEXT-Z-08" },
            { u"AE", u"FX-SCH-A-000308", u"BR-FXEXT-AE-08" },
            { u"E", u"FX-SCH-A-000368", u"BR-FXEXT-E-08" },
            { u"G", u"FX-SCH-A-000369", u"BR-FXEXT-G-08" },
            { u"K", u"FX-SCH-A-000370", u"BR-FXEXT-IC-08" },
        } };
        for (const Sum &s : atCode) {
            const QStringView code(s.code);
            const std::vector<int> codes = code == u"Z"
                ? m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax"),
                    ram(u"CategoryCode") })
                : m_q.everywhere(
                    { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                        ram(u"ApplicableTradeTax"), ram(u"CategoryCode") });
            for (int c : codes) {
                if (m_q.stringValue(c) != code)
                    continue;
                const std::optional<bool> holds
                    = categorySumHolds(single(m_q.up(c, 1), { ram(u"BasisAmount") }), { code, std::nullopt });
                if (!holds.value_or(false))
                    fail(s.id, u"BT-116", c, sumMessage(s.br, code));
            }
        }
        // L, M and O are looked up at the breakdown. The profile's L and M rules read the taxable amount one
        // level too high (the settlement's, which CII does not have), so they fail on every such breakdown.
        const std::array<Sum, 3> atBreakdown = { {
            { u"L", u"FX-SCH-A-000312", u"BR-FXEXT-AF-08" },
            { u"M", u"FX-SCH-A-000313", u"BR-FXEXT-AG-08" },
            { u"O", u"FX-SCH-A-000371", u"BR-FXEXT-O-08" },
        } };
        for (const Sum &s : atBreakdown) {
            const QStringView code(s.code);
            for (int tax : headerBreakdowns()) {
                if (!childValueIs(tax, ram(u"CategoryCode"), code))
                    continue;
                const int basisParent = code == u"O" ? tax : m_q.up(tax, 1);
                const std::optional<bool> holds
                    = categorySumHolds(single(basisParent, { ram(u"BasisAmount") }), { code, std::nullopt });
                if (!holds.value_or(false))
                    fail(s.id, u"BT-116", tax, sumMessage(s.br, code));
            }
        }
    }

    static QString sumMessage(const char16_t *br, QStringView code)
    {
        return u"%1: the taxable amount of VAT category %2 must equal the net amounts of its regular lines "
               "plus its charges and logistics charges minus its allowances, within one cent per amount."_s
                   .arg(QString::fromUtf16(br), code.toString());
    }

    // BR-FXEXT-S-08: the same sum for each rate a breakdown of category S gives.
    void standardRatedSums()
    {
        for (int c : m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax"),
                 ram(u"CategoryCode") })) {
            if (m_q.stringValue(c) != u"S")
                continue;
            const int tax = m_q.up(c, 1);
            bool holds = true;
            for (int r : m_q.select(tax, { ram(u"RateApplicablePercent") })) {
                const std::optional<Decimal> rate = decimalOf(m_q, r);
                holds = holds && rate
                    && categorySumHolds(single(tax, { ram(u"BasisAmount") }), { u"S", rate }).value_or(false);
            }
            if (!holds)
                fail(u"FX-SCH-A-000356", u"BT-116", c,
                    u"BR-FXEXT-S-08: the taxable amount of VAT category S at each rate must equal the net "
                    u"amounts "
                    "of its regular lines plus its charges and logistics charges minus its allowances, "
                    "within "
                    "one cent per amount."_s);
        }
    }

    // BR-FXEXT-S-09: the VAT amount within one cent per amount of the invoice of taxable amount × rate.
    void standardRatedTax()
    {
        for (int tax :
            m_q.everywhere({ ram(u"ApplicableHeaderTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            if (!childValueIs(tax, ram(u"CategoryCode"), u"S"))
                continue;
            const std::optional<Decimal> calculated = single(tax, { ram(u"CalculatedAmount") });
            const std::optional<Decimal> basis = single(tax, { ram(u"BasisAmount") });
            const std::optional<Decimal> rate = single(tax, { ram(u"RateApplicablePercent") });
            const int settlement = m_q.up(tax, 1);
            int items = 0;
            for (int line : m_q.select(m_q.up(tax, 2), { ram(u"IncludedSupplyChainTradeLineItem") }))
                items += isDetail(line) ? 1 : 0;
            items += countAllowanceCharges(settlement, u"false") + countAllowanceCharges(settlement, u"true")
                + int(m_q.select(settlement, { ram(u"SpecifiedLogisticsServiceCharge") }).size());
            bool holds = false;
            if (calculated && basis && rate) {
                const Decimal expected
                    = (*basis * *rate * Decimal::fromInt(100)).roundXPath().dividedByPowerOfTen(4);
                holds = (*calculated - expected).abs() <= cents(items);
            }
            if (!holds)
                fail(u"FX-SCH-A-000357", u"BT-117", tax,
                    u"BR-FXEXT-S-09: the VAT amount of category S must equal the taxable amount times the "
                    u"rate, "
                    "within one cent per amount of the invoice."_s);
        }
    }

    double lineSum(int transaction, bool *ok) const
    {
        double sum = 0;
        for (int line : m_q.select(transaction, { ram(u"IncludedSupplyChainTradeLineItem") })) {
            if (!isDetail(line))
                continue;
            for (int amount : m_q.select(line,
                     { ram(u"SpecifiedLineTradeSettlement"),
                         ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                *ok = *ok && n.has_value();
                sum += n.value_or(0);
            }
        }
        return sum;
    }

    // sum() of the amounts of the document's header allowances (false) or charges (true), in doubles.
    double allowanceChargeSum(QStringView value, bool *ok) const
    {
        double sum = 0;
        for (int ac : headerSettlementChildren(u"SpecifiedTradeAllowanceCharge")) {
            if (!indicatorIs(ac, value))
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                *ok = *ok && n.has_value();
                sum += n.value_or(0);
            }
        }
        return sum;
    }

    double logisticsSum(bool *ok) const
    {
        double sum = 0;
        for (int amount : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"SpecifiedLogisticsServiceCharge"), ram(u"AppliedAmount") })) {
            const std::optional<double> n = m_q.number(amount);
            *ok = *ok && n.has_value();
            sum += n.value_or(0);
        }
        return sum;
    }

    bool anyAllowanceCharge(QStringView value) const
    {
        for (int ac : headerSettlementChildren(u"SpecifiedTradeAllowanceCharge")) {
            if (indicatorIs(ac, value))
                return true;
        }
        return false;
    }

    // BR-FXEXT-CO-10, -11, -12, -13 and -15 on one totals element: each total within one cent per amount
    // summed of what it adds up.
    void documentTotals(int sum)
    {
        const int settlement = m_q.up(sum, 1);
        const int transaction = m_q.up(sum, 2);
        const int allowanceCount = countAllowanceCharges(settlement, u"false");
        const int chargeCount = countAllowanceCharges(settlement, u"true")
            + int(m_q.select(settlement, { ram(u"SpecifiedLogisticsServiceCharge") }).size());
        int detailLines = 0;
        const std::vector<int> lines = m_q.select(transaction, { ram(u"IncludedSupplyChainTradeLineItem") });
        for (int line : lines)
            detailLines += isDetail(line) ? 1 : 0;

        bool linesOk = true;
        const double lineTotal = roundXPath(lineSum(transaction, &linesOk) * 100) / 100;
        bool allowancesOk = true;
        const double allowances = roundedCents(allowanceChargeSum(u"false", &allowancesOk), true);
        bool chargesOk = true;
        const double charges = roundedCents(allowanceChargeSum(u"true", &chargesOk), false);
        const double logistics = roundedCents(logisticsSum(&chargesOk), true);

        const std::optional<Decimal> declaredLines = single(sum, { ram(u"LineTotalAmount") });
        if (!(linesOk && declaredLines
                && withinTolerance(*declaredLines, { -lineTotal }, cents(int(lines.size())))))
            fail(u"FX-SCH-A-000365", u"BT-106", sum,
                u"BR-FXEXT-CO-10: the sum of line net amounts must equal the net amounts of the regular "
                u"lines "
                "added up, within one cent per line."_s);

        if (anyAllowanceCharge(u"false") || m_q.exists(sum, { ram(u"AllowanceTotalAmount") })) {
            const std::optional<Decimal> declared = single(sum, { ram(u"AllowanceTotalAmount") });
            if (!(allowancesOk && declared
                    && withinTolerance(*declared, { -allowances }, cents(allowanceCount))))
                fail(u"FX-SCH-A-000304", u"BT-107", sum,
                    u"BR-FXEXT-CO-11: the sum of allowances must equal the document-level allowances added "
                    u"up, "
                    "within one cent per allowance."_s);
        }
        if (anyAllowanceCharge(u"true") || m_q.exists(sum, { ram(u"ChargeTotalAmount") })) {
            const std::optional<Decimal> declared = single(sum, { ram(u"ChargeTotalAmount") });
            if (!(chargesOk && declared
                    && withinTolerance(*declared, { -charges, -logistics }, cents(chargeCount))))
                fail(u"FX-SCH-A-000305", u"BT-108", sum,
                    u"BR-FXEXT-CO-12: the sum of charges must equal the document-level charges and logistics "
                    "charges added up, within one cent per charge."_s);
        }

        const std::optional<Decimal> basis = single(sum, { ram(u"TaxBasisTotalAmount") });
        const Decimal tolerance = cents(detailLines + allowanceCount + chargeCount);
        if (!(linesOk && allowancesOk && chargesOk && basis
                && withinTolerance(*basis, { -lineTotal, allowances, -charges, -logistics }, tolerance)))
            fail(u"FX-SCH-A-000366", u"BT-109", sum,
                u"BR-FXEXT-CO-13: the total without VAT must equal the regular lines' net amounts minus "
                "allowances plus charges, within one cent per amount."_s);

        if (!grandTotalHolds(sum, settlement, basis, tolerance))
            fail(u"FX-SCH-A-000374", u"BT-112", sum,
                u"BR-FXEXT-CO-15: the total with VAT must equal the total without VAT plus the VAT total in "
                "the invoice currency, within one cent per amount."_s);
    }

    // BR-FXEXT-CO-15 needs the VAT total in the invoice currency: without it (or without the invoice
    // currency, the total without VAT or the total with VAT) the profile's test selects nothing and fails.
    bool grandTotalHolds(
        int sum, int settlement, const std::optional<Decimal> &basis, const Decimal &tolerance) const
    {
        const std::vector<int> currencies = m_q.select(settlement, { ram(u"InvoiceCurrencyCode") });
        const std::optional<Decimal> grand = single(sum, { ram(u"GrandTotalAmount") });
        if (currencies.empty() || !basis || !grand)
            return false;
        for (int c : currencies) {
            const QString currency = m_q.stringValue(c);
            std::vector<int> totals;
            for (int t : m_q.select(sum, { ram(u"TaxTotalAmount") })) {
                if (m_q.hasAttributeValue(t, CurrencyId, currency))
                    totals.push_back(t);
            }
            const std::optional<Decimal> vat
                = totals.size() == 1 ? decimalOf(m_q, totals.front()) : std::optional<Decimal>();
            if (!vat || !((*grand - *vat - *basis).abs() <= tolerance))
                return false;
        }
        return true;
    }

    // The subtype of a line (BT-X-8): the first LineStatusReasonCode in document order below the line, its
    // line document or its line settlement, whitespace-normalised.
    QString subtype(int line) const
    {
        int first = -1;
        for (const auto &path : { std::initializer_list<Name> { ram(u"LineStatusReasonCode") },
                 std::initializer_list<Name> {
                     ram(u"AssociatedDocumentLineDocument"), ram(u"LineStatusReasonCode") },
                 std::initializer_list<Name> {
                     ram(u"SpecifiedLineTradeSettlement"), ram(u"LineStatusReasonCode") } }) {
            for (int e : m_q.select(line, path))
                first = first < 0 || e < first ? e : first;
        }
        return first < 0 ? QString() : normalizeSpace(m_q.stringValue(first));
    }

    // normalize-space(path) of a single node ('' for none; several: their first).
    QString normalized(int from, std::initializer_list<Name> path) const
    {
        const std::vector<int> found = m_q.select(from, path);
        return found.empty() ? QString() : normalizeSpace(m_q.stringValue(found.front()));
    }

    QString parentId(int line) const
    {
        return normalized(line, { ram(u"AssociatedDocumentLineDocument"), ram(u"ParentLineID") });
    }

    QString lineId(int line) const
    {
        return normalized(line, { ram(u"AssociatedDocumentLineDocument"), ram(u"LineID") });
    }

    std::optional<double> lineAmount(int line) const
    {
        bool ok = false;
        const double value = normalized(line,
            { ram(u"SpecifiedLineTradeSettlement"), ram(u"SpecifiedTradeSettlementLineMonetarySummation"),
                ram(u"LineTotalAmount") })
                                 .toDouble(&ok);
        return ok ? std::optional<double>(value) : std::nullopt;
    }

    // BR-FXEXT-08: every GROUP line with a net amount carries the sum of its DETAIL and GROUP children's.
    bool groupSumsHold(const std::vector<int> &lines) const
    {
        for (int item : lines) {
            const QString amount = normalized(item,
                { ram(u"SpecifiedLineTradeSettlement"), ram(u"SpecifiedTradeSettlementLineMonetarySummation"),
                    ram(u"LineTotalAmount") });
            if (!statusIs(item, { u"GROUP" }) || amount.isEmpty())
                continue;
            const QString id = lineId(item);
            double children = 0;
            bool numbers = true;
            for (int child : lines) {
                if (parentId(child) != id || !statusIs(child, { u"DETAIL", u"GROUP" }))
                    continue;
                const std::optional<double> n = lineAmount(child);
                numbers = numbers && n.has_value();
                children += n.value_or(0);
            }
            const std::optional<double> value = lineAmount(item);
            if (!numbers || !value || *value != children)
                return false;
        }
        return true;
    }

    // "AssociatedDocumentLineDocument/LineStatusReasonCode = one of values".
    bool statusIs(int line, std::initializer_list<QStringView> values) const
    {
        for (int c :
            m_q.select(line, { ram(u"AssociatedDocumentLineDocument"), ram(u"LineStatusReasonCode") })) {
            const QString v = m_q.stringValue(c);
            for (QStringView value : values) {
                if (v == value)
                    return true;
            }
        }
        return false;
    }

    void lineSubtypes()
    {
        const std::vector<int> lines = m_q.everywhere(ram(u"IncludedSupplyChainTradeLineItem"));
        const bool groupsHold = groupSumsHold(lines);
        for (int line : lines) {
            const QString parent = parentId(line);
            if (subtype(line).isEmpty()) {
                bool isParent = false;
                const QString id = lineId(line);
                for (int other : m_q.select(m_q.up(line, 1), { ram(u"IncludedSupplyChainTradeLineItem") }))
                    isParent = isParent || (other != line && parentId(other) == id);
                if (!parent.isEmpty() || isParent)
                    fail(u"FX-SCH-A-000374", u"BT-X-8", line,
                        u"BR-FXEXT-06: a line that names a parent line or is one needs its subtype (BT-X-8)."_s);
            }
            if (!groupsHold)
                fail(u"FX-SCH-A-000359", u"BT-131", line,
                    u"BR-FXEXT-08: the net amount of a GROUP line must equal its DETAIL and GROUP sub-lines' "
                    u"net "
                    "amounts added up."_s);
            if (!parent.isEmpty()) {
                bool found = false;
                for (int other : lines)
                    found = found || lineId(other) == parent;
                if (!found)
                    fail(u"FX-SCH-A-000360", u"BT-X-304", line,
                        u"BR-FXEXT-11: the parent line ID must name an existing line."_s);
            }
            if (isDetail(line))
                detailLine(line);
        }
    }

    // The terms a DETAIL line (or one without subtype) must carry: BR-FXEXT-CO-04, -BR-22, -23, -26, -27.
    void detailLine(int line)
    {
        bool category = false;
        for (int tax :
            m_q.select(line, { ram(u"SpecifiedLineTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            bool vat = false;
            for (int t : m_q.select(tax, { ram(u"TypeCode") }))
                vat = vat || m_q.stringValue(t).toUpper() == u"VAT";
            category = category || (vat && m_q.exists(tax, { ram(u"CategoryCode") }));
        }
        if (!category)
            fail(u"FX-SCH-A-000373", u"BT-151", line,
                u"BR-FXEXT-CO-04: a regular line needs its VAT category code."_s);
        const std::vector<int> quantity
            = m_q.select(line, { ram(u"SpecifiedLineTradeDelivery"), ram(u"BilledQuantity") });
        if (quantity.empty())
            fail(u"FX-SCH-A-000361", u"BT-129", line,
                u"BR-FXEXT-BR-22: a regular line needs its invoiced quantity."_s);
        bool unit = false;
        for (int q : quantity)
            unit = unit || m_q.doc().hasAttribute(q, u"unitCode"_s);
        if (!unit)
            fail(u"FX-SCH-A-000362", u"BT-130", line,
                u"BR-FXEXT-BR-23: a regular line needs its quantity's unit code."_s);
        const std::vector<int> net = m_q.select(line,
            { ram(u"SpecifiedLineTradeAgreement"), ram(u"NetPriceProductTradePrice"), ram(u"ChargeAmount") });
        if (net.empty())
            fail(u"FX-SCH-A-000363", u"BT-146", line,
                u"BR-FXEXT-BR-26: a regular line needs its item net price."_s);
        bool notNegative = false;
        for (int n : net) {
            const std::optional<double> v = m_q.number(n);
            notNegative = notNegative || (v && *v >= 0);
        }
        if (!notNegative)
            fail(u"FX-SCH-A-000364", u"BT-146", line,
                u"BR-FXEXT-BR-27: the item net price of a regular line must be given and not negative."_s);
    }

    // BR-FXEXT-01 (document notes) and -02 (line notes): a note with a subject code needs a text or a coded
    // text.
    void notesWithSubject()
    {
        const auto check = [this](const std::vector<int> &notes, const char16_t *id, const char16_t *br) {
            for (int note : notes) {
                if (!m_q.exists(note, { ram(u"SubjectCode") }))
                    continue;
                if (!m_q.exists(note, { ram(u"ContentCode") }) && !m_q.exists(note, { ram(u"Content") }))
                    fail(id, u"BT-22", note,
                        u"%1: a note with a subject code needs its text or its coded text."_s.arg(
                            QString::fromUtf16(br)));
            }
        };
        check(m_q.select(m_root, { rsm(u"ExchangedDocument"), ram(u"IncludedNote") }), u"FX-SCH-A-000318",
            u"BR-FXEXT-01");
        check(m_q.everywhere({ ram(u"AssociatedDocumentLineDocument"), ram(u"IncludedNote") }),
            u"FX-SCH-A-000301", u"BR-FXEXT-02");
    }

    bool belowSeller(int element) const
    {
        for (int a = m_q.up(element, 1); a >= 0; a = m_q.up(a, 1)) {
            if (m_q.is(a, ram(u"SellerTradeParty")))
                return true;
        }
        return false;
    }

    // BR-FXEXT-03: every party other than the seller may only give a VAT registration.
    void otherPartiesVat()
    {
        for (int id : m_q.everywhere({ ram(u"SpecifiedTaxRegistration"), ram(u"ID") })) {
            if (!belowSeller(id) && !m_q.hasAttributeValue(id, SchemeId, u"VA"))
                fail(u"FX-SCH-A-000302", u"BT-X-66", id,
                    u"BR-FXEXT-03: a party other than the seller may only give a VAT registration (scheme VA)."_s);
        }
    }

    // BR-FXEXT-04 (a warning): an item attribute code from UNTDID 6313 or the Factur-X extension.
    void characteristicCodes()
    {
        const QSet<QString> *codes = ProfileCodeLists::find(m_codes, u"characteristic-type"_s);
        for (int t : m_q.everywhere({ ram(u"ApplicableProductCharacteristic"), ram(u"TypeCode") })) {
            const QString value = normalizeSpace(m_q.stringValue(t));
            if (!value.isEmpty() && !value.contains(u' ') && codes && codes->contains(value))
                continue;
            m_out.append(Finding { u"FX-SCH-A-000345"_s, Severity::Warning, u"BT-160"_s, m_q.doc().path(t),
                u"BR-FXEXT-04: the item attribute code should come from UNTDID 6313 or the Factur-X "
                "extension list."_s });
        }
    }

    // The line VAT totals (TaxTotalAmount of a line's monetary summation) by currencyID, compared with the
    // document's invoice currency and VAT accounting currency: at most one in each, none in another currency,
    // and the currency must be one the profile lists.
    void lineTaxTotalVariants()
    {
        const TotalsWording line { u"BG-30", u"FX-SCH-A-000372", u"BG-30", u"FX-SCH-A-000373", u"BG-30",
            u"line VAT total"_s };
        const QSet<QString> *listed = ProfileCodeLists::find(m_codes, u"currency"_s);
        DocumentCurrencies currencies;
        for (int settlement : m_q.select(
                 m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement") })) {
            const DocumentCurrencies here = documentCurrencies(settlement);
            currencies.invoice << here.invoice;
            currencies.tax << here.tax;
        }
        for (int sum : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem"),
                     ram(u"SpecifiedLineTradeSettlement"),
                     ram(u"SpecifiedTradeSettlementLineMonetarySummation") }))
            totalsByCurrency(sum, currencies, listed, listed, line);
    }

    // BR-FXEXT-CII-DT-097a: a date of format 205 reads YYYYMMDDHHMM (the profile's pattern has no seconds).
    void dates205()
    {
        static const QRegularExpression pattern(
            u"^\\s*(\\d{4})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])([01][0-9]|2[0-3])[0-5][0-9]\\s*$"_s);
        for (int d : m_q.everywhere(udt(u"DateTimeString"))) {
            if (m_q.hasAttributeValue(d, Format, u"205") && !pattern.match(m_q.stringValue(d)).hasMatch())
                fail(u"FX-SCH-A-000372", u"BT-X-8", d,
                    u"BR-FXEXT-CII-DT-097a: a date with format 205 must read YYYYMMDDHHMM."_s);
        }
    }
};

} // namespace

void FacturxExtendedRules::check(const XmlDocument &doc, QList<Finding> &out)
{
    FacturxBasicRules::checkExtendedShared(doc, out);
    Checker(doc, out).run();
}

} // namespace ades::eu
