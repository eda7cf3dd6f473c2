// DK-R-002…016: Danish sellers (BT-40 = DK), most of them also Danish buyers (BT-55 = DK).
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolNationalRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

// DK-R-004: a non-VAT tax (reason code ZZZ) names its tax category: four digits, or text with a '#' that
// neither starts nor ends it.
bool danishTaxReason(const QString &reason, bool hasReason)
{
    const QString normalizedReason = PeppolContext::normalized(reason);
    const double n = PeppolContext::number(reason);
    if (normalizedReason.size() == 4 && n >= 0 && n <= 9999)
        return true;
    return hasReason && reason.contains(u'#') && !reason.startsWith(u'#') && !reason.endsWith(u'#');
}

bool danishPaymentCode(const QString &code)
{
    return u" 1 10 31 42 48 49 50 58 59 93 97 "_s.contains(u' ' + code + u' ');
}

// DK-R-003: a UNSPSC classification (listID TST) of version 19.05.01 or 26.08.01.
bool unspscVersionOk(const PeppolContext &c, const std::vector<int> &codes)
{
    bool tst = false;
    bool version = false;
    for (int code : codes) {
        tst = tst || c.attribute(code, u"listID"_s) == u"TST"_sv;
        const QString v = c.attribute(code, u"listVersionID"_s);
        version = version || v == u"19.05.01"_sv || v == u"19.0501"_sv || v == u"26.08.01"_sv
            || v == u"26.0801"_sv;
    }
    return !tst || version;
}

} // namespace

