#include "EinvoiceValidator.h"

#include "CodeList.h"
#include "Decimal.h"
#include "InvoiceReader.h"
#include "SyntaxBindingRules.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// A literal as a QStringView whose length is fixed at compile time. Comparing a QString with a bare u"..."
// measured the literal (qustrlen) on every call, and the element loops below make millions of those
// comparisons per corpus pass; with the length known, most comparisons end at the size check.
constexpr QStringView operator""_sv(const char16_t *text, size_t length) noexcept
{
    return QStringView(text, qsizetype(length));
}

using Severity = Finding::Severity;

// The complete lists (CodeList::Coverage::Complete) the model checks and the bindings use directly.
const QSet<QString> &countryCodes()
{
    return CodeList::named(u"iso3166-alpha2"_s).codes();
}

const QSet<QString> &currencyCodes()
{
    return CodeList::named(u"iso4217"_s).codes();
}

const QSet<QString> &mimeCodes()
{
    return CodeList::named(u"mime-codes"_s).codes();
}

const QSet<QString> &vatCategoryCodes()
{
    return CodeList::named(u"uncl5305-vat-categories"_s).codes();
}

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
};

const QList<VatFamily> &vatFamilies()
{
    using R = VatFamily::Rate;
    static const QList<VatFamily> families = {
        { u"S"_s, u"BR-S"_s, false, R::Positive, true, false, true },
        { u"Z"_s, u"BR-Z"_s, true, R::Zero, false, false, false },
        { u"E"_s, u"BR-E"_s, true, R::Zero, false, true, false },
        { u"AE"_s, u"BR-AE"_s, true, R::Zero, false, true, false },
        { u"K"_s, u"BR-IC"_s, true, R::Zero, false, true, false },
        { u"G"_s, u"BR-G"_s, true, R::Zero, false, true, false },
        { u"O"_s, u"BR-O"_s, true, R::Absent, false, true, false },
        { u"L"_s, u"BR-AF"_s, false, R::NonNegative, true, false, true },
        { u"M"_s, u"BR-AG"_s, false, R::NonNegative, true, false, true },
    };
    return families;
}

class Checker
{
public:
    explicit Checker(const InvoiceModel &model)
        : m(model)
        , ubl(model.syntax == InvoiceModel::Syntax::Ubl)
    { }

    QList<Finding> run()
    {
        checkSyntaxValues();
        checkDocument();
        checkParties();
        checkLines();
        checkAllowancesCharges();
        checkTotals();
        checkTaxTotal();
        checkUblGrandTotal();
        checkBreakdowns();
        checkVatFamilies();
        checkDecimals();
        checkCodeLists();
        return out;
    }

private:
    const InvoiceModel &m;
    const bool ubl;
    QList<Finding> out;

    void fail(const QString &id, const QString &bt, const QString &location, const QString &message,
        Severity severity = Severity::Fatal)
    {
        out.append(Finding { id, severity, bt, location.isEmpty() ? m.rootPath : location, message });
    }

    // The indicator as the artefacts cast it to xs:boolean ("true"/"1", "false"/"0").
    // (UBL only: the CII artefact compares udt:Indicator with the strings 'true' and 'false').
    bool isCharge(const AllowanceCharge &ac) const
    {
        return ac.chargeIndicator.value == u"true"_sv || (ubl && ac.chargeIndicator.value == u"1"_sv);
    }
    bool isAllowance(const AllowanceCharge &ac) const
    {
        return ac.chargeIndicator.value == u"false"_sv || (ubl && ac.chargeIndicator.value == u"0"_sv);
    }

    static std::optional<Decimal> num(const Term &t)
    {
        if (!t.isPresent())
            return std::nullopt;
        return Decimal::fromString(t.value);
    }
    // XPath sum() semantics over optional terms: absent terms count as nothing.
    static Decimal sumOf(const QList<Term> &terms)
    {
        Decimal total;
        for (const Term &t : terms) {
            if (const auto v = num(t))
                total += *v;
        }
        return total;
    }

