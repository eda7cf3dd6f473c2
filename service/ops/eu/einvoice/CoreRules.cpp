#include "CoreRules.h"

#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

void CoreRules::checkSyntaxValues()
{
    auto amount = [this](const Term &t, const QString &bt) {
        if (t.isPresent() && !Decimal::fromString(t.value))
            fail(
                u"ADES-XML-03"_s, bt, t.path, u"%1 '%2' is not a decimal number"_s.arg(bt, t.value.left(40)));
    };
    auto indicator = [this](const AllowanceCharge &ac) {
        const QString &v = ac.chargeIndicator.value;
        if (v != u"true"_sv && v != u"false"_sv && v != u"1"_sv && v != u"0"_sv)
            fail(u"ADES-XML-03"_s, ac.isCharge ? u"BG-21"_s : u"BG-20"_s,
                ac.chargeIndicator.isPresent() ? ac.chargeIndicator.path : ac.group.path,
                u"the allowance/charge indicator '%1' is not a boolean (true or false)"_s.arg(v.left(40)));
    };
    for (const AllowanceCharge &ac : m.allowances + m.charges) {
        indicator(ac);
        amount(ac.amount, ac.isCharge ? u"BT-99"_s : u"BT-92"_s);
        amount(ac.baseAmount, ac.isCharge ? u"BT-100"_s : u"BT-93"_s);
    }
    const DocumentTotals &t = m.totals;
    amount(t.lineTotal, u"BT-106"_s);
    amount(t.allowanceTotal, u"BT-107"_s);
    amount(t.chargeTotal, u"BT-108"_s);
    amount(t.taxExclusive, u"BT-109"_s);
    amount(t.taxTotal, u"BT-110"_s);
    amount(t.taxInclusive, u"BT-112"_s);
    amount(t.prepaid, u"BT-113"_s);
    amount(t.rounding, u"BT-114"_s);
    amount(t.payable, u"BT-115"_s);
    for (const VatBreakdown &b : m.vatBreakdowns) {
        amount(b.taxableAmount, u"BT-116"_s);
        amount(b.taxAmount, u"BT-117"_s);
    }
    for (const InvoiceLine &l : m.lines) {
        amount(l.netAmount, u"BT-131"_s);
        for (const AllowanceCharge &ac : l.allowances + l.charges) {
            indicator(ac);
            amount(ac.amount, ac.isCharge ? u"BT-141"_s : u"BT-136"_s);
        }
    }
}

