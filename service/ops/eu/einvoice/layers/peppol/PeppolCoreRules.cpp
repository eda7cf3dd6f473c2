#include "PeppolCoreRules.h"

#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

const QString PeppolSpecification
    = u"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"_s;

// The artefact's u:slack(expected, value, slack): |expected - value| <= slack.
bool withinSlack(const Decimal &expected, const Decimal &value)
{
    static const Decimal slack = *Decimal::fromString(u"0.02");
    return expected + slack >= value && expected - slack <= value;
}

} // namespace

PeppolCoreRules::PeppolCoreRules(PeppolContext &context)
    : c(context)
{ }

void PeppolCoreRules::check()
{
    if (c.ubl) {
        checkUblEmptyElements();
        checkUblDocument();
        checkUblAllowanceCharges();
        checkUblCurrencies();
        checkUblLines();
    } else {
        checkCiiDocument();
        checkCiiAllowanceCharges();
        checkCiiLines();
    }
}

// R008: no element without child elements and without text (UBL only; CII has no such rule).
void PeppolCoreRules::checkUblEmptyElements()
{
    if (!c.wants(u"PEPPOL-EN16931-R008"))
        return;
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const XmlElement &e = c.doc.element(i);
        if (e.childCount == 0 && PeppolContext::isBlank(e.text))
            c.fail(u"PEPPOL-EN16931-R008"_s, i, {},
                u"the element %1 is empty; Peppol allows no empty elements"_s.arg(e.name));
    }
}

