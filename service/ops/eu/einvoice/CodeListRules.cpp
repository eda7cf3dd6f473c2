#include "CodeListRules.h"

#include "CodeList.h"
#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

void CodeListRules::code(
    const Term &t, const QSet<QString> &list, const QString &id, const QString &bt, const QString &what)
{
    if (t.isPresent() && !list.contains(t.value))
        fail(id, bt, t.path, u"%1 '%2' (%3) is not in the code list"_s.arg(what, t.value.left(40), bt));
}

void CodeListRules::check()
{
    code(m.currency, currencyCodes(), u"BR-CL-04"_s, u"BT-5"_s, u"the invoice currency code"_s);
    code(m.vatAccountingCurrency, currencyCodes(), u"BR-CL-05"_s, u"BT-6"_s,
        u"the VAT accounting currency code"_s);
    // UBL: every Country/IdentificationCode and InvoicePeriod/DescriptionCode is checked on the document
    // (CodeListRules::checkBindings), as the artefact does.
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

// Code-list bindings (BR-CL-01, -07, -08, -10, -11, -13, -16, -19, -20, -21, -22, -23, -25, -26) on the
// elements the artefact's code-list pattern names, whatever model term they map to. The artefact compares
// normalize-space(value) against a space-separated list, so a value with inner blanks never matches.
void CodeListRules::checkBindings(const XmlDocument &doc, bool ubl, QList<Finding> &out)
{
    const QString &cac = ubl ? CacNs : RamNs;
    const QString &cbc = ubl ? CbcNs : RamNs;
    auto check = [&](int element, const QString &value, const QString &list, const QString &id,
                     const QString &bt, const QString &what) {
        if (CodeList::named(list).verdict(value.simplified()) == CodeList::Verdict::Listed)
            return;
        out.append(Finding { id, Severity::Fatal, bt, doc.path(element),
            u"%1 '%2' (%3) is not in the code list"_s.arg(what, value.left(40), bt) });
    };
    auto parentIs = [&doc](const XmlElement &e, const QString &ns, QStringView name) {
        return e.parent >= 0 && sameText(doc.element(e.parent).name, name)
            && sameText(doc.element(e.parent).ns, ns);
    };
    auto hasAncestor = [&doc, &cac](int element, QStringView name) {
        for (int a = doc.element(element).parent; a >= 0; a = doc.element(a).parent) {
            if (sameText(doc.element(a).name, name) && sameText(doc.element(a).ns, cac))
                return true;
        }
        return false;
    };
    // XPath's boolean cast of the allowance/charge indicator; anything else is ADES-XML-03's business.
    auto indicator = [&doc, ubl, &cbc](int allowanceCharge) -> std::optional<bool> {
        int holder = doc.child(allowanceCharge, cbc, u"ChargeIndicator"_sv);
        if (!ubl)
            holder = doc.child(holder, UdtNs, u"Indicator"_sv);
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
        if (sameText(e.ns, cbc)
            && (ubl ? sameText(name, u"EmbeddedDocumentBinaryObject"_sv)
                    : sameText(name, u"AttachmentBinaryObject"_sv))) {
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
        if (sameText(e.ns, cac)
            && (ubl ? sameText(name, u"AdditionalDocumentReference"_sv)
                    : sameText(name, u"AdditionalReferencedDocument"_sv))) {
            const int id = doc.child(i, cbc, ubl ? u"ID" : u"IssuerAssignedID");
            if (id < 0 || doc.element(id).text.trimmed().isEmpty())
                out.append(Finding { u"BR-52"_s, Severity::Fatal, u"BT-122"_s, doc.path(i),
                    u"the supporting document reference (BT-122) is missing"_s });
            continue;
        }
        if (!sameText(e.ns, cbc))
            continue;
        if ((ubl ? (sameText(name, u"InvoicedQuantity"_sv) || sameText(name, u"CreditedQuantity"_sv)
                 || sameText(name, u"BaseQuantity"_sv))
                 : (sameText(name, u"BilledQuantity"_sv) || sameText(name, u"BasisQuantity"_sv)))
            && doc.hasAttribute(i, u"unitCode"_s)) {
            // BR-CL-23: UN/ECE Rec 20/21 units on the invoiced quantity (BT-130) and on the item price base
            // quantity (BT-150).
            const bool base = sameText(name, u"BaseQuantity"_sv) || sameText(name, u"BasisQuantity"_sv);
            check(i, doc.attribute(i, u"unitCode"_s), u"rec20-units"_s, u"BR-CL-23"_s,
                base ? u"BT-150"_s : u"BT-130"_s,
                base ? u"the item price base quantity unit"_s : u"the invoiced quantity unit"_s);
            continue;
        }
        if (ubl ? (sameText(name, u"IdentificationCode"_sv) && parentIs(e, cac, u"OriginCountry"_sv))
                : (sameText(name, u"ID"_sv) && parentIs(e, cac, u"OriginTradeCountry"_sv))) {
            // BR-CL-15: the item country of origin (BT-159).
            if (!countryCodes().contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-15"_s, Severity::Fatal, u"BT-159"_s, doc.path(i),
                    u"the item country of origin '%1' (BT-159) is not an ISO 3166-1 code"_s.arg(
                        e.text.left(40)) });
            continue;
        }
        if (ubl && sameText(name, u"IdentificationCode"_sv) && parentIs(e, cac, u"Country"_sv)) {
            // BR-CL-14: every address country (BT-40, BT-55, BT-69, BT-80 and any other Country).
            if (!countryCodes().contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-14"_s, Severity::Fatal, u"BT-40"_s, doc.path(i),
                    u"the country code '%1' is not an ISO 3166-1 code"_s.arg(e.text.left(40)) });
            continue;
        }
        if (ubl && sameText(name, u"DescriptionCode"_sv) && parentIs(e, cac, u"InvoicePeriod"_sv)) {
            // BR-CL-06: UBL binds BT-8 to UNCL2005 (3, 35, 432); CII's UNCL2475 codes are checked on the
            // model.
            static const QSet<QString> ublDateCodes = { u"3"_s, u"35"_s, u"432"_s };
            if (!ublDateCodes.contains(e.text.simplified()))
                out.append(Finding { u"BR-CL-06"_s, Severity::Fatal, u"BT-8"_s, doc.path(i),
                    u"the VAT point date code '%1' (BT-8) is not in the code list"_s.arg(e.text.left(40)) });
            continue;
        }
        if (!ubl && sameText(name, u"TaxTotalAmount"_sv)) {
            // BR-CL-03 for the one CII amount that carries a currency (UBL: DocumentSyntaxRules::checkUbl).
            const QString currency = doc.attribute(i, u"currencyID"_s);
            if (doc.hasAttribute(i, u"currencyID"_s) && !currencyCodes().contains(currency.simplified()))
                out.append(Finding { u"BR-CL-03"_s, Severity::Fatal, u"BT-110"_s, doc.path(i),
                    u"the currency '%1' of TaxTotalAmount is not an ISO 4217 code"_s.arg(
                        currency.left(10)) });
            continue;
        }
        if (ubl && (sameText(name, u"InvoiceTypeCode"_sv) || sameText(name, u"CreditNoteTypeCode"_sv))) {
            check(i, e.text,
                sameText(name, u"InvoiceTypeCode"_sv) ? u"uncl1001-invoice"_s : u"uncl1001-credit-note"_s,
                u"BR-CL-01"_s, u"BT-3"_s, u"the invoice type code"_s);
        } else if (!ubl && sameText(name, u"TypeCode"_sv) && e.parent >= 0
            && sameText(doc.element(e.parent).name, u"ExchangedDocument"_sv)) {
            check(i, e.text, u"uncl1001-cii"_s, u"BR-CL-01"_s, u"BT-3"_s, u"the invoice type code"_s);
        } else if (ubl && sameText(name, u"ID"_sv) && doc.hasAttribute(i, u"schemeID"_s)
            && (parentIs(e, cac, u"AdditionalDocumentReference"_sv)
                || parentIs(e, cac, u"DocumentReference"_sv))) {
            const int type = doc.child(e.parent, cbc, u"DocumentTypeCode"_sv);
            if (type >= 0 && doc.element(type).text == u"130"_sv)
                check(i, doc.attribute(i, u"schemeID"_s), u"uncl1153"_s, u"BR-CL-07"_s, u"BT-18"_s,
                    u"the invoiced object identifier scheme"_s);
        } else if (!ubl && sameText(name, u"ReferenceTypeCode"_sv)) {
            check(i, e.text, u"uncl1153"_s, u"BR-CL-07"_s, u"BT-18"_s,
                u"the invoiced object identifier scheme"_s);
        } else if (!ubl && sameText(name, u"SubjectCode"_sv) && parentIs(e, cac, u"IncludedNote"_sv)) {
            check(i, e.text, u"uncl4451"_s, u"BR-CL-08"_s, u"BT-21"_s, u"the invoice note subject code"_s);
        } else if ((ubl ? (sameText(name, u"ID"_sv) && parentIs(e, cac, u"PartyIdentification"_sv))
                        : (sameText(name, u"GlobalID"_sv) && e.parent >= 0
                            && doc.element(e.parent).name.endsWith(u"TradeParty"_sv)
                            && !sameText(doc.element(e.parent).name, u"ShipToTradeParty"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            const QString scheme = doc.attribute(i, u"schemeID"_s);
            const bool sepa = scheme.simplified() == u"SEPA"_sv
                && (ubl ? (hasAncestor(i, u"AccountingSupplierParty") || hasAncestor(i, u"PayeeParty"))
                        : (parentIs(e, cac, u"SellerTradeParty"_sv)
                            || parentIs(e, cac, u"PayeeTradeParty"_sv)));
            if (!sepa)
                check(i, scheme, u"iso6523-icd"_s, u"BR-CL-10"_s, u"BT-29"_s, u"the identifier scheme"_s);
        } else if ((ubl ? (sameText(name, u"CompanyID"_sv) && parentIs(e, cac, u"PartyLegalEntity"_sv))
                        : (sameText(name, u"ID"_sv)
                            && (parentIs(e, cac, u"SpecifiedLegalOrganization"_sv)
                                || (e.parent >= 0 && doc.element(e.parent).name.endsWith(u"TradeParty"_sv)))))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-11"_s, u"BT-30"_s,
                u"the legal registration identifier scheme"_s);
        } else if ((ubl ? (sameText(name, u"ItemClassificationCode"_sv)
                        && parentIs(e, cac, u"CommodityClassification"_sv))
                        : sameText(name, u"ClassCode"_sv))
            && doc.hasAttribute(i, u"listID"_s)) {
            check(i, doc.attribute(i, u"listID"_s), u"uncl7143"_s, u"BR-CL-13"_s, u"BT-158"_s,
                u"the item classification scheme"_s);
        } else if (ubl ? (sameText(name, u"PaymentMeansCode"_sv) && parentIs(e, cac, u"PaymentMeans"_sv))
                       : (sameText(name, u"TypeCode"_sv)
                           && parentIs(e, cac, u"SpecifiedTradeSettlementPaymentMeans"_sv))) {
            check(i, e.text, u"uncl4461"_s, u"BR-CL-16"_s, u"BT-81"_s, u"the payment means type code"_s);
        } else if (ubl
                ? (sameText(name, u"AllowanceChargeReasonCode"_sv) && parentIs(e, cac, u"AllowanceCharge"_sv))
                : (sameText(name, u"ReasonCode"_sv)
                    && parentIs(e, cac, u"SpecifiedTradeAllowanceCharge"_sv))) {
            const std::optional<bool> charge = indicator(e.parent);
            if (charge && *charge)
                check(i, e.text, u"uncl7161"_s, u"BR-CL-20"_s, u"BT-105"_s, u"the charge reason code"_s);
            else if (charge)
                check(i, e.text, u"uncl5189"_s, u"BR-CL-19"_s, u"BT-98"_s, u"the allowance reason code"_s);
        } else if ((ubl ? (sameText(name, u"ID"_sv) && parentIs(e, cac, u"StandardItemIdentification"_sv))
                        : (sameText(name, u"GlobalID"_sv) && parentIs(e, cac, u"SpecifiedTradeProduct"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-21"_s, u"BT-157"_s,
                u"the item standard identifier scheme"_s);
        } else if (ubl ? sameText(name, u"TaxExemptionReasonCode"_sv)
                       : sameText(name, u"ExemptionReasonCode"_sv)) {
            check(i, e.text, u"vatex"_s, u"BR-CL-22"_s, u"BT-121"_s, u"the VAT exemption reason code"_s);
        } else if ((ubl ? sameText(name, u"EndpointID"_sv)
                        : (sameText(name, u"URIID"_sv) && parentIs(e, cac, u"URIUniversalCommunication"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"eas"_s, u"BR-CL-25"_s, u"BT-34"_s,
                u"the electronic address scheme"_s);
        } else if ((ubl ? (sameText(name, u"ID"_sv) && parentIs(e, cac, u"DeliveryLocation"_sv))
                        : (sameText(name, u"GlobalID"_sv) && parentIs(e, cac, u"ShipToTradeParty"_sv)))
            && doc.hasAttribute(i, u"schemeID"_s)) {
            check(i, doc.attribute(i, u"schemeID"_s), u"iso6523-icd"_s, u"BR-CL-26"_s, u"BT-71"_s,
                u"the deliver-to location identifier scheme"_s);
        }
    }
}

} // namespace ades::eu
