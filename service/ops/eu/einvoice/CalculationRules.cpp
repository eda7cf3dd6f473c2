#include "CalculationRules.h"

#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

void CalculationRules::checkTotals()
{
    const DocumentTotals &t = m.totals;
    if (!t.group.isPresent())
        return;
    const TermPath &at = t.group.path;
    // The artefacts test that the elements exist (an empty amount is ADES-XML-03).
    requireGroup(t.lineTotal, u"BR-12"_s, u"BT-106"_s, u"the sum of invoice line net amounts"_s, at);
    requireGroup(t.taxExclusive, u"BR-13"_s, u"BT-109"_s, u"the invoice total amount without VAT"_s, at);
    requireGroup(t.taxInclusive, u"BR-14"_s, u"BT-112"_s, u"the invoice total amount with VAT"_s, at);
    requireGroup(t.payable, u"BR-15"_s, u"BT-115"_s, u"the amount due for payment"_s, at);

    QList<Term> lineAmounts;
    for (const InvoiceLine &l : m.lines)
        lineAmounts.append(l.netAmount);
    const auto lineTotal = num(t.lineTotal);
    if (!lineTotal || *lineTotal != sumOf(lineAmounts).round2())
        fail(u"BR-CO-10"_s, u"BT-106"_s, at,
            u"the sum of invoice line net amounts (BT-106) does not equal the sum of the line net amounts (BT-131)"_s);

    QList<Term> allowanceAmounts;
    QList<Term> chargeAmounts;
    for (const AllowanceCharge &a : m.allowances)
        allowanceAmounts.append(a.amount);
    for (const AllowanceCharge &c : m.charges)
        chargeAmounts.append(c.amount);
    // Both artefacts pass only when the total and the allowances are absent together; a total without
    // allowances must be 0 and allowances without a total fail.
    const bool anyAllowance = std::any_of(m.allowances.cbegin(), m.allowances.cend(),
        [this](const AllowanceCharge &a) { return !ubl || isAllowance(a); });
    const bool anyCharge = std::any_of(m.charges.cbegin(), m.charges.cend(),
        [this](const AllowanceCharge &c) { return !ubl || isCharge(c); });
    const auto allowanceTotal = num(t.allowanceTotal);
    if ((t.allowanceTotal.isPresent() || anyAllowance)
        && (!allowanceTotal || *allowanceTotal != sumOf(allowanceAmounts).round2()))
        fail(u"BR-CO-11"_s, u"BT-107"_s, at,
            u"the sum of allowances on document level (BT-107) does not equal the sum of the allowance amounts (BT-92)"_s);
    const auto chargeTotal = num(t.chargeTotal);
    if ((t.chargeTotal.isPresent() || anyCharge)
        && (!chargeTotal || *chargeTotal != sumOf(chargeAmounts).round2()))
        fail(u"BR-CO-12"_s, u"BT-108"_s, at,
            u"the sum of charges on document level (BT-108) does not equal the sum of the charge amounts (BT-99)"_s);

    const auto taxExclusive = num(t.taxExclusive);
    {
        bool ok = false;
        if (taxExclusive && lineTotal) {
            Decimal expected = *lineTotal;
            if (t.chargeTotal.isPresent())
                expected += chargeTotal.value_or(Decimal());
            if (t.allowanceTotal.isPresent())
                expected -= allowanceTotal.value_or(Decimal());
            // UBL compares BT-109 with BT-106 as it is when there are neither allowances nor charges; CII
            // rounds in every case.
            const bool plain = ubl && !t.chargeTotal.isPresent() && !t.allowanceTotal.isPresent();
            ok = *taxExclusive == (plain ? expected : expected.round2());
        }
        if (!ok)
            fail(u"BR-CO-13"_s, u"BT-109"_s, at,
                u"the invoice total without VAT (BT-109) does not equal BT-106 - BT-107 + BT-108"_s);
    }

    const auto taxInclusive = num(t.taxInclusive);
    {
        const Decimal tax = num(t.taxTotal).value_or(Decimal());
        bool ok = taxInclusive && taxExclusive && *taxInclusive == (*taxExclusive + tax).round2();
        if (!ubl && taxInclusive && taxExclusive && *taxInclusive == *taxExclusive)
            ok = true; // the CII artefact also accepts BT-112 = BT-109
        if (!ok && t.taxInclusive.isPresent() && !ubl && !m.currency.isPresent())
            fail(u"BR-CO-15"_s, u"BT-112"_s, at,
                u"the invoice total with VAT (BT-112) does not equal BT-109 + BT-110"_s);
    }
    {
        const auto payable = num(t.payable);
        const auto prepaid = num(t.prepaid);
        const auto rounding = num(t.rounding);
        bool ok = false;
        if (payable && taxInclusive) {
            const Decimal due = *taxInclusive - prepaid.value_or(Decimal());
            const Decimal paid = *payable - rounding.value_or(Decimal());
            if (!ubl)
                ok = paid == due;
            else if (!t.prepaid.isPresent() && !t.rounding.isPresent())
                ok = *payable == *taxInclusive;
            else if (!t.rounding.isPresent())
                ok = *payable == due.round2();
            else if (!t.prepaid.isPresent())
                ok = paid.round2() == *taxInclusive;
            else
                ok = paid.round2() == due.round2();
        }
        if (!ok)
            fail(u"BR-CO-16"_s, u"BT-115"_s, at,
                u"the amount due for payment (BT-115) does not equal BT-112 - BT-113 + BT-114"_s);
    }
}