void PeppolCoreRules::checkUblDocument()
{
    const int root = c.root;
    const bool creditNote = c.doc.element(root).name == u"CreditNote"_sv;
    // R080 (credit notes): at most one project reference (a supporting document of type 50).
    if (creditNote && c.wants(u"PEPPOL-EN16931-R080")) {
        int projects = 0;
        for (int ref : c.childrenNamed(root, u"cac:AdditionalDocumentReference"_sv)) {
            for (int code : c.childrenNamed(ref, u"cbc:DocumentTypeCode"_sv))
                projects += c.text(code) == u"50"_sv ? 1 : 0;
        }
        if (projects > 1)
            c.fail(u"PEPPOL-EN16931-R080"_s, root, u"BT-11"_s,
                u"more than one project reference (BT-11) is given"_s);
    }
    if (c.wants(u"PEPPOL-EN16931-R001") && !c.exists(root, { u"cbc:ProfileID"_sv }))
        c.fail(u"PEPPOL-EN16931-R001"_s, root, u"BT-23"_s, u"the business process type (BT-23) is missing"_s);
    if (c.wants(u"PEPPOL-EN16931-R007") && (c.profile == u"Unknown"_sv || c.profile.isEmpty()))
        c.fail(u"PEPPOL-EN16931-R007"_s, root, u"BT-23"_s,
            u"the business process type (BT-23) is not of the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0"_s);
    if (c.wants(u"PEPPOL-EN16931-R002") && c.childrenNamed(root, u"cbc:Note"_sv).size() > 1
        && !(c.sellerIsGerman && c.buyerIsGerman))
        c.fail(u"PEPPOL-EN16931-R002"_s, root, u"BG-1"_s,
            u"more than one invoice note (BG-1) is given; only German seller and buyer may give several"_s);
    if (c.wants(u"PEPPOL-EN16931-R003") && !c.exists(root, { u"cbc:BuyerReference"_sv })
        && !c.exists(root, { u"cac:OrderReference"_sv, u"cbc:ID"_sv }))
        c.fail(u"PEPPOL-EN16931-R003"_s, root, u"BT-10"_s,
            u"neither a buyer reference (BT-10) nor a purchase order reference (BT-13) is given"_s);
    if (c.wants(u"PEPPOL-EN16931-R004")) {
        const int spec = c.first(root, { u"cbc:CustomizationID"_sv });
        const QString value = spec >= 0 ? c.doc.element(spec).text : QString();
        if (!PeppolContext::normalized(value).startsWith(PeppolSpecification))
            c.fail(u"PEPPOL-EN16931-R004"_s, root, u"BT-24"_s,
                u"the specification identifier (BT-24) must start with %1"_s.arg(PeppolSpecification));
    }
    const std::vector<int> taxTotals = c.childrenNamed(root, u"cac:TaxTotal"_sv);
    int withSubtotals = 0;
    for (int total : taxTotals)
        withSubtotals += c.exists(total, { u"cac:TaxSubtotal"_sv }) ? 1 : 0;
    const int taxCurrency = c.first(root, { u"cbc:TaxCurrencyCode"_sv });
    if (c.wants(u"PEPPOL-EN16931-R053") && withSubtotals != 1)
        c.fail(u"PEPPOL-EN16931-R053"_s, root, u"BT-110"_s,
            u"exactly one tax total with VAT breakdowns is required, found %1"_s.arg(withSubtotals));
    if (c.wants(u"PEPPOL-EN16931-R054")) {
        const int without = int(taxTotals.size()) - withSubtotals;
        const int wanted = taxCurrency >= 0 ? 1 : 0;
        if (without != wanted)
            c.fail(u"PEPPOL-EN16931-R054"_s, root, u"BT-111"_s,
                taxCurrency >= 0
                    ? u"a VAT accounting currency (BT-6) is given, so exactly one tax total without breakdowns (BT-111) is required, found %1"_s
                          .arg(without)
                    : u"no VAT accounting currency (BT-6) is given, so no tax total without breakdowns may be present"_s);
    }
    if (c.wants(u"PEPPOL-EN16931-R055") && taxCurrency >= 0) {
        // Existential comparisons over every TaxTotal/TaxAmount in each currency, as the artefact makes them.
        const QString inTaxCurrency = PeppolContext::normalized(c.text(taxCurrency));
        const QString inDocumentCurrency
            = PeppolContext::normalized(c.text(c.first(root, { u"cbc:DocumentCurrencyCode"_sv })));
        bool taxLe = false, taxGe = false, docLe = false, docGe = false;
        for (int total : taxTotals) {
            for (int amount : c.childrenNamed(total, u"cbc:TaxAmount"_sv)) {
                const double v = PeppolContext::number(c.text(amount));
                const QString currency = c.attribute(amount, u"currencyID"_s);
                if (currency == inTaxCurrency) {
                    taxLe = taxLe || v <= 0;
                    taxGe = taxGe || v >= 0;
                }
                if (currency == inDocumentCurrency) {
                    docLe = docLe || v <= 0;
                    docGe = docGe || v >= 0;
                }
            }
        }
        if (!(taxLe && docLe) && !(taxGe && docGe))
            c.fail(u"PEPPOL-EN16931-R055"_s, root, u"BT-111"_s,
                u"the VAT total in accounting currency (BT-111) and the VAT total (BT-110) have different signs"_s);
    }
    // R005: the VAT accounting currency differs from the invoice currency.
    if (c.wants(u"PEPPOL-EN16931-R005")) {
        for (int code : c.childrenNamed(root, u"cbc:TaxCurrencyCode"_sv)) {
            const QString documentCurrency
                = PeppolContext::normalized(c.text(c.first(root, { u"cbc:DocumentCurrencyCode"_sv })));
            if (PeppolContext::normalized(c.doc.element(code).text) == documentCurrency)
                c.fail(u"PEPPOL-EN16931-R005"_s, code, u"BT-6"_s,
                    u"the VAT accounting currency (BT-6) must differ from the invoice currency (BT-5)"_s);
        }
    }
    // R010 / R020: buyer and seller electronic addresses, R061: mandate reference of a direct debit.
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (c.is(i, u"cac:Party"_sv)) {
            const int owner = c.parent(i);
            if (c.is(owner, u"cac:AccountingCustomerParty"_sv) && c.wants(u"PEPPOL-EN16931-R010")
                && !c.exists(i, { u"cbc:EndpointID"_sv }))
                c.fail(u"PEPPOL-EN16931-R010"_s, i, u"BT-49"_s,
                    u"the buyer electronic address (BT-49) is missing"_s);
            if (c.is(owner, u"cac:AccountingSupplierParty"_sv) && c.wants(u"PEPPOL-EN16931-R020")
                && !c.exists(i, { u"cbc:EndpointID"_sv }))
                c.fail(u"PEPPOL-EN16931-R020"_s, i, u"BT-34"_s,
                    u"the seller electronic address (BT-34) is missing"_s);
        } else if (c.is(i, u"cac:PaymentMeans"_sv) && c.wants(u"PEPPOL-EN16931-R061")) {
            bool directDebit = false;
            for (int code : c.childrenNamed(i, u"cbc:PaymentMeansCode"_sv)) {
                const QString v = PeppolContext::normalized(c.text(code));
                directDebit = directDebit || v == u"49"_sv || v == u"59"_sv;
            }
            if (directDebit && !c.exists(i, { u"cac:PaymentMandate"_sv, u"cbc:ID"_sv }))
                c.fail(u"PEPPOL-EN16931-R061"_s, i, u"BT-89"_s,
                    u"a direct debit (payment means 49 or 59) needs the mandate reference (BT-89)"_s);
        }
    }
}

