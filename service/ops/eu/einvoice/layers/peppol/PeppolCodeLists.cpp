#include "PeppolCodeLists.h"

#include "../../CodeList.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

// The Peppol lists (resources/einvoice/peppol-*.txt), parsed once per process and shared read-only.
const QSet<QString> &listed(const QString &name)
{
    static const QHash<QString, QSet<QString>> lists = [] {
        QHash<QString, QSet<QString>> all;
        for (const QString &file : { u"peppol-mime"_s, u"peppol-uncl5189"_s, u"peppol-uncl7161"_s,
                 u"peppol-iso4217"_s, u"peppol-eas"_s }) {
            QFile resource(u":/einvoice/%1.txt"_s.arg(file));
            if (resource.open(QIODevice::ReadOnly))
                all.insert(file, CodeList::parse(resource.readAll()).codes());
        }
        return all;
    }();
    static const QSet<QString> none;
    const auto it = lists.constFind(name);
    return it == lists.cend() ? none : it.value();
}

// Invoice type codes of profile 01 (P0100 in UBL); the CII artefact lists invoice and credit note codes in
// one rule.
const QSet<QString> &ublInvoiceTypes()
{
    static const QSet<QString> codes = { u"71"_s, u"80"_s, u"82"_s, u"84"_s, u"102"_s, u"218"_s, u"219"_s,
        u"326"_s, u"331"_s, u"380"_s, u"382"_s, u"383"_s, u"384"_s, u"386"_s, u"388"_s, u"393"_s, u"395"_s,
        u"553"_s, u"575"_s, u"623"_s, u"780"_s, u"817"_s, u"870"_s, u"875"_s, u"876"_s, u"877"_s };
    return codes;
}

const QSet<QString> &creditNoteTypes()
{
    static const QSet<QString> codes = { u"381"_s, u"396"_s, u"81"_s, u"83"_s, u"532"_s };
    return codes;
}

const QSet<QString> &ciiDocumentTypes()
{
    static const QSet<QString> codes = ublInvoiceTypes() + creditNoteTypes();
    return codes;
}

// P0104…P0111: the VAT category an exemption reason code requires.
struct ExemptionCategory
{
    QStringView code;
    QStringView category;
    const char16_t *rule;
};
constexpr ExemptionCategory exemptionCategories[] = {
    { u"VATEX-EU-G", u"G", u"PEPPOL-EN16931-P0104" },
    { u"VATEX-EU-O", u"O", u"PEPPOL-EN16931-P0105" },
    { u"VATEX-EU-IC", u"K", u"PEPPOL-EN16931-P0106" },
    { u"VATEX-EU-AE", u"AE", u"PEPPOL-EN16931-P0107" },
    { u"VATEX-EU-D", u"E", u"PEPPOL-EN16931-P0108" },
    { u"VATEX-EU-F", u"E", u"PEPPOL-EN16931-P0109" },
    { u"VATEX-EU-I", u"E", u"PEPPOL-EN16931-P0110" },
    { u"VATEX-EU-J", u"E", u"PEPPOL-EN16931-P0111" },
};

} // namespace

PeppolCodeLists::PeppolCodeLists(PeppolContext &context)
    : c(context)
{ }

void PeppolCodeLists::check()
{
    if (c.ubl)
        checkUbl();
    else
        checkCii();
}

// CL002 / CL003 on one allowance or charge reason code of either syntax: a 'false' charge indicator on its
// owner picks the allowance list, else a 'true' one the charge list.
void PeppolCodeLists::checkReasonCode(int element, const QString &code, bool allowance, bool charge)
{
    if (allowance) {
        if (c.wants(u"PEPPOL-EN16931-CL002") && !listed(u"peppol-uncl5189"_s).contains(code))
            c.fail(u"PEPPOL-EN16931-CL002"_s, element, u"BT-98"_s,
                u"the allowance reason code '%1' is not in Peppol's UNTDID 5189 subset"_s.arg(code.left(20)));
    } else if (charge) {
        if (c.wants(u"PEPPOL-EN16931-CL003") && !listed(u"peppol-uncl7161"_s).contains(code))
            c.fail(u"PEPPOL-EN16931-CL003"_s, element, u"BT-105"_s,
                u"the charge reason code '%1' is not in UNTDID 7161"_s.arg(code.left(20)));
    }
}

