#include "DocumentSyntaxRules.h"

#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

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
        if (e.name == u"AdditionalItemProperty"_sv && e.ns == CacNs
            && (doc.child(i, CbcNs, u"Name"_sv) < 0 || doc.child(i, CbcNs, u"Value"_sv) < 0))
            out.append(Finding { u"BR-54"_s, Severity::Fatal, u"BT-160"_s, doc.path(i),
                u"an item attribute needs both a name (BT-160) and a value (BT-161)"_s });
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
            if (!sameText(e.ns, RamNs))
                continue;
            ram = e.ns.constData();
        }
        if (e.name == u"ApplicableProductCharacteristic"_sv
            && (doc.child(i, RamNs, u"Description"_sv) < 0 || doc.child(i, RamNs, u"Value"_sv) < 0)) {
            out.append(Finding { u"BR-54"_s, Severity::Fatal, u"BT-160"_s, doc.path(i),
                u"an item attribute needs both a name (BT-160) and a value (BT-161)"_s });
        }
    }
}

} // namespace ades::eu
