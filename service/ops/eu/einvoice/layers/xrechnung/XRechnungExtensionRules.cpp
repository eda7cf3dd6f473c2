#include "XRechnungExtensionRules.h"

#include "../../Decimal.h"
#include "../../InvoiceReader.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "XRechnungCodeLists.h"

#include <optional>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu::xrechnung {

using Severity = Finding::Severity;

namespace {

std::optional<Decimal> decimalOf(const QString &text)
{
    return Decimal::fromString(text);
}

} // namespace

void XRechnungExtensionRules::check()
{
    if (!isExtension())
        return;
    if (ubl)
        checkUbl();
    else
        checkCii();
}

bool XRechnungExtensionRules::hasAncestor(int element, const QString &ns, QStringView name) const
{
    for (int e = parentOf(element); e >= 0; e = parentOf(e)) {
        if (isNamed(e, ns, name))
            return true;
    }
    return false;
}

void XRechnungExtensionRules::checkMime(int object)
{
    if (!hasAttribute(object, u"mimeCode"_s)
        || !XRechnungCodeLists::extensionMimeAccepts(attribute(object, u"mimeCode"_s)))
        fail(object, u"BR-DEX-01"_s, Severity::Fatal, u"BT-125"_s,
            u"The MIME code '%1' of the attached document (BT-125) is not allowed; the extension accepts the "
            "EN 16931 codes and application/xml"_s.arg(attribute(object, u"mimeCode"_s)));
}

void XRechnungExtensionRules::checkScheme(
    int element, const QString &id, const QString &bt, bool eas, bool sepaAllowed)
{
    const QString scheme = attribute(element, u"schemeID"_s);
    const bool accepted
        = eas ? XRechnungCodeLists::easAccepts(scheme) : XRechnungCodeLists::icdAccepts(scheme);
    if (accepted)
        return;
    if (sepaAllowed && normalizeSpace(scheme) == u"SEPA"_sv)
        return;
    fail(element, id, Severity::Fatal, bt,
        eas ? u"The scheme identifier '%1' of the electronic address (%2) is not in the CEF EAS list of the "
              "XRechnung extension"_s.arg(scheme, bt)
            : u"The scheme identifier '%1' (%2) is not in the ISO 6523 ICD list of the XRechnung "
              "extension"_s.arg(scheme, bt));
}

// BR-DEX-02 (warning) and BR-DEX-03: the net amount of a line with sub-invoice lines is the sum of theirs,
// at every level, and each sub-invoice line item has exactly one VAT category.
void XRechnungExtensionRules::checkSubInvoiceLines()
{
    const auto sumsUp = [this](int line) {
        const std::optional<Decimal> own
            = decimalOf(text(first(line, { { CbcNs, u"LineExtensionAmount"_sv } })));
        Decimal sum;
        for (int sub : all(line, { { CacNs, u"SubInvoiceLine"_sv } })) {
            for (int amount : all(sub, { { CbcNs, u"LineExtensionAmount"_sv } })) {
                if (const std::optional<Decimal> value = decimalOf(text(amount)))
                    sum += *value;
            }
        }
        return own && *own == sum;
    };
    bool consistent = true;
    bool taxed = true;
    for (int line : all(root, { { CacNs, u"InvoiceLine"_sv } })) {
        if (exists(line, { { CacNs, u"SubInvoiceLine"_sv } }) && !sumsUp(line))
            consistent = false;
    }
    for (int e = 0; e < doc.elementCount(); ++e) {
        if (!isNamed(e, CacNs, u"SubInvoiceLine"_sv))
            continue;
        if (exists(e, { { CacNs, u"SubInvoiceLine"_sv } }) && !sumsUp(e))
            consistent = false;
        for (int item : all(e, { { CacNs, u"Item"_sv } })) {
            if (all(item, { { CacNs, u"ClassifiedTaxCategory"_sv } }).size() != 1)
                taxed = false;
        }
    }
    if (!consistent)
        fail(root, u"BR-DEX-02"_s, Severity::Warning, u"BT-131"_s,
            u"The net amount (BT-131) of an invoice line or sub-invoice line should equal the sum of the net "
            "amounts of its sub-invoice lines"_s);
    if (!taxed)
        fail(root, u"BR-DEX-03"_s, Severity::Fatal, u"BG-DEX-06"_s,
            u"Each sub-invoice line (BG-DEX-01) must have exactly one VAT information group (BG-DEX-06)"_s);
}