    // ---- values the artefacts cannot even evaluate -------------------------------------------------
    void checkSyntaxValues()
    {
        auto amount = [this](const Term &t, const QString &bt) {
            if (t.isPresent() && !Decimal::fromString(t.value))
                fail(u"ADES-XML-03"_s, bt, t.path,
                    u"%1 '%2' is not a decimal number"_s.arg(bt, t.value.left(40)));
        };
        auto indicator = [this](const AllowanceCharge &ac) {
            const QString &v = ac.chargeIndicator.value;
            if (v != u"true"_sv && v != u"false"_sv && v != u"1"_sv && v != u"0"_sv)
                fail(u"ADES-XML-03"_s, ac.isCharge ? u"BG-21"_s : u"BG-20"_s,
                    ac.chargeIndicator.isPresent() ? ac.chargeIndicator.path : ac.group.path,
                    u"the allowance/charge indicator '%1' is not a boolean (true or false)"_s.arg(
                        v.left(40)));
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

    // ---- BR-01 ... BR-16 and document-level conditions ---------------------------------------------
    // A business term is missing when its element is absent or empty (the artefacts test the string value).
    void require(const Term &t, const QString &id, const QString &bt, const QString &what,
        const QString &location = {})
    {
        if (!t.isPresent() || t.value.isEmpty())
            fail(id, bt, location, u"%1 (%2) is missing"_s.arg(what, bt));
    }
    // Only the element has to exist (groups, and the few terms the artefacts test with exists()).
    void requireGroup(const Term &t, const QString &id, const QString &bg, const QString &what,
        const QString &location = {})
    {
        if (!t.isPresent())
            fail(id, bg, location, u"%1 (%2) is missing"_s.arg(what, bg));
    }

    void checkDocument()
    {
        require(m.specificationId, u"BR-01"_s, u"BT-24"_s, u"the specification identifier"_s);
        require(m.invoiceNumber, u"BR-02"_s, u"BT-1"_s, u"the invoice number"_s);
        require(m.issueDate, u"BR-03"_s, u"BT-2"_s, u"the invoice issue date"_s);
        require(m.typeCode, u"BR-04"_s, u"BT-3"_s, u"the invoice type code"_s);
        require(m.currency, u"BR-05"_s, u"BT-5"_s, u"the invoice currency code"_s);
        require(m.seller.name, u"BR-06"_s, u"BT-27"_s, u"the seller name"_s);
        require(m.buyer.name, u"BR-07"_s, u"BT-44"_s, u"the buyer name"_s);
        requireGroup(m.seller.address.group, u"BR-08"_s, u"BG-5"_s, u"the seller postal address"_s);
        requireGroup(m.buyer.address.group, u"BR-10"_s, u"BG-8"_s, u"the buyer postal address"_s);
        if (m.lines.isEmpty())
            fail(u"BR-16"_s, u"BG-25"_s, {}, u"the invoice has no invoice line (BG-25)"_s);
        bool lineTax = false;
        for (const InvoiceLine &l : m.lines)
            lineTax = lineTax || l.vatCategory.isPresent() || l.vatRate.isPresent();
        // The CII artefact only asks for BG-23 once there are lines and no tax element anywhere.
        if (m.vatBreakdowns.isEmpty() && (ubl || (!m.lines.isEmpty() && !lineTax)))
            fail(u"BR-CO-18"_s, u"BG-23"_s, {}, u"the invoice has no VAT breakdown (BG-23)"_s);
        if (m.vatPointDate.isPresent() && m.vatPointDateCode.isPresent())
            fail(u"BR-CO-03"_s, u"BT-7"_s, {},
                u"the VAT point date (BT-7) and the VAT point date code (BT-8) are mutually exclusive"_s);
        const bool accountingTotal = std::any_of(m.totals.taxAmounts.cbegin(), m.totals.taxAmounts.cend(),
            [this](const Term &a) { return a.qualifier == m.vatAccountingCurrency.value; });
        // CII also wants BT-111 as an amount of its own when BT-6 equals BT-5.
        const bool separateTotal = ubl || m.vatAccountingCurrency.value != m.currency.value
            || std::count_if(m.totals.taxAmounts.cbegin(), m.totals.taxAmounts.cend(),
                   [this](const Term &a) { return a.qualifier == m.vatAccountingCurrency.value; })
                > 1;
        if (m.vatAccountingCurrency.isPresent() && (!accountingTotal || !separateTotal)
            && (ubl || m.totals.group.isPresent()))
            fail(u"BR-53"_s, u"BT-111"_s, m.vatAccountingCurrency.path,
                u"the VAT accounting currency (BT-6) is given but the total VAT in that currency (BT-111) is missing"_s);
        if (m.invoicingPeriodStart.isPresent() && m.invoicingPeriodEnd.isPresent()
            && m.invoicingPeriodEnd.value < m.invoicingPeriodStart.value)
            fail(u"BR-29"_s, u"BT-74"_s, m.invoicingPeriodEnd.path,
                u"the invoicing period end date (BT-74) is before its start date (BT-73)"_s);
        for (const PrecedingInvoice &p : m.precedingInvoices)
            require(p.reference, u"BR-55"_s, u"BT-25"_s, u"the preceding invoice reference"_s);
        if (m.deliverTo.group.isPresent())
            requireGroup(m.deliverTo.countryCode, u"BR-57"_s, u"BT-80"_s, u"the deliver-to country code"_s,
                m.deliverTo.group.path);
        for (const PaymentMeans &pm : m.paymentMeans) {
            require(pm.typeCode, u"BR-49"_s, u"BT-81"_s, u"the payment means type code"_s, pm.group.path);
            // BR-51: only the last 4 to 6 digits of a card number may be given (a warning in UBL).
            if (pm.cardPan.isPresent()
                && (pm.cardPan.value.simplified().size() < 4 || pm.cardPan.value.simplified().size() > 6))
                fail(u"BR-51"_s, u"BT-87"_s, pm.cardPan.path,
                    u"the payment card primary account number (BT-87) must be given as its last 4 to 6 digits only"_s,
                    ubl ? Severity::Warning : Severity::Fatal);
            const QString code = pm.typeCode.value;
            // CII reports a missing account as CII-SR-470 (syntax table) instead.
            if (ubl && (code == u"30"_sv || code == u"58"_sv) && !pm.accountId.isPresent())
                fail(u"BR-61"_s, u"BT-84"_s, pm.group.path,
                    u"payment means %1 (credit transfer) requires the payment account identifier (BT-84)"_s
                        .arg(code));
        }
    }

    void checkParties()
    {
        if (m.payee.isPresent())
            require(m.payeeName, u"BR-17"_s, u"BT-59"_s, u"the payee name"_s, m.payee.path);
        if (m.taxRepresentative.isPresent()) {
            const QString at = m.taxRepresentative.path;
            require(
                m.taxRepresentativeName, u"BR-18"_s, u"BT-62"_s, u"the seller tax representative name"_s, at);
            requireGroup(m.taxRepresentativeAddress.group, u"BR-19"_s, u"BG-12"_s,
                u"the seller tax representative postal address"_s, at);
            require(m.taxRepresentativeVatId, u"BR-56"_s, u"BT-63"_s,
                u"the seller tax representative VAT identifier"_s, at);
        }
        // The CII artefact checks the country code on the representative itself, address or not.
        if (m.taxRepresentativeAddress.group.isPresent() || (!ubl && m.taxRepresentative.isPresent()))
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
        if (m.seller.group.isPresent() && !m.seller.vatId.isPresent() && m.seller.identifiers.isEmpty()
            && !m.seller.legalRegistrationId.isPresent())
            fail(u"BR-CO-26"_s, u"BG-4"_s, m.seller.group.path,
                u"the seller needs an identifier (BT-29), a legal registration identifier (BT-30) or a VAT "
                u"identifier (BT-31)"_s);
        // CII: checked on URIUniversalCommunication itself (checkCiiSyntax).
        if (ubl && m.seller.electronicAddress.isPresent() && m.seller.electronicAddress.qualifier.isEmpty())
            fail(u"BR-62"_s, u"BT-34"_s, m.seller.electronicAddress.path,
                u"the seller electronic address (BT-34) has no scheme identifier"_s);
        if (ubl && m.buyer.electronicAddress.isPresent() && m.buyer.electronicAddress.qualifier.isEmpty())
            fail(u"BR-63"_s, u"BT-49"_s, m.buyer.electronicAddress.path,
                u"the buyer electronic address (BT-49) has no scheme identifier"_s);
        // UBL: every VAT PartyTaxScheme is checked on the document (checkUblSyntax).
        for (const Term *vat : { &m.seller.vatId, &m.buyer.vatId, &m.taxRepresentativeVatId }) {
            if (ubl || !vat->isPresent())
                continue;
            const QString prefix = vat->value.left(2);
            if (prefix != u"EL"_sv && !countryCodes().contains(prefix))
                fail(u"BR-CO-09"_s, u"BT-31"_s, vat->path,
                    u"the VAT identifier '%1' does not start with a country prefix"_s.arg(vat->value));
        }
    }

    void checkLines()
    {
        for (const InvoiceLine &l : m.lines) {
            const QString at = l.group.path;
            require(l.id, u"BR-21"_s, u"BT-126"_s, u"the invoice line identifier"_s, at);
            requireGroup(l.quantity, u"BR-22"_s, u"BT-129"_s, u"the invoiced quantity"_s, at);
            if (!l.quantity.isPresent() || l.quantity.qualifier.isEmpty())
                fail(u"BR-23"_s, u"BT-130"_s, at,
                    u"the invoiced quantity unit of measure (BT-130) is missing"_s);
            require(l.netAmount, u"BR-24"_s, u"BT-131"_s, u"the invoice line net amount"_s, at);
            require(l.itemName, u"BR-25"_s, u"BT-153"_s, u"the item name"_s, at);
            require(l.netPrice, u"BR-26"_s, u"BT-146"_s, u"the item net price"_s, at);
            const auto price = num(l.netPrice);
            if (!price || price->isNegative())
                fail(u"BR-27"_s, u"BT-146"_s, at, u"the item net price (BT-146) must not be negative"_s);
            if (const auto gross = num(l.grossPrice); gross && gross->isNegative())
                fail(u"BR-28"_s, u"BT-148"_s, at, u"the item gross price (BT-148) must not be negative"_s);
            if (!l.vatCategory.isPresent() || (ubl && l.vatScheme.value != u"VAT"_sv))
                fail(u"BR-CO-04"_s, u"BT-151"_s, at,
                    u"the invoiced item VAT category code (BT-151) is missing"_s);
            if (l.periodStart.isPresent() && l.periodEnd.isPresent()
                && l.periodEnd.value < l.periodStart.value)
                fail(u"BR-30"_s, u"BT-135"_s, l.periodEnd.path,
                    u"the invoice line period end date (BT-135) is before its start date (BT-134)"_s);
            if (l.standardIdentifier.isPresent() && l.standardIdentifier.qualifier.isEmpty())
                fail(u"BR-64"_s, u"BT-157"_s, l.standardIdentifier.path,
                    u"the item standard identifier (BT-157) has no scheme identifier"_s);
            for (const Term &c : l.classifications) {
                if (c.isPresent() && c.qualifier.isEmpty())
                    fail(u"BR-65"_s, u"BT-158"_s, c.path,
                        u"the item classification identifier (BT-158) has no scheme identifier"_s);
            }
            for (const AllowanceCharge &a : l.allowances) {
                if (!isAllowance(a))
                    continue; // the artefact's context is AllowanceCharge[ChargeIndicator = 'false']
                require(
                    a.amount, u"BR-41"_s, u"BT-136"_s, u"the invoice line allowance amount"_s, a.group.path);
                reason(a, u"BR-42"_s, u"BR-CO-23"_s, u"BT-139"_s);
            }
            for (const AllowanceCharge &c : l.charges) {
                require(c.amount, u"BR-43"_s, u"BT-141"_s, u"the invoice line charge amount"_s, c.group.path);
                reason(c, u"BR-44"_s, u"BR-CO-24"_s, u"BT-144"_s);
            }
        }
    }

    void reason(const AllowanceCharge &ac, const QString &id, const QString &coId, const QString &bt)
    {
        if (ac.reason.isPresent() || ac.reasonCode.isPresent())
            return;
        const QString kind = ac.isCharge ? u"charge"_s : u"allowance"_s;
        fail(id, bt, ac.group.path, u"the %1 has neither a reason (%2) nor a reason code"_s.arg(kind, bt));
        fail(coId, bt, ac.group.path, u"the %1 must have a reason or a reason code"_s.arg(kind));
    }

    void checkAllowancesCharges()
    {
        for (const AllowanceCharge &a : m.allowances) {
            if (!isAllowance(a))
                continue;
            require(a.amount, u"BR-31"_s, u"BT-92"_s, u"the document level allowance amount"_s, a.group.path);
            if (!a.vatCategory.isPresent() || (ubl && a.vatScheme.value.toUpper() != u"VAT"_sv))
                fail(u"BR-32"_s, u"BT-95"_s, a.group.path,
                    u"the document level allowance VAT category code (BT-95) is missing"_s);
            reason(a, u"BR-33"_s, u"BR-CO-21"_s, u"BT-97"_s);
        }
        for (const AllowanceCharge &c : m.charges) {
            require(c.amount, u"BR-36"_s, u"BT-99"_s, u"the document level charge amount"_s, c.group.path);
            if (!c.vatCategory.isPresent() || (ubl && c.vatScheme.value.toUpper() != u"VAT"_sv))
                fail(u"BR-37"_s, u"BT-102"_s, c.group.path,
                    u"the document level charge VAT category code (BT-102) is missing"_s);
            reason(c, u"BR-38"_s, u"BR-CO-22"_s, u"BT-104"_s);
        }
    }

    // BR-CO-15 in UBL: for the document currency, exactly one TaxTotal amount in it and BT-112 = BT-109 +
    // BT-110.
    void checkUblGrandTotal()
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

    // BR-CO-14: the UBL context is each TaxTotal with subtotals, the CII context the header summation.
    void checkTaxTotal()
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
            const auto taxTotal = num(t.taxTotal);
            if (!taxTotal || *taxTotal != sumOf(taxAmounts).round2())
                fail(u"BR-CO-14"_s, u"BT-110"_s, t.taxTotal.path, message);
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
                if (b.group.path.startsWith(taxTotalPath) && b.group.path.at(taxTotalPath.size()) == u'/')
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

    // ---- BR-12 ... BR-15 and the totals chain BR-CO-10 ... BR-CO-16 ---------------------------------
    void checkTotals()
    {
        const DocumentTotals &t = m.totals;
        if (!t.group.isPresent())
            return;
        const QString at = t.group.path;
        require(t.lineTotal, u"BR-12"_s, u"BT-106"_s, u"the sum of invoice line net amounts"_s, at);
        require(t.taxExclusive, u"BR-13"_s, u"BT-109"_s, u"the invoice total amount without VAT"_s, at);
        require(t.taxInclusive, u"BR-14"_s, u"BT-112"_s, u"the invoice total amount with VAT"_s, at);
        require(t.payable, u"BR-15"_s, u"BT-115"_s, u"the amount due for payment"_s, at);

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
                const bool plain = !t.chargeTotal.isPresent() && !t.allowanceTotal.isPresent();
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

    // ---- BR-45 ... BR-48, BR-CO-17 -----------------------------------------------------------------
    void checkBreakdowns()
    {
        for (const VatBreakdown &b : m.vatBreakdowns) {
            const QString at = b.group.path;
            require(b.taxableAmount, u"BR-45"_s, u"BT-116"_s, u"the VAT category taxable amount"_s, at);
            require(b.taxAmount, u"BR-46"_s, u"BT-117"_s, u"the VAT category tax amount"_s, at);
            if (!b.category.isPresent() || (ubl && b.vatScheme.value != u"VAT"_sv))
                fail(u"BR-47"_s, u"BT-118"_s, at, u"the VAT category code (BT-118) is missing"_s);
            if (!b.rate.isPresent() && b.category.value != u"O"_sv)
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

    // ---- VAT category families (reference §5) -------------------------------------------------------
    void checkVatFamilies()
    {
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
                if (l.vatCategory.value == f.code
                    && (!ubl || !f.exactlyOneBreakdown || l.vatScheme.value == u"VAT"_sv))
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
                if (b.category.value == f.code && (!ubl || b.vatScheme.value == u"VAT"_sv))
                    breakdowns.append(&b);
            }
            auto scoped = [this](const QList<const AllowanceCharge *> &list, const QString &indicator) {
                QList<const AllowanceCharge *> result;
                for (const AllowanceCharge *ac : list) {
                    const bool matches = indicator == u"true"_sv ? isCharge(*ac) : isAllowance(*ac);
                    if (!ubl || (matches && ac->vatScheme.value == u"VAT"_sv))
                        result.append(ac);
                }
                return result;
            };
            const qsizetype usage = lines.size() + allowances.size() + charges.size();
            const QString id = f.prefix;
            // Only messages use it, and most invoices pass: formatted when a finding needs it.
            const auto name = [&f] { return u"VAT category '%1'"_s.arg(f.code); };

            // -01
            // Without any use of the category, UBL's S/L/M rules also reject a breakdown of it outside the
            // VAT scheme.
            const bool anySchemeBreakdown = std::any_of(m.vatBreakdowns.cbegin(), m.vatBreakdowns.cend(),
                [&f](const VatBreakdown &b) { return b.category.value == f.code; });
            // CII: an O breakdown without any O line, allowance or charge fails as well.
            const bool unusedO = !ubl && f.code == u"O"_sv && usage == 0 && !breakdowns.isEmpty();
            const bool breakdownOk = f.exactlyOneBreakdown
                ? (((usage + breakdowns.size()) == 0 || breakdowns.size() == 1) && !unusedO)
                : (ubl ? (usage > 0 ? !breakdowns.isEmpty() : !anySchemeBreakdown)
                       : (usage == 0 || breakdowns.size() > 0));
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
                parties
                    = u"the seller VAT identifier (BT-31 or BT-63) and the buyer VAT identifier (BT-48)"_s;
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
                if (!scoped(charges, u"true"_s).isEmpty())
                    fail(id + u"-04"_s, u"BT-31"_s, {},
                        u"a charge with %1 requires %2"_s.arg(name(), parties));
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
            for (const InvoiceLine *l : lines) {
                if (ubl && l->vatScheme.value != u"VAT"_sv)
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

            for (const VatBreakdown *b : breakdowns) {
                const QString at = b->group.path;
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
                for (const InvoiceLine *l : lines) {
                    if (sameRate(l->vatRate))
                        lineSum += num(l->netAmount).value_or(Decimal());
                }
                for (const AllowanceCharge *c : charges) {
                    if (sameRate(c->vatRate))
                        chargeSum += num(c->amount).value_or(Decimal());
                }
                for (const AllowanceCharge *a : allowances) {
                    if (sameRate(a->vatRate))
                        allowanceSum += num(a->amount).value_or(Decimal());
                }
                const auto basis = num(b->taxableAmount);
                // Per-rate families iterate over the breakdown's rate: without one there is nothing to check.
                bool basisOk = f.perRate && !b->rate.isPresent();
                if (basis && !basisOk) {
                    if (ubl) {
                        const Decimal expected = lineSum + chargeSum - allowanceSum;
                        basisOk = *basis > expected - Decimal::fromInt(1)
                            && *basis < expected + Decimal::fromInt(1);
                    } else {
                        const Decimal expected
                            = lineSum.round2() + chargeSum.round2() - allowanceSum.round2();
                        basisOk = f.perRate ? *basis == expected
                                            : (*basis > expected - Decimal::fromInt(1)
                                                && *basis < expected + Decimal::fromInt(1));
                    }
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
                // Empty elements do not count (the artefact tests their string value).
                if (m.actualDeliveryDate.value.isEmpty() && m.invoicingPeriodStart.value.isEmpty()
                    && m.invoicingPeriodEnd.value.isEmpty())
                    fail(u"BR-IC-11"_s, u"BT-72"_s, breakdowns.first()->group.path,
                        u"an intra-community supply needs the actual delivery date (BT-72) or the invoicing period (BG-14)"_s);
                if (m.deliverTo.countryCode.value.isEmpty())
                    fail(u"BR-IC-12"_s, u"BT-80"_s, breakdowns.first()->group.path,
                        u"an intra-community supply needs the deliver-to country code (BT-80)"_s);
            }
            if (f.code == u"O"_sv && !breakdowns.isEmpty()) {
                const QString at = breakdowns.first()->group.path;
                // The CII test counts every ApplicableTradeTax, the lines' included.
                bool otherCategory
                    = !ubl && std::any_of(m.lines.cbegin(), m.lines.cend(), [](const InvoiceLine &l) {
                          return l.vatCategory.isPresent() && l.vatCategory.value != u"O"_sv;
                      });
                for (const VatBreakdown &b : m.vatBreakdowns)
                    otherCategory = otherCategory
                        || (b.category.value != u"O"_sv && (!ubl || b.vatScheme.value == u"VAT"_sv));
                if (otherCategory)
                    fail(u"BR-O-11"_s, u"BT-118"_s, at,
                        u"an invoice with VAT category 'O' must not have a VAT breakdown of another category"_s);
                for (const InvoiceLine &l : m.lines) {
                    if (l.vatCategory.isPresent() && l.vatCategory.value != u"O"_sv
                        && (!ubl || l.vatScheme.value == u"VAT"_sv)) {
                        fail(u"BR-O-12"_s, u"BT-151"_s, at,
                            u"an invoice with VAT category 'O' must not have a line of another category"_s);
                        break;
                    }
                }
                for (const AllowanceCharge &a : m.allowances) {
                    if (a.vatCategory.isPresent() && a.vatCategory.value != u"O"_sv
                        && (!ubl || a.vatScheme.value == u"VAT"_sv)) {
                        fail(u"BR-O-13"_s, u"BT-95"_s, at,
                            u"an invoice with VAT category 'O' must not have an allowance of another category"_s);
                        break;
                    }
                }
                for (const AllowanceCharge &c : m.charges) {
                    if (c.vatCategory.isPresent() && c.vatCategory.value != u"O"_sv
                        && (!ubl || c.vatScheme.value == u"VAT"_sv)) {
                        fail(u"BR-O-14"_s, u"BT-102"_s, at,
                            u"an invoice with VAT category 'O' must not have a charge of another category"_s);
                        break;
                    }
                }
            }
        }
    }

    // ---- BR-DEC: at most two decimals on amounts ---------------------------------------------------
    void decimals(const Term &t, const QString &id, const QString &bt)
    {
        if (t.isPresent() && Decimal::writtenFractionDigits(t.value) > 2)
            fail(id, bt, t.path, u"%1 '%2' has more than two decimals"_s.arg(bt, t.value.left(40)));
    }

    void checkDecimals()
    {
        // UBL contexts are AllowanceCharge[ChargeIndicator = false()/true()]: no indicator, no check.
        for (const AllowanceCharge &a : m.allowances) {
            if (ubl && !isAllowance(a))
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
        decimals(t.taxTotal, u"BR-DEC-13"_s, u"BT-110"_s);
        decimals(t.taxInclusive, u"BR-DEC-14"_s, u"BT-112"_s);
        decimals(t.taxTotalAccounting, u"BR-DEC-15"_s, u"BT-111"_s);
        // The CII artefact's BR-DEC-15 also fails when BT-6 is given and BT-111 is missing.
        const bool anyInAccountingCurrency = std::any_of(t.taxAmounts.cbegin(), t.taxAmounts.cend(),
            [this](const Term &a) { return a.qualifier == m.vatAccountingCurrency.value; });
        if (!ubl && m.vatAccountingCurrency.isPresent() && t.group.isPresent() && !anyInAccountingCurrency)
            fail(u"BR-DEC-15"_s, u"BT-111"_s, t.group.path,
                u"the total VAT amount in accounting currency (BT-111) is missing"_s);
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
                if (ubl && !isAllowance(a))
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

    // ---- code lists --------------------------------------------------------------------------------
    void code(
        const Term &t, const QSet<QString> &list, const QString &id, const QString &bt, const QString &what)
    {
        if (t.isPresent() && !list.contains(t.value))
            fail(id, bt, t.path, u"%1 '%2' (%3) is not in the code list"_s.arg(what, t.value.left(40), bt));
    }

    void checkCodeLists()
    {
        code(m.currency, currencyCodes(), u"BR-CL-04"_s, u"BT-5"_s, u"the invoice currency code"_s);
        code(m.vatAccountingCurrency, currencyCodes(), u"BR-CL-05"_s, u"BT-6"_s,
            u"the VAT accounting currency code"_s);
        // UBL: every Country/IdentificationCode and InvoicePeriod/DescriptionCode is checked on the document
        // (checkCodeListBindings), as the artefact does.
        if (!ubl) {
            code(m.seller.address.countryCode, countryCodes(), u"BR-CL-14"_s, u"BT-40"_s,
                u"the seller country code"_s);
            code(m.buyer.address.countryCode, countryCodes(), u"BR-CL-14"_s, u"BT-55"_s,
                u"the buyer country code"_s);
            code(m.deliverTo.countryCode, countryCodes(), u"BR-CL-14"_s, u"BT-80"_s,
                u"the deliver-to country code"_s);
        }
        for (const AllowanceCharge &ac : m.allowances + m.charges)
            code(ac.vatCategory, vatCategoryCodes(), u"BR-CL-17"_s, ac.isCharge ? u"BT-102"_s : u"BT-95"_s,
                u"the VAT category code"_s);
        for (const VatBreakdown &b : m.vatBreakdowns)
            code(b.category, vatCategoryCodes(), u"BR-CL-17"_s, u"BT-118"_s, u"the VAT category code"_s);
        // UBL binds BT-8 to UNCL2005 (3, 35, 432), CII to UNCL2475 (5, 29, 72).
        static const QSet<QString> ciiDateCodes = { u"5"_s, u"29"_s, u"72"_s };
        if (!ubl)
            code(m.vatPointDateCode, ciiDateCodes, u"BR-CL-06"_s, u"BT-8"_s, u"the VAT point date code"_s);
        for (const InvoiceLine &l : m.lines)
            code(l.vatCategory, vatCategoryCodes(), u"BR-CL-18"_s, u"BT-151"_s,
                u"the invoiced item VAT category code"_s);
    }
};

// An element that exists and holds more than blanks.
bool hasText(const XmlDocument &doc, int element)
{
    return element >= 0 && !doc.element(element).text.trimmed().isEmpty();
}

const QString CacNs = u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s;
const QString CbcNs = u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s;

// UBL syntax binding rules that look at the document rather than at the model.
void checkUblSyntax(const XmlDocument &doc, QList<Finding> &out)
{
    // BR-CL-03: every amount states its currency, from ISO 4217.
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        const bool amount = e.name.endsWith(u"Amount"_sv) && e.ns == CbcNs;
        if (!amount && !doc.hasAttribute(i, u"currencyID"_s))
            continue;
        const QString currency = doc.attribute(i, u"currencyID"_s);
        if (!currencyCodes().contains(currency))
            out.append(Finding { u"BR-CL-03"_s, Severity::Fatal, u"BT-5"_s, doc.path(i),
                currency.isEmpty()
                    ? u"the amount %1 has no currency (currencyID)"_s.arg(e.name)
                    : u"the currency '%1' of %2 is not an ISO 4217 code"_s.arg(currency.left(10), e.name) });
    }
    // BR-CO-19 / BR-CO-20: an invoicing period (document or line) has a start or an end date.
    auto periodHasDate = [&doc](int period) {
        // A period holding only the VAT point date code (BT-8) is not an invoicing period.
        return doc.child(period, CbcNs, u"StartDate"_sv) >= 0 || doc.child(period, CbcNs, u"EndDate"_sv) >= 0
            || doc.child(period, CbcNs, u"DescriptionCode"_sv) >= 0;
    };
    for (int period : doc.children(doc.root(), CacNs, u"InvoicePeriod"_sv)) {
        if (!periodHasDate(period))
            out.append(Finding { u"BR-CO-19"_s, Severity::Fatal, u"BG-14"_s, doc.path(period),
                u"the invoicing period (BG-14) needs a start date (BT-73) or an end date (BT-74)"_s });
    }
    for (int line : doc.element(doc.root()).children) {
        const XmlElement &le = doc.element(line);
        if (le.ns != CacNs || (le.name != u"InvoiceLine"_sv && le.name != u"CreditNoteLine"_sv))
            continue;
        for (int period : doc.children(line, CacNs, u"InvoicePeriod"_sv)) {
            if (!periodHasDate(period))
                out.append(Finding { u"BR-CO-20"_s, Severity::Fatal, u"BG-26"_s, doc.path(period),
                    u"the invoice line period (BG-26) needs a start date (BT-134) or an end date (BT-135)"_s });
        }
    }

    // UBL-SR-19/20/21: a payee differs from the seller (its name must exist and differ) and has at most one
    // name, identifier and legal registration identifier.
    const int root = doc.root();
    for (int payee : doc.children(root, CacNs, u"PayeeParty"_sv)) {
        const int sellerParty
            = doc.child(doc.child(root, CacNs, u"AccountingSupplierParty"_sv), CacNs, u"Party"_sv);
        const int sellerName
            = doc.child(doc.child(sellerParty, CacNs, u"PartyLegalEntity"_sv), CbcNs, u"RegistrationName"_sv);
        const std::vector<int> names = [&] {
            std::vector<int> all;
            for (int partyName : doc.children(payee, CacNs, u"PartyName"_sv)) {
                for (int n : doc.children(partyName, CbcNs, u"Name"_sv))
                    all.push_back(n);
            }
            return all;
        }();
        bool differs = false;
        if (sellerName >= 0) {
            for (int n : names)
                differs = differs || doc.element(n).text != doc.element(sellerName).text;
        }
        int ids = 0;
        for (int identification : doc.children(payee, CacNs, u"PartyIdentification"_sv)) {
            for (int id : doc.children(identification, CbcNs, u"ID"_sv))
                ids += doc.attribute(id, u"schemeID"_s).toUpper() != u"SEPA"_sv ? 1 : 0;
        }
        int legalIds = 0;
        for (int legal : doc.children(payee, CacNs, u"PartyLegalEntity"_sv))
            legalIds += int(doc.children(legal, CbcNs, u"CompanyID"_sv).size());
        const QString at = doc.path(payee);
        if (names.size() > 1 || !differs)
            out.append(Finding { u"UBL-SR-19"_s, Severity::Fatal, u"BT-59"_s, at,
                u"the payee name (BT-59) must be given once and differ from the seller name"_s });
        if (ids > 1 || !differs)
            out.append(Finding { u"UBL-SR-20"_s, Severity::Fatal, u"BT-60"_s, at,
                u"the payee identifier (BT-60) may occur once, and the payee must differ from the seller"_s });
        if (legalIds > 1 || !differs)
            out.append(Finding { u"UBL-SR-21"_s, Severity::Fatal, u"BT-61"_s, at,
                u"the payee legal registration identifier (BT-61) may occur once, and the payee must differ from the seller"_s });
    }

    // Groups whose mandatory parts the model does not carry separately.
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (e.name == u"PayeeFinancialAccount"_sv && e.ns == CacNs
            && !hasText(doc, doc.child(i, CbcNs, u"ID"_sv)))
            out.append(Finding { u"BR-50"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                u"the payment account identifier (BT-84) is missing"_s });
        if (e.name == u"AdditionalItemProperty"_sv && e.ns == CacNs
            && (doc.child(i, CbcNs, u"Name"_sv) < 0 || doc.child(i, CbcNs, u"Value"_sv) < 0))
            out.append(Finding { u"BR-54"_s, Severity::Fatal, u"BT-160"_s, doc.path(i),
                u"an item attribute needs both a name (BT-160) and a value (BT-161)"_s });
    }
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (e.name != u"PartyTaxScheme"_sv || e.ns != CacNs)
            continue;
        const int scheme = doc.child(i, CacNs, u"TaxScheme"_sv);
        const int companyId = doc.child(i, CbcNs, u"CompanyID"_sv);
        const int schemeId = doc.child(scheme, CbcNs, u"ID"_sv);
        // BR-CO-09: every VAT identifier (BT-31, BT-48, BT-63), not only the first, has a country prefix.
        if (companyId >= 0 && schemeId >= 0 && doc.element(schemeId).text.trimmed().toUpper() == u"VAT"_sv) {
            const QString vat = doc.element(companyId).text.trimmed();
            const QString prefix = vat.left(2);
            if (prefix != u"EL"_sv && !countryCodes().contains(prefix))
                out.append(Finding { u"BR-CO-09"_s, Severity::Fatal, u"BT-31"_s, doc.path(companyId),
                    u"the VAT identifier '%1' does not start with a country prefix"_s.arg(vat.left(40)) });
        }
        if (companyId < 0 || schemeId < 0)
            out.append(Finding { u"UBL-SR-53"_s, Severity::Fatal, u"BT-31"_s, doc.path(i),
                u"a party tax scheme must have a company identifier and a tax scheme identifier"_s });
    }
}

const QString RamNs = u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s;
const QString Udt = u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s;

// CII syntax binding rules that look at the document rather than at the model.
void checkCiiSyntax(const XmlDocument &doc, QList<Finding> &out)
{
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (e.ns != RamNs)
            continue;
        if (e.name == u"PayeePartyCreditorFinancialAccount"_sv
            && !hasText(doc, doc.child(i, RamNs, u"IBANID"_sv))
            && !hasText(doc, doc.child(i, RamNs, u"ProprietaryID"_sv))) {
            out.append(Finding { u"BR-50"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                u"the payment account identifier (BT-84) is missing"_s });
        } else if (e.name == u"ApplicableProductCharacteristic"_sv
            && (doc.child(i, RamNs, u"Description"_sv) < 0 || doc.child(i, RamNs, u"Value"_sv) < 0)) {
            out.append(Finding { u"BR-54"_s, Severity::Fatal, u"BT-160"_s, doc.path(i),
                u"an item attribute needs both a name (BT-160) and a value (BT-161)"_s });
        } else if (e.name == u"ApplicableHeaderTradeSettlement"_sv) {
            int taxPointDates = 0;
            for (int tax : doc.children(i, RamNs, u"ApplicableTradeTax"_sv))
                taxPointDates += int(doc.children(tax, RamNs, u"TaxPointDate"_sv).size());
            if (taxPointDates > 1)
                out.append(Finding { u"CII-SR-461"_s, Severity::Fatal, u"BT-7"_s, doc.path(i),
                    u"only one VAT point date (BT-7, TaxPointDate) may be present, found %1"_s.arg(
                        taxPointDates) });
        } else if (e.name == u"URIUniversalCommunication"_sv && e.parent >= 0
            && (doc.element(e.parent).name == u"SellerTradeParty"_sv
                || doc.element(e.parent).name == u"BuyerTradeParty"_sv)) {
            const int uri = doc.child(i, RamNs, u"URIID"_sv);
            if (uri < 0 || doc.attribute(uri, u"schemeID"_s).trimmed().isEmpty()) {
                const bool seller = doc.element(e.parent).name == u"SellerTradeParty"_sv;
                out.append(Finding { seller ? u"BR-62"_s : u"BR-63"_s, Severity::Fatal,
                    seller ? u"BT-34"_s : u"BT-49"_s, doc.path(i),
                    u"the %1 electronic address (%2) has no scheme identifier"_s.arg(
                        seller ? u"seller"_s : u"buyer"_s, seller ? u"BT-34"_s : u"BT-49"_s) });
            }
        } else if (e.name == u"SellerTradeParty"_sv || e.name == u"BuyerTradeParty"_sv) {
            // A contact is a person or a department, not both, even spread over several contacts.
            bool person = false;
            bool department = false;
            for (int contact : doc.children(i, RamNs, u"DefinedTradeContact"_sv)) {
                person = person || doc.child(contact, RamNs, u"PersonName"_sv) >= 0;
                department = department || doc.child(contact, RamNs, u"DepartmentName"_sv) >= 0;
            }
            const bool seller = e.name == u"SellerTradeParty"_sv;
            if (person && department && e.parent >= 0
                && doc.element(e.parent).name == u"ApplicableHeaderTradeAgreement"_sv)
                out.append(Finding { seller ? u"CII-SR-465"_s : u"CII-SR-466"_s, Severity::Warning,
                    seller ? u"BT-41"_s : u"BT-56"_s, doc.path(i),
                    u"the %1 contact should give a person name or a department name, not both"_s.arg(
                        seller ? u"seller"_s : u"buyer"_s) });
        }
    }
}

// Code-list bindings (BR-CL-01, -07, -08, -10, -11, -13, -16, -19, -20, -21, -22, -23, -25, -26) on the
// elements the artefact's code-list pattern names, whatever model term they map to. The artefact compares
// normalize-space(value) against a space-separated list, so a value with inner blanks never matches.
void checkCodeListBindings(const XmlDocument &doc, bool ubl, QList<Finding> &out)
{
    const QString &cac = ubl ? CacNs : RamNs;
    const QString &cbc = ubl ? CbcNs : RamNs;
    // A partial list decides only with evidence (CodeList): a well-formed value it neither lists nor knows
    // as rejected is reported as undecided (warning ADES-CL-01), never as the official rule's failure.
    auto check = [&](int element, const QString &value, const QString &list, const QString &id,
                     const QString &bt, const QString &what) {
        const CodeList &codes = CodeList::named(list);
        const QString v = value.simplified();
        switch (codes.verdict(v)) {
        case CodeList::Verdict::Listed:
            return;
        case CodeList::Verdict::Rejected:
            out.append(Finding { id, Severity::Fatal, bt, doc.path(element),
                u"%1 '%2' (%3) is not in the code list"_s.arg(what, value.left(40), bt) });
            return;
        case CodeList::Verdict::Undecided:
            out.append(Finding { u"ADES-CL-01"_s, Severity::Warning, bt, doc.path(element),
                u"%1 not decided: %2 '%3' (%4) is not in ADES's incomplete copy of %5; the official list may "
                u"accept it"_s.arg(id, what, v.left(40), bt, codes.name()) });
            return;
        }
    };
    auto parentIs = [&doc](const XmlElement &e, const QString &ns, QStringView name) {
        return e.parent >= 0 && doc.element(e.parent).name == name && doc.element(e.parent).ns == ns;
    };
    auto hasAncestor = [&doc, &cac](int element, QStringView name) {
        for (int a = doc.element(element).parent; a >= 0; a = doc.element(a).parent) {
            if (doc.element(a).name == name && doc.element(a).ns == cac)
                return true;
        }
        return false;
    };
    // XPath's boolean cast of the allowance/charge indicator; anything else is ADES-XML-03's business.
    auto indicator = [&doc, ubl, &cbc](int allowanceCharge) -> std::optional<bool> {
        int holder = doc.child(allowanceCharge, cbc, u"ChargeIndicator"_sv);
        if (!ubl)
            holder = doc.child(holder, Udt, u"Indicator"_sv);
        if (holder < 0)
            return std::nullopt;
        const QString v = doc.element(holder).text.trimmed();
        if (v == u"true"_sv || v == u"1"_sv)
            return true;
        if (v == u"false"_sv || v == u"0"_sv)
            return false;
        return std::nullopt;
    };
    // One hash lookup turns away the elements no binding below names.
    static const QSet<QString> ublNames = { u"EmbeddedDocumentBinaryObject"_s,
        u"AdditionalDocumentReference"_s, u"InvoiceTypeCode"_s, u"CreditNoteTypeCode"_s, u"ID"_s,
        u"CompanyID"_s, u"ItemClassificationCode"_s, u"PaymentMeansCode"_s, u"AllowanceChargeReasonCode"_s,
        u"TaxExemptionReasonCode"_s, u"EndpointID"_s, u"IdentificationCode"_s, u"DescriptionCode"_s,
        u"InvoicedQuantity"_s, u"CreditedQuantity"_s, u"BaseQuantity"_s };
    static const QSet<QString> ciiNames = { u"AttachmentBinaryObject"_s, u"AdditionalReferencedDocument"_s,
        u"TypeCode"_s, u"ReferenceTypeCode"_s, u"SubjectCode"_s, u"GlobalID"_s, u"ID"_s, u"ClassCode"_s,
        u"ReasonCode"_s, u"ExemptionReasonCode"_s, u"URIID"_s, u"TaxTotalAmount"_s, u"BilledQuantity"_s,
        u"BasisQuantity"_s };
    // Before the hash, a bit per name length: most element names have a length no binding name has.
    auto lengthsOf = [](const QSet<QString> &set) {
        quint64 mask = 0;
        for (const QString &n : set) {
            Q_ASSERT(n.size() < 64);
            mask |= quint64(1) << n.size();
        }
        return mask;
    };
    static const quint64 ublLengths = lengthsOf(ublNames);
    static const quint64 ciiLengths = lengthsOf(ciiNames);
    const QSet<QString> &names = ubl ? ublNames : ciiNames;
    const quint64 lengths = ubl ? ublLengths : ciiLengths;
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        const QString &name = e.name;
        if (name.size() >= 64 || ((lengths >> name.size()) & 1) == 0 || !names.contains(name))
            continue;
        if (e.ns == cbc
            && (ubl ? name == u"EmbeddedDocumentBinaryObject"_sv : name == u"AttachmentBinaryObject"_sv)) {
            // UBL checks the attribute where it is given; CII checks every attachment (a missing mimeCode
            // is not in the list either).
            if (!ubl || doc.hasAttribute(i, u"mimeCode"_s)) {
                const QString mime = doc.attribute(i, u"mimeCode"_s);
                if (!mimeCodes().contains(mime.simplified()))
                    out.append(Finding { u"BR-CL-24"_s, Severity::Fatal, u"BT-125"_s, doc.path(i),
                        u"the attachment MIME code '%1' (BT-125) is not allowed"_s.arg(mime.left(80)) });
            }
            continue;
        }
        // BR-52: every supporting document names its reference (BT-122), not only an empty element.
        if (e.ns == cac
            && (ubl ? name == u"AdditionalDocumentReference"_sv
                    : name == u"AdditionalReferencedDocument"_sv)) {
            const int id = doc.child(i, cbc, ubl ? u"ID" : u"IssuerAssignedID");
            if (id < 0 || doc.element(id).text.trimmed().isEmpty())
                out.append(Finding { u"BR-52"_s, Severity::Fatal, u"BT-122"_s, doc.path(i),
                    u"the supporting document reference (BT-122) is missing"_s });
            continue;
        }
        if (e.ns != cbc)
            continue;
        if ((ubl ? (name == u"InvoicedQuantity"_sv || name == u"CreditedQuantity"_sv
                 || name == u"BaseQuantity"_sv)
                 : (name == u"BilledQuantity"_sv || name == u"BasisQuantity"_sv))
            && doc.hasAttribute(i, u"unitCode"_s)) {
            // BR-CL-23: UN/ECE Rec 20/21 units on the invoiced quantity (BT-130) and on the item price base
            // quantity (BT-150).
            const bool base = name == u"BaseQuantity"_sv || name == u"BasisQuantity"_sv;
            check(i, doc.attribute(i, u"unitCode"_s), u"rec20-units"_s, u"BR-CL-23"_s,
                base ? u"BT-150"_s : u"BT-130"_s,
                base ? u"the item price base quantity unit"_s : u"the invoiced quantity unit"_s);
            continue;
        }
        if (ubl ? (name == u"IdentificationCode"_sv && parentIs(e, cac, u"OriginCountry"_sv))
                : (name == u"ID"_sv && parentIs(e, cac, u"OriginTradeCountry"_sv))) {
            // BR-CL-15: the item country of origin (BT-159).
            if (!countryCodes().contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-15"_s, Severity::Fatal, u"BT-159"_s, doc.path(i),
                    u"the item country of origin '%1' (BT-159) is not an ISO 3166-1 code"_s.arg(
                        e.text.left(40)) });
            continue;
        }
        if (ubl && name == u"IdentificationCode"_sv && parentIs(e, cac, u"Country"_sv)) {
            // BR-CL-14: every address country (BT-40, BT-55, BT-69, BT-80 and any other Country).
            if (!countryCodes().contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-14"_s, Severity::Fatal, u"BT-40"_s, doc.path(i),
                    u"the country code '%1' is not an ISO 3166-1 code"_s.arg(e.text.left(40)) });
            continue;
        }
        if (ubl && name == u"DescriptionCode"_sv && parentIs(e, cac, u"InvoicePeriod"_sv)) {
            // BR-CL-06: UBL binds BT-8 to UNCL2005 (3, 35, 432); CII's UNCL2475 codes are checked on the
            // model.
            static const QSet<QString> ublDateCodes = { u"3"_s, u"35"_s, u"432"_s };
            if (!ublDateCodes.contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-06"_s, Severity::Fatal, u"BT-8"_s, doc.path(i),
                    u"the VAT point date code '%1' (BT-8) is not in the code list"_s.arg(e.text.left(40)) });
            continue;
        }
        if (!ubl && name == u"TaxTotalAmount"_sv) {
            // BR-CL-03 for the one CII amount that carries a currency (UBL: checkUblSyntax).
            const QString currency = doc.attribute(i, u"currencyID"_s);
            if (doc.hasAttribute(i, u"currencyID"_s) && !currencyCodes().contains(currency.simplified()))
                out.append(Finding { u"BR-CL-03"_s, Severity::Fatal, u"BT-110"_s, doc.path(i),
                    u"the currency '%1' of TaxTotalAmount is not an ISO 4217 code"_s.arg(
                        currency.left(10)) });
            continue;
        }
        if (ubl && (name == u"InvoiceTypeCode"_sv || name == u"CreditNoteTypeCode"_sv)) {
            check(i, e.text,
                name == u"InvoiceTypeCode"_sv ? u"uncl1001-invoice"_s : u"uncl1001-credit-note"_s,
                u"BR-CL-01"_s, u"BT-3"_s, u"the invoice type code"_s);
        } else if (!ubl && name == u"TypeCode"_sv && e.parent >= 0
            && doc.element(e.parent).name == u"ExchangedDocument"_sv) {
            check(i, e.text, u"uncl1001-cii"_s, u"BR-CL-01"_s, u"BT-3"_s, u"the invoice type code"_s);
        } else if (ubl && name == u"ID"_sv && doc.hasAttribute(i, u"schemeID"_s)
            && (parentIs(e, cac, u"AdditionalDocumentReference"_sv)
                || parentIs(e, cac, u"DocumentReference"_sv))) {
            const int type = doc.child(e.parent, cbc, u"DocumentTypeCode"_sv);
            if (type >= 0 && doc.element(type).text == u"130"_sv)
                check(i, doc.attribute(i, u"schemeID"_s), u"uncl1153"_s, u"BR-CL-07"_s, u"BT-18"_s,
                    u"the invoiced object identifier scheme"_s);
        } else if (!ubl && name == u"ReferenceTypeCode"_sv) {
            check(i, e.text, u"uncl1153"_s, u"BR-CL-07"_s, u"BT-18"_s,
                u"the invoiced object identifier scheme"_s);
        } else if (!ubl && name == u"SubjectCode"_sv && parentIs(e, cac, u"IncludedNote"_sv)) {
            check(i, e.text, u"uncl4451"_s, u"BR-CL-08"_s, u"BT-21"_s, u"the invoice note subject code"_s);
        } else if ((ubl ? (name == u"ID"_sv && parentIs(e, cac, u"PartyIdentification"_sv))
                        : (name == u"GlobalID"_sv && e.parent >= 0
                            && doc.element(e.parent).name.endsWith(u"TradeParty"_sv)
                            && doc.element(e.parent).name != u"ShipToTradeParty"_sv))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            const QString scheme = doc.attribute(i, u"schemeID"_s);
            const bool sepa = scheme.simplified() == u"SEPA"_sv
                && (ubl ? (hasAncestor(i, u"AccountingSupplierParty") || hasAncestor(i, u"PayeeParty"))
                        : (parentIs(e, cac, u"SellerTradeParty"_sv)
                            || parentIs(e, cac, u"PayeeTradeParty"_sv)));
            if (!sepa)
                check(i, scheme, u"iso6523-icd"_s, u"BR-CL-10"_s, u"BT-29"_s, u"the identifier scheme"_s);
        } else if ((ubl ? (name == u"CompanyID"_sv && parentIs(e, cac, u"PartyLegalEntity"_sv))
                        : (name == u"ID"_sv
                            && (parentIs(e, cac, u"SpecifiedLegalOrganization"_sv)
                                || (e.parent >= 0 && doc.element(e.parent).name.endsWith(u"TradeParty"_sv)))))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-11"_s, u"BT-30"_s,
                u"the legal registration identifier scheme"_s);
        } else if ((ubl ? (name == u"ItemClassificationCode"_sv
                        && parentIs(e, cac, u"CommodityClassification"_sv))
                        : name == u"ClassCode"_sv)
            && doc.hasAttribute(i, u"listID"_s)) {
            check(i, doc.attribute(i, u"listID"_s), u"uncl7143"_s, u"BR-CL-13"_s, u"BT-158"_s,
                u"the item classification scheme"_s);
        } else if (ubl
                ? (name == u"PaymentMeansCode"_sv && parentIs(e, cac, u"PaymentMeans"_sv))
                : (name == u"TypeCode"_sv && parentIs(e, cac, u"SpecifiedTradeSettlementPaymentMeans"_sv))) {
            check(i, e.text, u"uncl4461"_s, u"BR-CL-16"_s, u"BT-81"_s, u"the payment means type code"_s);
        } else if (ubl
                ? (name == u"AllowanceChargeReasonCode"_sv && parentIs(e, cac, u"AllowanceCharge"_sv))
                : (name == u"ReasonCode"_sv && parentIs(e, cac, u"SpecifiedTradeAllowanceCharge"_sv))) {
            const std::optional<bool> charge = indicator(e.parent);
            if (charge && *charge)
                check(i, e.text, u"uncl7161"_s, u"BR-CL-20"_s, u"BT-105"_s, u"the charge reason code"_s);
            else if (charge)
                check(i, e.text, u"uncl5189"_s, u"BR-CL-19"_s, u"BT-98"_s, u"the allowance reason code"_s);
        } else if ((ubl ? (name == u"ID"_sv && parentIs(e, cac, u"StandardItemIdentification"_sv))
                        : (name == u"GlobalID"_sv && parentIs(e, cac, u"SpecifiedTradeProduct"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-21"_s, u"BT-157"_s,
                u"the item standard identifier scheme"_s);
        } else if (ubl ? name == u"TaxExemptionReasonCode"_sv : name == u"ExemptionReasonCode"_sv) {
            check(i, e.text, u"vatex"_s, u"BR-CL-22"_s, u"BT-121"_s, u"the VAT exemption reason code"_s);
        } else if ((ubl ? name == u"EndpointID"_sv
                        : (name == u"URIID"_sv && parentIs(e, cac, u"URIUniversalCommunication"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"eas"_s, u"BR-CL-25"_s, u"BT-34"_s,
                u"the electronic address scheme"_s);
        } else if ((ubl ? (name == u"ID"_sv && parentIs(e, cac, u"DeliveryLocation"_sv))
                        : (name == u"GlobalID"_sv && parentIs(e, cac, u"ShipToTradeParty"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-26"_s, u"BT-71"_s,
                u"the deliver-to location identifier scheme"_s);
        }
    }
}
} // namespace

bool ValidationReport::isValid() const
{
    for (const Finding &f : findings) {
        if (f.severity == Finding::Severity::Fatal)
            return false;
    }
    return true;
}

QString EinvoiceValidator::severityName(Finding::Severity severity)
{
    return severity == Finding::Severity::Fatal ? u"fatal"_s : u"warning"_s;
}

QList<Finding> EinvoiceValidator::checkModel(const InvoiceModel &model)
{
    return Checker(model).run();
}

ValidationReport EinvoiceValidator::validate(const QByteArray &xml, const XmlLimits &limits)
{
    ValidationReport report;
    Result<XmlDocument> parsed = XmlDocument::parse(xml, limits);
    if (!parsed.ok()) {
        report.syntax = u"NONE"_s;
        report.findings.append(
            Finding { u"ADES-XML-01"_s, Finding::Severity::Fatal, {}, u"/"_s, parsed.error().message() });
        return report;
    }
    const XmlDocument &doc = parsed.value();
    const XmlElement &root = doc.element(doc.root());
    std::optional<InvoiceModel> model = InvoiceReader::read(doc);
    if (!model) {
        report.syntax = u"OTHER"_s;
        report.findings.append(Finding { u"ADES-XML-02"_s, Finding::Severity::Fatal, {}, doc.path(doc.root()),
            u"the root element {%1}%2 is neither a UBL 2.1 Invoice/CreditNote nor a CII D16B CrossIndustryInvoice"_s
                .arg(root.ns, root.name) });
        return report;
    }
    report.syntax = model->syntax == InvoiceModel::Syntax::Ubl ? u"UBL"_s : u"CII"_s;
    report.documentType = root.name;
    report.specificationId = model->specificationId.value;
    report.findings = checkModel(*model);
    if (model->syntax == InvoiceModel::Syntax::Ubl) {
        checkUblSyntax(doc, report.findings);
        checkCodeListBindings(doc, true, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Ubl, report.findings);
    } else {
        checkCiiSyntax(doc, report.findings);
        checkCodeListBindings(doc, false, report.findings);
        SyntaxBindingRules::check(doc, SyntaxBindingRules::Syntax::Cii, report.findings);
    }
    report.model = std::move(model);
    return report;
}

} // namespace ades::eu