// BR-CO-14: the UBL context is each TaxTotal with subtotals, the CII context each TaxTotalAmount in the
// invoice currency.
void CalculationRules::checkTaxTotal()
{
    const DocumentTotals &t = m.totals;
    if (ubl ? m.vatBreakdowns.isEmpty() : (!t.group.isPresent() || !t.taxTotal.isPresent()))
        return;
    const QString message
        = u"the invoice total VAT amount (BT-110) does not equal the sum of the VAT category tax amounts (BT-117)"_s;
    if (!ubl) {
        QList<Term> taxAmounts;
        for (const VatBreakdown &b : m.vatBreakdowns)
            taxAmounts.append(b.taxAmount);
        // Every TaxTotalAmount in the invoice currency is a context of its own (BR-CO-15-2__04: two such
        // amounts, two findings).
        const Decimal expected = sumOf(taxAmounts).round2();
        for (const Term &amount : t.taxAmounts) {
            if (amount.qualifier != t.taxTotal.qualifier)
                continue;
            const auto value = num(amount);
            if (!value || *value != expected)
                fail(u"BR-CO-14"_s, u"BT-110"_s, amount.path, message);
        }
        return;
    }
    // UBL: the context is each TaxTotal holding subtotals, whatever its currency, compared with its own
    // subtotals.
    QStringList taxTotalPaths;
    for (const VatBreakdown &b : m.vatBreakdowns) {
        const QString &path = b.group.path;
        const QString taxTotalPath = path.left(path.lastIndexOf(u"/cac:TaxSubtotal"));
        if (!taxTotalPaths.contains(taxTotalPath))
            taxTotalPaths.append(taxTotalPath);
    }
    for (const QString &taxTotalPath : taxTotalPaths) {
        Decimal sum;
        for (const VatBreakdown &b : m.vatBreakdowns) {
            const QString path = b.group.path;
            if (path.startsWith(taxTotalPath) && path.at(taxTotalPath.size()) == u'/')
                sum += num(b.taxAmount).value_or(Decimal());
        }
        Term total;
        for (const Term &a : t.taxAmounts) {
            if (a.path == taxTotalPath + u"/cbc:TaxAmount"_s)
                total = a;
        }
        const auto taxTotal = num(total);
        if (!taxTotal || *taxTotal != sum.round2())
            fail(u"BR-CO-14"_s, u"BT-110"_s, total.isPresent() ? total.path : taxTotalPath, message);
    }
}