void CoreRules::checkDocument()
{
    require(m.specificationId, u"BR-01"_s, u"BT-24"_s, u"the specification identifier"_s);
    require(m.invoiceNumber, u"BR-02"_s, u"BT-1"_s, u"the invoice number"_s);
    // CII reads the issue date in format 102 only.
    if (!ubl && m.issueDate.isPresent() && m.issueDate.qualifier != u"102"_sv)
        fail(u"BR-03"_s, u"BT-2"_s, {}, u"the invoice issue date (BT-2) is missing in format 102"_s);
    else
        require(m.issueDate, u"BR-03"_s, u"BT-2"_s, u"the invoice issue date"_s);
    require(m.typeCode, u"BR-04"_s, u"BT-3"_s, u"the invoice type code"_s);
    require(m.currency, u"BR-05"_s, u"BT-5"_s, u"the invoice currency code"_s);
    require(m.seller.name, u"BR-06"_s, u"BT-27"_s, u"the seller name"_s);
    require(m.buyer.name, u"BR-07"_s, u"BT-44"_s, u"the buyer name"_s);
    requireGroup(m.seller.address.group, u"BR-08"_s, u"BG-5"_s, u"the seller postal address"_s);
    requireGroup(m.buyer.address.group, u"BR-10"_s, u"BG-8"_s, u"the buyer postal address"_s);
    if (m.lines.isEmpty())
        fail(u"BR-16"_s, u"BG-25"_s, {}, u"the invoice has no invoice line (BG-25)"_s);
    // UBL asks for BG-23 on the invoice, CII on every invoice line (no line, no finding).
    if (m.vatBreakdowns.isEmpty()) {
        for (qsizetype i = 0, n = ubl ? 1 : m.lines.size(); i < n; ++i)
            fail(u"BR-CO-18"_s, u"BG-23"_s, ubl ? QString() : m.lines.at(i).group.path,
                u"the invoice has no VAT breakdown (BG-23)"_s);
    }
    // CII: DocumentSyntaxRules::checkCii looks for VAT point dates and codes in every tax element.
    if (ubl && m.vatPointDate.isPresent() && m.vatPointDateCode.isPresent())
        fail(u"BR-CO-03"_s, u"BT-7"_s, {},
            u"the VAT point date (BT-7) and the VAT point date code (BT-8) are mutually exclusive"_s);
    const bool accountingTotal = std::any_of(m.totals.taxAmounts.cbegin(), m.totals.taxAmounts.cend(),
        [this](const Term &a) { return a.qualifier == m.vatAccountingCurrency.value; });
    // CII also rejects a VAT accounting currency equal to the invoice currency.
    const bool separateTotal = ubl || m.vatAccountingCurrency.value != m.currency.value;
    if (m.vatAccountingCurrency.isPresent() && (!accountingTotal || !separateTotal)
        && (ubl || m.totals.group.isPresent()))
        fail(u"BR-53"_s, u"BT-111"_s, m.vatAccountingCurrency.path,
            u"the VAT accounting currency (BT-6) is given but the total VAT in that currency (BT-111) is missing"_s);
    if (periodReversed(m.invoicingPeriodStart, m.invoicingPeriodEnd))
        fail(u"BR-29"_s, u"BT-74"_s, m.invoicingPeriodEnd.path,
            u"the invoicing period end date (BT-74) is before its start date (BT-73)"_s);
    // UBL only asks for the reference element, CII for a value.
    for (const PrecedingInvoice &p : m.precedingInvoices) {
        if (ubl)
            requireGroup(p.reference, u"BR-55"_s, u"BT-25"_s, u"the preceding invoice reference"_s);
        else
            require(p.reference, u"BR-55"_s, u"BT-25"_s, u"the preceding invoice reference"_s);
    }
    if (m.deliverTo.group.isPresent()) {
        if (ubl)
            requireGroup(m.deliverTo.countryCode, u"BR-57"_s, u"BT-80"_s, u"the deliver-to country code"_s,
                m.deliverTo.group.path);
        else
            require(m.deliverTo.countryCode, u"BR-57"_s, u"BT-80"_s, u"the deliver-to country code"_s,
                m.deliverTo.group.path);
    }
    for (const PaymentMeans &pm : m.paymentMeans) {
        // The artefacts test that the code element exists, whatever it holds.
        requireGroup(pm.typeCode, u"BR-49"_s, u"BT-81"_s, u"the payment means type code"_s, pm.group.path);
        // UBL BR-61 is checked on every payment means; CII states BR-61 on the account of a credit transfer,
        // beside BR-50 (DocumentSyntaxRules::checkCii).
        const QString code = pm.typeCode.value;
        if (ubl && (code == u"30"_sv || code == u"58"_sv) && !pm.accountId.isPresent())
            fail(u"BR-61"_s, u"BT-84"_s, pm.group.path,
                u"payment means %1 (credit transfer) requires the payment account identifier (BT-84)"_s.arg(
                    code));
    }
}