void PeppolCodeLists::checkUbl()
{
    static const QStringView currencyElements[]
        = { u"Amount", u"BaseAmount", u"PriceAmount", u"TaxAmount", u"TaxableAmount", u"LineExtensionAmount",
              u"TaxExclusiveAmount", u"TaxInclusiveAmount", u"AllowanceTotalAmount", u"ChargeTotalAmount",
              u"PrepaidAmount", u"PayableRoundingAmount", u"PayableAmount" };
    static const QStringView dateElements[]
        = { u"IssueDate", u"DueDate", u"TaxPointDate", u"StartDate", u"EndDate", u"ActualDeliveryDate" };
    const QSet<QString> &currencies = listed(u"peppol-iso4217"_s);
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const XmlElement &e = c.doc.element(i);
        if (sameText(e.ns, CbcNs)) {
            if (sameText(e.name, u"EmbeddedDocumentBinaryObject"_sv)) {
                if (c.hasAttribute(i, u"mimeCode"_s) && c.wants(u"PEPPOL-EN16931-CL001")
                    && !listed(u"peppol-mime"_s).contains(c.attribute(i, u"mimeCode"_s)))
                    c.fail(u"PEPPOL-EN16931-CL001"_s, i, u"BT-125"_s,
                        u"the attachment's MIME code '%1' is not one Peppol accepts"_s.arg(
                            c.attribute(i, u"mimeCode"_s).left(80)));
                continue;
            }
            if (sameText(e.name, u"AllowanceChargeReasonCode"_sv)
                && c.is(e.parent, u"cac:AllowanceCharge"_sv)) {
                bool isFalse = false;
                bool isTrue = false;
                for (int indicator : c.childrenNamed(e.parent, u"cbc:ChargeIndicator"_sv)) {
                    isFalse = isFalse || c.text(indicator) == u"false"_sv;
                    isTrue = isTrue || c.text(indicator) == u"true"_sv;
                }
                checkReasonCode(i, PeppolContext::normalized(e.text), isFalse, isTrue);
                continue;
            }
            if (sameText(e.name, u"DescriptionCode"_sv) && c.is(e.parent, u"cac:InvoicePeriod"_sv)) {
                const QString code = PeppolContext::normalized(e.text);
                if (c.wants(u"PEPPOL-EN16931-CL006") && code != u"3"_sv && code != u"35"_sv
                    && code != u"432"_sv)
                    c.fail(u"PEPPOL-EN16931-CL006"_s, i, u"BT-8"_s,
                        u"the invoice period description code '%1' is not 3, 35 or 432 (UNTDID 2005)"_s.arg(
                            code.left(20)));
                continue;
            }
            if (sameText(e.name, u"InvoiceTypeCode"_sv)) {
                const QString code = PeppolContext::normalized(e.text);
                const bool profile01 = c.profile == u"01"_sv || c.profile.isEmpty();
                if (c.wants(u"PEPPOL-EN16931-P0100") && profile01 && !ublInvoiceTypes().contains(code))
                    c.fail(u"PEPPOL-EN16931-P0100"_s, i, u"BT-3"_s,
                        u"the invoice type code '%1' is not allowed in Peppol billing profile 01"_s.arg(
                            code.left(20)));
                if (c.wants(u"PEPPOL-EN16931-P0112") && (code == u"326"_sv || code == u"384"_sv)
                    && !(c.sellerIsGerman && c.buyerIsGerman))
                    c.fail(u"PEPPOL-EN16931-P0112"_s, i, u"BT-3"_s,
                        u"the invoice type codes 326 and 384 are allowed only when seller and buyer are German"_s);
                continue;
            }
            if (sameText(e.name, u"CreditNoteTypeCode"_sv)) {
                const QString code = PeppolContext::normalized(e.text);
                const bool profile01 = c.profile == u"01"_sv || c.profile.isEmpty();
                if (c.wants(u"PEPPOL-EN16931-P0101") && profile01 && !creditNoteTypes().contains(code))
                    c.fail(u"PEPPOL-EN16931-P0101"_s, i, u"BT-3"_s,
                        u"the credit note type code '%1' is not allowed in Peppol billing profile 01"_s.arg(
                            code.left(20)));
                continue;
            }
            if (sameText(e.name, u"EndpointID"_sv)) {
                if (c.hasAttribute(i, u"schemeID"_s) && c.wants(u"PEPPOL-EN16931-CL008")
                    && !listed(u"peppol-eas"_s).contains(c.attribute(i, u"schemeID"_s)))
                    c.fail(u"PEPPOL-EN16931-CL008"_s, i, u"BT-34"_s,
                        u"the electronic address scheme '%1' is not in Peppol's EAS list"_s.arg(
                            c.attribute(i, u"schemeID"_s).left(20)));
                continue;
            }
            bool isDate = false;
            for (QStringView name : dateElements)
                isDate = isDate || sameText(e.name, name);
            if (isDate) {
                if (c.wants(u"PEPPOL-EN16931-F001") && !(e.text.size() == 10 && PeppolContext::date(e.text)))
                    c.fail(u"PEPPOL-EN16931-F001"_s, i, {},
                        u"the date %1 must be written YYYY-MM-DD"_s.arg(e.name));
                continue;
            }
            bool isAmount = false;
            for (QStringView name : currencyElements)
                isAmount = isAmount || sameText(e.name, name);
            if (isAmount && c.wants(u"PEPPOL-EN16931-CL007")
                && !currencies.contains(c.attribute(i, u"currencyID"_s)))
                c.fail(u"PEPPOL-EN16931-CL007"_s, i, u"BT-5"_s,
                    u"the currency '%1' of %2 is not an ISO 4217 code"_s.arg(
                        c.attribute(i, u"currencyID"_s).left(20), e.name));
        } else if (sameText(e.ns, CacNs) && sameText(e.name, u"TaxCategory"_sv)) {
            const int reason = c.first(i, { u"cbc:TaxExemptionReasonCode"_sv });
            if (reason < 0)
                continue;
            const QString code = c.text(reason).toUpper();
            for (const ExemptionCategory &rule : exemptionCategories) {
                if (code != rule.code)
                    continue;
                const QString id = QString::fromUtf16(rule.rule);
                const QString category = PeppolContext::normalized(c.text(c.first(i, { u"cbc:ID"_sv })));
                if (c.wants(id) && category != rule.category)
                    c.fail(id, i, u"BT-121"_s,
                        u"the exemption reason code %1 requires VAT category %2"_s.arg(
                            rule.code, rule.category));
            }
        }
    }
}