// BR-CO-15 in UBL: for the document currency, exactly one TaxTotal amount in it and BT-112 = BT-109 +
// BT-110.
void CalculationRules::checkUblGrandTotal()
{
    if (!m.currency.isPresent())
        return;
    int inCurrency = 0;
    for (const Term &a : m.totals.taxAmounts)
        inCurrency += a.qualifier == m.currency.value ? 1 : 0;
    const auto taxInclusive = num(m.totals.taxInclusive);
    const auto taxExclusive = num(m.totals.taxExclusive);
    const auto tax = num(m.totals.taxTotal);
    // The CII artefact also accepts BT-112 = BT-109.
    const bool ok = (inCurrency == 1 && taxInclusive && taxExclusive && tax
                        && *taxInclusive == (*taxExclusive + *tax).round2())
        || (!ubl && taxInclusive && taxExclusive && *taxInclusive == *taxExclusive);
    if (!ok)
        fail(u"BR-CO-15"_s, u"BT-112"_s, {},
            u"the invoice total with VAT (BT-112) does not equal BT-109 + BT-110 (exactly one VAT total in the invoice currency required)"_s);
}

void CalculationRules::checkBreakdowns()
{
    for (const VatBreakdown &b : m.vatBreakdowns) {
        const TermPath &at = b.group.path;
        requireGroup(b.taxableAmount, u"BR-45"_s, u"BT-116"_s, u"the VAT category taxable amount"_s, at);
        requireGroup(b.taxAmount, u"BR-46"_s, u"BT-117"_s, u"the VAT category tax amount"_s, at);
        // Both only count a category of the VAT scheme (UBL TaxScheme, CII TypeCode).
        const bool vat = inVatScheme(b.vatScheme);
        if (!b.category.isPresent() || !vat)
            fail(u"BR-47"_s, u"BT-118"_s, at, u"the VAT category code (BT-118) is missing"_s);
        // CII compares the code as written.
        const bool notSubject
            = ubl ? b.category.value == u"O"_sv : b.category.value == u"O"_sv && !b.category.padded;
        if (!vat || (!b.rate.isPresent() && !notSubject))
            fail(u"BR-48"_s, u"BT-119"_s, at, u"the VAT category rate (BT-119) is missing"_s);
        const auto rate = num(b.rate);
        const auto basis = num(b.taxableAmount);
        const auto tax = num(b.taxAmount);
        bool ok;
        if (!tax) {
            ok = false;
        } else if (!rate || rate->roundXPath().isZero()) {
            ok = tax->roundXPath().isZero();
        } else if (!basis) {
            ok = false;
        } else {
            const Decimal expected = (basis->abs() * *rate).dividedByPowerOfTen(2).round2();
            const Decimal low = tax->abs() - Decimal::fromInt(1);
            const Decimal high = tax->abs() + Decimal::fromInt(1);
            ok = ubl ? (low < expected && expected < high) : (low <= expected && expected <= high);
        }
        if (!ok)
            fail(u"BR-CO-17"_s, u"BT-117"_s, at,
                u"the VAT category tax amount (BT-117) does not equal the taxable amount (BT-116) times the rate (BT-119)"_s);
    }
}

void CalculationRules::decimals(const Term &t, const QString &id, const QString &bt)
{
    if (t.isPresent() && Decimal::writtenFractionDigits(t.value) > 2)
        fail(id, bt, t.path, u"%1 '%2' has more than two decimals"_s.arg(bt, t.value.left(40)));
}

