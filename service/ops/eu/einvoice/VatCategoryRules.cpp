#include "VatCategoryRules.h"

#include "CiiVatCategoryRules.h"
#include "RuleSupport.h"

#include <utility>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

namespace {

// How a VAT category family (reference §5) constrains rates, amounts and exemption reasons.
struct VatFamily
{
    QString code; // BT-118 value
    QString prefix; // rule id prefix
    bool exactlyOneBreakdown; // -01: exactly one BG-23 (else: at least one, both ways)
    enum class Rate
    {
        Positive,
        Zero,
        NonNegative,
        Absent,
    } rate;
    bool taxFromRate; // -09: tax = basis x rate (tolerance); else tax must be 0
    bool reasonRequired; // -10: exemption reason required; else forbidden
    bool perRate; // -08 computed per rate
    // Quirks of the UBL artefact the corpus shows (docs/einvoice.md, "Rules"):
    // -01 without any use of the category also rejects a breakdown of it outside the VAT scheme (BR-S-01
    // does; BR-AF-01 and BR-AG-01 only count breakdowns within it, BR-CL-17__01).
    bool unusedBreakdownOfAnyScheme = false;
    // -04 compares the charge's category code as written: " L " is not L (BR-AF-04, BR-IG-08-3__05), while
    // -03 and the other families' -04 normalise it.
    bool chargeCodeAsWritten = false;
};

const QList<VatFamily> &vatFamilies()
{
    using R = VatFamily::Rate;
    static const QList<VatFamily> families = {
        { u"S"_s, u"BR-S"_s, false, R::Positive, true, false, true, true },
        { u"Z"_s, u"BR-Z"_s, true, R::Zero, false, false, false },
        { u"E"_s, u"BR-E"_s, true, R::Zero, false, true, false },
        { u"AE"_s, u"BR-AE"_s, true, R::Zero, false, true, false },
        { u"K"_s, u"BR-IC"_s, true, R::Zero, false, true, false },
        { u"G"_s, u"BR-G"_s, true, R::Zero, false, true, false },
        { u"O"_s, u"BR-O"_s, true, R::Absent, false, true, false },
        { u"L"_s, u"BR-AF"_s, false, R::NonNegative, true, false, true, false, true },
        { u"M"_s, u"BR-AG"_s, false, R::NonNegative, true, false, true },
    };
    return families;
}

} // namespace