// R041 / R042 / R040 on one allowance or charge of either syntax (percent and base are its percentage and
// base amount elements, -1 when absent). Returns false when R041 or R042 fired: the first matching rule
// context wins in the artefact, so such an element is then not checked by R040 or R043.
bool PeppolCoreRules::checkPercentageAndBase(int ac, int percent, int base, QStringView amountStep)
{
    if (percent >= 0 && base < 0) {
        if (c.wants(u"PEPPOL-EN16931-R041"))
            c.fail(u"PEPPOL-EN16931-R041"_s, ac, u"BT-93"_s,
                u"an allowance or charge with a percentage needs its base amount"_s);
        return false;
    }
    if (percent < 0 && base >= 0) {
        if (c.wants(u"PEPPOL-EN16931-R042"))
            c.fail(u"PEPPOL-EN16931-R042"_s, ac, u"BT-94"_s,
                u"an allowance or charge with a base amount needs its percentage"_s);
        return false;
    }
    if (c.wants(u"PEPPOL-EN16931-R040") && percent >= 0 && base >= 0) {
        const int amountElement = c.first(ac, { amountStep });
        const std::optional<Decimal> amount
            = amountElement >= 0 ? c.decimal(amountElement) : std::optional<Decimal>(Decimal());
        const std::optional<Decimal> b = c.decimal(base);
        const std::optional<Decimal> p = c.decimal(percent);
        if (amount && b && p && !withinSlack(*amount, (*b * *p).dividedByPowerOfTen(2)))
            c.fail(u"PEPPOL-EN16931-R040"_s, ac, u"BT-92"_s,
                u"the allowance or charge amount must equal base amount × percentage / 100 (±0.02)"_s);
    }
    return true;
}

// R043 on one allowance or charge of either syntax, given its charge indicator element (-1 when absent).
void PeppolCoreRules::checkChargeIndicator(int ac, int indicator)
{
    const QString v = indicator >= 0 ? PeppolContext::normalized(c.doc.element(indicator).text) : QString();
    if (v != u"true"_sv && v != u"false"_sv)
        c.fail(u"PEPPOL-EN16931-R043"_s, ac, {}, u"the charge indicator must be 'true' or 'false'"_s);
}

void PeppolCoreRules::checkUblAllowanceCharges()
{
    const int root = c.root;
    const bool creditNote = c.doc.element(root).name == u"CreditNote"_sv;
    std::vector<int> allowanceCharges = c.childrenNamed(root, u"cac:AllowanceCharge"_sv);
    for (int line : c.childrenNamed(root, creditNote ? u"cac:CreditNoteLine"_sv : u"cac:InvoiceLine"_sv)) {
        for (int ac : c.childrenNamed(line, u"cac:AllowanceCharge"_sv))
            allowanceCharges.push_back(ac);
    }
    for (int ac : allowanceCharges) {
        if (!checkPercentageAndBase(ac, c.first(ac, { u"cbc:MultiplierFactorNumeric"_sv }),
                c.first(ac, { u"cbc:BaseAmount"_sv }), u"cbc:Amount"_sv))
            continue;
        if (c.wants(u"PEPPOL-EN16931-R043"))
            checkChargeIndicator(ac, c.first(ac, { u"cbc:ChargeIndicator"_sv }));
    }
}

// R051: every amount in the invoice currency, except the VAT total in accounting currency (BT-111).
void PeppolCoreRules::checkUblCurrencies()
{
    if (!c.wants(u"PEPPOL-EN16931-R051"))
        return;
    const int documentCurrency = c.first(c.root, { u"cbc:DocumentCurrencyCode"_sv });
    const QString currency = documentCurrency >= 0 ? c.text(documentCurrency) : QString();
    static const QStringView amounts[] = { u"Amount", u"BaseAmount", u"PriceAmount", u"TaxableAmount",
        u"LineExtensionAmount", u"TaxExclusiveAmount", u"TaxInclusiveAmount", u"AllowanceTotalAmount",
        u"ChargeTotalAmount", u"PrepaidAmount", u"PayableRoundingAmount", u"PayableAmount" };
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const XmlElement &e = c.doc.element(i);
        if (!sameText(e.ns, CbcNs))
            continue;
        bool selected = false;
        if (sameText(e.name, u"TaxAmount"_sv)) {
            const int owner = e.parent;
            selected = c.is(owner, u"cac:TaxSubtotal"_sv)
                || (c.is(owner, u"cac:TaxTotal"_sv) && c.exists(owner, { u"cac:TaxSubtotal"_sv }));
        } else {
            for (QStringView name : amounts)
                selected = selected || sameText(e.name, name);
        }
        if (!selected)
            continue;
        if (documentCurrency < 0 || !c.hasAttribute(i, u"currencyID"_s)
            || c.attribute(i, u"currencyID"_s) != currency)
            c.fail(u"PEPPOL-EN16931-R051"_s, i, u"BT-5"_s,
                u"the currency of %1 must be the invoice currency (BT-5)"_s.arg(e.name));
    }
}

// Adds one line allowance or charge of either syntax to R120's sums: its amounts (the amountStep children)
// count as a charge or an allowance by its indicator element; one whose indicator is neither 'true' nor
// 'false' is left out. An amount that is not a decimal stops the rule (sums.valid).
void PeppolCoreRules::addToLineSums(
    int ac, int indicatorElement, QStringView amountStep, LineSums &sums) const
{
    const QString indicator = PeppolContext::normalized(c.text(indicatorElement));
    if (indicator != u"true"_sv && indicator != u"false"_sv)
        return;
    for (int amount : c.childrenNamed(ac, amountStep)) {
        const std::optional<Decimal> v = c.decimal(amount);
        sums.valid = sums.valid && v.has_value();
        if (v)
            (indicator == u"true"_sv ? sums.charges : sums.allowances) += *v;
    }
}