void CalculationRules::checkDecimals()
{
    // Contexts: UBL AllowanceCharge[ChargeIndicator = false()/true()], CII ChargeIndicator[Indicator =
    // 'false'/'true']: an indicator that is neither, no check.
    for (const AllowanceCharge &a : m.allowances) {
        if (!isAllowance(a))
            continue;
        decimals(a.amount, u"BR-DEC-01"_s, u"BT-92"_s);
        decimals(a.baseAmount, u"BR-DEC-02"_s, u"BT-93"_s);
    }
    for (const AllowanceCharge &c : m.charges) {
        decimals(c.amount, u"BR-DEC-05"_s, u"BT-99"_s);
        decimals(c.baseAmount, u"BR-DEC-06"_s, u"BT-100"_s);
    }
    const DocumentTotals &t = m.totals;
    decimals(t.lineTotal, u"BR-DEC-09"_s, u"BT-106"_s);
    decimals(t.allowanceTotal, u"BR-DEC-10"_s, u"BT-107"_s);
    decimals(t.chargeTotal, u"BR-DEC-11"_s, u"BT-108"_s);
    decimals(t.taxExclusive, u"BR-DEC-12"_s, u"BT-109"_s);
    decimals(t.taxInclusive, u"BR-DEC-14"_s, u"BT-112"_s);
    // BR-DEC-13/15: the UBL artefact compares each TaxAmount's currency with a child element it does not
    // have, so the rules never fail there. CII passes when any VAT total is in another currency or has at
    // most two decimals by value (10.000 passes); BR-DEC-15 also fails when BT-6 is given and no VAT total
    // is in it.
    if (!ubl && t.group.isPresent() && !t.taxAmounts.isEmpty()) {
        auto twoDecimals = [](const Term &a) {
            const auto v = num(a);
            return v && *v == v->round2();
        };
        const bool dec13 = std::any_of(t.taxAmounts.cbegin(), t.taxAmounts.cend(), [&](const Term &a) {
            return a.qualifier != m.currency.value || !m.currency.isPresent() || twoDecimals(a);
        });
        if (!dec13)
            fail(u"BR-DEC-13"_s, u"BT-110"_s, t.group.path,
                u"the invoice total VAT amount (BT-110) has more than two decimals"_s);
        const bool dec15 = !m.vatAccountingCurrency.isPresent()
            || std::any_of(t.taxAmounts.cbegin(), t.taxAmounts.cend(), [&](const Term &a) {
                   return a.qualifier == m.vatAccountingCurrency.value && twoDecimals(a);
               });
        if (!dec15)
            fail(u"BR-DEC-15"_s, u"BT-111"_s, t.group.path,
                u"the total VAT amount in accounting currency (BT-111) is missing or has more than two decimals"_s);
    }
    decimals(t.prepaid, u"BR-DEC-16"_s, u"BT-113"_s);
    decimals(t.rounding, u"BR-DEC-17"_s, u"BT-114"_s);
    decimals(t.payable, u"BR-DEC-18"_s, u"BT-115"_s);
    for (const VatBreakdown &b : m.vatBreakdowns) {
        decimals(b.taxableAmount, u"BR-DEC-19"_s, u"BT-116"_s);
        decimals(b.taxAmount, u"BR-DEC-20"_s, u"BT-117"_s);
    }
    for (const InvoiceLine &l : m.lines) {
        decimals(l.netAmount, u"BR-DEC-23"_s, u"BT-131"_s);
        for (const AllowanceCharge &a : l.allowances) {
            if (!isAllowance(a))
                continue;
            decimals(a.amount, u"BR-DEC-24"_s, u"BT-136"_s);
            decimals(a.baseAmount, u"BR-DEC-25"_s, u"BT-137"_s);
        }
        for (const AllowanceCharge &c : l.charges) {
            decimals(c.amount, u"BR-DEC-27"_s, u"BT-141"_s);
            decimals(c.baseAmount, u"BR-DEC-28"_s, u"BT-142"_s);
        }
    }
}

} // namespace ades::eu
