// SE-R-001…013: Swedish sellers (BT-40 = SE as written; some rules also need a Swedish VAT identifier).
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolIdentifierChecksums.h"
#include "PeppolNationalRules.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

constexpr auto Warning = Finding::Severity::Warning;

bool swedishRate(const QString &percent)
{
    const double rate = PeppolContext::number(percent);
    return rate == 25 || rate == 12 || rate == 6;
}

// SE-R-007 ... SE-R-010 on one payee account (BT-84) of a payment means 30 whose branch or BIC names
// Plusgiro or Bankgiro, in either syntax: the account is numeric and has that giro's length.
void checkGiroAccount(PeppolContext &c, int account, bool plusgiro)
{
    const QString id = PeppolContext::normalized(c.text(account));
    const QString numericRule = plusgiro ? u"SE-R-007"_s : u"SE-R-008"_s;
    const QString lengthRule = plusgiro ? u"SE-R-010"_s : u"SE-R-009"_s;
    if (c.wants(numericRule) && !PeppolContext::isNumber(id))
        c.fail(numericRule, account, u"BT-84"_s,
            u"a Swedish %1 account (BT-84) is numeric"_s.arg(plusgiro ? u"Plusgiro"_s : u"Bankgiro"_s),
            Warning);
    const bool lengthOk = plusgiro ? (id.size() >= 2 && id.size() <= 8) : (id.size() == 7 || id.size() == 8);
    if (c.wants(lengthRule) && !lengthOk)
        c.fail(lengthRule, account, u"BT-84"_s,
            plusgiro ? u"a Swedish Plusgiro account (BT-84) has 2 to 8 characters"_s
                     : u"a Swedish Bankgiro account (BT-84) has 7 or 8 characters"_s,
            Warning);
}

} // namespace