// R120's arithmetic on one line of either syntax, given its elements and the sums of its allowance and
// charge amounts: line net amount = quantity × (net price / base quantity) + charges − allowances. An absent
// quantity or base quantity counts as 1 (a zero base quantity too), an absent amount or price as 0; an
// element that is not a decimal stops the rule, as it stops the artefact.
void PeppolCoreRules::checkLineNetAmount(int line, const LineElements &elements, const LineSums &sums)
{
    if (!sums.valid)
        return;
    const std::optional<Decimal> net = elements.net >= 0 ? c.decimal(elements.net) : Decimal();
    const std::optional<Decimal> quantity
        = elements.quantity >= 0 ? c.decimal(elements.quantity) : Decimal::fromInt(1);
    const std::optional<Decimal> price = elements.price >= 0 ? c.decimal(elements.price) : Decimal();
    std::optional<Decimal> base = Decimal::fromInt(1);
    if (elements.base >= 0) {
        base = c.decimal(elements.base);
        if (base && base->isZero())
            base = Decimal::fromInt(1);
    }
    if (!net || !quantity || !price || !base)
        return;
    const std::optional<Decimal> unitPrice = price->dividedBy(*base);
    if (unitPrice
        && !withinSlack(*net, *quantity * *unitPrice + sums.charges.round2() - sums.allowances.round2()))
        c.fail(u"PEPPOL-EN16931-R120"_s, line, u"BT-131"_s,
            u"the line net amount (BT-131) must equal quantity × (net price / base quantity) + line charges − line allowances (±0.02)"_s);
}

