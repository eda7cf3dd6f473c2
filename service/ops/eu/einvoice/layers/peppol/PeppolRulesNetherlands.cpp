// NL-R-001…009: Dutch sellers (BT-40 = NL after trimming and upper-casing).
#include "../../Decimal.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolNationalRules.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

// NL-R-003 / NL-R-005: a KVK (0106) or OIN (0190) number.
bool dutchLegalScheme(const PeppolContext &c, int id)
{
    const QString schemes = u' ' + c.attribute(id, u"schemeID"_s) + u' ';
    return (schemes.contains(u" 0106 "_s) || schemes.contains(u" 0190 "_s))
        && !PeppolContext::normalized(c.text(id)).isEmpty();
}

} // namespace

void PeppolNationalRules::checkNetherlands()
{
    auto dutch = [](const QString &code) { return PeppolContext::normalized(code).toUpper() == u"NL"_sv; };
    if (!dutch(c.sellerCountryCode))
        return;
    const bool buyerDutch = dutch(c.buyerCountryCode);
    const int root = c.root;
    if (c.ubl) {
        const QString taxRepCountry = c.text(c.first(root,
            { u"cac:TaxRepresentativeParty"_sv, u"cac:PostalAddress"_sv, u"cac:Country"_sv,
                u"cbc:IdentificationCode"_sv }));
        const bool creditNote = c.doc.element(root).name == u"CreditNote"_sv;
        for (int i = 0; i < c.doc.elementCount(); ++i) {
            const int parent = c.parent(i);
            if (c.is(i, u"cbc:CreditNoteTypeCode"_sv)) {
                if (c.wants(u"NL-R-001")
                    && !c.exists(root,
                        { u"cac:BillingReference"_sv, u"cac:InvoiceDocumentReference"_sv, u"cbc:ID"_sv }))
                    c.fail(u"NL-R-001"_s, i, u"BT-25"_s,
                        u"a Dutch seller's credit note must reference the invoice (BT-25)"_s);
            } else if (c.is(i, u"cac:PostalAddress"_sv) && c.is(parent, u"cac:Party"_sv)) {
                const bool seller = c.is(c.parent(parent), u"cac:AccountingSupplierParty"_sv);
                const bool buyer = c.is(c.parent(parent), u"cac:AccountingCustomerParty"_sv) && buyerDutch;
                const bool complete = c.exists(i, { u"cbc:StreetName"_sv })
                    && c.exists(i, { u"cbc:CityName"_sv }) && c.exists(i, { u"cbc:PostalZone"_sv });
                if (seller && c.wants(u"NL-R-002") && !complete)
                    c.fail(u"NL-R-002"_s, i, u"BG-5"_s,
                        u"a Dutch seller's address needs street (BT-35), city (BT-37) and post code (BT-38)"_s);
                if (buyer && c.wants(u"NL-R-004") && !complete)
                    c.fail(u"NL-R-004"_s, i, u"BG-8"_s,
                        u"a Dutch buyer's address needs street (BT-50), city (BT-52) and post code (BT-53)"_s);
            } else if (c.is(i, u"cbc:CompanyID"_sv) && c.is(parent, u"cac:PartyLegalEntity"_sv)
                && c.is(c.parent(parent), u"cac:Party"_sv)) {
                const int owner = c.parent(c.parent(parent));
                if (c.is(owner, u"cac:AccountingSupplierParty"_sv) && c.wants(u"NL-R-003")
                    && !dutchLegalScheme(c, i))
                    c.fail(u"NL-R-003"_s, i, u"BT-30"_s,
                        u"a Dutch seller's legal registration identifier (BT-30) is a KVK (0106) or OIN (0190) number"_s);
                if (c.is(owner, u"cac:AccountingCustomerParty"_sv) && buyerDutch && c.wants(u"NL-R-005")
                    && !dutchLegalScheme(c, i))
                    c.fail(u"NL-R-005"_s, i, u"BT-47"_s,
                        u"a Dutch buyer's legal registration identifier (BT-47) is a KVK (0106) or OIN (0190) number"_s);
            } else if (c.is(i, u"cac:PostalAddress"_sv) && c.is(parent, u"cac:TaxRepresentativeParty"_sv)) {
                if (dutch(taxRepCountry) && c.wants(u"NL-R-006")
                    && !(c.exists(i, { u"cbc:StreetName"_sv }) && c.exists(i, { u"cbc:CityName"_sv })
                        && c.exists(i, { u"cbc:PostalZone"_sv })))
                    c.fail(u"NL-R-006"_s, i, u"BG-12"_s,
                        u"a Dutch tax representative's address needs street (BT-64), city (BT-66) and post code (BT-67)"_s);
            } else if (c.is(i, u"cac:LegalMonetaryTotal"_sv)) {
                if (!c.wants(u"NL-R-007"))
                    continue;
                const std::optional<Decimal> payable = c.decimal(c.first(i, { u"cbc:PayableAmount"_sv }));
                const bool noClaim = payable && (creditNote ? *payable >= Decimal() : *payable <= Decimal());
                bool anyMeans = false;
                for (int j = 0; j < c.doc.elementCount() && !anyMeans; ++j)
                    anyMeans = c.is(j, u"cac:PaymentMeans"_sv);
                if (!noClaim && !anyMeans)
                    c.fail(u"NL-R-007"_s, i, u"BG-16"_s,
                        u"a Dutch seller must give payment instructions (BG-16) when the buyer has to pay"_s);
            } else if (c.is(i, u"cac:PaymentMeans"_sv)) {
                const QString code
                    = PeppolContext::normalized(c.text(c.first(i, { u"cbc:PaymentMeansCode"_sv })));
                if (buyerDutch && c.wants(u"NL-R-008") && code != u"30"_sv && code != u"48"_sv
                    && code != u"49"_sv && code != u"57"_sv && code != u"58"_sv && code != u"59"_sv)
                    c.fail(u"NL-R-008"_s, i, u"BT-81"_s,
                        u"between Dutch parties the payment means code is 30, 48, 49, 57, 58 or 59"_s);
            } else if (c.is(i, u"cbc:LineID"_sv) && c.is(parent, u"cac:OrderLineReference"_sv)) {
                if (c.wants(u"NL-R-009") && !c.exists(root, { u"cac:OrderReference"_sv, u"cbc:ID"_sv }))
                    c.fail(u"NL-R-009"_s, i, u"BT-132"_s,
                        u"an order line reference (BT-132) needs the purchase order reference (BT-13)"_s);
            }
        }
        return;
    }
    // CII
    const int transaction = c.first(root, { u"rsm:SupplyChainTradeTransaction"_sv });
    const int agreement = c.first(transaction, { u"ram:ApplicableHeaderTradeAgreement"_sv });
    const int settlement = c.first(transaction, { u"ram:ApplicableHeaderTradeSettlement"_sv });
    const QString typeCode = PeppolContext::normalized(
        c.text(c.first(root, { u"rsm:ExchangedDocument"_sv, u"ram:TypeCode"_sv })));
    auto complete = [this](int address) {
        return c.exists(address, { u"ram:LineOne"_sv }) && c.exists(address, { u"ram:CityName"_sv })
            && c.exists(address, { u"ram:PostcodeCode"_sv });
    };
    for (int document : c.childrenNamed(root, u"rsm:ExchangedDocument"_sv)) {
        bool creditNote = false;
        for (int code : c.childrenNamed(document, u"ram:TypeCode"_sv)) {
            const QString v = PeppolContext::normalized(c.text(code));
            creditNote = creditNote || v == u"81"_sv || v == u"83"_sv || v == u"381"_sv || v == u"396"_sv
                || v == u"532"_sv;
        }
        bool referenced = false;
        for (int i = 0; i < c.doc.elementCount() && !referenced; ++i)
            referenced = c.is(i, u"ram:ApplicableHeaderTradeSettlement"_sv)
                && c.exists(i, { u"ram:InvoiceReferencedDocument"_sv, u"ram:IssuerAssignedID"_sv });
        if (creditNote && c.wants(u"NL-R-001") && !referenced)
            c.fail(u"NL-R-001"_s, document, u"BT-25"_s,
                u"a Dutch seller's credit note must reference the invoice (BT-25)"_s);
    }
    for (int address : c.all(agreement, { u"ram:SellerTradeParty"_sv, u"ram:PostalTradeAddress"_sv })) {
        if (c.wants(u"NL-R-002") && !complete(address))
            c.fail(u"NL-R-002"_s, address, u"BG-5"_s,
                u"a Dutch seller's address needs street (BT-35), city (BT-37) and post code (BT-38)"_s);
    }
    for (int id : c.all(
             agreement, { u"ram:SellerTradeParty"_sv, u"ram:SpecifiedLegalOrganization"_sv, u"ram:ID"_sv })) {
        if (c.wants(u"NL-R-003") && !dutchLegalScheme(c, id))
            c.fail(u"NL-R-003"_s, id, u"BT-30"_s,
                u"a Dutch seller's legal registration identifier (BT-30) is a KVK (0106) or OIN (0190) number"_s);
    }
    if (buyerDutch) {
        for (int address : c.all(agreement, { u"ram:BuyerTradeParty"_sv, u"ram:PostalTradeAddress"_sv })) {
            if (c.wants(u"NL-R-004") && !complete(address))
                c.fail(u"NL-R-004"_s, address, u"BG-8"_s,
                    u"a Dutch buyer's address needs street (BT-50), city (BT-52) and post code (BT-53)"_s);
        }
        for (int id : c.all(agreement,
                 { u"ram:BuyerTradeParty"_sv, u"ram:SpecifiedLegalOrganization"_sv, u"ram:ID"_sv })) {
            if (c.wants(u"NL-R-005") && !dutchLegalScheme(c, id))
                c.fail(u"NL-R-005"_s, id, u"BT-47"_s,
                    u"a Dutch buyer's legal registration identifier (BT-47) is a KVK (0106) or OIN (0190) number"_s);
        }
    }
    const int taxRepresentative = c.first(agreement, { u"ram:SellerTaxRepresentativeTradeParty"_sv });
    if (dutch(c.text(c.first(taxRepresentative, { u"ram:PostalTradeAddress"_sv, u"ram:CountryID"_sv })))) {
        for (int address : c.childrenNamed(taxRepresentative, u"ram:PostalTradeAddress"_sv)) {
            if (c.wants(u"NL-R-006") && !complete(address))
                c.fail(u"NL-R-006"_s, address, u"BG-12"_s,
                    u"a Dutch tax representative's address needs street (BT-64), city (BT-66) and post code (BT-67)"_s);
        }
    }
    const std::vector<int> means
        = c.childrenNamed(settlement, u"ram:SpecifiedTradeSettlementPaymentMeans"_sv);
    for (int summation :
        c.childrenNamed(settlement, u"ram:SpecifiedTradeSettlementHeaderMonetarySummation"_sv)) {
        const std::optional<Decimal> due = c.decimal(c.first(summation, { u"ram:DuePayableAmount"_sv }));
        const bool noClaim = due && (typeCode == u"381"_sv ? *due >= Decimal() : *due <= Decimal());
        if (c.wants(u"NL-R-007") && !noClaim && means.empty())
            c.fail(u"NL-R-007"_s, summation, u"BG-16"_s,
                u"a Dutch seller must give payment instructions (BG-16) when the buyer has to pay"_s);
    }
    // NL-R-008 applies between Dutch parties, as in UBL (the 3.0.19 unit test NL-R-008 #3 passes a Dutch
    // seller's card payment to a Swedish buyer).
    for (int m : buyerDutch ? means : std::vector<int>()) {
        const QString code = PeppolContext::normalized(c.text(c.first(m, { u"ram:TypeCode"_sv })));
        if (c.wants(u"NL-R-008") && code != u"30"_sv && code != u"48"_sv && code != u"49"_sv
            && code != u"57"_sv && code != u"58"_sv && code != u"59"_sv)
            c.fail(u"NL-R-008"_s, m, u"BT-81"_s,
                u"between Dutch parties the payment means code is 30, 48, 49, 57, 58 or 59"_s);
    }
    for (int lineId : c.all(transaction,
             { u"ram:IncludedSupplyChainTradeLineItem"_sv, u"ram:SpecifiedLineTradeAgreement"_sv,
                 u"ram:BuyerOrderReferencedDocument"_sv, u"ram:LineID"_sv })) {
        if (c.wants(u"NL-R-009")
            && !c.exists(agreement, { u"ram:BuyerOrderReferencedDocument"_sv, u"ram:IssuerAssignedID"_sv }))
            c.fail(u"NL-R-009"_s, lineId, u"BT-132"_s,
                u"an order line reference (BT-132) needs the purchase order reference (BT-13)"_s);
    }
}

} // namespace ades::eu
