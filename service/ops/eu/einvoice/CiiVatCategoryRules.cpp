#include "CiiVatCategoryRules.h"

#include "RuleSupport.h"
#include "XmlDocument.h"

#include <utility>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

enum class Rate
{
    Positive,
    Zero,
    NonNegative,
    Absent,
};

// How the CII artefact (EN16931-CII-model.sch at 8263f86c) states each family.
struct CiiFamily
{
    QString code;
    QString prefix;
    enum class Breakdowns
    {
        AtLeastOne, // S, L, M: -01 counts tax elements (a line and a breakdown, or two lines, pass)
        ExactlyOne, // Z, E, AE, K, G: one breakdown, and only when the code is used
        NotSubject, // O: a breakdown needs a use, a use needs no breakdown
    } breakdowns;
    Rate rate;
    bool breakdownNeedsVatType; // -08 ... -10 context: E, AE, K, G, O, L, M ask for TypeCode VAT
    enum class Basis
    {
        PerRate, // S: per rate, exact after rounding each sum
        Tolerance, // Z, E, AE, K, G: within 1.00
        Exact, // O
        Never, // L, M: the test reads the rate one level above the breakdown
    } basis;
    enum class Tax
    {
        FromRate, // S: within 1.00 of basis x rate
        Zero,
        Never, // L, M: true()
    } tax;
    bool reasonRequired;
};

const QList<CiiFamily> &families()
{
    using B = CiiFamily::Breakdowns;
    using S = CiiFamily::Basis;
    using T = CiiFamily::Tax;
    static const QList<CiiFamily> all = {
        { u"S"_s, u"BR-S"_s, B::AtLeastOne, Rate::Positive, false, S::PerRate, T::FromRate, false },
        { u"Z"_s, u"BR-Z"_s, B::ExactlyOne, Rate::Zero, false, S::Tolerance, T::Zero, false },
        { u"E"_s, u"BR-E"_s, B::ExactlyOne, Rate::Zero, true, S::Tolerance, T::Zero, true },
        { u"AE"_s, u"BR-AE"_s, B::ExactlyOne, Rate::Zero, true, S::Tolerance, T::Zero, true },
        { u"K"_s, u"BR-IC"_s, B::ExactlyOne, Rate::Zero, true, S::Tolerance, T::Zero, true },
        { u"G"_s, u"BR-G"_s, B::ExactlyOne, Rate::Zero, true, S::Tolerance, T::Zero, true },
        { u"O"_s, u"BR-O"_s, B::NotSubject, Rate::Absent, true, S::Exact, T::Zero, true },
        // BR-AF-05 ... 07 ask for a rate greater than zero, BR-AG-05 ... 07 for zero or more.
        { u"L"_s, u"BR-AF"_s, B::AtLeastOne, Rate::Positive, true, S::Never, T::Never, false },
        { u"M"_s, u"BR-AG"_s, B::AtLeastOne, Rate::NonNegative, true, S::Never, T::Never, false },
    };
    return all;
}

// The artefact compares codes as written.
bool is(const Term &t, QStringView code)
{
    return t.isPresent() && !t.padded && sameText(t.value, code);
}

// udt:Indicator compared with true() / false(): cast to xs:boolean.
bool indicatorTrue(const AllowanceCharge &ac)
{
    return ac.chargeIndicator.value == u"true"_sv || ac.chargeIndicator.value == u"1"_sv;
}

bool indicatorFalse(const AllowanceCharge &ac)
{
    return ac.chargeIndicator.value == u"false"_sv || ac.chargeIndicator.value == u"0"_sv;
}

} // namespace