void PeppolCoreRules::checkUblLines()
{
    const int root = c.root;
    const bool invoice = c.doc.element(root).name == u"Invoice"_sv;
    const QStringView lineName = invoice ? u"cac:InvoiceLine"_sv : u"cac:CreditNoteLine"_sv;
    // R110 / R111: a line period lies within the invoice period (when the invoice has that bound).
    const int headerStart = c.first(root, { u"cac:InvoicePeriod"_sv, u"cbc:StartDate"_sv });
    const int headerEnd = c.first(root, { u"cac:InvoicePeriod"_sv, u"cbc:EndDate"_sv });
    const std::optional<qint64> start = PeppolContext::date(c.text(headerStart));
    const std::optional<qint64> end = PeppolContext::date(c.text(headerEnd));
    for (int line : c.childrenNamed(root, lineName)) {
        for (int period : c.childrenNamed(line, u"cac:InvoicePeriod"_sv)) {
            if (headerStart >= 0 && c.wants(u"PEPPOL-EN16931-R110")) {
                for (int s : c.childrenNamed(period, u"cbc:StartDate"_sv)) {
                    const std::optional<qint64> d = PeppolContext::date(c.doc.element(s).text);
                    if (d && start && *d < *start)
                        c.fail(u"PEPPOL-EN16931-R110"_s, s, u"BT-134"_s,
                            u"the line period start (BT-134) lies before the invoice period start (BT-73)"_s);
                }
            }
            if (headerEnd >= 0 && c.wants(u"PEPPOL-EN16931-R111")) {
                for (int e : c.childrenNamed(period, u"cbc:EndDate"_sv)) {
                    const std::optional<qint64> d = PeppolContext::date(c.doc.element(e).text);
                    if (d && end && *d > *end)
                        c.fail(u"PEPPOL-EN16931-R111"_s, e, u"BT-135"_s,
                            u"the line period end (BT-135) lies after the invoice period end (BT-74)"_s);
                }
            }
        }
    }
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (c.is(i, u"cac:InvoiceLine"_sv) || c.is(i, u"cac:CreditNoteLine"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R120")) {
                // Line net amount = quantity × (net price / base quantity) + line charges − line allowances.
                const int netElement = c.first(i, { u"cbc:LineExtensionAmount"_sv });
                const int quantityElement
                    = c.first(i, { invoice ? u"cbc:InvoicedQuantity"_sv : u"cbc:CreditedQuantity"_sv });
                const int priceElement = c.first(i, { u"cac:Price"_sv, u"cbc:PriceAmount"_sv });
                const int baseElement = c.first(i, { u"cac:Price"_sv, u"cbc:BaseQuantity"_sv });
                LineSums sums;
                for (int ac : c.childrenNamed(i, u"cac:AllowanceCharge"_sv))
                    addToLineSums(ac, c.first(ac, { u"cbc:ChargeIndicator"_sv }), u"cbc:Amount"_sv, sums);
                checkLineNetAmount(i, { netElement, quantityElement, priceElement, baseElement }, sums);
            }
            if (c.wants(u"PEPPOL-EN16931-R121")) {
                const int baseElement = c.first(i, { u"cac:Price"_sv, u"cbc:BaseQuantity"_sv });
                const std::optional<Decimal> base = c.decimal(baseElement);
                if (baseElement >= 0 && base && !(*base > Decimal()))
                    c.fail(u"PEPPOL-EN16931-R121"_s, i, u"BT-149"_s,
                        u"the item price base quantity (BT-149) must be above zero"_s);
            }
            const std::vector<int> references = c.childrenNamed(i, u"cac:DocumentReference"_sv);
            if (c.wants(u"PEPPOL-EN16931-R100") && references.size() > 1)
                c.fail(u"PEPPOL-EN16931-R100"_s, i, u"BT-128"_s,
                    u"a line may reference only one invoiced object (BT-128)"_s);
            if (c.wants(u"PEPPOL-EN16931-R101") && !references.empty()) {
                bool object = false;
                for (int ref : references) {
                    for (int code : c.childrenNamed(ref, u"cbc:DocumentTypeCode"_sv))
                        object = object || c.text(code) == u"130"_sv;
                }
                if (!object)
                    c.fail(u"PEPPOL-EN16931-R101"_s, i, u"BT-128"_s,
                        u"a line document reference may only be the invoiced object identifier (type code 130)"_s);
            }
        } else if (c.is(i, u"cac:AllowanceCharge"_sv) && c.is(c.parent(i), u"cac:Price"_sv)) {
            // R044 / R046: a price discount (never a charge), net price = gross price − discount.
            if (c.wants(u"PEPPOL-EN16931-R044")
                && PeppolContext::normalized(c.text(c.first(i, { u"cbc:ChargeIndicator"_sv })))
                    != u"false"_sv)
                c.fail(u"PEPPOL-EN16931-R044"_s, i, u"BT-147"_s, u"a charge on price level is not allowed"_s);
            const int gross = c.first(i, { u"cbc:BaseAmount"_sv });
            if (c.wants(u"PEPPOL-EN16931-R046") && gross >= 0) {
                const std::optional<Decimal> net = c.decimal(c.first(c.parent(i), { u"cbc:PriceAmount"_sv }));
                const std::optional<Decimal> g = c.decimal(gross);
                const std::optional<Decimal> discount = c.decimal(c.first(i, { u"cbc:Amount"_sv }));
                if (!net || !g || !discount || *net != *g - *discount)
                    c.fail(u"PEPPOL-EN16931-R046"_s, i, u"BT-146"_s,
                        u"the item net price (BT-146) must equal the gross price (BT-148) minus the price discount (BT-147)"_s);
            }
        } else if (c.is(i, u"cbc:BaseQuantity"_sv) && c.is(c.parent(i), u"cac:Price"_sv)
            && c.hasAttribute(i, u"unitCode"_s) && c.wants(u"PEPPOL-EN16931-R130")) {
            // R130: the base quantity's unit is that of the invoiced quantity.
            const int line = c.parent(c.parent(i));
            const bool hasQuantity = c.exists(line, { u"cbc:InvoicedQuantity"_sv })
                || c.exists(line, { u"cbc:CreditedQuantity"_sv });
            if (!hasQuantity)
                continue;
            bool same = false;
            for (int q :
                c.childrenNamed(line, invoice ? u"cbc:InvoicedQuantity"_sv : u"cbc:CreditedQuantity"_sv))
                same = same
                    || (c.hasAttribute(q, u"unitCode"_s)
                        && c.attribute(q, u"unitCode"_s) == c.attribute(i, u"unitCode"_s));
            if (!same)
                c.fail(u"PEPPOL-EN16931-R130"_s, i, u"BT-150"_s,
                    u"the unit of the price base quantity (BT-150) must be that of the invoiced quantity (BT-130)"_s);
        }
    }
}

