#include "XRechnungAdoptedPeppolRules.h"

#include "../../Decimal.h"
#include "../../InvoiceReader.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "XRechnungRuleContext.h"

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu::xrechnung {

namespace {

using Severity = Finding::Severity;
const QString &Rsm = InvoiceReader::CiiNs;

std::optional<Decimal> decimalOf(const QString &text)
{
    return Decimal::fromString(text);
}

// Peppol's tolerance u:slack(expected, value, slack): |expected - value| <= slack.
bool withinSlack(const Decimal &expected, const Decimal &value, const Decimal &slack)
{
    return expected + slack >= value && expected - slack <= value;
}

// R120: whether |lineNet - (quantity * price / baseQuantity + charges - allowances)| <= slack. The
// division is avoided by multiplying the bounds by the base quantity, so the comparison stays exact.
bool lineNetWithinSlack(const Decimal &lineNet, const Decimal &quantity, const Decimal &price,
    const Decimal &baseQuantity, const Decimal &charges, const Decimal &allowances, const Decimal &slack)
{
    const Decimal adjusted = lineNet - charges + allowances;
    const Decimal product = quantity * price;
    Decimal low = (adjusted - slack) * baseQuantity;
    Decimal high = (adjusted + slack) * baseQuantity;
    if (baseQuantity.isNegative())
        std::swap(low, high);
    return low <= product && product <= high;
}

class AdoptedPeppolRules : private XRechnungRuleContext
{
public:
    using XRechnungRuleContext::XRechnungRuleContext;

    void check()
    {
        m_slack = Decimal::fromString(currencyIsHuf() ? u"0.5" : u"0.02").value_or(Decimal());
        if (ubl)
            checkUbl();
        else
            checkCii();
    }

private:
    Decimal m_slack;

    bool currencyIsHuf() const
    {
        const std::vector<int> codes = ubl
            ? all(root, { { CbcNs, u"DocumentCurrencyCode"_sv } })
            : all(root,
                { { Rsm, u"SupplyChainTradeTransaction"_sv },
                    { RamNs, u"ApplicableHeaderTradeSettlement"_sv }, { RamNs, u"InvoiceCurrencyCode"_sv } });
        return std::any_of(codes.begin(), codes.end(), [this](int c) { return stringValue(c) == u"HUF"_sv; });
    }

    // The decimal value of the first element along the steps; `absent` when there is none, nullopt when
    // its text is not a decimal.
    std::optional<Decimal> amountOr(int from, std::initializer_list<Step> steps, const Decimal &absent) const
    {
        const int e = first(from, steps);
        return e < 0 ? std::optional<Decimal>(absent) : decimalOf(stringValue(e));
    }

    // R008: an element without child elements whose text is only white space.
    void checkEmpty(int e)
    {
        if (doc.element(e).childCount == 0 && isBlank(doc.element(e).text))
            fail(e, u"PEPPOL-EN16931-R008"_s, Severity::Fatal, {},
                u"The document must not contain empty elements"_s);
    }

    void electronicAddress(int party, bool present, bool buyer)
    {
        if (!present)
            fail(party, buyer ? u"PEPPOL-EN16931-R010"_s : u"PEPPOL-EN16931-R020"_s, Severity::Fatal,
                buyer ? u"BT-49"_s : u"BT-34"_s,
                buyer ? u"The buyer electronic address (BT-49) must be given"_s
                      : u"The seller electronic address (BT-34) must be given"_s);
    }

    // R040 ... R043 on one allowance or charge: the first matching context of the artefact decides which
    // tests run (percentage without base: R041 alone; base without percentage: R042 alone).
    void allowanceCharge(int ac, const QString &ns, QStringView amountName, QStringView baseName,
        QStringView percentName, const QString &indicatorRule, int indicator)
    {
        const bool percent = exists(ac, { { ns, percentName } });
        const bool base = exists(ac, { { ns, baseName } });
        if (percent && !base) {
            fail(ac, u"PEPPOL-EN16931-R041"_s, Severity::Fatal, u"BT-93"_s,
                u"The allowance or charge base amount must be given when a percentage is given"_s);
            return;
        }
        if (!percent && base) {
            fail(ac, u"PEPPOL-EN16931-R042"_s, Severity::Fatal, u"BT-94"_s,
                u"The allowance or charge percentage must be given when a base amount is given"_s);
            return;
        }
        if (percent && base) {
            const std::optional<Decimal> amount = amountOr(ac, { { ns, amountName } }, Decimal());
            const std::optional<Decimal> baseAmount = decimalOf(stringValue(first(ac, { { ns, baseName } })));
            const std::optional<Decimal> percentage
                = decimalOf(stringValue(first(ac, { { ns, percentName } })));
            if (amount && baseAmount && percentage
                && !withinSlack(*amount, (*baseAmount * *percentage).dividedByPowerOfTen(2), m_slack))
                fail(ac, u"PEPPOL-EN16931-R040"_s, Severity::Fatal, u"BT-92"_s,
                    u"The allowance or charge amount must equal the base amount times the percentage divided "
                    u"by "
                    "100"_s);
        }
        const QString value = normalizeSpace(text(indicator));
        if (value != u"true"_sv && value != u"false"_sv)
            fail(ac, indicatorRule, Severity::Fatal, u"BG-20"_s,
                u"The allowance/charge indicator must be 'true' or 'false'"_s);
    }

    void lineNet(int line, const std::optional<Decimal> &net, const std::optional<Decimal> &quantity,
        const std::optional<Decimal> &price, const std::optional<Decimal> &baseQuantity,
        const std::optional<Decimal> &charges, const std::optional<Decimal> &allowances)
    {
        if (!net || !quantity || !price || !baseQuantity || !charges || !allowances)
            return; // a value the artefact cannot evaluate: no verdict
        if (!lineNetWithinSlack(*net, *quantity, *price, *baseQuantity, *charges, *allowances, m_slack))
            fail(line, u"PEPPOL-EN16931-R120"_s, Severity::Warning, u"BT-131"_s,
                u"The line net amount (BT-131) should equal quantity times net price divided by the price "
                u"base "
                "quantity, plus line charges, minus line allowances"_s);
    }

    // The rounded sum of the amounts of the allowances (false) or charges (true) of a line.
    std::optional<Decimal> lineAllowances(const std::vector<int> &all, const QString &ns,
        QStringView amountName, const std::function<QString(int)> &indicator, QStringView wanted) const
    {
        Decimal sum;
        bool any = false;
        for (int ac : all) {
            if (normalizeSpace(indicator(ac)) != wanted)
                continue;
            any = true;
            for (int amount : this->all(ac, { { ns, amountName } })) {
                const std::optional<Decimal> value = decimalOf(stringValue(amount));
                if (!value)
                    return std::nullopt;
                sum += *value;
            }
        }
        return any ? sum.round2() : Decimal();
    }

    std::optional<Decimal> baseQuantityOf(int quantityElement) const
    {
        if (quantityElement < 0)
            return std::nullopt;
        const std::optional<Decimal> value = decimalOf(stringValue(quantityElement));
        if (value && value->isZero())
            return std::nullopt;
        return value;
    }

    // R110/R111: a line period date against the invoicing period's. UBL compares xs:date values (an
    // unreadable date gives no verdict); CII compares the date strings (format 102, YYYYMMDD) as text, any
    // line value against any header value.
    void lineDate(
        int date, const QStringList &lineDates, const QStringList &headerDates, bool start, bool iso)
    {
        bool within = false;
        for (const QString &l : lineDates) {
            for (const QString &h : headerDates) {
                int order = 0;
                if (iso) {
                    const QDate line = QDate::fromString(l.trimmed(), Qt::ISODate);
                    const QDate header = QDate::fromString(h.trimmed(), Qt::ISODate);
                    if (!line.isValid() || !header.isValid())
                        return;
                    order = line < header ? -1 : (line > header ? 1 : 0);
                } else {
                    order = QString::compare(l, h);
                }
                within = within || (start ? order >= 0 : order <= 0);
            }
        }
        if (!within)
            fail(date, start ? u"PEPPOL-EN16931-R110"_s : u"PEPPOL-EN16931-R111"_s, Severity::Fatal,
                start ? u"BT-134"_s : u"BT-135"_s,
                start ? u"The line period start date (BT-134) must lie within the invoicing period"_s
                      : u"The line period end date (BT-135) must lie within the invoicing period"_s);
    }

    QStringList valuesOf(const std::vector<int> &elements) const
    {
        QStringList values;
        for (int e : elements)
            values.append(stringValue(e));
        return values;
    }

    // R055: the VAT total in the invoice currency and in the VAT accounting currency have the same sign.
    void sameSign(int context, const std::vector<int> &taxTotals, const std::vector<int> &documentCurrency,
        const std::vector<int> &taxCurrency, bool strict)
    {
        const auto amountsIn = [&](const std::vector<int> &currencies) {
            std::vector<Decimal> amounts;
            for (int amount : taxTotals) {
                if (!hasAttribute(amount, u"currencyID"_s))
                    continue;
                const QString currency = attribute(amount, u"currencyID"_s);
                if (std::none_of(currencies.begin(), currencies.end(), [&](int c) {
                        return (ubl ? normalizeSpace(stringValue(c)) : stringValue(c)) == currency;
                    }))
                    continue;
                if (const std::optional<Decimal> value = decimalOf(stringValue(amount)))
                    amounts.push_back(*value);
            }
            return amounts;
        };
        const std::vector<Decimal> inTax = amountsIn(taxCurrency);
        const std::vector<Decimal> inDocument = amountsIn(documentCurrency);
        const auto any = [](const std::vector<Decimal> &values, const auto &test) {
            return std::any_of(values.begin(), values.end(), test);
        };
        const Decimal zero;
        const auto negative = [&](const Decimal &v) { return strict ? v < zero : v <= zero; };
        const auto positive = [&](const Decimal &v) { return v >= zero; };
        if (!((any(inTax, negative) && any(inDocument, negative))
                || (any(inTax, positive) && any(inDocument, positive))))
            fail(context, u"PEPPOL-EN16931-R055"_s, Severity::Fatal, u"BT-111"_s,
                u"The VAT total (BT-110) and the VAT total in accounting currency (BT-111) must have the same sign"_s);
    }

    void checkUbl();
    void checkUblLine(int line, bool invoice);
    void checkCii();
    void checkCiiSettlement(int settlement);
    void checkCiiLine(int line);
    void checkCiiGrossPrice(int gross);
};

void AdoptedPeppolRules::checkUbl()
{
    const bool invoice = isNamed(root, InvoiceReader::UblInvoiceNs, u"Invoice"_sv);
    const QString &rootNs = invoice ? InvoiceReader::UblInvoiceNs : InvoiceReader::UblCreditNoteNs;
    const QStringView rootName = invoice ? u"Invoice"_sv : u"CreditNote"_sv;
    const QStringView lineName = invoice ? u"InvoiceLine"_sv : u"CreditNoteLine"_sv;

    // Document level: R001, R053, R054, R055.
    if (!exists(root, { { CbcNs, u"ProfileID"_sv } }))
        fail(root, u"PEPPOL-EN16931-R001"_s, Severity::Fatal, u"BT-23"_s,
            u"The business process (BT-23) must be given"_s);
    int withSubtotals = 0;
    int withoutSubtotals = 0;
    for (int total : all(root, { { CacNs, u"TaxTotal"_sv } }))
        ++(exists(total, { { CacNs, u"TaxSubtotal"_sv } }) ? withSubtotals : withoutSubtotals);
    if (withSubtotals != 1)
        fail(root, u"PEPPOL-EN16931-R053"_s, Severity::Fatal, u"BT-110"_s,
            u"Exactly one tax total with tax subtotals must be given"_s);
    const std::vector<int> taxCurrency = all(root, { { CbcNs, u"TaxCurrencyCode"_sv } });
    if (withoutSubtotals != (taxCurrency.empty() ? 0 : 1))
        fail(root, u"PEPPOL-EN16931-R054"_s, Severity::Fatal, u"BT-111"_s,
            u"A tax total without subtotals must be given exactly when a VAT accounting currency (BT-6) is "
            "given"_s);
    if (!taxCurrency.empty())
        sameSign(root, all(root, { { CacNs, u"TaxTotal"_sv }, { CbcNs, u"TaxAmount"_sv } }),
            all(root, { { CbcNs, u"DocumentCurrencyCode"_sv } }), taxCurrency, false);

    for (int e = 0; e < doc.elementCount(); ++e) {
        checkEmpty(e);
        const int parent = parentOf(e);
        const XmlElement &element = doc.element(e);
        if (isNamed(e, CbcNs, u"TaxCurrencyCode"_sv)) {
            const QString documentCurrency
                = normalizeSpace(text(first(parent, { { CbcNs, u"DocumentCurrencyCode"_sv } })));
            if (normalizeSpace(element.text) == documentCurrency)
                fail(e, u"PEPPOL-EN16931-R005"_s, Severity::Fatal, u"BT-6"_s,
                    u"The VAT accounting currency (BT-6) must differ from the invoice currency (BT-5)"_s);
        } else if (isNamed(e, CacNs, u"Party"_sv)) {
            if (isNamed(parent, CacNs, u"AccountingCustomerParty"_sv))
                electronicAddress(e, exists(e, { { CbcNs, u"EndpointID"_sv } }), true);
            else if (isNamed(parent, CacNs, u"AccountingSupplierParty"_sv))
                electronicAddress(e, exists(e, { { CbcNs, u"EndpointID"_sv } }), false);
        } else if (isNamed(e, CacNs, u"AllowanceCharge"_sv)) {
            const bool documentLevel = isNamed(parent, rootNs, rootName);
            const bool lineLevel
                = isNamed(parent, CacNs, lineName) && isNamed(parentOf(parent), rootNs, rootName);
            if (documentLevel || lineLevel) {
                allowanceCharge(e, CbcNs, u"Amount"_sv, u"BaseAmount"_sv, u"MultiplierFactorNumeric"_sv,
                    u"PEPPOL-EN16931-R043"_s, first(e, { { CbcNs, u"ChargeIndicator"_sv } }));
            } else if (isNamed(parent, CacNs, u"Price"_sv)) {
                if (normalizeSpace(text(first(e, { { CbcNs, u"ChargeIndicator"_sv } }))) != u"false"_sv)
                    fail(e, u"PEPPOL-EN16931-R044"_s, Severity::Fatal, u"BT-147"_s,
                        u"A price may carry an allowance (the gross-to-net discount), never a charge"_s);
                if (exists(e, { { CbcNs, u"BaseAmount"_sv } })) {
                    const std::optional<Decimal> net
                        = decimalOf(text(first(parent, { { CbcNs, u"PriceAmount"_sv } })));
                    const std::optional<Decimal> gross
                        = decimalOf(text(first(e, { { CbcNs, u"BaseAmount"_sv } })));
                    const std::optional<Decimal> discount
                        = decimalOf(text(first(e, { { CbcNs, u"Amount"_sv } })));
                    if (!net || !gross || !discount || *net != *gross - *discount)
                        fail(e, u"PEPPOL-EN16931-R046"_s, Severity::Fatal, u"BT-146"_s,
                            u"The item net price (BT-146) must equal the gross price (BT-148) minus the "
                            u"price discount "
                            "(BT-147)"_s);
                }
            }
        } else if (isNamed(e, CacNs, u"PaymentMeans"_sv)) {
            const QString code = normalizeSpace(text(first(e, { { CbcNs, u"PaymentMeansCode"_sv } })));
            if ((code == u"49"_sv || code == u"59"_sv)
                && !exists(e, { { CacNs, u"PaymentMandate"_sv }, { CbcNs, u"ID"_sv } }))
                fail(e, u"PEPPOL-EN16931-R061"_s, Severity::Fatal, u"BT-89"_s,
                    u"A direct debit must give the mandate reference (BT-89)"_s);
        } else if (isNamed(e, CbcNs, u"StartDate"_sv) || isNamed(e, CbcNs, u"EndDate"_sv)) {
            const int period = parent;
            const int line = parentOf(period);
            const int document = parentOf(line);
            const bool start = isNamed(e, CbcNs, u"StartDate"_sv);
            const QStringView leaf = start ? u"StartDate"_sv : u"EndDate"_sv;
            const std::vector<int> header
                = all(document, { { CacNs, u"InvoicePeriod"_sv }, { CbcNs, leaf } });
            if (isNamed(period, CacNs, u"InvoicePeriod"_sv) && isNamed(line, CacNs, lineName)
                && isNamed(document, rootNs, rootName) && !header.empty())
                lineDate(e, { stringValue(e) }, { stringValue(header.front()) }, start, true);
        } else if (isNamed(e, CacNs, u"InvoiceLine"_sv) || isNamed(e, CacNs, u"CreditNoteLine"_sv)) {
            checkUblLine(e, invoice);
        } else if (isNamed(e, CbcNs, u"BaseQuantity"_sv) && isNamed(parent, CacNs, u"Price"_sv)
            && hasAttribute(e, u"unitCode"_s)) {
            const int line = parentOf(parent);
            const std::vector<int> invoiced = all(line, { { CbcNs, u"InvoicedQuantity"_sv } });
            const std::vector<int> credited = all(line, { { CbcNs, u"CreditedQuantity"_sv } });
            const std::vector<int> &quantity = invoice ? invoiced : credited;
            const QString unit = attribute(e, u"unitCode"_s);
            const bool same = std::any_of(quantity.begin(), quantity.end(),
                [&](int q) { return hasAttribute(q, u"unitCode"_s) && attribute(q, u"unitCode"_s) == unit; });
            if ((!invoiced.empty() || !credited.empty()) && !same)
                fail(e, u"PEPPOL-EN16931-R130"_s, Severity::Fatal, u"BT-150"_s,
                    u"The unit of the price base quantity (BT-150) must be the unit of the invoiced quantity "
                    "(BT-130)"_s);
        }
    }
}

void AdoptedPeppolRules::checkUblLine(int line, bool invoice)
{
    const std::vector<int> charges = all(line, { { CacNs, u"AllowanceCharge"_sv } });
    const auto indicator = [this](int ac) { return text(first(ac, { { CbcNs, u"ChargeIndicator"_sv } })); };
    const int baseQuantity = first(line, { { CacNs, u"Price"_sv }, { CbcNs, u"BaseQuantity"_sv } });
    const std::optional<Decimal> base = baseQuantityOf(baseQuantity);
    lineNet(line, amountOr(line, { { CbcNs, u"LineExtensionAmount"_sv } }, Decimal()),
        amountOr(line, { { CbcNs, invoice ? u"InvoicedQuantity"_sv : u"CreditedQuantity"_sv } },
            Decimal::fromInt(1)),
        amountOr(line, { { CacNs, u"Price"_sv }, { CbcNs, u"PriceAmount"_sv } }, Decimal()),
        base ? base : std::optional<Decimal>(Decimal::fromInt(1)),
        lineAllowances(charges, CbcNs, u"Amount"_sv, indicator, u"true"_sv),
        lineAllowances(charges, CbcNs, u"Amount"_sv, indicator, u"false"_sv));
    if (baseQuantity >= 0) {
        const std::optional<Decimal> value = decimalOf(stringValue(baseQuantity));
        if (value && *value <= Decimal())
            fail(line, u"PEPPOL-EN16931-R121"_s, Severity::Fatal, u"BT-149"_s,
                u"The item price base quantity (BT-149) must be a number above zero"_s);
    }
    const std::vector<int> references = all(line, { { CacNs, u"DocumentReference"_sv } });
    if (!references.empty() && !std::any_of(references.begin(), references.end(), [this](int r) {
            const std::vector<int> codes = all(r, { { CbcNs, u"DocumentTypeCode"_sv } });
            return std::any_of(
                codes.begin(), codes.end(), [this](int c) { return stringValue(c) == u"130"_sv; });
        }))
        fail(line, u"PEPPOL-EN16931-R101"_s, Severity::Fatal, u"BT-128"_s,
            u"A line document reference may only give the invoiced object identifier (type code 130)"_s);
}

void AdoptedPeppolRules::checkCii()
{
    for (int e = 0; e < doc.elementCount(); ++e) {
        // R008, except for an empty header trade delivery (CII needs the element even when it is empty).
        if (!isNamed(e, RamNs, u"ApplicableHeaderTradeDelivery"_sv))
            checkEmpty(e);
        const int parent = parentOf(e);
        if (isNamed(e, Rsm, u"ExchangedDocumentContext"_sv)) {
            if (!exists(e,
                    { { RamNs, u"BusinessProcessSpecifiedDocumentContextParameter"_sv },
                        { RamNs, u"ID"_sv } }))
                fail(e, u"PEPPOL-EN16931-R001"_s, Severity::Fatal, u"BT-23"_s,
                    u"The business process (BT-23) must be given"_s);
        } else if (isNamed(e, RamNs, u"ApplicableHeaderTradeSettlement"_sv)) {
            checkCiiSettlement(e);
        } else if (isNamed(e, RamNs, u"BuyerTradeParty"_sv)) {
            electronicAddress(
                e, exists(e, { { RamNs, u"URIUniversalCommunication"_sv }, { RamNs, u"URIID"_sv } }), true);
        } else if (isNamed(e, RamNs, u"SellerTradeParty"_sv)) {
            electronicAddress(
                e, exists(e, { { RamNs, u"URIUniversalCommunication"_sv }, { RamNs, u"URIID"_sv } }), false);
        } else if (isNamed(e, RamNs, u"SpecifiedTradeAllowanceCharge"_sv)) {
            allowanceCharge(e, RamNs, u"ActualAmount"_sv, u"BasisAmount"_sv, u"CalculationPercent"_sv,
                u"PEPPOL-EN16931-R043-1"_s,
                first(e, { { RamNs, u"ChargeIndicator"_sv }, { UdtNs, u"Indicator"_sv } }));
        } else if (isNamed(e, RamNs, u"AppliedTradeAllowanceCharge"_sv)) {
            const QString value = normalizeSpace(
                text(first(e, { { RamNs, u"ChargeIndicator"_sv }, { UdtNs, u"Indicator"_sv } })));
            if (value != u"true"_sv && value != u"false"_sv)
                fail(e, u"PEPPOL-EN16931-R043-2"_s, Severity::Fatal, u"BT-147"_s,
                    u"The allowance/charge indicator must be 'true' or 'false'"_s);
        } else if (isNamed(e, RamNs, u"SpecifiedTradeSettlementPaymentMeans"_sv)) {
            const QString code = normalizeSpace(text(first(e, { { RamNs, u"TypeCode"_sv } })));
            if ((code == u"49"_sv || code == u"59"_sv)
                && !exists(parent,
                    { { RamNs, u"SpecifiedTradePaymentTerms"_sv }, { RamNs, u"DirectDebitMandateID"_sv } }))
                fail(e, u"PEPPOL-EN16931-R061"_s, Severity::Fatal, u"BT-89"_s,
                    u"A direct debit must give the mandate reference (BT-89)"_s);
        } else if (isNamed(e, RamNs, u"StartDateTime"_sv) || isNamed(e, RamNs, u"EndDateTime"_sv)) {
            const bool start = isNamed(e, RamNs, u"StartDateTime"_sv);
            const int period = parent;
            const int lineSettlement = parentOf(period);
            const int line = parentOf(lineSettlement);
            const int transaction = parentOf(line);
            const QStringView leaf = start ? u"StartDateTime"_sv : u"EndDateTime"_sv;
            const std::vector<int> header = all(transaction,
                { { RamNs, u"ApplicableHeaderTradeSettlement"_sv }, { RamNs, u"BillingSpecifiedPeriod"_sv },
                    { RamNs, leaf } });
            if (isNamed(period, RamNs, u"BillingSpecifiedPeriod"_sv)
                && isNamed(lineSettlement, RamNs, u"SpecifiedLineTradeSettlement"_sv)
                && isNamed(line, RamNs, u"IncludedSupplyChainTradeLineItem"_sv)
                && isNamed(transaction, Rsm, u"SupplyChainTradeTransaction"_sv) && !header.empty()) {
                std::vector<int> headerStrings;
                for (int h : header) {
                    for (int s : all(h, { { UdtNs, u"DateTimeString"_sv } }))
                        headerStrings.push_back(s);
                }
                lineDate(e, valuesOf(all(e, { { UdtNs, u"DateTimeString"_sv } })), valuesOf(headerStrings),
                    start, false);
            }
        } else if (isNamed(e, RamNs, u"IncludedSupplyChainTradeLineItem"_sv)) {
            checkCiiLine(e);
        } else if (isNamed(e, RamNs, u"NetPriceProductTradePrice"_sv)
            || isNamed(e, RamNs, u"GrossPriceProductTradePrice"_sv)) {
            const int quantity = first(e, { { RamNs, u"BasisQuantity"_sv } });
            if (quantity >= 0) {
                const std::optional<Decimal> value = decimalOf(stringValue(quantity));
                if (value && *value <= Decimal())
                    fail(e, u"PEPPOL-EN16931-R121"_s, Severity::Fatal, u"BT-149"_s,
                        u"The item price base quantity (BT-149) must be a number above zero"_s);
            }
            if (isNamed(e, RamNs, u"GrossPriceProductTradePrice"_sv)
                && isNamed(parent, RamNs, u"SpecifiedLineTradeAgreement"_sv)
                && isNamed(parentOf(parent), RamNs, u"IncludedSupplyChainTradeLineItem"_sv)
                && isNamed(parentOf(parentOf(parent)), Rsm, u"SupplyChainTradeTransaction"_sv))
                checkCiiGrossPrice(e);
        } else if (isNamed(e, RamNs, u"BasisQuantity"_sv) && hasAttribute(e, u"unitCode"_s)
            && (isNamed(parent, RamNs, u"NetPriceProductTradePrice"_sv)
                || isNamed(parent, RamNs, u"GrossPriceProductTradePrice"_sv))) {
            const QString unit = attribute(e, u"unitCode"_s);
            const std::vector<int> billed = all(parentOf(parentOf(parent)),
                { { RamNs, u"SpecifiedLineTradeDelivery"_sv }, { RamNs, u"BilledQuantity"_sv } });
            if (std::none_of(billed.begin(), billed.end(), [&](int q) {
                    return hasAttribute(q, u"unitCode"_s) && attribute(q, u"unitCode"_s) == unit;
                }))
                fail(e, u"PEPPOL-EN16931-R130"_s, Severity::Fatal, u"BT-150"_s,
                    u"The unit of the price base quantity (BT-150) must be the unit of the invoiced quantity "
                    "(BT-130)"_s);
        }
    }
}

void AdoptedPeppolRules::checkCiiSettlement(int settlement)
{
    const std::vector<int> documentCurrency = all(root,
        { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
            { RamNs, u"InvoiceCurrencyCode"_sv } });
    const std::vector<int> taxCurrency = all(root,
        { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
            { RamNs, u"TaxCurrencyCode"_sv } });
    const int ownTaxCurrency = first(settlement, { { RamNs, u"TaxCurrencyCode"_sv } });
    if (ownTaxCurrency >= 0
        && normalizeSpace(text(ownTaxCurrency))
            == normalizeSpace(text(first(settlement, { { RamNs, u"InvoiceCurrencyCode"_sv } }))))
        fail(settlement, u"PEPPOL-EN16931-R005"_s, Severity::Fatal, u"BT-6"_s,
            u"The VAT accounting currency (BT-6) must differ from the invoice currency (BT-5)"_s);
    const std::vector<int> totals = all(settlement,
        { { RamNs, u"SpecifiedTradeSettlementHeaderMonetarySummation"_sv },
            { RamNs, u"TaxTotalAmount"_sv } });
    int inDocumentCurrency = 0;
    int inOtherCurrency = 0;
    for (int total : totals) {
        if (!hasAttribute(total, u"currencyID"_s))
            continue;
        const QString currency = attribute(total, u"currencyID"_s);
        for (int c : documentCurrency) {
            if (stringValue(c) == currency) {
                ++inDocumentCurrency;
                break;
            }
        }
        for (int c : documentCurrency) {
            if (stringValue(c) != currency) {
                ++inOtherCurrency;
                break;
            }
        }
    }
    if (inDocumentCurrency > 1)
        fail(settlement, u"PEPPOL-EN16931-R053"_s, Severity::Fatal, u"BT-110"_s,
            u"At most one VAT total amount may be given in the invoice currency"_s);
    if (inOtherCurrency != (ownTaxCurrency >= 0 ? 1 : 0))
        fail(settlement, u"PEPPOL-EN16931-R054"_s, Severity::Fatal, u"BT-111"_s,
            u"Exactly one VAT total amount in the VAT accounting currency must be given when a VAT "
            u"accounting "
            "currency (BT-6) is given, and none otherwise"_s);
    if (!taxCurrency.empty() && inDocumentCurrency > 0)
        sameSign(settlement, totals, documentCurrency, taxCurrency, true);
}

void AdoptedPeppolRules::checkCiiLine(int line)
{
    const std::vector<int> charges = all(line,
        { { RamNs, u"SpecifiedLineTradeSettlement"_sv }, { RamNs, u"SpecifiedTradeAllowanceCharge"_sv } });
    const auto indicator = [this](int ac) {
        return text(first(ac, { { RamNs, u"ChargeIndicator"_sv }, { UdtNs, u"Indicator"_sv } }));
    };
    std::optional<Decimal> base = baseQuantityOf(first(line,
        { { RamNs, u"SpecifiedLineTradeAgreement"_sv }, { RamNs, u"NetPriceProductTradePrice"_sv },
            { RamNs, u"BasisQuantity"_sv } }));
    if (!base)
        base = baseQuantityOf(first(line,
            { { RamNs, u"SpecifiedLineTradeAgreement"_sv }, { RamNs, u"GrossPriceProductTradePrice"_sv },
                { RamNs, u"BasisQuantity"_sv } }));
    lineNet(line,
        amountOr(line,
            { { RamNs, u"SpecifiedLineTradeSettlement"_sv },
                { RamNs, u"SpecifiedTradeSettlementLineMonetarySummation"_sv },
                { RamNs, u"LineTotalAmount"_sv } },
            Decimal()),
        amountOr(line, { { RamNs, u"SpecifiedLineTradeDelivery"_sv }, { RamNs, u"BilledQuantity"_sv } },
            Decimal::fromInt(1)),
        amountOr(line,
            { { RamNs, u"SpecifiedLineTradeAgreement"_sv }, { RamNs, u"NetPriceProductTradePrice"_sv },
                { RamNs, u"ChargeAmount"_sv } },
            Decimal()),
        base ? base : std::optional<Decimal>(Decimal::fromInt(1)),
        lineAllowances(charges, RamNs, u"ActualAmount"_sv, indicator, u"true"_sv),
        lineAllowances(charges, RamNs, u"ActualAmount"_sv, indicator, u"false"_sv));
    const std::vector<int> references = all(line,
        { { RamNs, u"SpecifiedLineTradeSettlement"_sv }, { RamNs, u"AdditionalReferencedDocument"_sv } });
    if (!references.empty() && !std::any_of(references.begin(), references.end(), [this](int r) {
            const std::vector<int> codes = all(r, { { RamNs, u"TypeCode"_sv } });
            return std::any_of(
                codes.begin(), codes.end(), [this](int c) { return stringValue(c) == u"130"_sv; });
        }))
        fail(line, u"PEPPOL-EN16931-R101"_s, Severity::Fatal, u"BT-128"_s,
            u"A line referenced document may only give the invoiced object identifier (type code 130)"_s);
}

// R044 and R046 on the gross price of a line: only an allowance may lead from gross to net price, and the
// net price is the gross price minus that allowance.
void AdoptedPeppolRules::checkCiiGrossPrice(int gross)
{
    const std::vector<int> allowances = all(gross, { { RamNs, u"AppliedTradeAllowanceCharge"_sv } });
    const std::vector<int> amounts
        = all(gross, { { RamNs, u"AppliedTradeAllowanceCharge"_sv }, { RamNs, u"ActualAmount"_sv } });
    if (!amounts.empty()) {
        const std::vector<int> indicators = all(gross,
            { { RamNs, u"AppliedTradeAllowanceCharge"_sv }, { RamNs, u"ChargeIndicator"_sv },
                { UdtNs, u"Indicator"_sv } });
        if (std::none_of(indicators.begin(), indicators.end(),
                [this](int i) { return stringValue(i) == u"false"_sv; }))
            fail(gross, u"PEPPOL-EN16931-R044"_s, Severity::Fatal, u"BT-147"_s,
                u"A price may carry an allowance (the gross-to-net discount), never a charge"_s);
    }
    const int grossAmount = first(gross, { { RamNs, u"ChargeAmount"_sv } });
    if (grossAmount < 0)
        return;
    std::optional<Decimal> discount = Decimal();
    for (int allowance : allowances) {
        const int amount = first(allowance, { { RamNs, u"ActualAmount"_sv } });
        if (amount >= 0) {
            discount = decimalOf(stringValue(amount));
            break;
        }
    }
    const std::optional<Decimal> net = decimalOf(stringValue(first(
        parentOf(gross), { { RamNs, u"NetPriceProductTradePrice"_sv }, { RamNs, u"ChargeAmount"_sv } })));
    const std::optional<Decimal> grossValue = decimalOf(stringValue(grossAmount));
    if (!net || !grossValue || !discount || *net != *grossValue - *discount)
        fail(gross, u"PEPPOL-EN16931-R046"_s, Severity::Fatal, u"BT-146"_s,
            u"The item net price (BT-146) must equal the gross price (BT-148) minus the price discount (BT-147)"_s);
}

} // namespace

void checkAdoptedPeppolRules(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out)
{
    AdoptedPeppolRules(document, model, out).check();
}

} // namespace ades::eu::xrechnung
