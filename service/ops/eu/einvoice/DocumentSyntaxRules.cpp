#include "DocumentSyntaxRules.h"

#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

namespace {

// An element that exists and holds more than blanks.
bool hasText(const XmlDocument &doc, int element)
{
    return element >= 0 && !doc.element(element).text.trimmed().isEmpty();
}

} // namespace

// UBL syntax binding rules that look at the document rather than at the model.
void DocumentSyntaxRules::checkUbl(const XmlDocument &doc, QList<Finding> &out)
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
    for (int line : doc.childrenOf(doc.root())) {
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

// CII syntax binding rules that look at the document rather than at the model.
void DocumentSyntaxRules::checkCii(const XmlDocument &doc, QList<Finding> &out)
{
    // Namespaces are interned by the parser: once one element's namespace is known to be ram, the others
    // are settled by comparing data pointers instead of 80-character strings.
    const QChar *ram = nullptr;
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (e.ns.constData() != ram) {
            if (e.ns != RamNs)
                continue;
            ram = e.ns.constData();
        }
        if (e.name == u"PayeePartyCreditorFinancialAccount"_sv
            && !hasText(doc, doc.child(i, RamNs, u"IBANID"_sv))
            && !hasText(doc, doc.child(i, RamNs, u"ProprietaryID"_sv))) {
            out.append(Finding { u"BR-50"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                u"the payment account identifier (BT-84) is missing"_s });
        } else if (e.name == u"ApplicableProductCharacteristic"_sv
            && (doc.child(i, RamNs, u"Description"_sv) < 0 || doc.child(i, RamNs, u"Value"_sv) < 0)) {
            out.append(Finding { u"BR-54"_s, Severity::Fatal, u"BT-160"_s, doc.path(i),
                u"an item attribute needs both a name (BT-160) and a value (BT-161)"_s });
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
        }
    }
}

} // namespace ades::eu