void VatCategoryRules::check()
{
    if (!ubl) {
        CiiVatCategoryRules(m, out).check();
        return;
    }
    const bool sellerVat = m.seller.vatId.isPresent();
    const bool sellerTax = m.seller.taxRegistrationId.isPresent();
    const bool repVat = m.taxRepresentativeVatId.isPresent();
    const bool buyerVat = m.buyer.vatId.isPresent();
    const bool buyerLegal = m.buyer.legalRegistrationId.isPresent();

    for (const VatFamily &f : vatFamilies()) {
        QList<const InvoiceLine *> lines;
        // UBL: for the single-breakdown families a line uses the category only within the VAT tax scheme
        // (the S, L and M rules take any line with the code).
        for (const InvoiceLine &l : m.lines) {
            if (l.vatCategory.value == f.code && (!f.exactlyOneBreakdown || inVatScheme(l.vatScheme)))
                lines.append(&l);
        }
        QList<const AllowanceCharge *> allowances;
        QList<const AllowanceCharge *> charges;
        for (const AllowanceCharge &a : m.allowances) {
            if (a.vatCategory.value == f.code)
                allowances.append(&a);
        }
        for (const AllowanceCharge &c : m.charges) {
            if (c.vatCategory.value == f.code)
                charges.append(&c);
        }
        // In UBL only categories of the VAT tax scheme count as breakdowns, and the allowance and charge
        // rules look at AllowanceCharge[ChargeIndicator = 'false' / 'true'] alone.
        QList<const VatBreakdown *> breakdowns;
        for (const VatBreakdown &b : m.vatBreakdowns) {
            if (b.category.value == f.code && inVatScheme(b.vatScheme))
                breakdowns.append(&b);
        }
        // Const: a range-for over an empty non-const QList detaches it, which allocates.
        auto scoped = [this](const QList<const AllowanceCharge *> &list,
                          const QString &indicator) -> const QList<const AllowanceCharge *> {
            QList<const AllowanceCharge *> result;
            for (const AllowanceCharge *ac : list) {
                const bool matches = indicator == u"true"_sv ? isCharge(*ac) : isAllowance(*ac);
                if (matches && inVatScheme(ac->vatScheme))
                    result.append(ac);
            }
            return result;
        };
        const qsizetype usage = lines.size() + allowances.size() + charges.size();
        const QString id = f.prefix;
        // Only messages use it, and most invoices pass: formatted when a finding needs it.
        const auto name = [&f] { return u"VAT category '%1'"_s.arg(f.code); };

        // -01
        const bool unusedBreakdown = f.unusedBreakdownOfAnyScheme
            ? std::any_of(m.vatBreakdowns.cbegin(), m.vatBreakdowns.cend(),
                [&f](const VatBreakdown &b) { return b.category.value == f.code; })
            : !breakdowns.isEmpty();
        const bool breakdownOk = f.exactlyOneBreakdown
            ? ((usage + breakdowns.size()) == 0 || breakdowns.size() == 1)
            : (usage > 0 ? !breakdowns.isEmpty() : !unusedBreakdown);
        if (!breakdownOk)
            fail(id + u"-01"_s, u"BG-23"_s, {},
                u"an invoice using %1 must have %2 VAT breakdown (BG-23) with that category"_s.arg(
                    name(), f.exactlyOneBreakdown ? u"exactly one"_s : u"a"_s));

        // -02 ... -04: who must (or must not) be identified
        bool partiesOk;
        QString parties;
        if (f.code == u"AE"_sv) {
            partiesOk = (sellerVat || sellerTax || repVat) && (buyerVat || buyerLegal);
            parties
                = u"the seller VAT identifier (BT-31, BT-32 or BT-63) and the buyer VAT or legal identifier (BT-48 or BT-47)"_s;
        } else if (f.code == u"K"_sv) {
            partiesOk = (sellerVat || repVat) && buyerVat;
            parties = u"the seller VAT identifier (BT-31 or BT-63) and the buyer VAT identifier (BT-48)"_s;
        } else if (f.code == u"G"_sv) {
            partiesOk = sellerVat || repVat;
            parties = u"the seller VAT identifier (BT-31 or BT-63)"_s;
        } else if (f.code == u"O"_sv) {
            partiesOk = !sellerVat && !repVat && !buyerVat;
            parties = u"no VAT identifier at all (BT-31, BT-63 and BT-48 must be absent)"_s;
        } else {
            partiesOk = sellerVat || sellerTax || repVat;
            parties = u"the seller VAT or tax registration identifier (BT-31, BT-32 or BT-63)"_s;
        }
        if (!partiesOk) {
            if (!lines.isEmpty())
                fail(id + u"-02"_s, u"BT-31"_s, {},
                    u"an invoice line with %1 requires %2"_s.arg(name(), parties));
            if (!scoped(allowances, u"false"_s).isEmpty())
                fail(id + u"-03"_s, u"BT-31"_s, {},
                    u"an allowance with %1 requires %2"_s.arg(name(), parties));
            QList<const AllowanceCharge *> chargesOf04 = scoped(charges, u"true"_s);
            if (f.chargeCodeAsWritten)
                chargesOf04.removeIf([](const AllowanceCharge *c) { return c->vatCategory.padded; });
            if (!chargesOf04.isEmpty())
                fail(id + u"-04"_s, u"BT-31"_s, {}, u"a charge with %1 requires %2"_s.arg(name(), parties));
        }

        // -05 ... -07: rates
        auto rateOk = [&f](const Term &rate) {
            const auto r = num(rate);
            switch (f.rate) {
            case VatFamily::Rate::Positive:
                return r && *r > Decimal();
            case VatFamily::Rate::Zero:
                return r && r->isZero();
            case VatFamily::Rate::NonNegative:
                return r && !r->isNegative();
            case VatFamily::Rate::Absent:
                return !rate.isPresent();
            }
            return false;
        };
        const QString rateText = f.rate == VatFamily::Rate::Positive ? u"greater than zero"_s
            : f.rate == VatFamily::Rate::Zero                        ? u"0"_s
            : f.rate == VatFamily::Rate::NonNegative                 ? u"zero or greater"_s
                                                                     : u"absent"_s;
        for (const InvoiceLine *l : std::as_const(lines)) {
            if (!inVatScheme(l->vatScheme))
                continue; // the rate rules' context is a category of the VAT scheme
            if (!rateOk(l->vatRate))
                fail(id + u"-05"_s, u"BT-152"_s, l->group.path,
                    u"the invoiced item VAT rate (BT-152) for %1 must be %2"_s.arg(name(), rateText));
        }
        for (const AllowanceCharge *a : scoped(allowances, u"false"_s)) {
            if (!rateOk(a->vatRate))
                fail(id + u"-06"_s, u"BT-96"_s, a->group.path,
                    u"the allowance VAT rate (BT-96) for %1 must be %2"_s.arg(name(), rateText));
        }
        for (const AllowanceCharge *c : scoped(charges, u"true"_s)) {
            if (!rateOk(c->vatRate))
                fail(id + u"-07"_s, u"BT-103"_s, c->group.path,
                    u"the charge VAT rate (BT-103) for %1 must be %2"_s.arg(name(), rateText));
        }

        for (const VatBreakdown *b : std::as_const(breakdowns)) {
            const TermPath &at = b->group.path;
            // -08: taxable amount = lines + charges - allowances of this category (and rate)
            const auto rate = num(b->rate);
            auto sameRate = [&](const Term &r) {
                if (!f.perRate)
                    return true;
                const auto v = num(r);
                return rate && v && *v == *rate;
            };
            Decimal lineSum;
            Decimal chargeSum;
            Decimal allowanceSum;
            bool anyAtRate = false; // the per-rate test needs a line, allowance or charge at that rate
            for (const InvoiceLine *l : std::as_const(lines)) {
                if (sameRate(l->vatRate)) {
                    lineSum += num(l->netAmount).value_or(Decimal());
                    anyAtRate = true;
                }
            }
            for (const AllowanceCharge *c : std::as_const(charges)) {
                if (sameRate(c->vatRate)) {
                    chargeSum += num(c->amount).value_or(Decimal());
                    anyAtRate = true;
                }
            }
            for (const AllowanceCharge *a : std::as_const(allowances)) {
                if (sameRate(a->vatRate)) {
                    allowanceSum += num(a->amount).value_or(Decimal());
                    anyAtRate = true;
                }
            }
            const auto basis = num(b->taxableAmount);
            // Per-rate families iterate over the breakdown's rate: without one there is nothing to check.
            bool basisOk = f.perRate && !b->rate.isPresent();
            if (basis && !basisOk) {
                const Decimal expected = lineSum + chargeSum - allowanceSum;
                // UBL: per rate within 1.00 of the sum and only with something at that rate; the other
                // families exactly, and only in an invoice with lines.
                basisOk = f.perRate ? anyAtRate && *basis > expected - Decimal::fromInt(1)
                        && *basis < expected + Decimal::fromInt(1)
                                    : *basis == expected && !m.lines.isEmpty();
            }
            if (!basisOk)
                fail(id + u"-08"_s, u"BT-116"_s, at,
                    u"the taxable amount (BT-116) for %1 does not equal the line net amounts plus charges minus allowances of that category"_s
                        .arg(name()));
            // -09: tax amount
            const auto tax = num(b->taxAmount);
            bool taxOk = false;
            if (f.taxFromRate) {
                if (tax && basis && rate) {
                    const Decimal expected = (basis->abs() * *rate).dividedByPowerOfTen(2).round2();
                    taxOk = tax->abs() - Decimal::fromInt(1) < expected
                        && expected < tax->abs() + Decimal::fromInt(1);
                }
            } else {
                taxOk = tax && tax->isZero();
            }
            if (!taxOk)
                fail(id + u"-09"_s, u"BT-117"_s, at,
                    f.taxFromRate
                        ? u"the VAT amount (BT-117) for %1 does not equal the taxable amount times the rate"_s
                              .arg(name())
                        : u"the VAT amount (BT-117) for %1 must be 0"_s.arg(name()));
            // -10: exemption reason
            const bool hasReason = b->exemptionReason.isPresent() || b->exemptionReasonCode.isPresent();
            if (f.reasonRequired && !hasReason)
                fail(id + u"-10"_s, u"BT-120"_s, at,
                    u"the VAT breakdown for %1 needs an exemption reason (BT-120) or code (BT-121)"_s.arg(
                        name()));
            if (!f.reasonRequired && hasReason)
                fail(id + u"-10"_s, u"BT-120"_s, at,
                    u"the VAT breakdown for %1 must not have an exemption reason (BT-120, BT-121)"_s.arg(
                        name()));
        }

        if (f.code == u"K"_sv && !breakdowns.isEmpty()) {
            // A delivery date of more than one character, or an invoicing period with any content (the
            // VAT point date code included); a country code of more than one character.
            if (m.actualDeliveryDate.value.size() <= 1 && !m.invoicingPeriodStart.isPresent()
                && !m.invoicingPeriodEnd.isPresent() && !m.vatPointDateCode.isPresent())
                fail(u"BR-IC-11"_s, u"BT-72"_s, breakdowns.first()->group.path,
                    u"an intra-community supply needs the actual delivery date (BT-72) or the invoicing period (BG-14)"_s);
            if (m.deliverTo.countryCode.value.size() <= 1)
                fail(u"BR-IC-12"_s, u"BT-80"_s, breakdowns.first()->group.path,
                    u"an intra-community supply needs the deliver-to country code (BT-80)"_s);
        }
        if (f.code == u"O"_sv && !breakdowns.isEmpty()) {
            const TermPath &at = breakdowns.first()->group.path;
            bool otherCategory = false;
            for (const VatBreakdown &b : m.vatBreakdowns)
                otherCategory = otherCategory || (b.category.value != u"O"_sv && inVatScheme(b.vatScheme));
            if (otherCategory)
                fail(u"BR-O-11"_s, u"BT-118"_s, at,
                    u"an invoice with VAT category 'O' must not have a VAT breakdown of another category"_s);
            // BR-O-12…14: one finding each when any line, allowance or charge has another category (UBL: in
            // the VAT scheme).
            const auto anyOtherCategory = [](const auto &items) {
                return std::any_of(items.cbegin(), items.cend(), [](const auto &item) {
                    return item.vatCategory.isPresent() && item.vatCategory.value != u"O"_sv
                        && inVatScheme(item.vatScheme);
                });
            };
            if (anyOtherCategory(m.lines))
                fail(u"BR-O-12"_s, u"BT-151"_s, at,
                    u"an invoice with VAT category 'O' must not have a line of another category"_s);
            if (anyOtherCategory(m.allowances))
                fail(u"BR-O-13"_s, u"BT-95"_s, at,
                    u"an invoice with VAT category 'O' must not have an allowance of another category"_s);
            if (anyOtherCategory(m.charges))
                fail(u"BR-O-14"_s, u"BT-102"_s, at,
                    u"an invoice with VAT category 'O' must not have a charge of another category"_s);
        }
    }
}

} // namespace ades::eu