void PeppolCoreRules::checkCiiDocument()
{
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (c.is(i, u"rsm:ExchangedDocumentContext"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R001")
                && !c.exists(i, { u"ram:BusinessProcessSpecifiedDocumentContextParameter"_sv, u"ram:ID"_sv }))
                c.fail(u"PEPPOL-EN16931-R001"_s, i, u"BT-23"_s,
                    u"the business process type (BT-23) is missing"_s);
            if (c.wants(u"PEPPOL-EN16931-R007") && (c.profile == u"Unknown"_sv || c.profile.isEmpty()))
                c.fail(u"PEPPOL-EN16931-R007"_s, i, u"BT-23"_s,
                    u"the business process type (BT-23) is not of the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0"_s);
            if (c.wants(u"PEPPOL-EN16931-R004")) {
                const int id
                    = c.first(i, { u"ram:GuidelineSpecifiedDocumentContextParameter"_sv, u"ram:ID"_sv });
                const QString value = id >= 0 ? c.doc.element(id).text : QString();
                if (!PeppolContext::normalized(value).startsWith(PeppolSpecification))
                    c.fail(u"PEPPOL-EN16931-R004"_s, i, u"BT-24"_s,
                        u"the specification identifier (BT-24) must start with %1"_s.arg(
                            PeppolSpecification));
            }
        } else if (c.is(i, u"ram:ApplicableHeaderTradeAgreement"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R003") && !c.exists(i, { u"ram:BuyerReference"_sv })
                && !c.exists(i, { u"ram:BuyerOrderReferencedDocument"_sv, u"ram:IssuerAssignedID"_sv }))
                c.fail(u"PEPPOL-EN16931-R003"_s, i, u"BT-10"_s,
                    u"neither a buyer reference (BT-10) nor a purchase order reference (BT-13) is given"_s);
            int objects = 0;
            int projects = 0;
            for (int ref : c.childrenNamed(i, u"ram:AdditionalReferencedDocument"_sv)) {
                bool object = false;
                bool project = false;
                for (int code : c.childrenNamed(ref, u"ram:TypeCode"_sv)) {
                    object = object || c.text(code) == u"130"_sv;
                    project = project || c.text(code) == u"50"_sv;
                }
                objects += object ? 1 : 0;
                projects += project ? 1 : 0;
            }
            if (c.wants(u"PEPPOL-EN16931-R006") && objects > 1)
                c.fail(u"PEPPOL-EN16931-R006"_s, i, u"BT-18"_s,
                    u"more than one invoiced object identifier (BT-18) is given"_s);
            if (c.wants(u"PEPPOL-EN16931-R080") && projects > 1)
                c.fail(u"PEPPOL-EN16931-R080"_s, i, u"BT-11"_s,
                    u"more than one project reference (BT-11) is given"_s);
        } else if (c.is(i, u"ram:ApplicableHeaderTradeSettlement"_sv)) {
            const int settlement = c.first(
                c.root, { u"rsm:SupplyChainTradeTransaction"_sv, u"ram:ApplicableHeaderTradeSettlement"_sv });
            const int documentCurrency = c.first(settlement, { u"ram:InvoiceCurrencyCode"_sv });
            const int taxCurrencyRoot = c.first(settlement, { u"ram:TaxCurrencyCode"_sv });
            const int taxCurrency = c.first(i, { u"ram:TaxCurrencyCode"_sv });
            if (c.wants(u"PEPPOL-EN16931-R005") && taxCurrency >= 0) {
                const QString invoiceCurrency
                    = PeppolContext::normalized(c.text(c.first(i, { u"ram:InvoiceCurrencyCode"_sv })));
                if (PeppolContext::normalized(c.doc.element(taxCurrency).text) == invoiceCurrency)
                    c.fail(u"PEPPOL-EN16931-R005"_s, i, u"BT-6"_s,
                        u"the VAT accounting currency (BT-6) must differ from the invoice currency (BT-5)"_s);
            }
            const QString currency = c.text(documentCurrency);
            const QString taxCurrencyCode = c.text(taxCurrencyRoot);
            int inDocument = 0;
            int inOther = 0;
            bool taxLt = false, taxGe = false, docLt = false, docGe = false;
            for (int amount : c.all(i,
                     { u"ram:SpecifiedTradeSettlementHeaderMonetarySummation"_sv,
                         u"ram:TaxTotalAmount"_sv })) {
                const bool hasCurrency = c.hasAttribute(amount, u"currencyID"_s);
                const QString id = c.attribute(amount, u"currencyID"_s);
                const double v = PeppolContext::number(c.text(amount));
                if (hasCurrency && documentCurrency >= 0 && id == currency) {
                    ++inDocument;
                    docLt = docLt || v < 0;
                    docGe = docGe || v >= 0;
                }
                if (hasCurrency && documentCurrency >= 0 && id != currency)
                    ++inOther;
                if (hasCurrency && taxCurrencyRoot >= 0 && id == taxCurrencyCode) {
                    taxLt = taxLt || v < 0;
                    taxGe = taxGe || v >= 0;
                }
            }
            if (c.wants(u"PEPPOL-EN16931-R053") && inDocument != 1)
                c.fail(u"PEPPOL-EN16931-R053"_s, i, u"BT-110"_s,
                    u"exactly one VAT total (BT-110) in the invoice currency is required, found %1"_s.arg(
                        inDocument));
            if (c.wants(u"PEPPOL-EN16931-R054") && inOther != (taxCurrency >= 0 ? 1 : 0))
                c.fail(u"PEPPOL-EN16931-R054"_s, i, u"BT-111"_s,
                    taxCurrency >= 0
                        ? u"a VAT accounting currency (BT-6) is given, so exactly one VAT total in that currency (BT-111) is required, found %1"_s
                              .arg(inOther)
                        : u"no VAT accounting currency (BT-6) is given, so no VAT total in another currency may be present"_s);
            if (c.wants(u"PEPPOL-EN16931-R055") && taxCurrencyRoot >= 0 && !(taxLt && docLt)
                && !(taxGe && docGe))
                c.fail(u"PEPPOL-EN16931-R055"_s, i, u"BT-111"_s,
                    u"the VAT total in accounting currency (BT-111) and the VAT total (BT-110) have different signs"_s);
        } else if (c.is(i, u"rsm:ExchangedDocument"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R002")
                && (c.childrenNamed(i, u"ram:IncludedNote"_sv).size() > 1
                    || c.exists(i, { u"ram:IncludedNote"_sv, u"ram:SubjectCode"_sv })))
                c.fail(u"PEPPOL-EN16931-R002"_s, i, u"BG-1"_s,
                    u"at most one invoice note (BG-1) without a subject code (BT-21) is allowed"_s);
        } else if (c.is(i, u"ram:BuyerTradeParty"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R010")
                && !c.exists(i, { u"ram:URIUniversalCommunication"_sv, u"ram:URIID"_sv }))
                c.fail(u"PEPPOL-EN16931-R010"_s, i, u"BT-49"_s,
                    u"the buyer electronic address (BT-49) is missing"_s);
        } else if (c.is(i, u"ram:SellerTradeParty"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-R020")
                && !c.exists(i, { u"ram:URIUniversalCommunication"_sv, u"ram:URIID"_sv }))
                c.fail(u"PEPPOL-EN16931-R020"_s, i, u"BT-34"_s,
                    u"the seller electronic address (BT-34) is missing"_s);
        } else if (c.is(i, u"ram:SpecifiedTradeSettlementPaymentMeans"_sv)) {
            bool directDebit = false;
            for (int code : c.childrenNamed(i, u"ram:TypeCode"_sv)) {
                const QString v = PeppolContext::normalized(c.text(code));
                directDebit = directDebit || v == u"49"_sv || v == u"59"_sv;
            }
            if (directDebit && c.wants(u"PEPPOL-EN16931-R061")
                && !c.exists(
                    c.parent(i), { u"ram:SpecifiedTradePaymentTerms"_sv, u"ram:DirectDebitMandateID"_sv }))
                c.fail(u"PEPPOL-EN16931-R061"_s, i, u"BT-89"_s,
                    u"a direct debit (payment means 49 or 59) needs the mandate reference (BT-89)"_s);
        }
    }
}