void CoreRules::checkParties()
{
    // BR-17 compares the payee with the seller: DocumentSyntaxRules.
    if (m.taxRepresentative.isPresent()) {
        const TermPath &at = m.taxRepresentative.path;
        // UBL wants a name and a VAT identifier with a value, CII the elements (CII: BR-56 a value).
        if (ubl)
            require(
                m.taxRepresentativeName, u"BR-18"_s, u"BT-62"_s, u"the seller tax representative name"_s, at);
        else
            requireGroup(
                m.taxRepresentativeName, u"BR-18"_s, u"BT-62"_s, u"the seller tax representative name"_s, at);
        requireGroup(m.taxRepresentativeAddress.group, u"BR-19"_s, u"BG-12"_s,
            u"the seller tax representative postal address"_s, at);
        if (ubl)
            requireGroup(m.taxRepresentativeVatId, u"BR-56"_s, u"BT-63"_s,
                u"the seller tax representative VAT identifier"_s, at);
        else
            require(m.taxRepresentativeVatId, u"BR-56"_s, u"BT-63"_s,
                u"the seller tax representative VAT identifier"_s, at);
    }
    // The CII artefact checks that the country code element exists on the representative itself, address
    // or not; UBL wants a value on the representative's address.
    if (!ubl && m.taxRepresentative.isPresent())
        requireGroup(m.taxRepresentativeAddress.countryCode, u"BR-20"_s, u"BT-69"_s,
            u"the seller tax representative country code"_s, m.taxRepresentative.path);
    else if (ubl && m.taxRepresentativeAddress.group.isPresent())
        require(m.taxRepresentativeAddress.countryCode, u"BR-20"_s, u"BT-69"_s,
            u"the seller tax representative country code"_s,
            m.taxRepresentativeAddress.group.isPresent() ? m.taxRepresentativeAddress.group.path
                                                         : m.taxRepresentative.path);
    if (m.seller.address.group.isPresent() || !ubl)
        require(m.seller.address.countryCode, u"BR-09"_s, u"BT-40"_s, u"the seller country code"_s,
            m.seller.address.group.path);
    if (m.buyer.address.group.isPresent() || !ubl)
        require(m.buyer.address.countryCode, u"BR-11"_s, u"BT-55"_s, u"the buyer country code"_s,
            m.buyer.address.group.path);
    const bool sellerIdentifier = std::any_of(m.seller.identifiers.cbegin(), m.seller.identifiers.cend(),
        [](const Term &id) { return id.isPresent(); });
    if (m.seller.group.isPresent() && !m.seller.vatId.isPresent() && !sellerIdentifier
        && !m.seller.legalRegistrationId.isPresent())
        fail(u"BR-CO-26"_s, u"BG-4"_s, m.seller.group.path,
            u"the seller needs an identifier (BT-29), a legal registration identifier (BT-30) or a VAT "
            u"identifier (BT-31)"_s);
    // UBL asks for the attribute, whatever it holds; CII: DocumentSyntaxRules::checkCii.
    if (ubl && m.seller.electronicAddress.isPresent() && !m.seller.electronicAddress.qualified)
        fail(u"BR-62"_s, u"BT-34"_s, m.seller.electronicAddress.path,
            u"the seller electronic address (BT-34) has no scheme identifier"_s);
    if (ubl && m.buyer.electronicAddress.isPresent() && !m.buyer.electronicAddress.qualified)
        fail(u"BR-63"_s, u"BT-49"_s, m.buyer.electronicAddress.path,
            u"the buyer electronic address (BT-49) has no scheme identifier"_s);
    // BR-CO-09 is checked on every VAT identifier of the document (DocumentSyntaxRules).
}