// BR-DEX-09: amount due = total with VAT - paid amount + rounding + third-party payments, at two decimals.
void XRechnungExtensionRules::checkAmountDue(int totals)
{
    const auto amount = [this, totals](QStringView name) -> std::optional<Decimal> {
        const int e = first(totals, { { CbcNs, name } });
        if (e < 0)
            return Decimal();
        return decimalOf(text(e));
    };
    const std::optional<Decimal> payable = decimalOf(text(first(totals, { { CbcNs, u"PayableAmount"_sv } })));
    const std::optional<Decimal> inclusive
        = decimalOf(text(first(totals, { { CbcNs, u"TaxInclusiveAmount"_sv } })));
    const std::optional<Decimal> prepaid = amount(u"PrepaidAmount"_sv);
    const std::optional<Decimal> rounding = amount(u"PayableRoundingAmount"_sv);
    Decimal thirdParty;
    const std::vector<int> paid
        = all(parentOf(totals), { { CacNs, u"PrepaidPayment"_sv }, { CbcNs, u"PaidAmount"_sv } });
    if (std::any_of(paid.begin(), paid.end(), [this](int e) { return !isBlank(text(e)); })) {
        for (int e : paid) {
            if (const std::optional<Decimal> value = decimalOf(text(e)))
                thirdParty += *value;
        }
    }
    const bool holds = payable && inclusive && prepaid && rounding
        && (*payable - *rounding).round2() == (*inclusive - *prepaid + thirdParty).round2();
    if (!holds)
        fail(totals, u"BR-DEX-09"_s, Severity::Fatal, u"BT-115"_s,
            u"The amount due (BT-115) must equal the total with VAT (BT-112) minus the paid amount (BT-113) "
            u"plus the "
            "rounding amount (BT-114) plus the third-party payments (BT-DEX-002)"_s);
}

// BR-DEX-10 ... BR-DEX-14: a third-party payment has a type, an amount with at most two decimals in the
// invoice currency, and a description.
void XRechnungExtensionRules::checkThirdPartyPayment(int payment)
{
    if (!anyWithContent(payment, { { CbcNs, u"ID"_sv } }))
        fail(payment, u"BR-DEX-10"_s, Severity::Fatal, u"BT-DEX-001"_s,
            u"The third-party payment type (BT-DEX-001) is missing"_s);
    if (!anyWithContent(payment, { { CbcNs, u"PaidAmount"_sv } }))
        fail(payment, u"BR-DEX-11"_s, Severity::Fatal, u"BT-DEX-002"_s,
            u"The third-party payment amount (BT-DEX-002) is missing"_s);
    if (!anyWithContent(payment, { { CbcNs, u"InstructionID"_sv } }))
        fail(payment, u"BR-DEX-12"_s, Severity::Fatal, u"BT-DEX-003"_s,
            u"The third-party payment description (BT-DEX-003) is missing"_s);
    const int amount = first(payment, { { CbcNs, u"PaidAmount"_sv } });
    const QString value = stringValue(amount);
    const qsizetype point = value.indexOf(u'.');
    if (point >= 0 && value.size() - point - 1 > 2)
        fail(payment, u"BR-DEX-13"_s, Severity::Fatal, u"BT-DEX-002"_s,
            u"The third-party payment amount (BT-DEX-002) has more than two decimals"_s);
    bool sameCurrency = false;
    for (int a : all(payment, { { CbcNs, u"PaidAmount"_sv } })) {
        if (!hasAttribute(a, u"currencyID"_s))
            continue;
        for (int currency : all(parentOf(payment), { { CbcNs, u"DocumentCurrencyCode"_sv } }))
            sameCurrency = sameCurrency || attribute(a, u"currencyID"_s) == stringValue(currency);
    }
    if (!sameCurrency)
        fail(payment, u"BR-DEX-14"_s, Severity::Fatal, u"BT-DEX-002"_s,
            u"The currency of the third-party payment amount (BT-DEX-002) must be the invoice currency (BT-5)"_s);
}