void PeppolCoreRules::checkCiiAllowanceCharges()
{
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const bool specified = c.is(i, u"ram:SpecifiedTradeAllowanceCharge"_sv);
        if (!specified && !c.is(i, u"ram:AppliedTradeAllowanceCharge"_sv))
            continue;
        if (specified
            && !checkPercentageAndBase(i, c.first(i, { u"ram:CalculationPercent"_sv }),
                c.first(i, { u"ram:BasisAmount"_sv }), u"ram:ActualAmount"_sv))
            continue;
        if (c.wants(u"PEPPOL-EN16931-R043"))
            checkChargeIndicator(i, c.first(i, { u"ram:ChargeIndicator"_sv, u"udt:Indicator"_sv }));
    }
}

void PeppolCoreRules::checkCiiLines()
{
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (c.is(i, u"ram:IncludedSupplyChainTradeLineItem"_sv)) {
            // R110 / R111 for lines of a transaction whose header has the period bound.
            const int owner = c.parent(i);
            if (c.is(owner, u"rsm:SupplyChainTradeTransaction"_sv)) {
                const std::vector<int> headerStarts = c.all(owner,
                    { u"ram:ApplicableHeaderTradeSettlement"_sv, u"ram:BillingSpecifiedPeriod"_sv,
                        u"ram:StartDateTime"_sv, u"udt:DateTimeString"_sv });
                const std::vector<int> headerEnds = c.all(owner,
                    { u"ram:ApplicableHeaderTradeSettlement"_sv, u"ram:BillingSpecifiedPeriod"_sv,
                        u"ram:EndDateTime"_sv, u"udt:DateTimeString"_sv });
                const bool hasStart = c.exists(owner,
                    { u"ram:ApplicableHeaderTradeSettlement"_sv, u"ram:BillingSpecifiedPeriod"_sv,
                        u"ram:StartDateTime"_sv });
                const bool hasEnd = c.exists(owner,
                    { u"ram:ApplicableHeaderTradeSettlement"_sv, u"ram:BillingSpecifiedPeriod"_sv,
                        u"ram:EndDateTime"_sv });
                for (int period :
                    c.all(i, { u"ram:SpecifiedLineTradeSettlement"_sv, u"ram:BillingSpecifiedPeriod"_sv })) {
                    // General comparisons of untyped values: string comparison, true when any pair holds.
                    if (hasStart && c.wants(u"PEPPOL-EN16931-R110")) {
                        for (int s : c.childrenNamed(period, u"ram:StartDateTime"_sv)) {
                            bool ok = false;
                            for (int d : c.childrenNamed(s, u"udt:DateTimeString"_sv)) {
                                for (int h : headerStarts)
                                    ok = ok || c.text(d).compare(c.text(h)) >= 0;
                            }
                            if (!ok)
                                c.fail(u"PEPPOL-EN16931-R110"_s, s, u"BT-134"_s,
                                    u"the line period start (BT-134) lies before the invoice period start (BT-73)"_s);
                        }
                    }
                    if (hasEnd && c.wants(u"PEPPOL-EN16931-R111")) {
                        for (int e : c.childrenNamed(period, u"ram:EndDateTime"_sv)) {
                            bool ok = false;
                            for (int d : c.childrenNamed(e, u"udt:DateTimeString"_sv)) {
                                for (int h : headerEnds)
                                    ok = ok || c.text(d).compare(c.text(h)) <= 0;
                            }
                            if (!ok)
                                c.fail(u"PEPPOL-EN16931-R111"_s, e, u"BT-135"_s,
                                    u"the line period end (BT-135) lies after the invoice period end (BT-74)"_s);
                        }
                    }
                }
            }
            if (c.wants(u"PEPPOL-EN16931-R120")) {
                const int netElement = c.first(i,
                    { u"ram:SpecifiedLineTradeSettlement"_sv,
                        u"ram:SpecifiedTradeSettlementLineMonetarySummation"_sv, u"ram:LineTotalAmount"_sv });
                const int quantityElement
                    = c.first(i, { u"ram:SpecifiedLineTradeDelivery"_sv, u"ram:BilledQuantity"_sv });
                const int priceElement = c.first(i,
                    { u"ram:SpecifiedLineTradeAgreement"_sv, u"ram:NetPriceProductTradePrice"_sv,
                        u"ram:ChargeAmount"_sv });
                const int baseElement = c.first(i,
                    { u"ram:SpecifiedLineTradeAgreement"_sv, u"ram:NetPriceProductTradePrice"_sv,
                        u"ram:BasisQuantity"_sv });
                LineSums sums;
                for (int ac : c.all(i,
                         { u"ram:SpecifiedLineTradeSettlement"_sv, u"ram:SpecifiedTradeAllowanceCharge"_sv }))
                    addToLineSums(ac, c.first(ac, { u"ram:ChargeIndicator"_sv, u"udt:Indicator"_sv }),
                        u"ram:ActualAmount"_sv, sums);
                checkLineNetAmount(i, { netElement, quantityElement, priceElement, baseElement }, sums);
            }
            int objects = 0;
            bool anyReference = false;
            bool anyObject = false;
            for (int ref : c.all(
                     i, { u"ram:SpecifiedLineTradeSettlement"_sv, u"ram:AdditionalReferencedDocument"_sv })) {
                anyReference = true;
                bool object = false;
                for (int code : c.childrenNamed(ref, u"ram:TypeCode"_sv))
                    object = object || c.text(code) == u"130"_sv;
                objects += object ? 1 : 0;
                anyObject = anyObject || object;
            }
            if (c.wants(u"PEPPOL-EN16931-R100") && objects > 1)
                c.fail(u"PEPPOL-EN16931-R100"_s, i, u"BT-128"_s,
                    u"a line may reference only one invoiced object (BT-128)"_s);
            if (c.wants(u"PEPPOL-EN16931-R101") && anyReference && !anyObject)
                c.fail(u"PEPPOL-EN16931-R101"_s, i, u"BT-128"_s,
                    u"a line document reference may only be the invoiced object identifier (type code 130)"_s);
        } else if (c.is(i, u"ram:NetPriceProductTradePrice"_sv)
            || c.is(i, u"ram:GrossPriceProductTradePrice"_sv)) {
            const int baseElement = c.first(i, { u"ram:BasisQuantity"_sv });
            const std::optional<Decimal> base = c.decimal(baseElement);
            if (c.wants(u"PEPPOL-EN16931-R121") && baseElement >= 0 && base && !(*base > Decimal()))
                c.fail(u"PEPPOL-EN16931-R121"_s, i, u"BT-149"_s,
                    u"the item price base quantity (BT-149) must be above zero"_s);
        } else if (c.is(i, u"ram:BasisQuantity"_sv) && c.hasAttribute(i, u"unitCode"_s)
            && (c.is(c.parent(i), u"ram:NetPriceProductTradePrice"_sv)
                || c.is(c.parent(i), u"ram:GrossPriceProductTradePrice"_sv))
            && c.wants(u"PEPPOL-EN16931-R130")) {
            const int item = c.parent(c.parent(c.parent(i)));
            bool same = false;
            for (int q : c.all(item, { u"ram:SpecifiedLineTradeDelivery"_sv, u"ram:BilledQuantity"_sv }))
                same = same
                    || (c.hasAttribute(q, u"unitCode"_s)
                        && c.attribute(q, u"unitCode"_s) == c.attribute(i, u"unitCode"_s));
            if (!same)
                c.fail(u"PEPPOL-EN16931-R130"_s, i, u"BT-150"_s,
                    u"the unit of the price base quantity (BT-150) must be that of the invoiced quantity (BT-130)"_s);
        }
    }
}

} // namespace ades::eu