void PeppolCodeLists::checkCii()
{
    static const QRegularExpression ciiDate(u"20[0-9]{6}"_s);
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const XmlElement &e = c.doc.element(i);
        if (sameText(e.ns, UdtNs) && sameText(e.name, u"DateTimeString"_sv)) {
            if (c.wants(u"PEPPOL-EN16931-F001")
                && !(PeppolContext::normalized(c.attribute(i, u"format"_s)) == u"102"_sv && e.text.size() == 8
                    && ciiDate.match(PeppolContext::normalized(e.text)).hasMatch()))
                c.fail(u"PEPPOL-EN16931-F001"_s, i, {}, u"a date must be written YYYYMMDD with format 102"_s);
            continue;
        }
        if (!sameText(e.ns, RamNs))
            continue;
        if (sameText(e.name, u"AttachmentBinaryObject"_sv)) {
            if (c.hasAttribute(i, u"mimeCode"_s) && c.wants(u"PEPPOL-EN16931-CL001")
                && !listed(u"peppol-mime"_s).contains(c.attribute(i, u"mimeCode"_s)))
                c.fail(u"PEPPOL-EN16931-CL001"_s, i, u"BT-125"_s,
                    u"the attachment's MIME code '%1' is not one Peppol accepts"_s.arg(
                        c.attribute(i, u"mimeCode"_s).left(80)));
        } else if (sameText(e.name, u"ReasonCode"_sv)
            && c.is(e.parent, u"ram:SpecifiedTradeAllowanceCharge"_sv)) {
            bool isFalse = false;
            bool isTrue = false;
            for (int indicator : c.all(e.parent, { u"ram:ChargeIndicator"_sv, u"udt:Indicator"_sv })) {
                const QString v = PeppolContext::normalized(c.text(indicator));
                isFalse = isFalse || v == u"false"_sv;
                isTrue = isTrue || v == u"true"_sv;
            }
            checkReasonCode(i, PeppolContext::normalized(e.text), isFalse, isTrue);
        } else if (sameText(e.name, u"TaxTotalAmount"_sv)) {
            if (c.hasAttribute(i, u"currencyID"_s) && c.wants(u"PEPPOL-EN16931-CL007")
                && !listed(u"peppol-iso4217"_s).contains(c.attribute(i, u"currencyID"_s)))
                c.fail(u"PEPPOL-EN16931-CL007"_s, i, u"BT-110"_s,
                    u"the currency '%1' of the VAT total is not an ISO 4217 code"_s.arg(
                        c.attribute(i, u"currencyID"_s).left(20)));
        } else if (sameText(e.name, u"TypeCode"_sv) && c.is(e.parent, u"rsm:ExchangedDocument"_sv)) {
            const QString code = PeppolContext::normalized(e.text);
            const bool profile01 = c.profile == u"01"_sv || c.profile.isEmpty();
            if (c.wants(u"PEPPOL-EN16931-P0100") && profile01 && !ciiDocumentTypes().contains(code))
                c.fail(u"PEPPOL-EN16931-P0100"_s, i, u"BT-3"_s,
                    u"the document type code '%1' is not allowed in Peppol billing profile 01"_s.arg(
                        code.left(20)));
        } else if (sameText(e.name, u"URIID"_sv) && c.is(e.parent, u"ram:URIUniversalCommunication"_sv)
            && (c.is(c.parent(e.parent), u"ram:BuyerTradeParty"_sv)
                || c.is(c.parent(e.parent), u"ram:SellerTradeParty"_sv))) {
            if (c.wants(u"PEPPOL-EN16931-CL008")
                && (!c.hasAttribute(i, u"schemeID"_s)
                    || !listed(u"peppol-eas"_s).contains(c.attribute(i, u"schemeID"_s))))
                c.fail(u"PEPPOL-EN16931-CL008"_s, i, u"BT-34"_s,
                    u"the electronic address scheme '%1' is not in Peppol's EAS list"_s.arg(
                        c.attribute(i, u"schemeID"_s).left(20)));
        }
    }
}

} // namespace ades::eu