void XRechnungExtensionRules::checkUbl()
{
    const bool invoice = isNamed(root, InvoiceReader::UblInvoiceNs, u"Invoice"_sv);
    if (invoice)
        checkSubInvoiceLines();
    for (int e = 0; e < doc.elementCount(); ++e) {
        const XmlElement &element = doc.element(e);
        const int parent = element.parent;
        if (isNamed(e, CbcNs, u"EmbeddedDocumentBinaryObject"_sv)) {
            checkMime(e);
        } else if (isNamed(e, CacNs, u"LegalMonetaryTotal"_sv)) {
            checkAmountDue(e);
        } else if (isNamed(e, CbcNs, u"EndpointID"_sv)) {
            if (hasAttribute(e, u"schemeID"_s))
                checkScheme(e, u"BR-DEX-07"_s, u"BT-34"_s, true, false);
        } else if (isNamed(e, CbcNs, u"CompanyID"_sv)) {
            if (hasAttribute(e, u"schemeID"_s) && isNamed(parent, CacNs, u"PartyLegalEntity"_sv))
                checkScheme(e, u"BR-DEX-05"_s, u"BT-30"_s, false, false);
        } else if (isNamed(e, CbcNs, u"ID"_sv) && hasAttribute(e, u"schemeID"_s)) {
            if (isNamed(parent, CacNs, u"PartyIdentification"_sv))
                checkScheme(e, u"BR-DEX-04"_s, u"BT-29"_s, false,
                    hasAncestor(e, CacNs, u"AccountingSupplierParty"_sv)
                        || hasAncestor(e, CacNs, u"PayeeParty"_sv));
            else if (isNamed(parent, CacNs, u"StandardItemIdentification"_sv))
                checkScheme(e, u"BR-DEX-06"_s, u"BT-157"_s, false, false);
            else if (isNamed(parent, CacNs, u"DeliveryLocation"_sv))
                checkScheme(e, u"BR-DEX-08"_s, u"BT-71"_s, false, false);
        } else if (invoice && parent == root && isNamed(e, CacNs, u"PrepaidPayment"_sv)) {
            checkThirdPartyPayment(e);
        }
    }
}

void XRechnungExtensionRules::checkCii()
{
    // BR-DEX-15: XRechnung does not support sub-invoice lines in CII; a parent line reference anywhere in
    // the document is reported on every line.
    bool parentLines = false;
    for (int e = 0; e < doc.elementCount() && !parentLines; ++e)
        parentLines = isNamed(e, RamNs, u"ParentLineID"_sv);
    if (parentLines) {
        for (int line : all(root,
                 { { InvoiceReader::CiiNs, u"SupplyChainTradeTransaction"_sv },
                     { RamNs, u"IncludedSupplyChainTradeLineItem"_sv },
                     { RamNs, u"AssociatedDocumentLineDocument"_sv } }))
            fail(line, u"BR-DEX-15"_s, Severity::Warning, u"BG-25"_s,
                u"The document refers to parent lines (sub-invoice lines), which XRechnung does not support "
                u"in "
                "CII"_s);
    }
    for (int e = 0; e < doc.elementCount(); ++e) {
        const int parent = doc.element(e).parent;
        if (isNamed(e, RamNs, u"AttachmentBinaryObject"_sv)) {
            checkMime(e);
            continue;
        }
        if (!hasAttribute(e, u"schemeID"_s))
            continue;
        if (isNamed(e, RamNs, u"GlobalID"_sv)) {
            if (isNamed(parent, RamNs, u"SpecifiedTradeProduct"_sv))
                checkScheme(e, u"BR-DEX-06"_s, u"BT-157"_s, false, false);
            else if (isNamed(parent, RamNs, u"ShipToTradeParty"_sv)
                && isNamed(parentOf(parent), RamNs, u"ApplicableHeaderTradeDelivery"_sv))
                checkScheme(e, u"BR-DEX-08"_s, u"BT-71"_s, false, false);
            else if (!hasAncestor(e, RamNs, u"SpecifiedTradeProduct"_sv)
                && !hasAncestor(e, RamNs, u"ShipToTradeParty"_sv))
                checkScheme(e, u"BR-DEX-04"_s, u"BT-29"_s, false, false);
        } else if (isNamed(e, RamNs, u"ID"_sv)) {
            if (!hasAncestor(e, RamNs, u"SpecifiedTaxRegistration"_sv))
                checkScheme(e, u"BR-DEX-05"_s, u"BT-30"_s, false, false);
        } else if (isNamed(e, RamNs, u"URIID"_sv)
            && isNamed(parent, RamNs, u"URIUniversalCommunication"_sv)) {
            checkScheme(e, u"BR-DEX-07"_s, u"BT-34"_s, true, false);
        }
    }
}

} // namespace ades::eu::xrechnung