void PeppolNationalRules::checkDenmark()
{
    // The artefact compares the seller's and buyer's country codes as written.
    if (c.sellerCountryCode != u"DK"_sv)
        return;
    const bool buyerDanish = c.buyerCountryCode == u"DK"_sv;
    const int root = c.root;
    if (c.ubl) {
        const int seller = c.first(root, { u"cac:AccountingSupplierParty"_sv, u"cac:Party"_sv });
        const int legal = c.first(seller, { u"cac:PartyLegalEntity"_sv, u"cbc:CompanyID"_sv });
        if (c.wants(u"DK-R-002")
            && PeppolContext::normalized(legal >= 0 ? c.doc.element(legal).text : QString()).isEmpty())
            c.fail(u"DK-R-002"_s, root, u"BT-30"_s,
                u"a Danish seller must give its legal registration (CVR) number (BT-30)"_s);
        if (c.wants(u"DK-R-014") && legal >= 0
            && PeppolContext::normalized(c.attribute(legal, u"schemeID"_s)) != u"0184"_sv)
            c.fail(u"DK-R-014"_s, root, u"BT-30"_s,
                u"a Danish seller's legal registration identifier (BT-30) must have scheme 0184 (CVR)"_s);
        const QString payable
            = c.text(c.first(root, { u"cac:LegalMonetaryTotal"_sv, u"cbc:PayableAmount"_sv }));
        if (c.wants(u"DK-R-016") && c.doc.element(root).name == u"CreditNote"_sv && buyerDanish
            && PeppolContext::number(payable) < 0)
            c.fail(u"DK-R-016"_s, root, u"BT-115"_s,
                u"a Danish credit note cannot have a negative amount due (BT-115)"_s);
        if (!buyerDanish)
            return;
        for (QStringView partyPath :
            { u"cac:AccountingSupplierParty"_sv, u"cac:AccountingCustomerParty"_sv }) {
            for (int identification :
                c.all(root, { partyPath, u"cac:Party"_sv, u"cac:PartyIdentification"_sv })) {
                const int id = c.first(identification, { u"cbc:ID"_sv });
                if (c.wants(u"DK-R-013") && id >= 0
                    && PeppolContext::normalized(c.attribute(id, u"schemeID"_s)).isEmpty())
                    c.fail(u"DK-R-013"_s, identification, u"BT-29"_s,
                        u"between Danish parties a party identifier must state its scheme"_s);
            }
        }
        if (c.doc.element(root).name == u"Invoice"_sv) {
            for (int means : c.childrenNamed(root, u"cac:PaymentMeans"_sv)) {
                std::vector<QString> codes;
                for (int code : c.childrenNamed(means, u"cbc:PaymentMeansCode"_sv))
                    codes.push_back(c.text(code));
                auto hasCode = [&codes](QStringView v) {
                    return std::find(codes.begin(), codes.end(), v) != codes.end();
                };
                const QString firstCode = codes.empty() ? QString() : codes.front();
                const QString paymentId = c.text(c.first(means, { u"cbc:PaymentID"_sv }));
                const QString prefix = paymentId.left(3);
                const int account = c.first(means, { u"cac:PayeeFinancialAccount"_sv, u"cbc:ID"_sv });
                const QString accountId = c.text(account);
                if (c.wants(u"DK-R-005") && !danishPaymentCode(firstCode))
                    c.fail(u"DK-R-005"_s, means, u"BT-81"_s,
                        u"Danish sellers may use the payment means codes 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 and 97"_s);
                if (c.wants(u"DK-R-006") && (hasCode(u"31") || hasCode(u"42"))
                    && !(!PeppolContext::normalized(accountId).isEmpty()
                        && !PeppolContext::normalized(
                            c.text(c.first(means,
                                { u"cac:PayeeFinancialAccount"_sv, u"cac:FinancialInstitutionBranch"_sv,
                                    u"cbc:ID"_sv })))
                                .isEmpty()))
                    c.fail(u"DK-R-006"_s, means, u"BT-84"_s,
                        u"payment means 31 or 42 from a Danish seller need the account number and the bank registration number"_s);
                if (c.wants(u"DK-R-007") && hasCode(u"49")
                    && !(!PeppolContext::normalized(
                             c.text(c.first(means, { u"cac:PaymentMandate"_sv, u"cbc:ID"_sv })))
                              .isEmpty()
                        && !PeppolContext::normalized(
                            c.text(c.first(means,
                                { u"cac:PaymentMandate"_sv, u"cac:PayerFinancialAccount"_sv, u"cbc:ID"_sv })))
                                .isEmpty()))
                    c.fail(u"DK-R-007"_s, means, u"BT-89"_s,
                        u"payment means 49 from a Danish seller needs the mandate reference and the debited account"_s);
                static const QRegularExpression giroAccount(u"^[0-9]{7,8}$"_s);
                const bool giroPrefix = prefix == u"01#"_sv || prefix == u"04#"_sv || prefix == u"15#"_sv;
                if (c.wants(u"DK-R-008") && hasCode(u"50")
                    && !(giroPrefix && giroAccount.match(accountId).hasMatch()))
                    c.fail(u"DK-R-008"_s, means, u"BT-83"_s,
                        u"Giro payments (50) from a Danish seller need a payment id starting 01#, 04# or 15# and a 7 or 8 digit account"_s);
                if (c.wants(u"DK-R-009") && hasCode(u"50") && (prefix == u"04#"_sv || prefix == u"15#"_sv)
                    && paymentId.size() != 19)
                    c.fail(u"DK-R-009"_s, means, u"BT-83"_s,
                        u"a Giro payment id starting 04# or 15# must carry the 16-digit instruction id"_s);
                const bool fikPrefix = prefix == u"71#"_sv || prefix == u"73#"_sv || prefix == u"75#"_sv;
                if (c.wants(u"DK-R-010") && hasCode(u"93")
                    && !(fikPrefix && (account >= 0 ? c.doc.element(account).text.size() : 0) == 8))
                    c.fail(u"DK-R-010"_s, means, u"BT-83"_s,
                        u"FIK payments (93) from a Danish seller need a payment id starting 71#, 73# or 75# and an 8-character creditor number"_s);
                if (c.wants(u"DK-R-011") && hasCode(u"93") && (prefix == u"71#"_sv || prefix == u"75#"_sv)
                    && paymentId.size() != 18 && paymentId.size() != 19)
                    c.fail(u"DK-R-011"_s, means, u"BT-83"_s,
                        u"a FIK payment id starting 71# or 75# must carry the 15 or 16 digit instruction id"_s);
            }
        }
        const bool invoice = c.doc.element(root).name == u"Invoice"_sv;
        for (int line : c.childrenNamed(root, invoice ? u"cac:InvoiceLine"_sv : u"cac:CreditNoteLine"_sv)) {
            if (c.wants(u"DK-R-003")
                && !unspscVersionOk(c,
                    c.all(line,
                        { u"cac:Item"_sv, u"cac:CommodityClassification"_sv,
                            u"cbc:ItemClassificationCode"_sv })))
                c.fail(u"DK-R-003"_s, line, u"BT-158"_s,
                    u"a Danish seller's UNSPSC item classification should be version 19.05.01 or 26.08.01"_s,
                    Finding::Severity::Warning);
        }
        for (int i = 0; i < c.doc.elementCount(); ++i) {
            if (!c.is(i, u"cac:AllowanceCharge"_sv) || !c.wants(u"DK-R-004"))
                continue;
            bool zzz = false;
            for (int code : c.childrenNamed(i, u"cbc:AllowanceChargeReasonCode"_sv))
                zzz = zzz || c.text(code) == u"ZZZ"_sv;
            const int reason = c.first(i, { u"cbc:AllowanceChargeReason"_sv });
            if (zzz && !danishTaxReason(c.text(reason), reason >= 0))
                c.fail(u"DK-R-004"_s, i, u"BT-97"_s,
                    u"a non-VAT tax (reason code ZZZ) must name its 4-digit tax category, or a text with an inner '#', as the reason"_s);
        }
        return;
    }
    // CII
    const int transaction = c.first(root, { u"rsm:SupplyChainTradeTransaction"_sv });
    const int agreement = c.first(transaction, { u"ram:ApplicableHeaderTradeAgreement"_sv });
    const int settlement = c.first(transaction, { u"ram:ApplicableHeaderTradeSettlement"_sv });
    const int seller = c.first(agreement, { u"ram:SellerTradeParty"_sv });
    const int buyer = c.first(agreement, { u"ram:BuyerTradeParty"_sv });
    const int legal = c.first(seller, { u"ram:SpecifiedLegalOrganization"_sv, u"ram:ID"_sv });
    if (c.wants(u"DK-R-002")
        && PeppolContext::normalized(legal >= 0 ? c.doc.element(legal).text : QString()).isEmpty())
        c.fail(u"DK-R-002"_s, root, u"BT-30"_s,
            u"a Danish seller must give its legal registration (CVR) number (BT-30)"_s);
    if (c.wants(u"DK-R-004") && buyerDanish) {
        bool zzz = false;
        for (int code : c.all(settlement, { u"ram:SpecifiedTradeAllowanceCharge"_sv, u"ram:ReasonCode"_sv }))
            zzz = zzz || c.text(code) == u"ZZZ"_sv;
        const int reason = c.first(settlement, { u"ram:SpecifiedTradeAllowanceCharge"_sv, u"ram:Reason"_sv });
        if (zzz && !danishTaxReason(c.text(reason), reason >= 0))
            c.fail(u"DK-R-004"_s, root, u"BT-97"_s,
                u"a non-VAT tax (reason code ZZZ) must name its 4-digit tax category, or a text with an inner '#', as the reason"_s);
    }
    if (c.wants(u"DK-R-013") && buyerDanish) {
        auto unnamedScheme = [this](int party) {
            const int id = c.first(party, { u"ram:GlobalID"_sv });
            return id >= 0 && PeppolContext::normalized(c.attribute(id, u"schemeID"_s)).isEmpty();
        };
        if (unnamedScheme(seller) || unnamedScheme(buyer))
            c.fail(u"DK-R-013"_s, root, u"BT-29"_s,
                u"between Danish parties a global identifier must state its scheme"_s);
    }
    if (c.wants(u"DK-R-014") && legal >= 0
        && PeppolContext::normalized(c.attribute(legal, u"schemeID"_s)) != u"0184"_sv)
        c.fail(u"DK-R-014"_s, root, u"BT-30"_s,
            u"a Danish seller's legal registration identifier (BT-30) must have scheme 0184 (CVR)"_s);
    if (c.wants(u"DK-R-016") && buyerDanish
        && PeppolContext::normalized(
               c.text(c.first(root, { u"rsm:ExchangedDocument"_sv, u"ram:TypeCode"_sv })))
            == u"381"_sv
        && PeppolContext::number(c.text(c.first(settlement,
               { u"ram:SpecifiedTradeSettlementHeaderMonetarySummation"_sv, u"ram:DuePayableAmount"_sv })))
            < 0)
        c.fail(u"DK-R-016"_s, root, u"BT-115"_s,
            u"a Danish credit note cannot have a negative amount due (BT-115)"_s);
    if (!buyerDanish)
        return;
    const QString paymentReference = c.text(c.first(settlement, { u"ram:PaymentReference"_sv }));
    const QString prefix = paymentReference.left(3);
    for (int means : c.childrenNamed(settlement, u"ram:SpecifiedTradeSettlementPaymentMeans"_sv)) {
        std::vector<QString> codes;
        for (int code : c.childrenNamed(means, u"ram:TypeCode"_sv))
            codes.push_back(c.text(code));
        auto hasCode
            = [&codes](QStringView v) { return std::find(codes.begin(), codes.end(), v) != codes.end(); };
        const int iban = c.first(means, { u"ram:PayeePartyCreditorFinancialAccount"_sv, u"ram:IBANID"_sv });
        const int ibanLength = iban >= 0 ? int(c.doc.element(iban).text.size()) : 0;
        if (c.wants(u"DK-R-005") && !danishPaymentCode(codes.empty() ? QString() : codes.front()))
            c.fail(u"DK-R-005"_s, means, u"BT-81"_s,
                u"Danish sellers may use the payment means codes 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 and 97"_s);
        if (c.wants(u"DK-R-006") && (hasCode(u"31") || hasCode(u"42"))
            && !(!PeppolContext::normalized(c.text(iban)).isEmpty()
                && !PeppolContext::normalized(
                    c.text(c.first(
                        means, { u"ram:PayeeSpecifiedCreditorFinancialInstitution"_sv, u"ram:BICID"_sv })))
                        .isEmpty()))
            c.fail(u"DK-R-006"_s, means, u"BT-84"_s,
                u"payment means 31 or 42 from a Danish seller need the account number and the bank registration number"_s);
        if (c.wants(u"DK-R-007") && hasCode(u"49")
            && !(!PeppolContext::normalized(c.text(c.first(settlement, { u"ram:CreditorReferenceID"_sv })))
                      .isEmpty()
                && !PeppolContext::normalized(
                    c.text(c.first(
                        means, { u"ram:SpecifiedTradePaymentTerms"_sv, u"ram:DirectDebitMandateID"_sv })))
                        .isEmpty()))
            c.fail(u"DK-R-007"_s, means, u"BT-89"_s,
                u"payment means 49 from a Danish seller needs the mandate reference and the creditor identifier"_s);
        const bool giroPrefix = prefix == u"01#"_sv || prefix == u"04#"_sv || prefix == u"15#"_sv;
        if (c.wants(u"DK-R-008") && hasCode(u"50") && !(giroPrefix && ibanLength == 7))
            c.fail(u"DK-R-008"_s, means, u"BT-83"_s,
                u"Giro payments (50) from a Danish seller need a payment reference starting 01#, 04# or 15# and a 7-character account"_s);
        if (c.wants(u"DK-R-009") && hasCode(u"50") && (prefix == u"04#"_sv || prefix == u"15#"_sv)
            && paymentReference.size() != 19)
            c.fail(u"DK-R-009"_s, means, u"BT-83"_s,
                u"a Giro payment reference starting 04# or 15# must carry the 16-digit instruction id"_s);
        const bool fikPrefix = prefix == u"71#"_sv || prefix == u"73#"_sv || prefix == u"75#"_sv;
        if (c.wants(u"DK-R-010") && hasCode(u"93") && !(fikPrefix && ibanLength == 8))
            c.fail(u"DK-R-010"_s, means, u"BT-83"_s,
                u"FIK payments (93) from a Danish seller need a payment reference starting 71#, 73# or 75# and an 8-character creditor number"_s);
        if (c.wants(u"DK-R-011") && hasCode(u"93") && (prefix == u"71#"_sv || prefix == u"75#"_sv)
            && paymentReference.size() != 18 && paymentReference.size() != 19)
            c.fail(u"DK-R-011"_s, means, u"BT-83"_s,
                u"a FIK payment reference starting 71# or 75# must carry the 15 or 16 digit instruction id"_s);
    }
    for (int line : c.childrenNamed(transaction, u"ram:IncludedSupplyChainTradeLineItem"_sv)) {
        if (c.wants(u"DK-R-003")
            && !unspscVersionOk(c,
                c.all(line,
                    { u"ram:SpecifiedTradeProduct"_sv, u"ram:DesignatedProductClassification"_sv,
                        u"ram:ClassCode"_sv })))
            c.fail(u"DK-R-003"_s, line, u"BT-158"_s,
                u"a Danish seller's UNSPSC item classification should be version 19.05.01 or 26.08.01"_s,
                Finding::Severity::Warning);
    }
}

} // namespace ades::eu