void CiiVatCategoryRules::check()
{
    const bool sellerVat = m.seller.vatId.isPresent();
    const bool sellerTax = m.seller.taxRegistrationId.isPresent();
    const bool repVat = m.taxRepresentativeVatId.isPresent();
    const bool buyerVat = m.buyer.vatId.isPresent();
    const bool buyerLegal = m.buyer.legalRegistrationId.isPresent();
    // Pointers into the model's own lists (allowances + charges would build a temporary). Read through
    // std::as_const: a range-for over a non-const QList detaches it, and an empty one then allocates.
    QList<const AllowanceCharge *> documentCharges;
    documentCharges.reserve(m.allowances.size() + m.charges.size());
    for (const AllowanceCharge &ac : m.allowances)
        documentCharges.append(&ac);
    for (const AllowanceCharge &ac : m.charges)
        documentCharges.append(&ac);

    for (const CiiFamily &f : families()) {
        const QString &c = f.code;
        const auto name = [&f] { return u"VAT category '%1'"_s.arg(f.code); };
        qsizetype linesUsing = 0;
        qsizetype chargesUsing = 0;
        qsizetype breakdownsWith = 0;
        for (const InvoiceLine &l : m.lines)
            linesUsing += is(l.vatCategory, c) ? 1 : 0;
        for (const AllowanceCharge *ac : std::as_const(documentCharges))
            chargesUsing += is(ac->vatCategory, c) ? 1 : 0;
        for (const VatBreakdown &b : m.vatBreakdowns)
            breakdownsWith += is(b.category, c) ? 1 : 0;

        // -01
        bool breakdownOk = true;
        const bool used = linesUsing > 0 || chargesUsing > 0;
        switch (f.breakdowns) {
        case CiiFamily::Breakdowns::AtLeastOne:
            breakdownOk = (linesUsing == 0 || linesUsing + breakdownsWith >= 2)
                && (chargesUsing == 0 || chargesUsing + breakdownsWith >= 2);
            break;
        case CiiFamily::Breakdowns::ExactlyOne:
            breakdownOk = (breakdownsWith == 0 && !used) || (breakdownsWith == 1 && used);
            break;
        case CiiFamily::Breakdowns::NotSubject:
            breakdownOk = breakdownsWith == 0 || (breakdownsWith == 1 && used);
            break;
        }
        if (!breakdownOk)
            fail(f.prefix + u"-01"_s, u"BG-23"_s, {},
                u"an invoice using %1 must have the matching VAT breakdown (BG-23) with that category"_s.arg(
                    name()));

        // -02 ... -04 and -05 ... -07, on every line, allowance and charge tax of the VAT type.
        bool partiesOk;
        QString parties;
        if (c == u"AE"_sv) {
            partiesOk = (sellerVat || sellerTax || repVat) && (buyerVat || buyerLegal);
            parties = u"the seller VAT or tax identifier (BT-31, BT-32 or BT-63) and the buyer VAT or legal "
                      u"identifier (BT-48 or BT-47)"_s;
        } else if (c == u"K"_sv) {
            partiesOk = (sellerVat || repVat) && buyerVat;
            parties = u"the seller VAT identifier (BT-31 or BT-63) and the buyer VAT identifier (BT-48)"_s;
        } else if (c == u"G"_sv) {
            partiesOk = sellerVat || repVat;
            parties = u"the seller VAT identifier (BT-31 or BT-63)"_s;
        } else if (c == u"O"_sv) {
            partiesOk = !sellerVat && !repVat && !buyerVat;
            parties = u"no VAT identifier at all (BT-31, BT-63 and BT-48 must be absent)"_s;
        } else {
            partiesOk = sellerVat || sellerTax || repVat;
            parties = u"the seller VAT or tax registration identifier (BT-31, BT-32 or BT-63)"_s;
        }
        auto rateOk = [&f](const Term &rate) {
            const auto r = num(rate);
            switch (f.rate) {
            case Rate::Positive:
                return r && *r > Decimal();
            case Rate::Zero:
                return r && r->isZero();
            case Rate::NonNegative:
                return r && !r->isNegative();
            case Rate::Absent:
                return !rate.isPresent();
            }
            return false;
        };
        const QString rateText = f.rate == Rate::Positive ? u"greater than zero"_s
            : f.rate == Rate::Zero                        ? u"0"_s
            : f.rate == Rate::NonNegative                 ? u"zero or greater"_s
                                                          : u"absent"_s;
        for (const InvoiceLine &l : m.lines) {
            if (!is(l.vatCategory, c) || !inVatScheme(l.vatScheme))
                continue;
            if (!partiesOk)
                fail(f.prefix + u"-02"_s, u"BT-31"_s, l.group.path,
                    u"an invoice line with %1 requires %2"_s.arg(name(), parties));
            if (!rateOk(l.vatRate))
                fail(f.prefix + u"-05"_s, u"BT-152"_s, l.group.path,
                    u"the invoiced item VAT rate (BT-152) for %1 must be %2"_s.arg(name(), rateText));
        }
        for (const AllowanceCharge *ac : std::as_const(documentCharges)) {
            if (!is(ac->vatCategory, c) || !inVatScheme(ac->vatScheme))
                continue;
            const bool charge = indicatorTrue(*ac);
            if (!charge && !indicatorFalse(*ac))
                continue;
            if (!partiesOk)
                fail(f.prefix + (charge ? u"-04"_s : u"-03"_s), u"BT-31"_s, ac->group.path,
                    u"a %1 with %2 requires %3"_s.arg(
                        charge ? u"charge"_s : u"allowance"_s, name(), parties));
            if (!rateOk(ac->vatRate))
                fail(f.prefix + (charge ? u"-07"_s : u"-06"_s), charge ? u"BT-103"_s : u"BT-96"_s,
                    ac->group.path,
                    u"the %1 VAT rate for %2 must be %3"_s.arg(
                        charge ? u"charge"_s : u"allowance"_s, name(), rateText));
        }

        // -08 ... -10, BR-IC-11/12 and BR-O-11 ... 14 on every breakdown of the category.
        for (const VatBreakdown &b : m.vatBreakdowns) {
            if (!is(b.category, c) || (f.breakdownNeedsVatType && !inVatScheme(b.vatScheme)))
                continue;
            const TermPath &at = b.group.path;
            const auto rate = num(b.rate);
            const auto basis = num(b.taxableAmount);
            auto sameRate = [&](const Term &r) {
                const auto v = num(r);
                return rate && v && *v == *rate;
            };
            if (f.basis != CiiFamily::Basis::Never && !(f.basis == CiiFamily::Basis::PerRate && !rate)) {
                const bool perRate = f.basis == CiiFamily::Basis::PerRate;
                Decimal lineSum;
                Decimal chargeSum;
                Decimal allowanceSum;
                for (const InvoiceLine &l : m.lines) {
                    if (is(l.vatCategory, c) && (!perRate || sameRate(l.vatRate)))
                        lineSum += num(l.netAmount).value_or(Decimal());
                }
                for (const AllowanceCharge *ac : std::as_const(documentCharges)) {
                    if (!is(ac->vatCategory, c) || (perRate && !sameRate(ac->vatRate)))
                        continue;
                    if (indicatorTrue(*ac))
                        chargeSum += num(ac->amount).value_or(Decimal());
                    else if (indicatorFalse(*ac))
                        allowanceSum += num(ac->amount).value_or(Decimal());
                }
                const Decimal expected = lineSum.round2() + chargeSum.round2() - allowanceSum.round2();
                bool ok = false;
                if (basis) {
                    if (f.basis == CiiFamily::Basis::Tolerance)
                        ok = *basis - Decimal::fromInt(1)<expected && * basis + Decimal::fromInt(1)> expected;
                    else
                        ok = *basis == expected;
                }
                if (!ok)
                    fail(f.prefix + u"-08"_s, u"BT-116"_s, at,
                        u"the taxable amount (BT-116) for %1 does not equal the line net amounts plus "
                        u"charges "
                        u"minus allowances of that category"_s.arg(name()));
            }
            const auto tax = num(b.taxAmount);
            if (f.tax == CiiFamily::Tax::FromRate) {
                bool ok = false;
                if (tax && basis && rate) {
                    const Decimal expected = (basis->abs() * *rate).dividedByPowerOfTen(2).round2();
                    ok = tax->abs() - Decimal::fromInt(1) < expected
                        && expected < tax->abs() + Decimal::fromInt(1);
                }
                if (!ok)
                    fail(f.prefix + u"-09"_s, u"BT-117"_s, at,
                        u"the VAT amount (BT-117) for %1 does not equal the taxable amount times the rate"_s
                            .arg(name()));
            } else if (f.tax == CiiFamily::Tax::Zero && !(tax && tax->isZero())) {
                fail(f.prefix + u"-09"_s, u"BT-117"_s, at,
                    u"the VAT amount (BT-117) for %1 must be 0"_s.arg(name()));
            }
            const bool hasReason = b.exemptionReason.isPresent() || b.exemptionReasonCode.isPresent();
            if (f.reasonRequired != hasReason)
                fail(f.prefix + u"-10"_s, u"BT-120"_s, at,
                    f.reasonRequired
                        ? u"the VAT breakdown for %1 needs an exemption reason (BT-120) or code (BT-121)"_s
                              .arg(name())
                        : u"the VAT breakdown for %1 must not have an exemption reason (BT-120, BT-121)"_s
                              .arg(name()));
            if (c == u"K"_sv) {
                // The elements have to exist.
                if (!m.actualDeliveryDate.isPresent() && !m.invoicingPeriodStart.isPresent()
                    && !m.invoicingPeriodEnd.isPresent())
                    fail(u"BR-IC-11"_s, u"BT-72"_s, at,
                        u"an intra-community supply needs the actual delivery date (BT-72) or the invoicing "
                        u"period (BG-14)"_s);
                if (!m.deliverTo.countryCode.isPresent())
                    fail(u"BR-IC-12"_s, u"BT-80"_s, at,
                        u"an intra-community supply needs the deliver-to country code (BT-80)"_s);
            }
            if (c == u"O"_sv) {
                // BR-O-11 and -12 test the same thing (any tax element of another category, the lines'
                // included), as do BR-O-13 and -14 (any allowance or charge of another category).
                auto other = [](const Term &category) {
                    return category.isPresent() && (category.padded || category.value != u"O"_sv);
                };
                bool otherTax = std::any_of(m.lines.cbegin(), m.lines.cend(),
                    [&other](const InvoiceLine &l) { return other(l.vatCategory); });
                for (const VatBreakdown &any : m.vatBreakdowns)
                    otherTax = otherTax || other(any.category);
                const bool otherCharge = std::any_of(documentCharges.cbegin(), documentCharges.cend(),
                    [&other](const AllowanceCharge *ac) { return other(ac->vatCategory); });
                if (otherTax) {
                    fail(u"BR-O-11"_s, u"BT-118"_s, at,
                        u"an invoice with VAT category 'O' must not have a VAT breakdown of another category"_s);
                    fail(u"BR-O-12"_s, u"BT-151"_s, at,
                        u"an invoice with VAT category 'O' must not have a line of another category"_s);
                }
                if (otherCharge) {
                    fail(u"BR-O-13"_s, u"BT-95"_s, at,
                        u"an invoice with VAT category 'O' must not have an allowance of another category"_s);
                    fail(u"BR-O-14"_s, u"BT-102"_s, at,
                        u"an invoice with VAT category 'O' must not have a charge of another category"_s);
                }
            }
        }
    }
}

} // namespace ades::eu