void CoreRules::checkLines()
{
    for (const InvoiceLine &l : m.lines) {
        const TermPath &at = l.group.path;
        require(l.id, u"BR-21"_s, u"BT-126"_s, u"the invoice line identifier"_s, at);
        requireGroup(l.quantity, u"BR-22"_s, u"BT-129"_s, u"the invoiced quantity"_s, at);
        // Both artefacts ask whether the unit attribute exists.
        if (!l.quantity.isPresent() || !l.quantity.qualified)
            fail(u"BR-23"_s, u"BT-130"_s, at, u"the invoiced quantity unit of measure (BT-130) is missing"_s);
        // The artefacts test that the amount and price elements exist (an empty one is ADES-XML-03).
        requireGroup(l.netAmount, u"BR-24"_s, u"BT-131"_s, u"the invoice line net amount"_s, at);
        require(l.itemName, u"BR-25"_s, u"BT-153"_s, u"the item name"_s, at);
        requireGroup(l.netPrice, u"BR-26"_s, u"BT-146"_s, u"the item net price"_s, at);
        const auto price = num(l.netPrice);
        if (!price || price->isNegative())
            fail(u"BR-27"_s, u"BT-146"_s, at, u"the item net price (BT-146) must not be negative"_s);
        if (const auto gross = num(l.grossPrice); gross && gross->isNegative())
            fail(u"BR-28"_s, u"BT-148"_s, at, u"the item gross price (BT-148) must not be negative"_s);
        if (!l.vatCategory.isPresent() || !inVatScheme(l.vatScheme))
            fail(
                u"BR-CO-04"_s, u"BT-151"_s, at, u"the invoiced item VAT category code (BT-151) is missing"_s);
        if (periodReversed(l.periodStart, l.periodEnd))
            fail(u"BR-30"_s, u"BT-135"_s, l.periodEnd.path,
                u"the invoice line period end date (BT-135) is before its start date (BT-134)"_s);
        if (l.standardIdentifier.isPresent()
            && (ubl ? !l.standardIdentifier.qualified : l.standardIdentifier.qualifier.trimmed().isEmpty()))
            fail(u"BR-64"_s, u"BT-157"_s, l.standardIdentifier.path,
                u"the item standard identifier (BT-157) has no scheme identifier"_s);
        for (const Term &c : l.classifications) {
            if (c.isPresent() && (ubl ? !c.qualified : c.qualifier.trimmed().isEmpty()))
                fail(u"BR-65"_s, u"BT-158"_s, c.path,
                    u"the item classification identifier (BT-158) has no scheme identifier"_s);
        }
        for (const AllowanceCharge &a : l.allowances) {
            if (!isAllowance(a))
                continue; // the artefact's context is AllowanceCharge[ChargeIndicator = 'false']
            requireGroup(
                a.amount, u"BR-41"_s, u"BT-136"_s, u"the invoice line allowance amount"_s, a.group.path);
            reason(a, u"BR-42"_s, u"BR-CO-23"_s, u"BT-139"_s);
        }
        for (const AllowanceCharge &c : l.charges) {
            requireGroup(
                c.amount, u"BR-43"_s, u"BT-141"_s, u"the invoice line charge amount"_s, c.group.path);
            reason(c, u"BR-44"_s, u"BR-CO-24"_s, u"BT-144"_s);
        }
    }
}

// BR-29/BR-30: UBL compares the two dates, CII the two date strings, and only those in format 102.
bool CoreRules::periodReversed(const Term &start, const Term &end) const
{
    if (!start.isPresent() || !end.isPresent())
        return false;
    if (!ubl && (start.qualifier != u"102"_sv || end.qualifier != u"102"_sv))
        return true;
    return end.value < start.value;
}

void CoreRules::reason(const AllowanceCharge &ac, const QString &id, const QString &coId, const QString &bt)
{
    if (ac.reason.isPresent() || ac.reasonCode.isPresent())
        return;
    const QString kind = ac.isCharge ? u"charge"_s : u"allowance"_s;
    fail(id, bt, ac.group.path, u"the %1 has neither a reason (%2) nor a reason code"_s.arg(kind, bt));
    fail(coId, bt, ac.group.path, u"the %1 must have a reason or a reason code"_s.arg(kind));
}

void CoreRules::checkAllowancesCharges()
{
    for (const AllowanceCharge &a : m.allowances) {
        if (!isAllowance(a))
            continue;
        requireGroup(
            a.amount, u"BR-31"_s, u"BT-92"_s, u"the document level allowance amount"_s, a.group.path);
        if (!a.vatCategory.isPresent() || !inVatScheme(a.vatScheme))
            fail(u"BR-32"_s, u"BT-95"_s, a.group.path,
                u"the document level allowance VAT category code (BT-95) is missing"_s);
        reason(a, u"BR-33"_s, u"BR-CO-21"_s, u"BT-97"_s);
    }
    for (const AllowanceCharge &c : m.charges) {
        requireGroup(c.amount, u"BR-36"_s, u"BT-99"_s, u"the document level charge amount"_s, c.group.path);
        if (!c.vatCategory.isPresent() || !inVatScheme(c.vatScheme))
            fail(u"BR-37"_s, u"BT-102"_s, c.group.path,
                u"the document level charge VAT category code (BT-102) is missing"_s);
        reason(c, u"BR-38"_s, u"BR-CO-22"_s, u"BT-104"_s);
    }
}

} // namespace ades::eu