void PeppolNationalRules::checkSweden()
{
    // Every Swedish rule needs a Swedish seller (the artefact's '//' contexts would also look at further
    // supplier parties, which a schema-valid invoice does not have).
    if (c.sellerCountryCode != u"SE"_sv)
        return;
    const int root = c.root;
    if (c.ubl) {
        // The artefact selects these contexts with '//': every supplier party, wherever it is.
        bool anySwedishSeller = false; // a supplier party in SE (payment rules)
        bool anySwedishVatSeller = false; // ... that also has an SE VAT identifier (SE-R-006)
        bool anySwedishBuyer = false;
        for (int i = 0; i < c.doc.elementCount(); ++i) {
            if (!c.is(i, u"cac:Party"_sv))
                continue;
            bool swedish = false;
            for (int code :
                c.all(i, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv }))
                swedish = swedish || c.text(code) == u"SE"_sv;
            if (c.is(c.parent(i), u"cac:AccountingCustomerParty"_sv)) {
                anySwedishBuyer = anySwedishBuyer || swedish;
                continue;
            }
            if (!c.is(c.parent(i), u"cac:AccountingSupplierParty"_sv) || !swedish)
                continue;
            anySwedishSeller = true;
            // PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT'] (as written) and the other tax schemes.
            std::vector<int> vatIds;
            bool swedishVat = false;
            for (int scheme : c.childrenNamed(i, u"cac:PartyTaxScheme"_sv)) {
                bool vat = false;
                for (int id : c.all(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv }))
                    vat = vat || c.text(id) == u"VAT"_sv;
                if (!vat)
                    continue;
                const int company = c.first(scheme, { u"cbc:CompanyID"_sv });
                vatIds.push_back(company);
                swedishVat = swedishVat || c.text(company).left(2) == u"SE"_sv;
            }
            if (swedishVat) {
                anySwedishVatSeller = true;
                const QString vat = c.text(vatIds.front());
                if (c.wants(u"SE-R-001") && PeppolContext::normalized(vat).size() != 14)
                    c.fail(u"SE-R-001"_s, i, u"BT-31"_s,
                        u"a Swedish VAT identifier (BT-31) has 14 characters"_s);
                if (c.wants(u"SE-R-002") && !PeppolContext::isNumber(vat.mid(2, 12)))
                    c.fail(u"SE-R-002"_s, i, u"BT-31"_s,
                        u"the 12 characters after SE of a Swedish VAT identifier (BT-31) are digits"_s);
            }
            const bool hasLegalId = c.exists(i, { u"cac:PartyLegalEntity"_sv, u"cbc:CompanyID"_sv });
            for (int legal : c.childrenNamed(i, u"cac:PartyLegalEntity"_sv)) {
                const int company = c.first(legal, { u"cbc:CompanyID"_sv });
                if (company < 0)
                    continue;
                const QString number = c.text(company);
                if (c.wants(u"SE-R-003") && !PeppolContext::isNumber(number))
                    c.fail(u"SE-R-003"_s, legal, u"BT-30"_s,
                        u"a Swedish organisation number (BT-30) is numeric"_s);
                if (c.wants(u"SE-R-004") && PeppolContext::normalized(number).size() != 10)
                    c.fail(u"SE-R-004"_s, legal, u"BT-30"_s,
                        u"a Swedish organisation number (BT-30) has 10 digits"_s);
                if (c.wants(u"SE-R-013")
                    && !PeppolIdentifierChecksums::swedishOrganisation(PeppolContext::normalized(number)))
                    c.fail(u"SE-R-013"_s, legal, u"BT-30"_s,
                        u"the last digit of a Swedish organisation number (BT-30) is its Luhn check digit"_s);
            }
            if (hasLegalId && c.wants(u"SE-R-005")) {
                for (int scheme : c.childrenNamed(i, u"cac:PartyTaxScheme"_sv)) {
                    const QString kind = PeppolContext::normalized(
                        c.text(c.first(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv })).toUpper());
                    if (kind == u"VAT"_sv)
                        continue;
                    for (int company : c.childrenNamed(scheme, u"cbc:CompanyID"_sv)) {
                        if (PeppolContext::normalized(c.text(company).toUpper()) != u"GODKÄND FÖR F-SKATT"_sv)
                            c.fail(u"SE-R-005"_s, company, u"BT-32"_s,
                                u"a Swedish seller's tax registration (BT-32) states 'Godkänd för F-skatt'"_s);
                    }
                }
            }
        }
        for (int i = 0; i < c.doc.elementCount(); ++i) {
            const bool category = c.is(i, u"cac:TaxCategory"_sv) || c.is(i, u"cac:ClassifiedTaxCategory"_sv);
            if (category && anySwedishVatSeller && c.wants(u"SE-R-006")) {
                bool standard = false;
                for (int id : c.childrenNamed(i, u"cbc:ID"_sv))
                    standard = standard || c.text(id) == u"S"_sv;
                if (standard && !swedishRate(c.text(c.first(i, { u"cbc:Percent"_sv }))))
                    c.fail(u"SE-R-006"_s, i, u"BT-119"_s,
                        u"Swedish sellers use only the standard VAT rates 25, 12 and 6"_s);
            }
            if (!c.is(i, u"cac:PaymentMeans"_sv) || !anySwedishSeller)
                continue;
            const QString code
                = PeppolContext::normalized(c.text(c.first(i, { u"cbc:PaymentMeansCode"_sv })));
            const QString branch = PeppolContext::normalized(c.text(c.first(
                i, { u"cac:PayeeFinancialAccount"_sv, u"cac:FinancialInstitutionBranch"_sv, u"cbc:ID"_sv })));
            if (code == u"30"_sv && (branch == u"SE:PLUSGIRO"_sv || branch == u"SE:BANKGIRO"_sv)) {
                const bool plusgiro = branch == u"SE:PLUSGIRO"_sv;
                for (int account : c.all(i, { u"cac:PayeeFinancialAccount"_sv, u"cbc:ID"_sv })) {
                    checkGiroAccount(c, account, plusgiro);
                }
            }
            std::vector<QString> rawCodes;
            for (int codeElement : c.childrenNamed(i, u"cbc:PaymentMeansCode"_sv))
                rawCodes.push_back(c.text(codeElement));
            auto has = [&rawCodes](QStringView v) {
                return std::find(rawCodes.begin(), rawCodes.end(), v) != rawCodes.end();
            };
            if (has(u"50") || has(u"56")) {
                if (c.wants(u"SE-R-011"))
                    c.fail(u"SE-R-011"_s, i, u"BT-81"_s,
                        u"Swedish Bankgiro or Plusgiro is given as payment means 30 with the branch SE:BANKGIRO or SE:PLUSGIRO"_s,
                        Warning);
            } else if (anySwedishBuyer && has(u"31") && c.wants(u"SE-R-012")) {
                c.fail(u"SE-R-012"_s, i, u"BT-81"_s,
                    u"credit transfers between Swedish parties use payment means code 30"_s, Warning);
            }
        }
        return;
    }
    // CII: the seller of the document's (first) transaction.
    const int transaction = c.first(root, { u"rsm:SupplyChainTradeTransaction"_sv });
    const int agreement = c.first(transaction, { u"ram:ApplicableHeaderTradeAgreement"_sv });
    bool swedishVat = false;
    const int seller = c.first(agreement, { u"ram:SellerTradeParty"_sv });
    bool sellerSwedish = false;
    for (int code : c.all(seller, { u"ram:PostalTradeAddress"_sv, u"ram:CountryID"_sv }))
        sellerSwedish = sellerSwedish || c.text(code) == u"SE"_sv;
    if (!sellerSwedish)
        return;
    int vatId = -1;
    for (int registration : c.childrenNamed(seller, u"ram:SpecifiedTaxRegistration"_sv)) {
        for (int id : c.childrenNamed(registration, u"ram:ID"_sv)) {
            if (c.attribute(id, u"schemeID"_s) != u"VAT"_sv)
                continue;
            if (vatId < 0)
                vatId = id;
            swedishVat = swedishVat || c.text(id).left(2) == u"SE"_sv;
        }
    }
    if (swedishVat) {
        const QString vat = c.text(vatId);
        if (c.wants(u"SE-R-001") && PeppolContext::normalized(vat).size() != 14)
            c.fail(
                u"SE-R-001"_s, seller, u"BT-31"_s, u"a Swedish VAT identifier (BT-31) has 14 characters"_s);
        if (c.wants(u"SE-R-002") && !PeppolContext::isNumber(vat.mid(2, 12)))
            c.fail(u"SE-R-002"_s, seller, u"BT-31"_s,
                u"the 12 characters after SE of a Swedish VAT identifier (BT-31) are digits"_s);
    }
    bool hasLegalId = false;
    for (int legal : c.childrenNamed(seller, u"ram:SpecifiedLegalOrganization"_sv)) {
        const int id = c.first(legal, { u"ram:ID"_sv });
        if (id < 0)
            continue;
        hasLegalId = true;
        const QString number = c.text(id);
        if (c.wants(u"SE-R-003") && !PeppolContext::isNumber(number))
            c.fail(u"SE-R-003"_s, legal, u"BT-30"_s, u"a Swedish organisation number (BT-30) is numeric"_s);
        if (c.wants(u"SE-R-004") && PeppolContext::normalized(number).size() != 10)
            c.fail(
                u"SE-R-004"_s, legal, u"BT-30"_s, u"a Swedish organisation number (BT-30) has 10 digits"_s);
        if (c.wants(u"SE-R-013")
            && !PeppolIdentifierChecksums::swedishOrganisation(PeppolContext::normalized(number)))
            c.fail(u"SE-R-013"_s, legal, u"BT-30"_s,
                u"the last digit of a Swedish organisation number (BT-30) is its Luhn check digit"_s);
    }
    if (hasLegalId && c.wants(u"SE-R-005")) {
        for (int id : c.all(seller, { u"ram:SpecifiedTaxRegistration"_sv, u"ram:ID"_sv })) {
            if (c.attribute(id, u"schemeID"_s) == u"FC"_sv
                && PeppolContext::normalized(c.text(id).toUpper()) != u"GODKÄND FÖR F-SKATT"_sv)
                c.fail(u"SE-R-005"_s, id, u"BT-32"_s,
                    u"a Swedish seller's tax registration (BT-32) states 'Godkänd för F-skatt'"_s);
        }
    }
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        // SE-R-006 in CII reads every VAT rate (header breakdowns, lines, allowances and charges).
        if (swedishVat && c.wants(u"SE-R-006")
            && (c.is(i, u"ram:ApplicableTradeTax"_sv) || c.is(i, u"ram:CategoryTradeTax"_sv))
            && !swedishRate(c.text(c.first(i, { u"ram:RateApplicablePercent"_sv }))))
            c.fail(u"SE-R-006"_s, i, u"BT-119"_s, u"Swedish sellers use only the VAT rates 25, 12 and 6"_s);
    }
    const int settlement = c.first(transaction, { u"ram:ApplicableHeaderTradeSettlement"_sv });
    bool buyerSwedish = false;
    for (int code :
        c.all(agreement, { u"ram:BuyerTradeParty"_sv, u"ram:PostalTradeAddress"_sv, u"ram:CountryID"_sv }))
        buyerSwedish = buyerSwedish || c.text(code) == u"SE"_sv;
    for (int means : c.childrenNamed(settlement, u"ram:SpecifiedTradeSettlementPaymentMeans"_sv)) {
        const QString code = PeppolContext::normalized(c.text(c.first(means, { u"ram:TypeCode"_sv })));
        const QString bic = PeppolContext::normalized(c.text(
            c.first(means, { u"ram:PayeeSpecifiedCreditorFinancialInstitution"_sv, u"ram:BICID"_sv })));
        if (code == u"30"_sv && (bic == u"SE:PLUSGIRO"_sv || bic == u"SE:BANKGIRO"_sv)) {
            const bool plusgiro = bic == u"SE:PLUSGIRO"_sv;
            for (int account :
                c.all(means, { u"ram:PayeePartyCreditorFinancialAccount"_sv, u"ram:ProprietaryID"_sv })) {
                checkGiroAccount(c, account, plusgiro);
            }
        }
        if (code == u"50"_sv || code == u"56"_sv) {
            if (c.wants(u"SE-R-011"))
                c.fail(u"SE-R-011"_s, means, u"BT-81"_s,
                    u"Swedish Bankgiro or Plusgiro is given as payment means 30 with the branch SE:BANKGIRO or SE:PLUSGIRO"_s,
                    Warning);
        } else if (buyerSwedish && code == u"31"_sv && c.wants(u"SE-R-012")) {
            c.fail(u"SE-R-012"_s, means, u"BT-81"_s,
                u"credit transfers between Swedish parties use payment means code 30"_s, Warning);
        }
    }
}

} // namespace ades::eu
